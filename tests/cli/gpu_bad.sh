#!/usr/bin/env bash
# Bad GPU configuration test: `lockstep gpu show gpu_inputs/bad/FILE` (from
# the repository root) must exit with status 1, print nothing on stdout and
# exactly one line on stderr, equal to the contents of FILE's .expected file
# (bad/NAME.expected for bad/NAME.config or bad/NAME.toml).
# Usage: gpu_bad.sh LOCKSTEP FILE
set -uo pipefail
lockstep=$1 file=$2
cd "$(dirname "$0")/../.."
dir=tests/cli/gpu_inputs/bad
out=$("$lockstep" gpu show "$dir/$file" 2>/tmp/lockstep-badgpu-err.$$)
status=$?
err=$(cat /tmp/lockstep-badgpu-err.$$); rm -f /tmp/lockstep-badgpu-err.$$
expected=$(cat "$dir/${file%.*}.expected")
fail=0
[ "$status" -eq 1 ] || { echo "exit status $status, expected 1"; fail=1; }
[ -z "$out" ] || { echo "unexpected stdout: $out"; fail=1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "expected exactly one stderr line:"; echo "$err"; fail=1; }
[ "$err" = "$expected" ] || { echo "stderr:   $err"; echo "expected: $expected"; fail=1; }
exit $fail
