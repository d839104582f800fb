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
# The same found rather than listed: every model whose launch.toml hangs under
# `run --model stack`, each flagged loop confirmed, each witness replayed.
add_test(NAME cli.evidence.models_replay COMMAND ${CLI_DIR}/evidence_models.sh ${LOCKSTEP_EXE})
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
# Bad bounds and launches: one message, exit 1, before any search.
set(EVIDENCE_SPIN models/kernels/spin_lock/spin_lock.ptx)
set(EVIDENCE_BUCKETS models/corpus/bucket_sort_atomic/bucket_sort_atomic.O3.ptx)
cli_evidence_usage(timeout_negative "lockstep: error: --evidence-timeout: '-5' is not a number of seconds (0 = none)"
  detect --evidence ${EVIDENCE_SPIN} --evidence-timeout -5)
cli_evidence_usage(timeout_nan "lockstep: error: --evidence-timeout: 'nan' is not a number of seconds (0 = none)"
  detect --evidence ${EVIDENCE_SPIN} --evidence-timeout nan)
cli_evidence_usage(timeout_huge "lockstep: error: --evidence-timeout: '1e300' is not a number of seconds (0 = none)"
  detect --evidence ${EVIDENCE_SPIN} --evidence-timeout 1e300)
cli_evidence_usage(timeout_word "lockstep: error: --evidence-timeout: '1m' is not a number of seconds (0 = none)"
  detect --evidence ${EVIDENCE_SPIN} --evidence-timeout 1m)
cli_evidence_usage(max_states_zero
  "lockstep: error: --evidence-max-states: '0' is not a number from 1 to 18446744073709551615"
  detect --evidence ${EVIDENCE_SPIN} --evidence-max-states 0)
cli_evidence_usage(max_states_negative
  "lockstep: error: --evidence-max-states: '-1' is not a number from 1 to 18446744073709551615"
  detect --evidence ${EVIDENCE_SPIN} --evidence-max-states -1)
cli_evidence_usage(dir_is_a_file
  "lockstep: error: --evidence-dir: '${EVIDENCE_SPIN}' is not a directory"
  detect --evidence ${EVIDENCE_SPIN} --evidence-dir ${EVIDENCE_SPIN})
cli_evidence_usage(launch_of_another_module
  "models/kernels/tree_walk_lane/launch.verify.toml:4:10: error: kernel: no kernel named '_Z14tree_walk_laneiiPKiS0_S0_S0_S0_S0_Pi' in ${EVIDENCE_SPIN} (kernels: _Z9spin_lockPiPVi)"
  detect --evidence ${EVIDENCE_SPIN} --launch models/kernels/tree_walk_lane/launch.verify.toml)
cli_evidence_usage(launch_of_a_kernel_left_out
  "tests/cli/evidence_inputs/bucket_count.toml:3:10: error: kernel: the launch is for kernel '_Z12bucket_countPKfiS0_iPjPi', which --kernel leaves out"
  detect --evidence ${EVIDENCE_BUCKETS} --kernel _Z14bucket_scatterPKfiPKiPjPf
  --launch tests/cli/evidence_inputs/bucket_count.toml)
cli_evidence_usage(launch_unnamed_two_kernels
  "tests/cli/evidence_inputs/bucket_count_unnamed.toml: error: kernel: ${EVIDENCE_BUCKETS} has 2 kernels, name one with `kernel = \"...\"` (kernels: _Z12bucket_countPKfiS0_iPjPi, _Z14bucket_scatterPKfiPKiPjPf)"
  detect --evidence ${EVIDENCE_BUCKETS} --launch tests/cli/evidence_inputs/bucket_count_unnamed.toml)
cli_evidence_usage(launch_wrong_params
  "tests/cli/evidence_inputs/spin_lock_one_param.toml:4:11: error: params: kernel '_Z9spin_lockPiPVi' takes 2 argument(s), the spec gives 1: _Z9spin_lockPiPVi_param_0 (8 bytes), _Z9spin_lockPiPVi_param_1 (8 bytes)"
  detect --evidence ${EVIDENCE_SPIN} --launch tests/cli/evidence_inputs/spin_lock_one_param.toml)
cli_evidence_usage(ssde_timeout "lockstep: error: --evidence-timeout: '-1' is not a number of seconds (0 = none)"
  ssde ${EVIDENCE_SPIN} -o /dev/null --evidence-timeout -1)
cli_evidence_usage(ssde_launch_of_a_kernel_left_out
  "tests/cli/evidence_inputs/bucket_count.toml:3:10: error: kernel: the launch is for kernel '_Z12bucket_countPKfiS0_iPjPi', which --kernel leaves out"
  ssde ${EVIDENCE_BUCKETS} -o /dev/null --kernel _Z14bucket_scatterPKfiPKiPjPf
  --launch tests/cli/evidence_inputs/bucket_count.toml)
# SARIF of an unknown loop (kind fail, level warning; no witness attached).
cli_evidence_model(sarif.hashtable_v1 hashtable_v1.sarif 3 hashtable_v1 --evidence-max-states 1000 --sarif)
