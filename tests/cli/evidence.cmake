# ===========================================================================
# detect --evidence and ssde with evidence: end to end. Included from
# tests/cli/CMakeLists.txt (LOCKSTEP_EXE and CLI_DIR come from there).
# Goldens in golden/evidence/ (regenerate with UPDATE_GOLDEN=1); every test
# runs from the repository root; evidence_golden.sh writes the witnesses to a
# temporary folder and replays each with `run --replay`. Searches are kept
# small (the synthesised launches of the lock models close in a few states;
# the other models search their launch.verify.toml).
# ===========================================================================
set(EVIDENCE_GOLDEN ${CLI_DIR}/golden/evidence)
function(cli_evidence name golden status ptx)
  add_test(NAME cli.evidence.${name} COMMAND ${CLI_DIR}/evidence_golden.sh ${LOCKSTEP_EXE} ${EVIDENCE_GOLDEN}/${golden}
    ${status} ${ptx} ${ARGN})
endfunction()
function(cli_evidence_model name golden status model)
  cli_evidence(${name} ${golden} ${status} models/kernels/${model}/${model}.ptx ${ARGN})
endfunction()

# Every bundled model that hangs under the stack: each flagged loop confirmed
# by a witness that replays (synthesised launches, or launch.verify.toml for
# the models whose hang needs their data).
foreach(model spin_lock ticket_lock atm hashtable_lock nested_locks two_locks_join radiosity_lock)
  cli_evidence_model(${model} ${model}.txt 3 ${model})
endforeach()
foreach(model wait_signal tree_walk_lane)
  cli_evidence_model(${model} ${model}.txt 3 ${model} --launch models/kernels/${model}/launch.verify.toml)
endforeach()
# The lane-serialised hash table inserts: discharged on their verify launches,
# never confirmed on the synthesised ones (a state bound keeps the test small).
foreach(model hashtable_v1 hashtable_v2)
  cli_evidence_model(${model}.launch ${model}.launch.txt 0 ${model} --launch models/kernels/${model}/launch.verify.toml)
  cli_evidence_model(${model} ${model}.txt 3 ${model} --evidence-max-states 1000)
endforeach()
# The thesis's BH-FC false detection, discharged by the search.
cli_evidence_model(tree_walk_vote.thesis tree_walk_vote.thesis.txt 0 tree_walk_vote --mode thesis
  --launch models/kernels/tree_walk_vote/launch.verify.toml)
# Corpus loops flagged through parameters that may alias: discharged with the
# launch's distinct buffers (exit 0: nothing left that is not discharged).
cli_evidence(bucket_sort_atomic.O3 bucket_sort_atomic.O3.txt 0 models/corpus/bucket_sort_atomic/bucket_sort_atomic.O3.ptx)
# A launch whose inputs hang under mimd too (the lock held before the launch) is no witness.
cli_evidence_model(spin_lock.held spin_lock.held.txt 3 spin_lock --launch tests/cli/evidence_inputs/spin_lock_held.toml)
# The machine formats.
cli_evidence_model(json.two_locks_join two_locks_join.json 3 two_locks_join --json)
cli_evidence_model(sarif.spin_lock spin_lock.sarif 3 spin_lock --sarif)
cli_evidence(sarif.bucket_sort_atomic.O3 bucket_sort_atomic.O3.sarif 0
  models/corpus/bucket_sort_atomic/bucket_sort_atomic.O3.ptx --sarif)

# ssde with evidence (the default): discharged loops are left alone.
function(cli_evidence_ssde name golden status)
  add_test(NAME cli.evidence.ssde.${name} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE} ${EVIDENCE_GOLDEN}/${golden}
    ${status} ssde ${ARGN})
endfunction()
cli_evidence_ssde(bucket_sort_atomic.O3 bucket_sort_atomic.O3.ssde.txt 0
  models/corpus/bucket_sort_atomic/bucket_sort_atomic.O3.ptx -o /dev/null --report)
cli_evidence_ssde(bucket_sort_atomic.O3.json bucket_sort_atomic.O3.ssde.json 0
  models/corpus/bucket_sort_atomic/bucket_sort_atomic.O3.ptx -o /dev/null --json)
cli_evidence_ssde(bucket_sort_atomic.O3.all bucket_sort_atomic.O3.ssde.all.txt 0
  models/corpus/bucket_sort_atomic/bucket_sort_atomic.O3.ptx -o /dev/null --report --all-flagged)
cli_evidence_ssde(hashtable_v2.launch hashtable_v2.ssde.txt 0
  models/kernels/hashtable_v2/hashtable_v2.ptx -o /dev/null --report --launch models/kernels/hashtable_v2/launch.verify.toml)

# Usage errors.
function(cli_evidence_usage name expected)
  add_test(NAME cli.evidence.usage.${name} COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE} "${expected}" ${ARGN})
endfunction()
cli_evidence_usage(launch_without_evidence "lockstep: error: --launch requires --evidence"
  detect --launch models/kernels/spin_lock/launch.toml models/kernels/spin_lock/spin_lock.ptx)
cli_evidence_usage(bad_launch
  "tests/cli/run_inputs/bad_specs/grid_four_dims.toml:2:8: error: grid: expected 1 to 3 dimensions, got 4"
  detect --evidence --launch tests/cli/run_inputs/bad_specs/grid_four_dims.toml models/kernels/spin_lock/spin_lock.ptx)
cli_evidence_usage(ssde_launch_all_flagged
  "lockstep: error: --launch is used by evidence and --verify, and --all-flagged runs no evidence"
  ssde models/kernels/spin_lock/spin_lock.ptx -o /dev/null --all-flagged --launch models/kernels/spin_lock/launch.toml)
