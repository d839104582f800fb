#!/usr/bin/env bash
# `lockstep detect --sarif` on each FILE, every log validated against the
# vendored SARIF 2.1.0 schema (tests/checker/report/sarif-schema-2.1.0.json)
# with Python's jsonschema. Exit 77 (skipped) without python3 or jsonschema.
# Usage: sarif_validate.sh LOCKSTEP FILE...
set -uo pipefail
lockstep=$1
shift
cd "$(dirname "$0")/../.."
schema=tests/checker/report/sarif-schema-2.1.0.json
validator=tests/checker/report/validate_sarif.py
command -v python3 >/dev/null 2>&1 || { echo "skipped: python3 not found"; exit 77; }
fail=0
for f in "$@"; do
  log=$("$lockstep" detect --sarif "$f")
  status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then echo "$f: detect exit status $status"; fail=1; continue; fi
  printf '%s\n' "$log" | python3 "$validator" "$schema" - | sed "s|^-:|$f:|"
  status=${PIPESTATUS[1]}
  [ "$status" -eq 77 ] && exit 77
  [ "$status" -eq 0 ] || fail=1
done
exit $fail
