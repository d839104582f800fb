#!/usr/bin/env bash
# Runs lockstep with ARGS and checks: exit status 1, nothing on stdout, and a
# first stderr line equal to EXPECTED.  Usage: expect_error.sh LOCKSTEP EXPECTED ARGS...
set -uo pipefail
lockstep=$1 expected=$2
shift 2
cd "$(dirname "$0")/../.."
out=$("$lockstep" "$@" 2>/tmp/lockstep-expect-err.$$)
status=$?
first=$(head -n 1 /tmp/lockstep-expect-err.$$); rm -f /tmp/lockstep-expect-err.$$
fail=0
[ "$status" -eq 1 ] || { echo "exit status $status, expected 1"; fail=1; }
[ -z "$out" ] || { echo "unexpected stdout: $out"; fail=1; }
[ "$first" = "$expected" ] || { echo "stderr:   $first"; echo "expected: $expected"; fail=1; }
exit $fail
