#!/usr/bin/env bash
# Golden table of `lockstep verify` under one divergence model on the lock
# models, every counterexample replayed.
# Usage: verify_models.sh LOCKSTEP GOLDEN MODEL [VERIFY_ARGS...] -- KERNEL:LAUNCH...
# For each KERNEL:LAUNCH (LAUNCH relative to the repository root) runs
# `lockstep verify models/kernels/KERNEL/KERNEL.ptx --launch LAUNCH --model
# MODEL VERIFY_ARGS... --no-timing` and writes one line: the kernel, the
# launch shape, the verdict and the explored state count. When a trace was
# written, `lockstep run --replay` must replay it with the exit status of its
# kind (3 deadlock or non-termination, 2 [expect] mismatch, 5 error); the line
# then also gives that status. The table is compared with GOLDEN
# (UPDATE_GOLDEN=1 rewrites it).
set -uo pipefail
lockstep=$1 golden=$2 model=$3
shift 3
args=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
[ $# -gt 0 ] && shift
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
table="# lockstep verify --model $model${args[*]:+ ${args[*]}}"
failed=0
for item in "$@"; do
  kernel=${item%%:*} launch=${item#*:}
  ptx=models/kernels/$kernel/$kernel.ptx
  rm -f "$tmp/trace.json"
  out=$("$lockstep" verify "$ptx" --launch "$launch" --model "$model" "${args[@]}" --no-timing \
    --trace-out "$tmp/trace.json" 2>"$tmp/err")
  status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 3 ] && [ "$status" -ne 4 ]; then
    echo "$kernel: verify exit status $status:"; cat "$tmp/err"; failed=1; continue
  fi
  verdict=$(sed -n 's/^verdict: //p' <<<"$out" | head -n1)
  shape=$(sed -n 's/^  launch: grid (\([0-9,]*\)), block (\([0-9,]*\)).*/\1 x \2/p' <<<"$out" | head -n1)
  states=$(sed -n 's/^  states: \([0-9]*\) .*/\1/p' <<<"$out" | head -n1)
  line=$(printf '%-24s %-16s %-14s %s' "$kernel" "($shape)" "states $states" "$verdict")
  if [ -f "$tmp/trace.json" ]; then
    "$lockstep" run "$ptx" --replay "$tmp/trace.json" >"$tmp/replay" 2>"$tmp/err"
    rstatus=$?
    case "$verdict" in
      *"expect mismatch"*) want=2 ;;
      *error*) want=5 ;;
      *) want=3 ;;
    esac
    if [ "$rstatus" -ne "$want" ] || [ -s "$tmp/err" ]; then
      echo "$kernel: replay exit status $rstatus, expected $want:"; cat "$tmp/err"; failed=1
    fi
    line="$line  [replay: exit $rstatus]"
  fi
  table+=$'\n'"$line"
done
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then printf '%s\n' "$table" >"$golden"; echo "updated $golden"; exit "$failed"; fi
diff -u "$golden" <(printf '%s\n' "$table") || { echo "output differs from $golden (rerun with UPDATE_GOLDEN=1 to accept)"; exit 1; }
exit "$failed"
