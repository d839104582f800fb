#!/usr/bin/env bash
# The TBC-study kernels of bench/divergence/: each small launch completes with
# its [expect] (exit 0) under `run` with mimd and with the SIMT stack, and
# under `sim` on the tiny GPU; and every [expect] is what
# bench/divergence/reference.py computes.  With MODELS (a space-separated
# list) only `run` under those models is checked (nvrt_manager under tbc).
# Usage: bench_divergence.sh LOCKSTEP KERNEL [MODELS]   or   bench_divergence.sh - --reference
set -uo pipefail
lockstep=$1 name=$2 models=${3:-}
cd "$(dirname "$0")/../.."
fail() { echo "bench_divergence.sh: $*" >&2; exit 1; }
if [ "$name" = "--reference" ]; then
  python3 bench/divergence/reference.py --check || fail "an [expect] differs from the reference"
  exit 0
fi
ptx=bench/divergence/$name/$name.ptx spec=bench/divergence/$name/launch.toml
for model in ${models:-mimd stack}; do
  out=$("$lockstep" run "$ptx" --launch "$spec" --model "$model" 2>&1); st=$?
  [ $st -eq 0 ] || fail "run --model $model: exit $st: $(printf '%s\n' "$out" | head -5)"
done
if [ -z "$models" ]; then
  out=$("$lockstep" sim "$ptx" --launch "$spec" --gpu tiny 2>&1); st=$?
  [ $st -eq 0 ] || fail "sim --gpu tiny: exit $st: $(printf '%s\n' "$out" | head -5)"
fi
echo "$name: ok${models:+ ($models)}"
