#!/usr/bin/env bash
# GPU configuration golden test: `lockstep gpu show INPUT --toml` (from the
# repository root) must exit 0 with standard output equal to GOLDEN and
# standard error (the warnings about unmodelled options) equal to
# GOLDEN.warnings; its output must then read back, as a lockstep TOML file,
# to exactly the same output (the TOML round trip).
# Usage: gpu_golden.sh LOCKSTEP GOLDEN INPUT
# With UPDATE_GOLDEN=1 the golden files are (re)written instead.
set -uo pipefail
lockstep=$1 golden=$2 input=$3
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$lockstep" gpu show "$input" --toml >"$tmp/out.toml" 2>"$tmp/err"
status=$?
if [ "$status" -ne 0 ]; then
  echo "exit status $status, expected 0; stderr:"; cat "$tmp/err"; exit 1
fi
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
  cp "$tmp/out.toml" "$golden"; cp "$tmp/err" "$golden.warnings"; echo "updated $golden"
fi
fail=0
diff -u "$golden" "$tmp/out.toml" || { echo "output differs from $golden (rerun with UPDATE_GOLDEN=1 to accept)"; fail=1; }
diff -u "$golden.warnings" "$tmp/err" || { echo "warnings differ from $golden.warnings"; fail=1; }
"$lockstep" gpu show "$tmp/out.toml" --toml >"$tmp/again.toml" 2>"$tmp/err2"
status=$?
if [ "$status" -ne 0 ]; then
  echo "re-reading the output failed with status $status:"; cat "$tmp/err2"; exit 1
fi
[ -s "$tmp/err2" ] && { echo "re-reading the output warned:"; cat "$tmp/err2"; fail=1; }
diff -u "$tmp/out.toml" "$tmp/again.toml" || { echo "the TOML output does not read back to the same configuration"; fail=1; }
exit $fail
