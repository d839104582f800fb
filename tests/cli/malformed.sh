#!/usr/bin/env bash
# Malformed-input test: `lockstep parse NAME.ptx` (run inside tests/cli/malformed)
# must exit with status 1 and print exactly one line on stderr, equal to the
# contents of NAME.expected, and nothing on stdout.
set -uo pipefail
lockstep=$1 name=$2
cd "$(dirname "$0")/malformed"
out=$("$lockstep" parse "$name.ptx" 2>/tmp/lockstep-malformed-err.$$)
status=$?
err=$(cat /tmp/lockstep-malformed-err.$$); rm -f /tmp/lockstep-malformed-err.$$
expected=$(cat "$name.expected")
fail=0
[ "$status" -eq 1 ] || { echo "exit status $status, expected 1"; fail=1; }
[ -z "$out" ] || { echo "unexpected stdout: $out"; fail=1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "expected exactly one stderr line"; fail=1; }
[ "$err" = "$expected" ] || { echo "stderr:   $err"; echo "expected: $expected"; fail=1; }
exit $fail
