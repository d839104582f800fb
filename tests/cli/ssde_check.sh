#!/usr/bin/env bash
# SSDE end to end on one bundled model: `lockstep ssde --all-flagged` (every
# flagged loop transformed, as the thesis does) writes the output
# (exit 0 or 3), the output parses, passes ptxas when it is installed, and
# runs under --model mimd with its [expect] holding and under every stack
# model (stack, stack-amd, stack-nt) with the given exit status (0: the SIMT
# deadlock is gone, with the MIMD result), and detection on the output exits
# with the same status (0: nothing flagged any more).
# Usage: ssde_check.sh LOCKSTEP MODEL STACK_STATUS
set -uo pipefail
lockstep=$1 model=$2 stack_status=$3
cd "$(dirname "$0")/../.."
src=models/kernels/$model/$model.ptx
spec=models/kernels/$model/launch.toml
out=$(mktemp "${TMPDIR:-/tmp}/lockstep-ssde-$model.XXXXXX.ptx")
trap 'rm -f "$out"' EXIT
fail=0

"$lockstep" ssde "$src" -o "$out" --all-flagged 2>/dev/null
status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then
  echo "ssde: exit status $status"; "$lockstep" ssde "$src" -o "$out" --all-flagged; exit 1
fi
"$lockstep" parse "$out" >/dev/null || { echo "the output does not parse"; fail=1; }
if command -v ptxas >/dev/null 2>&1; then
  ptxas -arch=sm_75 "$out" -o /dev/null || { echo "ptxas rejects the output"; fail=1; }
fi
"$lockstep" run "$out" --launch "$spec" --model mimd >/dev/null
status=$?
[ "$status" -eq 0 ] || { echo "run --model mimd on the output: exit status $status, expected 0"; fail=1; }
for m in stack stack-amd stack-nt; do
  "$lockstep" run "$out" --launch "$spec" --model "$m" >/dev/null
  status=$?
  [ "$status" -eq "$stack_status" ] || {
    echo "run --model $m on the output: exit status $status, expected $stack_status"; fail=1; }
done
"$lockstep" detect "$out" >/dev/null
status=$?
[ "$status" -eq "$stack_status" ] || { echo "detect on the output: exit status $status, expected $stack_status"; fail=1; }
exit $fail
