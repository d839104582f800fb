#!/usr/bin/env bash
# Golden test of `lockstep detect --evidence` with every witness replayed.
# Usage: evidence_golden.sh LOCKSTEP GOLDEN EXPECTED_STATUS PTX ARGS...
# Runs `lockstep detect --evidence PTX ARGS... --no-timing --evidence-dir TMP`
# from the repository root and compares standard output (with TMP spelled
# <tmp>) and the exit status with the golden file. Every trace written to
# TMP must replay: `lockstep run PTX --replay TRACE` exits 3 (deadlock or
# non-termination) with nothing on standard error. A SARIF log (--sarif in
# ARGS) is also validated against the vendored schema when python3 and
# jsonschema are there. With UPDATE_GOLDEN=1 the golden is (re)written.
set -uo pipefail
lockstep=$1 golden=$2 expected_status=$3 ptx=$4
shift 4
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
actual=$("$lockstep" detect --evidence "$ptx" "$@" --no-timing --evidence-dir "$tmp" 2>"$tmp/err")
status=$?
if [ "$status" -ne "$expected_status" ]; then
  echo "detect: exit status $status, expected $expected_status; stderr:"; cat "$tmp/err"; exit 1
fi
actual=${actual//$tmp/<tmp>}
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
  printf '%s\n' "$actual" >"$golden"; echo "updated $golden"
elif ! diff -u "$golden" <(printf '%s\n' "$actual"); then
  echo "output differs from $golden (rerun with UPDATE_GOLDEN=1 to accept)"; exit 1
fi
for trace in "$tmp"/*.trace.json; do
  [ -e "$trace" ] || continue
  "$lockstep" run "$ptx" --replay "$trace" >"$tmp/replay" 2>"$tmp/err"
  status=$?
  if [ "$status" -ne 3 ]; then echo "replay of $(basename "$trace"): exit status $status, expected 3"; cat "$tmp/err"; exit 1; fi
  if [ -s "$tmp/err" ]; then echo "replay of $(basename "$trace"): unexpected stderr:"; cat "$tmp/err"; exit 1; fi
done
case " $* " in
  *" --sarif "*)
    command -v python3 >/dev/null 2>&1 || exit 0
    printf '%s\n' "$actual" | python3 tests/checker/report/validate_sarif.py tests/checker/report/sarif-schema-2.1.0.json -
    status=$?
    [ "$status" -eq 77 ] && exit 0
    exit "$status"
    ;;
esac
exit 0
