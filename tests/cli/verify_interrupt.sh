#!/usr/bin/env bash
# SIGINT and SIGTERM stop a long `verify` with an inconclusive report of what
# was explored (exit 4), never a kill. Usage: verify_interrupt.sh LOCKSTEP SIGNAL
set -uo pipefail
lockstep=$1 sig=$2
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/spec.toml" <<'SPEC'
kernel = "_Z9spin_lockPiPVi"
grid = [1]
block = [16]
params = ["mutex", "counter"]
[[buffer]]
name = "mutex"
type = "s32"
count = 1
[[buffer]]
name = "counter"
type = "s32"
count = 1
SPEC
# 16 MIMD threads: about 1.6 M states, far longer than the wait below.
"$lockstep" verify models/kernels/spin_lock/spin_lock.ptx --launch "$tmp/spec.toml" --model mimd --no-timing \
  >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 2
kill "-$sig" "$pid"
wait "$pid"
status=$?
fail=0
[ "$status" -eq 4 ] || { echo "exit status $status, expected 4"; fail=1; }
grep -q "^verdict: inconclusive: stopped by an interruption (SIG$sig); what was explored is below$" "$tmp/out" ||
  { echo "no interrupted verdict:"; head -3 "$tmp/out"; fail=1; }
grep -q "^  states: [1-9]" "$tmp/out" || { echo "no statistics"; fail=1; }
[ -s "$tmp/err" ] && { echo "unexpected stderr:"; cat "$tmp/err"; fail=1; }
exit $fail
