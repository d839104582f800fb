#!/usr/bin/env bash
# Golden test of `lockstep verify` with its counterexample replayed.
# Usage: verify_golden.sh LOCKSTEP GOLDEN EXPECTED_STATUS REPLAY_STATUS PTX ARGS...
# Runs `lockstep verify PTX ARGS... --no-timing --trace-out TMP/trace.json`
# from the repository root and compares standard output (with TMP spelled
# <tmp>) and the exit status with the golden file. When a trace was written,
# `lockstep run PTX --replay TMP/trace.json` must exit with REPLAY_STATUS and
# its output must match GOLDEN.replay. With UPDATE_GOLDEN=1 the goldens are
# (re)written instead.
set -uo pipefail
lockstep=$1 golden=$2 expected_status=$3 replay_status=$4 ptx=$5
shift 5
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
compare() {  # compare GOLDEN ACTUAL
  if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then printf '%s\n' "$2" >"$1"; echo "updated $1"; return 0; fi
  diff -u "$1" <(printf '%s\n' "$2") || { echo "output differs from $1 (rerun with UPDATE_GOLDEN=1 to accept)"; return 1; }
}
actual=$("$lockstep" verify "$ptx" "$@" --no-timing --trace-out "$tmp/trace.json" 2>"$tmp/err")
status=$?
if [ "$status" -ne "$expected_status" ]; then
  echo "verify: exit status $status, expected $expected_status; stderr:"; cat "$tmp/err"; exit 1
fi
compare "$golden" "${actual//$tmp/<tmp>}" || exit 1
if [ -f "$tmp/trace.json" ]; then
  replay=$("$lockstep" run "$ptx" --replay "$tmp/trace.json" 2>"$tmp/err")
  status=$?
  if [ "$status" -ne "$replay_status" ]; then
    echo "replay: exit status $status, expected $replay_status; stderr:"; cat "$tmp/err"; exit 1
  fi
  if [ -s "$tmp/err" ]; then echo "replay: unexpected stderr:"; cat "$tmp/err"; exit 1; fi
  compare "$golden.replay" "${replay//$tmp/<tmp>}" || exit 1
elif [ "$replay_status" != - ]; then
  echo "no trace was written"; exit 1
fi
