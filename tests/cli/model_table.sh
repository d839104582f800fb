#!/usr/bin/env bash
# docs/models/README.md holds, between its model-table markers, exactly what
# scripts/model-table prints (so the table cannot go stale).
# Usage: model_table.sh LOCKSTEP [KERNEL...]. With kernels named, only their
# rows are compared (the sanitizer build's subset). With UPDATE_GOLDEN=1 (and
# no kernels) the README's table is rewritten.
set -uo pipefail
lockstep=$1
shift
cd "$(dirname "$0")/../.."
readme=docs/models/README.md
actual=$(scripts/model-table "$lockstep" "$@") || { echo "scripts/model-table failed"; exit 1; }
begin='<!-- model-table:begin (scripts/model-table) -->'
end='<!-- model-table:end -->'
grep -qF "$begin" "$readme" && grep -qF "$end" "$readme" || { echo "$readme: no model-table markers"; exit 1; }
current=$(awk -v b="$begin" -v e="$end" '$0==e{p=0} p{print} $0==b{p=1}' "$readme")
if [ $# -gt 0 ]; then  # the named kernels' rows and everything that is not a kernel's row
  current=$(awk -v names=" $* " '!/^\| [a-z_0-9]+ \|/ || /^\| kernel \|/ || index(names, " " $2 " ") > 0' <<<"$current")
fi
if [ "${UPDATE_GOLDEN:-0}" = 1 ] && [ $# -eq 0 ]; then
  tmp=$(mktemp)
  awk -v b="$begin" -v e="$end" -v t="$actual" '$0==b{print; print t; skip=1; next} $0==e{skip=0} !skip{print}' \
    "$readme" >"$tmp" && mv "$tmp" "$readme"
  echo "updated $readme"; exit 0
fi
diff -u <(printf '%s\n' "$current") <(printf '%s\n' "$actual") || {
  echo "$readme's table differs from scripts/model-table (rerun with UPDATE_GOLDEN=1 to accept)"; exit 1; }
