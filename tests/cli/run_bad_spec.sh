#!/usr/bin/env bash
# Bad launch-spec test: `lockstep run KERNEL --launch run_inputs/bad_specs/NAME.toml`
# (from the repository root) must exit with status 1, print nothing on stdout
# and exactly one line on stderr, equal to the contents of NAME.expected.
# KERNEL is run_inputs/bad_specs/NAME.ptx when that exists, else
# models/kernels/vector_add/vector_add.ptx.
# Usage: run_bad_spec.sh LOCKSTEP NAME
set -uo pipefail
lockstep=$1 name=$2
cd "$(dirname "$0")/../.."
dir=tests/cli/run_inputs/bad_specs
ptx=models/kernels/vector_add/vector_add.ptx
[ -f "$dir/$name.ptx" ] && ptx=$dir/$name.ptx
out=$("$lockstep" run "$ptx" --launch "$dir/$name.toml" 2>/tmp/lockstep-badspec-err.$$)
status=$?
err=$(cat /tmp/lockstep-badspec-err.$$); rm -f /tmp/lockstep-badspec-err.$$
expected=$(cat "$dir/$name.expected")
fail=0
[ "$status" -eq 1 ] || { echo "exit status $status, expected 1"; fail=1; }
[ -z "$out" ] || { echo "unexpected stdout: $out"; fail=1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "expected exactly one stderr line"; fail=1; }
[ "$err" = "$expected" ] || { echo "stderr:   $err"; echo "expected: $expected"; fail=1; }
exit $fail
