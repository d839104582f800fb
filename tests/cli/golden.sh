#!/usr/bin/env bash
# Golden test: runs a lockstep command from the repository root and compares
# its standard output and exit status with a golden file.
# Usage: golden.sh LOCKSTEP GOLDEN EXPECTED_STATUS ARGS...
# With UPDATE_GOLDEN=1 the golden file is (re)written instead.
set -uo pipefail
lockstep=$1 golden=$2 expected_status=$3
shift 3
cd "$(dirname "$0")/../.."
actual=$("$lockstep" "$@" 2>/tmp/lockstep-golden-err.$$)
status=$?
err=$(cat /tmp/lockstep-golden-err.$$); rm -f /tmp/lockstep-golden-err.$$
if [ "$status" -ne "$expected_status" ]; then
  echo "exit status $status, expected $expected_status; stderr:"; echo "$err"; exit 1
fi
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
  printf '%s\n' "$actual" >"$golden"; echo "updated $golden"; exit 0
fi
if ! diff -u "$golden" <(printf '%s\n' "$actual"); then
  echo "output differs from $golden (rerun with UPDATE_GOLDEN=1 to accept)"; exit 1
fi
