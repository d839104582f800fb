#!/usr/bin/env bash
# scripts/plot-sim --text on the statistics file of a simulation: the series
# it would draw, compared with GOLDEN (UPDATE_GOLDEN=1 rewrites it).
# Usage: plot_sim.sh LOCKSTEP GOLDEN SIM_ARGS...
set -uo pipefail
lockstep=$1 golden=$2
shift 2
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$lockstep" sim "$@" --quiet --stats json --stats-out "$tmp/stats.json" >/dev/null || [ $? -le 3 ] || exit 1
actual=$(python3 scripts/plot-sim "$tmp/stats.json" --text) || { echo "plot-sim failed"; exit 1; }
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
  printf '%s\n' "$actual" >"$golden"; echo "updated $golden"; exit 0
fi
if ! diff -u "$golden" <(printf '%s\n' "$actual"); then
  echo "output differs from $golden (rerun with UPDATE_GOLDEN=1 to accept)"; exit 1
fi
