#!/usr/bin/env bash
# Every bundled model whose launch hangs under the SIMT stack is flagged, has
# every loop detection flags confirmed by `detect --evidence`, and every witness trace
# replays with `lockstep run --replay` (exit 3, nothing on standard error).
# The models are found, not listed: each models/kernels/NAME/ with a
# launch.toml that `run --model stack` ends in a deadlock or livelock (exit
# 3). Evidence runs on the model's launch.verify.toml when it has one, and
# on synthesised launches when that does not confirm every flagged loop.
# Usage: evidence_models.sh LOCKSTEP
set -uo pipefail
lockstep=$1
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 hanging=0 loops=0 replayed=0
# "kernel K: N loops, M flagged (C confirmed, ...": the sums of M and C.
counts() { sed -n 's/^kernel .*, \([0-9]*\) flagged (\([0-9]*\) confirmed.*/\1 \2/p' | awk '{m+=$1; c+=$2} END {print m+0, c+0}'; }
for dir in models/kernels/*/; do
  dir=${dir%/} name=$(basename "$dir")
  ptx=$dir/$name.ptx
  [ -f "$dir/launch.toml" ] || continue
  "$lockstep" run "$ptx" --launch "$dir/launch.toml" --model stack >/dev/null 2>&1
  [ $? -eq 3 ] || continue
  hanging=$((hanging + 1))
  "$lockstep" detect "$ptx" >/dev/null 2>&1
  [ $? -eq 3 ] || { echo "$name: hangs under the stack, and detection flags nothing"; fail=1; }
  out=$tmp/$name
  mkdir -p "$out"
  # The model's small verify launch first (fast, also under the sanitizers),
  # then the synthesised launches.
  flagged=0 confirmed=-1 how=
  for launch in "$dir/launch.verify.toml" synthesised; do
    [ "$launch" = synthesised ] || [ -f "$launch" ] || continue
    [ "$confirmed" -ne "$flagged" ] || break
    rm -f "$out"/*
    args=(--evidence "$ptx" --no-timing --evidence-dir "$out")
    [ "$launch" = synthesised ] || args+=(--launch "$launch")
    read -r flagged confirmed < <("$lockstep" detect "${args[@]}" 2>&1 | counts)
    how=$(basename "$launch")
  done
  if [ "$confirmed" -ne "$flagged" ]; then
    echo "$name: hangs under the stack, but $confirmed of its $flagged flagged loops are confirmed"; fail=1
  fi
  loops=$((loops + flagged))
  traces=0
  for trace in "$out"/*.trace.json; do
    [ -e "$trace" ] || continue
    traces=$((traces + 1))
    "$lockstep" run "$ptx" --replay "$trace" >"$tmp/replay" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne 3 ] || [ -s "$tmp/err" ]; then
      echo "$name: replay of $(basename "$trace"): exit status $status, expected 3"; cat "$tmp/err"; fail=1
    fi
  done
  replayed=$((replayed + traces))
  [ "$traces" -eq "$confirmed" ] || { echo "$name: $confirmed confirmed loops, $traces witness traces"; fail=1; }
  echo "$name: $flagged flagged, $confirmed confirmed (on $how), $traces witnesses replayed"
done
echo "$hanging models hang under the stack; $loops flagged loops; $replayed witnesses replayed"
[ "$hanging" -ge 10 ] || { echo "expected at least 10 hanging models"; fail=1; }
exit $fail
