#!/usr/bin/env bash
# `lockstep detect --sarif` on each FILE, every log validated against the
# vendored SARIF 2.1.0 schema (tests/checker/report/sarif-schema-2.1.0.json)
# with Python's jsonschema, all logs in one Python process (loading the
# schema costs more than checking a log). Exit 77 (skipped) without python3
# or jsonschema.
# Usage: sarif_validate.sh LOCKSTEP FILE...
set -uo pipefail
lockstep=$1
shift
cd "$(dirname "$0")/../.."
schema=tests/checker/report/sarif-schema-2.1.0.json
validator=tests/checker/report/validate_sarif.py
command -v python3 >/dev/null 2>&1 || { echo "skipped: python3 not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
logs=()
for f in "$@"; do
  log="$tmp/${#logs[@]}.sarif"
  "$lockstep" detect --sarif "$f" >"$log"
  status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then echo "$f: detect exit status $status"; fail=1; continue; fi
  logs+=("$log")
  names+=("$f")
done
[ ${#logs[@]} -eq 0 ] && exit $fail
out=$(python3 "$validator" "$schema" "${logs[@]}")
status=$?
[ "$status" -eq 77 ] && { echo "$out"; exit 77; }
# Name each result by its PTX file rather than the temporary log.
for i in "${!logs[@]}"; do out=${out//"${logs[$i]}:"/"${names[$i]}:"}; done
printf '%s\n' "$out"
[ "$status" -eq 0 ] || fail=1
exit $fail
