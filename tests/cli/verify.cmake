# ===========================================================================
# verify / run --replay: end to end. Included from tests/cli/CMakeLists.txt
# (LOCKSTEP_EXE and CLI_DIR come from there). Goldens in golden/verify/
# (regenerate with UPDATE_GOLDEN=1); every test runs from the repository
# root. verify_golden.sh writes the counterexample trace to a temporary
# folder, replays it with `run --replay` and compares that output too
# (<golden>.replay): every counterexample replays.
# ===========================================================================
set(VERIFY_GOLDEN ${CLI_DIR}/golden/verify)

# Models whose launch.toml is too large even under the stack: their stack
# golden uses launch.verify.toml too.
set(VERIFY_STACK_SMALL hashtable_v1 hashtable_v2 histogram_atomic legacy_isa2x matmul_tiled reduce_shared
  tree_walk_lane tree_walk_vote)
# Models with a counterexample under --model stack (exit 3) and the exit
# status of replaying it (3 deadlock / non-termination, 2 [expect] mismatch).
set(VERIFY_STACK_CEX atm divergent_barrier hashtable_lock nested_locks radiosity_lock spin_lock ticket_lock
  two_locks_join wait_signal tree_walk_lane)
set(VERIFY_STACK_MISMATCH)
# Models whose MIMD exploration even of launch.verify.toml is too large for
# the test budget: their mimd golden pins `inconclusive` under a state bound.
set(VERIFY_MIMD_BOUNDED hashtable_v1)

# verify_golden(NAME GOLDEN STATUS REPLAY_STATUS PTX ARGS...): REPLAY_STATUS "-" when no trace is expected.
function(verify_golden name golden status replay_status ptx)
  add_test(NAME cli.verify.${name} COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE} ${VERIFY_GOLDEN}/${golden}
    ${status} ${replay_status} ${ptx} ${ARGN})
endfunction()

file(GLOB VERIFY_SPECS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/models/kernels/*/launch.verify.toml)
foreach(spec ${VERIFY_SPECS})
  get_filename_component(dir ${spec} DIRECTORY)
  get_filename_component(name ${dir} NAME)
  set(ptx models/kernels/${name}/${name}.ptx)
  set(small models/kernels/${name}/launch.verify.toml)
  # mimd: verified on the small launch, or inconclusive under a state bound.
  if(name IN_LIST VERIFY_MIMD_BOUNDED)
    verify_golden(${name}.mimd ${name}.mimd.txt 4 - ${ptx} --launch ${small} --model mimd --max-states 2000)
  else()
    verify_golden(${name}.mimd ${name}.mimd.txt 0 - ${ptx} --launch ${small} --model mimd)
  endif()
  # stack: the shipped launch where it is small enough.
  set(launch models/kernels/${name}/launch.toml)
  if(name IN_LIST VERIFY_STACK_SMALL)
    set(launch ${small})
  endif()
  set(status 0)
  set(replay -)
  if(name IN_LIST VERIFY_STACK_CEX)
    set(status 3)
    set(replay 3)
    if(name IN_LIST VERIFY_STACK_MISMATCH)
      set(replay 2)
    endif()
  endif()
  verify_golden(${name}.stack ${name}.stack.txt ${status} ${replay} ${ptx} --launch ${launch} --model stack)
endforeach()

# JSON, other stack models, the IPDOM table, properties, reductions.
set(SL models/kernels/spin_lock/spin_lock.ptx)
set(SL_SPEC models/kernels/spin_lock/launch.toml)
set(SL_SMALL models/kernels/spin_lock/launch.verify.toml)
verify_golden(json.spin_lock.stack spin_lock.stack.json 3 3 ${SL} --launch ${SL_SPEC} --model stack --json)
verify_golden(json.spin_lock.mimd spin_lock.mimd.json 0 - ${SL} --launch ${SL_SMALL} --model mimd --json)
verify_golden(json.divergent_barrier.stack divergent_barrier.stack.json 3 3
  models/kernels/divergent_barrier/divergent_barrier.ptx --launch models/kernels/divergent_barrier/launch.toml
  --model stack --json)
# Thread block compaction (docs/models/tbc.md): one block of two warps.
set(SL_BLOCK40 tests/cli/run_inputs/spin_lock_block40.toml)
verify_golden(spin_lock.tbc spin_lock.tbc.txt 3 3 ${SL} --launch ${SL_BLOCK40} --model tbc)
verify_golden(spin_lock.tbc-lcp spin_lock.tbc-lcp.txt 3 3 ${SL} --launch ${SL_BLOCK40} --model tbc-lcp)
# The largest one-block launches of done_flag_lock verify decides in seconds
# (scripts/verify-block-sizes): 64 threads under tbc, 32 under dwf-wb.
verify_golden(done_flag_lock.tbc.block64 done_flag_lock.tbc.block64.txt 0 - models/kernels/done_flag_lock/done_flag_lock.ptx
  --launch tests/cli/run_inputs/done_flag_lock_block64.toml --model tbc)
verify_golden(done_flag_lock.dwf-wb.block32 done_flag_lock.dwf-wb.block32.txt 0 -
  models/kernels/done_flag_lock/done_flag_lock.ptx --launch tests/cli/run_inputs/done_flag_lock_block32.toml --model dwf-wb)
# Claim 10: warp-synchronous code in a divergent region, wrong with the compactor on, right with it off.
set(WA bench/divergence/warp_aggregate/warp_aggregate.ptx --launch bench/divergence/warp_aggregate/launch.toml)
verify_golden(warp_aggregate.tbc warp_aggregate.tbc.txt 3 2 ${WA} --model tbc)
verify_golden(warp_aggregate.tbc-off warp_aggregate.tbc-off.txt 0 - ${WA} --model tbc:compactor=off)
# Dynamic warp formation with warp barriers (docs/models/dwf.md): the same
# launch deadlocks (the winner waits at its warp barrier, the loop exit).
verify_golden(spin_lock.dwf-wb spin_lock.dwf-wb.txt 3 3 ${SL} --launch ${SL_BLOCK40} --model dwf-wb)
verify_golden(spin_lock.stack-amd spin_lock.stack-amd.txt 3 3 ${SL} --launch ${SL_SPEC} --model stack-amd)
verify_golden(spin_lock.stack-nt spin_lock.stack-nt.txt 3 3 ${SL} --launch ${SL_SPEC} --model stack-nt)
verify_golden(spin_lock.ipdom spin_lock.stack.ipdom.txt 3 3 ${SL} --launch ${SL_SPEC} --model stack --reconvergence ipdom)
verify_golden(spin_lock.safety spin_lock.mimd.safety.txt 0 - ${SL} --launch ${SL_SMALL} --model mimd --property safety)
verify_golden(spin_lock.no_merge spin_lock.stack.no-merge.txt 3 3 ${SL} --launch ${SL_SPEC} --model stack --no-merge)
verify_golden(spin_lock.full_states spin_lock.mimd.full-states.txt 0 - ${SL} --launch ${SL_SMALL} --model mimd
  --full-states)

# Bounds: inconclusive (exit 4), never verified.
verify_golden(bound.states spin_lock.bound-states.txt 4 - ${SL} --launch ${SL_SMALL} --model mimd --max-states 5)
verify_golden(bound.depth spin_lock.bound-depth.txt 4 - ${SL} --launch ${SL_SMALL} --model mimd --max-depth 3)
verify_golden(json.bound.states spin_lock.bound-states.json 4 - ${SL} --launch ${SL_SMALL} --model mimd
  --max-states 5 --json)

# Usage errors (exit 1, nothing on stdout, this first stderr line).
function(cli_verify_usage name expected)
  add_test(NAME cli.verify.usage.${name} COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE} "${expected}" ${ARGN})
endfunction()
cli_verify_usage(unknown_model "lockstep: error: unknown model 'simt' (models: mimd, stack, stack-amd, stack-nt, aware, mp, mp-orec, its, minpc, minsp-minpc, maxfun-minpc, long:SIZE, lee, pdom-minsp, longest-path, round-robin, tbc, tbc-lcp, dwf, dwf-wb)"
  verify ${SL} --launch ${SL_SPEC} --model simt)
cli_verify_usage(bad_model_option "lockstep: error: model 'mp': unknown option 'timeout=5' (options: mp:splits=N)"
  verify ${SL} --launch ${SL_SPEC} --model mp:timeout=5)
cli_verify_usage(unknown_table "lockstep: error: unknown reconvergence table 'amd' (nvidia, ipdom, safe, safe-aware)"
  verify ${SL} --launch ${SL_SPEC} --reconvergence amd)
cli_verify_usage(unknown_property "lockstep: error: unknown property 'liveness' (a comma-separated list of all, safety, termination, barrier-divergence, serializable)"
  verify ${SL} --launch ${SL_SPEC} --property liveness)
cli_verify_usage(bad_max_states "lockstep: error: --max-states: 'many' is not a number from 1 to 18446744073709551615"
  verify ${SL} --launch ${SL_SPEC} --max-states many)
cli_verify_usage(zero_max_depth "lockstep: error: --max-depth: '0' is not a number from 1 to 18446744073709551615"
  verify ${SL} --launch ${SL_SPEC} --max-depth 0)
cli_verify_usage(bad_timeout "lockstep: error: --timeout: '-1' is not a number of seconds (0 = none)"
  verify ${SL} --launch ${SL_SPEC} --timeout -1)
cli_verify_usage(unknown_option "lockstep: error: The following argument was not expected: --por"
  verify ${SL} --launch ${SL_SPEC} --por)
cli_verify_usage(missing_launch "lockstep: error: --launch is required" verify ${SL})
cli_verify_usage(unknown_kernel
  "lockstep: error: no kernel named 'nope' in models/kernels/spin_lock/spin_lock.ptx (kernels: _Z9spin_lockPiPVi)"
  verify ${SL} --launch ${SL_SPEC} --kernel nope)
cli_verify_usage(bad_spec "tests/cli/run_inputs/bad_specs/grid_four_dims.toml:2:8: error: grid: expected 1 to 3 dimensions, got 4"
  verify models/kernels/vector_add/vector_add.ptx --launch tests/cli/run_inputs/bad_specs/grid_four_dims.toml)
cli_verify_usage(clock "lockstep: error: the kernel reads the clock at pc 1: the clock is the step counter, so the state space is unbounded and cannot be explored"
  verify ${CLI_DIR}/verify_inputs/clock.ptx --launch ${CLI_DIR}/verify_inputs/clock.toml)

# run --replay errors (exit 1).
cli_verify_usage(replay_missing "/nonexistent/t.json: error: cannot read file: No such file or directory"
  run ${SL} --replay /nonexistent/t.json)
cli_verify_usage(replay_not_json "tests/cli/verify_inputs/not_json.trace.json:2:2: error: syntax error while parsing object key - invalid literal; last read: '{<U+000A> s'; expected string literal"
  run ${SL} --replay tests/cli/verify_inputs/not_json.trace.json)
cli_verify_usage(replay_diverges
  "tests/cli/verify_inputs/diverges.trace.json: error: the trace does not replay: step 2: unit 5 of warp 0 is not enabled (the trace does not replay)"
  run ${SL} --replay tests/cli/verify_inputs/diverges.trace.json)
cli_verify_usage(replay_wrong_shape
  "tests/cli/verify_inputs/wrong_shape.trace.json: error: the trace does not replay: the trace is for grid (3,1,1) block (32,1,1), the launch has grid (2,1,1) block (32,1,1)"
  run ${SL} --replay tests/cli/verify_inputs/wrong_shape.trace.json)
cli_verify_usage(replay_with_model "lockstep: error: --model excludes --replay"
  run ${SL} --replay tests/cli/verify_inputs/diverges.trace.json --model stack)

# After SSDE, the lock models verify under the SIMT stack with 2 warps x 32
# threads (the originals are counterexamples above).
add_test(NAME cli.verify.ssde.spin_lock COMMAND ${CLI_DIR}/ssde_verify.sh ${LOCKSTEP_EXE} spin_lock
  models/kernels/spin_lock/launch.toml)
add_test(NAME cli.verify.ssde.ticket_lock COMMAND ${CLI_DIR}/ssde_verify.sh ${LOCKSTEP_EXE} ticket_lock
  models/kernels/ticket_lock/launch.toml)
add_test(NAME cli.verify.ssde.hashtable_lock COMMAND ${CLI_DIR}/ssde_verify.sh ${LOCKSTEP_EXE} hashtable_lock
  tests/cli/verify_inputs/hashtable_lock_2x32.toml)
add_test(NAME cli.verify.ssde.atm COMMAND ${CLI_DIR}/ssde_verify.sh ${LOCKSTEP_EXE} atm
  tests/cli/verify_inputs/atm_2x32.toml)

# Symbolic inputs: the deadlock exists only for some values of n; the model
# Z3 gives replays concretely (verify_golden.sh replays the trace), and with
# the range narrowed to 32..64 the launch verifies.
set(SYM tests/cli/verify_inputs/symbolic_barrier)
verify_golden(symbolic.deadlock symbolic_barrier.stack.txt 3 3 ${SYM}.ptx --launch ${SYM}.toml --model stack)
verify_golden(symbolic.verified symbolic_barrier_safe.stack.txt 0 - ${SYM}.ptx --launch ${SYM}_safe.toml
  --model stack)
add_test(NAME cli.run.symbolic_needs_values COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "${SYM}.toml:6:11: error: params[0]: input 'n' is symbolic: `run` needs its value (give the inputs, or replay a counterexample)"
  run ${SYM}.ptx --launch ${SYM}.toml)
add_test(NAME cli.run.symbolic_inputs COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${VERIFY_GOLDEN}/symbolic_barrier.run_n5.txt 3 run ${SYM}.ptx --launch ${SYM}.toml --inputs n=5)
add_test(NAME cli.run.symbolic_bad_inputs COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --inputs: 'n5' is not NAME=VALUE" run ${SYM}.ptx --launch ${SYM}.toml --inputs n5)

# Faults (issue: a fault is an error, never non-termination): kernels written
# for these tests at -O3 and -G; every counterexample is an error whose trace
# replays to the fault (replay exit 5), except the ticket loop under the
# stack, which never gets past the loop (SIMT-induced deadlock).
set(FAULTS tests/cli/verify_inputs/faults)
foreach(opt faults faults_g)
  foreach(kernel wait_then_check store_past_end)
    foreach(model mimd stack)
      verify_golden(fault.${kernel}.${opt}.${model} faults/${kernel}.${opt}.${model}.txt 3 5 ${FAULTS}/${opt}.ptx
        --launch ${FAULTS}/${kernel}.toml --model ${model})
    endforeach()
  endforeach()
  verify_golden(fault.ticket_then_trap.${opt}.mimd faults/ticket_then_trap.${opt}.mimd.txt 3 5 ${FAULTS}/${opt}.ptx
    --launch ${FAULTS}/ticket_then_trap.toml --model mimd)
  verify_golden(fault.ticket_then_trap.${opt}.stack faults/ticket_then_trap.${opt}.stack.txt 3 3 ${FAULTS}/${opt}.ptx
    --launch ${FAULTS}/ticket_then_trap.toml --model stack)
endforeach()
# The hand-written fault kernels of `run` (tests/cli/run_inputs/faults).
foreach(kernel trap oob_store assert_fail null_store brx_range)
  verify_golden(fault.run_input.${kernel} faults/${kernel}.mimd.txt 3 5 tests/cli/run_inputs/faults/${kernel}.ptx
    --launch tests/cli/run_inputs/faults/${kernel}.toml --model mimd)
endforeach()

# Cooperative launches (tests/cli/verify_inputs/coop): a correct grid barrier
# verifies; the grid barrier under a branch on the block index is a deadlock
# at the grid barrier naming the blocks (a cycle of the waiting block's spin:
# replay exit 3); without `cooperative = true` both are refused at the PTX
# line that reads %envreg.
set(COOP tests/cli/verify_inputs/coop)
verify_golden(coop.partial_sums.O3.mimd coop/partial_sums.O3.mimd.txt 0 - ${COOP}/grid_sync.ptx
  --launch ${COOP}/partial_sums_2x2.toml --model mimd)
foreach(opt grid_sync grid_sync_g)
  verify_golden(coop.partial_sums.${opt}.stack coop/partial_sums.${opt}.stack.txt 0 - ${COOP}/${opt}.ptx
    --launch ${COOP}/partial_sums.toml --model stack)
  foreach(model mimd stack)
    verify_golden(coop.block0_sync.${opt}.${model} coop/block0_sync.${opt}.${model}.txt 3 3 ${COOP}/${opt}.ptx
      --launch ${COOP}/block0_sync.toml --model ${model})
  endforeach()
endforeach()
verify_golden(json.coop.block0_sync coop/block0_sync.stack.json 3 3 ${COOP}/grid_sync.ptx
  --launch ${COOP}/block0_sync.toml --model stack --json)
cli_verify_usage(coop.not_cooperative
  "${COOP}/grid_sync.ptx:33:2: error: kernel '_Z17grid_partial_sumsPKiPiS1_' reads %envreg2, the grid-synchronisation workspace of a cooperative launch (cooperative groups' this_grid()), but the launch is not cooperative: add `cooperative = true` to ${COOP}/partial_sums_not_coop.toml"
  verify ${COOP}/grid_sync.ptx --launch ${COOP}/partial_sums_not_coop.toml)
add_test(NAME cli.run.coop.not_cooperative COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "${COOP}/grid_sync_g.ptx:924:2: error: kernel '_Z19grid_sync_in_block0Pi' reads %envreg2, the grid-synchronisation workspace of a cooperative launch (cooperative groups' this_grid()), but the launch is not cooperative: add `cooperative = true` to ${COOP}/block0_sync_not_coop.toml"
  run ${COOP}/grid_sync_g.ptx --launch ${COOP}/block0_sync_not_coop.toml)
foreach(model mimd stack)
  add_test(NAME cli.run.coop.block0_sync.${model} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${VERIFY_GOLDEN}/coop/block0_sync.run.${model}.txt 3 run ${COOP}/grid_sync.ptx --launch ${COOP}/block0_sync.toml
    --model ${model})
  add_test(NAME cli.run.coop.partial_sums.${model} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${VERIFY_GOLDEN}/coop/partial_sums.run.${model}.txt 0 run ${COOP}/grid_sync.ptx --launch ${COOP}/partial_sums.toml
    --model ${model})
endforeach()
add_test(NAME cli.run.coop.block0_sync.json COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${VERIFY_GOLDEN}/coop/block0_sync.run.json 3 run ${COOP}/grid_sync.ptx --launch ${COOP}/block0_sync.toml --json)
# %envreg1:%envreg2 of a cooperative launch: the grid workspace's address.
add_test(NAME cli.run.coop.workspace_address COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${VERIFY_GOLDEN}/coop/workspace_reader.run.txt 0 run ${COOP}/workspace_reader.ptx --launch ${COOP}/workspace_reader.toml)
# verify and equiv end on their own: a default time bound of 600 s.
add_test(NAME cli.verify.default_timeout COMMAND sh -c "'${LOCKSTEP_EXE}' verify --help | grep -q -- '--timeout TEXT=600 '")
add_test(NAME cli.equiv.default_timeout COMMAND sh -c "'${LOCKSTEP_EXE}' equiv --help | grep -q -- '--timeout.*600'")

# CUDA's barrier rule (--property barrier-divergence): two arms at two
# different __syncthreads() and an early return before a barrier are errors
# whose traces replay (exit 5) under the rule; under the counting rule of
# mimd both verify; the uniform barrier verifies under both.
set(BR tests/cli/verify_inputs/barrier_rule)
foreach(opt barrier_rule barrier_rule_g)
  foreach(kernel two_arms early_return)
    verify_golden(barrier_rule.${kernel}.${opt} barrier_rule/${kernel}.${opt}.txt 3 5 ${BR}/${opt}.ptx
      --launch ${BR}/${kernel}.toml --model mimd --property barrier-divergence)
    verify_golden(barrier_rule.${kernel}.${opt}.counting barrier_rule/${kernel}.${opt}.counting.txt 0 - ${BR}/${opt}.ptx
      --launch ${BR}/${kernel}.toml --model mimd)
  endforeach()
  verify_golden(barrier_rule.uniform.${opt} barrier_rule/uniform.${opt}.txt 0 - ${BR}/${opt}.ptx
    --launch ${BR}/uniform.toml --model mimd --property all,barrier-divergence)
endforeach()
verify_golden(barrier_rule.two_arms.stack barrier_rule/two_arms.stack.txt 3 3 ${BR}/barrier_rule.ptx
  --launch ${BR}/two_arms.toml --model stack)
verify_golden(json.barrier_rule.two_arms barrier_rule/two_arms.json 3 5 ${BR}/barrier_rule.ptx
  --launch ${BR}/two_arms.toml --model mimd --property barrier-divergence --json)

# Per-lane symbolic data, a full warp (tests/cli/verify_inputs/lanes): a
# branch on each thread's element that only chooses a value verifies
# (if-converted at -G, a selp at -O3); a barrier under such a branch is a
# deadlock found among the first outcomes of the step, replayed concretely.
set(LANES tests/cli/verify_inputs/lanes)
foreach(opt per_lane per_lane_g)
  verify_golden(lanes.select_then_barrier.${opt} lanes/select_then_barrier.${opt}.txt 0 - ${LANES}/${opt}.ptx
    --launch ${LANES}/select_then_barrier.toml --model stack)
  verify_golden(lanes.barrier_under_data.${opt} lanes/barrier_under_data.${opt}.txt 3 3 ${LANES}/${opt}.ptx
    --launch ${LANES}/barrier_under_data.toml --model stack)
endforeach()
# A long search stops on SIGINT or SIGTERM with an inconclusive report.
foreach(sig INT TERM)
  add_test(NAME cli.verify.interrupt.${sig} COMMAND ${CLI_DIR}/verify_interrupt.sh ${LOCKSTEP_EXE} ${sig})
endforeach()

# Full reports of the new models: AWARE with delayed reconvergence verifies
# the spin lock at 2 x 32; a timeout of any value finds the schedule in which
# threads that reached a join time out and vote alone (a trace with the
# timeout event, replayed: exit 2); ITS, MinPC and the JSON form.
verify_golden(aware.safe_aware.spin_lock spin_lock.aware.safe-aware.txt 0 - ${SL} --launch ${SL_SPEC} --model aware
  --reconvergence safe-aware)
verify_golden(aware.spin_lock spin_lock.aware.txt 3 3 ${SL} --launch ${SL_SPEC} --model aware)
# Virtualised tables (docs/models/aware.md): the rotation of a virtual FIFO
# head is deterministic, so the spin lock still verifies with one physical entry each.
verify_golden(aware.tables.spin_lock spin_lock.aware-st-1-rt-1.safe-aware.txt 0 - ${SL} --launch ${SL_SPEC}
  --model aware:st=1,rt=1 --reconvergence safe-aware)
set(VOTE tests/cli/verify_inputs/aware_timeout_vote)
verify_golden(aware.timeout_vote aware_timeout_vote.aware.timeout.txt 3 2 ${VOTE}.ptx --launch ${VOTE}.toml
  --model aware:timeout=1)
verify_golden(aware.timeout_vote.off aware_timeout_vote.aware.txt 0 - ${VOTE}.ptx --launch ${VOTE}.toml --model aware)
verify_golden(json.aware.timeout_vote aware_timeout_vote.aware.timeout.json 3 2 ${VOTE}.ptx --launch ${VOTE}.toml
  --model aware:timeout=any --json)
verify_golden(its.spin_lock spin_lock.its.txt 0 - ${SL} --launch ${SL_SPEC} --model its)
verify_golden(minpc.spin_lock spin_lock.minpc.txt 3 3 ${SL} --launch ${SL_SMALL} --model minpc)
verify_golden(mp.spin_lock spin_lock.mp.txt 3 3 ${SL} --launch ${SL_SPEC} --model mp)
verify_golden(json.spin_lock.mp-orec spin_lock.mp-orec.json 3 3 ${SL} --launch ${SL_SPEC} --model mp-orec --json)

# The divergence models of issue 13 on every lock model: one golden table per
# model (tests/cli/verify_models.sh), every counterexample replayed. Each
# kernel runs with its launch.toml (2 warps x 32 threads, or 1 x 32) unless
# listed in SMALL (launch.verify.toml: the full launch exceeds the test budget
# for that model) or given another launch in LAUNCH (KERNEL:SPEC).
set(LOCK_KERNELS spin_lock ticket_lock atm hashtable_lock nested_locks two_locks_join radiosity_lock wait_signal
  done_flag_lock hashtable_v1 hashtable_v2 wait_signal_nonblocking)
function(verify_models name)
  cmake_parse_arguments(VM "" "MODEL" "SMALL;LAUNCH;ARGS" ${ARGN})
  set(items)
  foreach(k ${LOCK_KERNELS})
    set(spec models/kernels/${k}/launch.toml)
    if(k IN_LIST VM_SMALL)
      set(spec models/kernels/${k}/launch.verify.toml)
    endif()
    foreach(o ${VM_LAUNCH})
      string(REPLACE ":" ";" kv ${o})
      list(GET kv 0 ok)
      list(GET kv 1 ospec)
      if(ok STREQUAL k)
        set(spec ${ospec})
      endif()
    endforeach()
    list(APPEND items ${k}:${spec})
  endforeach()
  add_test(NAME cli.verify.models.${name} COMMAND ${CLI_DIR}/verify_models.sh ${LOCKSTEP_EXE}
    ${VERIFY_GOLDEN}/models/${name}.txt ${VM_MODEL} ${VM_ARGS} -- ${items})
endfunction()
set(BIG_HT hashtable_v1 hashtable_v2)
verify_models(aware MODEL aware SMALL ${BIG_HT})
verify_models(aware.safe-aware MODEL aware ARGS --reconvergence safe-aware SMALL ${BIG_HT}
  LAUNCH atm:tests/checker/models/atm_2x4.toml)
verify_models(aware.timeout MODEL aware:timeout=any SMALL ${BIG_HT} atm hashtable_lock nested_locks two_locks_join
  radiosity_lock done_flag_lock)
verify_models(mp MODEL mp SMALL ${BIG_HT})
verify_models(mp-orec MODEL mp-orec SMALL ${BIG_HT} done_flag_lock)
verify_models(mp.splits2 MODEL mp:splits=2 SMALL ${BIG_HT})
verify_models(its MODEL its SMALL ${BIG_HT} atm hashtable_lock nested_locks two_locks_join wait_signal)
foreach(h minpc minsp-minpc maxfun-minpc pdom-minsp longest-path)
  verify_models(${h} MODEL ${h} SMALL ${BIG_HT})
endforeach()
verify_models(long MODEL long:8 SMALL ${BIG_HT})
verify_models(lee MODEL lee SMALL ${BIG_HT} atm)
verify_models(round-robin MODEL round-robin SMALL ${BIG_HT} spin_lock ticket_lock atm done_flag_lock)

# Swarm search (tests/cli/verify_inputs/swarm): a seeded search order finds
# the failing assertion that the default order's bound leaves out; a 4-job
# swarm through GNU parallel, its merge and the merged trace (swarm.sh).
set(SWARM tests/cli/verify_inputs/swarm)
verify_golden(swarm.order_seed swarm/late_writer.seed1.txt 3 5 ${SWARM}/late_writer.ptx
  --launch ${SWARM}/late_writer.toml --max-states 1000 --order-seed 1)
verify_golden(swarm.default_order swarm/late_writer.default.txt 4 - ${SWARM}/late_writer.ptx
  --launch ${SWARM}/late_writer.toml --max-states 1000)
add_test(NAME cli.swarm COMMAND ${CLI_DIR}/swarm.sh ${LOCKSTEP_EXE})
# The report names AWARE's push order as the model option sets it.
add_test(NAME cli.verify.aware_taken_first_model COMMAND ${LOCKSTEP_EXE} verify ${SL} --launch ${SL_SMALL}
  --model aware:order=taken-first --reconvergence safe-aware --quiet --no-timing --json
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.verify.aware_taken_first_model PROPERTIES
  PASS_REGULAR_EXPRESSION "\"push_order\": \"taken-first\"")
add_test(NAME cli.verify.aware_taken_first_text COMMAND ${LOCKSTEP_EXE} verify ${SL} --launch ${SL_SMALL}
  --model aware:order=taken-first --reconvergence safe-aware --quiet --no-timing
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.verify.aware_taken_first_text PROPERTIES
  PASS_REGULAR_EXPRESSION "AWARE, FIFO splits, taken path first")
