#!/usr/bin/env bash
# The SSDE output of a model verified under the SIMT stack: runs
# `lockstep ssde MODEL.ptx -o TMP` and then `lockstep verify TMP --launch SPEC
# --model stack`, which must answer `verified` (exit 0) with every reachable
# schedule explored. Usage: ssde_verify.sh LOCKSTEP MODEL SPEC
set -uo pipefail
lockstep=$1 model=$2 spec=$3
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! "$lockstep" ssde "models/kernels/$model/$model.ptx" -o "$tmp/$model.ssde.ptx" >"$tmp/ssde.out" 2>&1; then
  echo "ssde failed:"; cat "$tmp/ssde.out"; exit 1
fi
out=$("$lockstep" verify "$tmp/$model.ssde.ptx" --launch "$spec" --model stack --no-timing 2>&1)
status=$?
printf '%s\n' "$out"
if [ "$status" -ne 0 ]; then echo "verify: exit status $status, expected 0"; exit 1; fi
grep -q '^verdict: verified' <<<"$out" || { echo "verify: no 'verdict: verified' line"; exit 1; }
