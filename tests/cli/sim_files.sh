#!/usr/bin/env bash
# Golden test of a command that writes files: runs lockstep from the
# repository root with every @TMP@ in ARGS replaced by a fresh directory,
# then compares, with GOLDEN, its standard output, exit status line and the
# contents of FILES (comma-separated names in that directory), each after a
# "== NAME ==" line. With UPDATE_GOLDEN=1 the golden file is (re)written.
# Usage: sim_files.sh LOCKSTEP GOLDEN EXPECTED_STATUS FILES ARGS...
# A FILE of the form `replay:NAME:PTX` is replaced by the output of
# `lockstep run PTX --replay DIR/NAME` (and its exit status).
set -uo pipefail
lockstep=$1 golden=$2 expected_status=$3 files=$4
shift 4
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=()
for a in "$@"; do args+=("${a//@TMP@/$tmp}"); done
actual=$("$lockstep" "${args[@]}" 2>"$tmp/stderr")
status=$?
if [ "$status" -ne "$expected_status" ]; then
  echo "exit status $status, expected $expected_status; stderr:"; cat "$tmp/stderr"; exit 1
fi
IFS=',' read -r -a names <<< "$files"
for f in "${names[@]}"; do
  if [[ $f == replay:* ]]; then
    IFS=':' read -r _ trace ptx <<< "$f"
    replay=$("$lockstep" run "$ptx" --replay "$tmp/$trace" 2>&1)
    actual+=$'\n'"== run --replay $trace (exit $?) =="$'\n'"${replay//$tmp/TMP}"
  else
    actual+=$'\n'"== $f =="$'\n'"$(cat "$tmp/$f")"
  fi
done
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
  printf '%s\n' "$actual" >"$golden"; echo "updated $golden"; exit 0
fi
if ! diff -u "$golden" <(printf '%s\n' "$actual"); then
  echo "output differs from $golden (rerun with UPDATE_GOLDEN=1 to accept)"; exit 1
fi
