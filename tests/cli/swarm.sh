#!/usr/bin/env bash
# Swarm search end to end (docs/explorer.md "Swarm search"): on
# verify_inputs/swarm/late_writer, whose failing assertion lies beyond a
# bound of 1000 states in the default search order, `verify` alone is
# inconclusive; a 4-job swarm with the same bound per job, run locally
# through GNU parallel, finds it; the merge is deterministic, its trace
# replays, the runners have their shape, and bad input is refused.
# Usage: swarm.sh LOCKSTEP
set -uo pipefail
lockstep=$(realpath "$1")
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
in=tests/cli/verify_inputs/swarm
fail() { echo "swarm.sh: $*" >&2; exit 1; }

"$lockstep" verify $in/late_writer.ptx --launch $in/late_writer.toml --max-states 1000 --quiet \
  --trace-out "$tmp/none.json" >"$tmp/verify.out"
[ $? -eq 4 ] || fail "verify with --max-states 1000 should be inconclusive: $(head -1 "$tmp/verify.out")"

"$lockstep" swarm plan $in/late_writer.ptx --launch $in/late_writer.toml --jobs 4 --max-states 1000 \
  --timeout 300 --dir "$tmp/s" --lockstep "$lockstep" >"$tmp/plan.out" || fail "swarm plan failed"
grep -q "^swarm: 4 jobs (seeds 1..4) in " "$tmp/plan.out" || fail "plan summary: $(cat "$tmp/plan.out")"
for f in swarm.json jobs.txt run-local.sh run-ssh.sh slurm.sbatch; do [ -s "$tmp/s/$f" ] || fail "no $f"; done
[ "$(wc -l <"$tmp/s/jobs.txt")" -eq 4 ] || fail "jobs.txt should have 4 lines"
grep -q -- "--order-seed 3 " "$tmp/s/jobs.txt" || fail "job 2 should take seed 3"
grep -q '^#SBATCH --array=0-3$' "$tmp/s/slurm.sbatch" || fail "slurm array range"
grep -q '^#SBATCH --mem=1536M$' "$tmp/s/slurm.sbatch" || fail "slurm memory"
grep -q '^#SBATCH --time=7$' "$tmp/s/slurm.sbatch" || fail "slurm time"
grep -q 'SLURM_ARRAY_TASK_ID + 1))p" jobs.txt' "$tmp/s/slurm.sbatch" || fail "slurm task line"
grep -q -- '--sshloginfile "${1:?' "$tmp/s/run-ssh.sh" || fail "ssh runner"
bash -n "$tmp/s/slurm.sbatch" && bash -n "$tmp/s/run-ssh.sh" && bash -n "$tmp/s/run-local.sh" || fail "runner syntax"

command -v parallel >/dev/null || fail "GNU parallel is not installed (scripts/bootstrap installs it)"
JOBS=2 "$tmp/s/run-local.sh" >"$tmp/run.out" 2>&1 || fail "run-local.sh failed: $(tail -3 "$tmp/run.out")"

"$lockstep" swarm merge "$tmp/s" >"$tmp/merge.out"
[ $? -eq 3 ] || fail "merge should report a counterexample (exit 3): $(cat "$tmp/merge.out")"
grep -q "^verdict: counterexample: found by 2 of 4 jobs; job [0-9] (seed [0-9]) has the shortest trace$" \
  "$tmp/merge.out" || fail "merge verdict: $(cat "$tmp/merge.out")"
grep -q "^  job 1 (seed 2): inconclusive (stopped by the states bound at 1000), 1000 states$" "$tmp/merge.out" \
  || fail "job 1's line: $(cat "$tmp/merge.out")"
grep -q "^A swarm finds counterexamples; it proves nothing" "$tmp/merge.out" || fail "the swarm must say it proves nothing"
"$lockstep" swarm merge "$tmp/s" >"$tmp/merge2.out"
cmp -s "$tmp/merge.out" "$tmp/merge2.out" || fail "merging twice differs"
"$lockstep" swarm merge "$tmp/s" --json >"$tmp/merge.json"
[ $? -eq 3 ] || fail "merge --json status"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["verdict"]=="counterexample" and j["counterexamples"]==2 and len(j["per_job"])==4, j' \
  "$tmp/merge.json" || fail "merge --json content"

"$lockstep" run $in/late_writer.ptx --replay "$tmp/s/swarm.trace.json" >"$tmp/replay.out" 2>&1
[ $? -eq 5 ] || fail "the merged trace should replay to the failed assertion (exit 5): $(cat "$tmp/replay.out")"
grep -q "assertion" "$tmp/replay.out" || fail "replay: $(cat "$tmp/replay.out")"

# A job that never ran is named; bad input is one message and exit 1.
rm "$tmp/s/job-3.status"
"$lockstep" swarm merge "$tmp/s" >"$tmp/merge3.out"
grep -q "^  job 3 (seed 4): not run (no job-3.status)$" "$tmp/merge3.out" || fail "a missing job"
mkdir "$tmp/empty"
err=$("$lockstep" swarm merge "$tmp/empty" 2>&1 >/dev/null); st=$?
[ $st -eq 1 ] && [ "$err" = "lockstep: error: $tmp/empty: no swarm.json (lockstep swarm plan writes one)" ] \
  || fail "merge of a directory without a manifest: $st $err"
err=$("$lockstep" swarm plan $in/late_writer.ptx --launch $in/late_writer.toml --jobs 0 --dir "$tmp/x" 2>&1 >/dev/null); st=$?
[ $st -eq 1 ] && [ ! -e "$tmp/x" ] || fail "--jobs 0: $st $err"
# The jobs' verify options are checked as verify checks them, before anything is written.
for bad in "--timeout nan|--timeout: 'nan' is not a number of seconds (0 = none)" \
           "--max-depth 0|--max-depth: '0' is not a number from 1 to 18446744073709551615" \
           "--max-memory -2|--max-memory: '-2' is not a number from 1 to 18446744073709551615"; do
  opt=${bad%%|*} msg=${bad#*|}
  err=$("$lockstep" swarm plan $in/late_writer.ptx --launch $in/late_writer.toml $opt --dir "$tmp/y" 2>&1 >/dev/null); st=$?
  [ $st -eq 1 ] && [ ! -e "$tmp/y" ] && [ "$err" = "lockstep: error: $msg" ] || fail "$opt: $st $err"
done
grep -q -- "--max-depth 1000000 --timeout '300' --max-memory 1024 " "$tmp/s/jobs.txt" || fail "job bounds: $(head -1 "$tmp/s/jobs.txt")"
echo "swarm: ok"
