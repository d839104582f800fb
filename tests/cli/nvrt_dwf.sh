#!/usr/bin/env bash
# bench/divergence/nvrt_manager under dynamic warp formation (docs/models/dwf.md;
# the thesis's claim that NVRT "executes incorrectly with DWF" and correctly
# with warp barriers): `run --model dwf` completes with [expect] mismatches
# in steps and total (exit 2); `verify --model dwf` on the two-warp launch
# launch.verify.toml finds an [expect] counterexample whose trace replays to
# the same mismatches (with a random search order: in warp order the depth-
# first search follows an unfair execution in which the workers spin on
# obsolete task ids for ever, adding up their results, so no state repeats), and `verify --model dwf-wb` verifies that launch.
# Usage: nvrt_dwf.sh LOCKSTEP
set -uo pipefail
lockstep=$1
cd "$(dirname "$0")/../.."
fail() { echo "nvrt_dwf.sh: $*" >&2; exit 1; }
d=bench/divergence/nvrt_manager ptx=bench/divergence/nvrt_manager/nvrt_manager.ptx
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

out=$("$lockstep" run "$ptx" --launch "$d/launch.toml" --model dwf 2>&1); st=$?
[ $st -eq 2 ] || fail "run --model dwf: exit $st, want 2 ([expect] mismatches): $(head -5 <<<"$out")"
grep -q '^status: completed$' <<<"$out" || fail "run --model dwf does not complete: $(head -5 <<<"$out")"
grep -Eq '^expect steps: [0-9]+ mismatch\(es\)$' <<<"$out" || fail "run --model dwf: no mismatch in steps"
grep -q '^expect total: 1 mismatch(es)$' <<<"$out" || fail "run --model dwf: no mismatch in total"

out=$("$lockstep" verify "$ptx" --launch "$d/launch.verify.toml" --model dwf --order-seed 1 --quiet --trace-out "$tmp/t.json" 2>&1)
st=$?
[ $st -eq 3 ] || fail "verify --model dwf: exit $st, want 3: $(head -3 <<<"$out")"
grep -q '^verdict: counterexample: expect mismatch$' <<<"$out" || fail "verify --model dwf: $(head -1 <<<"$out")"
grep -q '^  reductions: no persistent sets' <<<"$out" || fail "verify --model dwf reduces the state space: $(grep reductions <<<"$out")"
out=$("$lockstep" run "$ptx" --replay "$tmp/t.json" 2>&1); st=$?
[ $st -eq 2 ] || fail "run --replay of the dwf counterexample: exit $st, want 2: $(head -5 <<<"$out")"
grep -q '^replayed: the launch completes in the trace.s state with \[expect\] mismatches$' <<<"$out" || fail "the replayed counterexample has no [expect] mismatch"

out=$("$lockstep" verify "$ptx" --launch "$d/launch.verify.toml" --model dwf-wb --quiet --trace-out "$tmp/u.json" 2>&1)
st=$?
[ $st -eq 0 ] || fail "verify --model dwf-wb: exit $st, want 0: $(head -3 <<<"$out")"
grep -q '^verdict: verified: exhaustive for this launch' <<<"$out" || fail "verify --model dwf-wb: $(head -1 <<<"$out")"
echo "nvrt_manager: wrong under dwf (run and verify), verified under dwf-wb"
