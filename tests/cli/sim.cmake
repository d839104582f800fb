# ===========================================================================
# sim: `lockstep sim` end to end. Included from tests/cli/CMakeLists.txt
# (LOCKSTEP_EXE and CLI_DIR come from there). Goldens in golden/sim/
# (regenerate with UPDATE_GOLDEN=1 and review the diff); they pin cycle
# counts and statistics, so the Release and the sanitizer builds must give
# the same bytes. Every test runs from the repository root.
# ===========================================================================
set(SIM_GOLDEN ${CLI_DIR}/golden/sim)

# Every bundled model on tiny under the stack model, with run's exit statuses
# (RUN_STACK_STUCK and RUN_STACK_MISMATCH come from CMakeLists.txt).
foreach(spec ${RUN_MODEL_SPECS})
  get_filename_component(dir ${spec} DIRECTORY)
  get_filename_component(name ${dir} NAME)
  set(status 0)
  if(name IN_LIST RUN_STACK_STUCK)
    set(status 3)
  elseif(name IN_LIST RUN_STACK_MISMATCH)
    set(status 2)
  endif()
  add_test(NAME cli.sim.model.${name}.tiny COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${SIM_GOLDEN}/${name}.tiny.txt ${status}
    sim models/kernels/${name}/${name}.ptx --launch models/kernels/${name}/launch.toml --gpu tiny --quiet)
endforeach()

set(SIM_VA models/kernels/vector_add/vector_add.ptx --launch models/kernels/vector_add/launch.toml)
# A bigger GPU, other divergence models, every statistics format.
add_test(NAME cli.sim.gtx480.matmul_tiled COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/matmul_tiled.gtx480.txt 0
  sim models/kernels/matmul_tiled/matmul_tiled.ptx --launch models/kernels/matmul_tiled/launch.toml --gpu gtx480)
# Thread block compaction: the NVRT-style manager/worker kernel with its
# statistics (compactions, the block-wide stack).
add_test(NAME cli.sim.tbc_lcp.nvrt_manager COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/nvrt_manager.tbc_lcp.txt 0
  sim bench/divergence/nvrt_manager/nvrt_manager.ptx --launch bench/divergence/nvrt_manager/launch.toml --gpu tiny
  --model tbc-lcp --stats text --quiet)
add_test(NAME cli.sim.stack_amd.nested_ifelse COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/nested_ifelse.stack-amd.txt 0
  sim models/kernels/nested_ifelse/nested_ifelse.ptx --launch models/kernels/nested_ifelse/launch.toml --gpu tiny
  --model stack-amd)
# Every divergence model beyond the stacks on a divergent kernel and on the
# spin lock (completed, or the SIMT-induced livelock, as `run` says);
# AWARE's timeout in cycles; a GPU whose simd_model is aware (the default model).
foreach(model aware mp mp-orec mp:splits=2 its minpc minsp-minpc maxfun-minpc long:8 lee pdom-minsp longest-path
    round-robin)
  string(REGEX REPLACE "[:=]" "-" tag ${model})
  add_test(NAME cli.sim.model.${tag}.nested_ifelse COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${SIM_GOLDEN}/nested_ifelse.${tag}.txt 0
    sim models/kernels/nested_ifelse/nested_ifelse.ptx --launch models/kernels/nested_ifelse/launch.toml --gpu tiny
    --model ${model} --quiet)
  set(status 3)
  if(model MATCHES "^(its|lee|round-robin)$")
    set(status 0)
  endif()
  add_test(NAME cli.sim.model.${tag}.spin_lock COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${SIM_GOLDEN}/spin_lock.${tag}.txt ${status}
    sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --gpu tiny
    --model ${model} --quiet)
endforeach()
add_test(NAME cli.sim.aware_timeout.spin_lock COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/spin_lock.aware-timeout-300.txt 0
  sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --gpu tiny
  --model aware:timeout=300 --quiet --stats text)
add_test(NAME cli.sim.teslac2050.nested_ifelse COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/nested_ifelse.teslac2050.txt 0
  sim models/kernels/nested_ifelse/nested_ifelse.ptx --launch models/kernels/nested_ifelse/launch.toml
  --gpu teslac2050 --quiet)
add_test(NAME cli.sim.files.spin_lock_aware_timeout COMMAND ${CLI_DIR}/sim_files.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/spin_lock.aware-timeout.files.txt 0 replay:trace.json:models/kernels/spin_lock/spin_lock.ptx
  sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --gpu tiny
  --model aware:timeout=300 --schedule-out @TMP@/trace.json)
# AWARE's virtualised tables (docs/sim.md, "Divergence models"): the GPU's
# sizes (4 split / 2 reconvergence entries), or the model's options; nested
# divergence deeper than the tables spills and fills (statistics).
add_test(NAME cli.sim.aware_tables.gpu_sizes COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/deep_divergence.tiny-aware-s4r2.txt 0
  sim tests/sim/kernels/deep_divergence.ptx --launch tests/sim/kernels/deep_divergence.toml
  --gpu tests/cli/sim_inputs/tiny_aware_s4r2.toml --quiet --stats text)
add_test(NAME cli.sim.aware_tables.deep_divergence COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/deep_divergence.aware-st-4-rt-2.txt 0
  sim tests/sim/kernels/deep_divergence.ptx --launch tests/sim/kernels/deep_divergence.toml --gpu teslac2050
  --model aware:st=4,rt=2 --quiet)
add_test(NAME cli.sim.aware_tables.nested_ifelse COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/nested_ifelse.aware-st-1-rt-1.txt 0
  sim models/kernels/nested_ifelse/nested_ifelse.ptx --launch models/kernels/nested_ifelse/launch.toml
  --gpu teslac2050 --model aware:st=1,rt=1 --quiet)
add_test(NAME cli.sim.aware_tables.spin_lock COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/spin_lock.aware-st-4-rt-2.txt 0
  sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --gpu teslac2050
  --model aware:timeout=1000,st=4,rt=2 --quiet)
add_test(NAME cli.sim.json.vector_add COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/vector_add.json 0 sim ${SIM_VA} --gpu tiny --json --stats json)
add_test(NAME cli.sim.json.spin_lock COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/spin_lock.json 3
  sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --gpu tiny --json)
add_test(NAME cli.sim.stats_text.reduce_shared COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/reduce_shared.stats.txt 0
  sim models/kernels/reduce_shared/reduce_shared.ptx --launch models/kernels/reduce_shared/launch.toml --gpu tiny
  --stats text)
add_test(NAME cli.sim.stats_csv.histogram_atomic COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/histogram_atomic.stats.csv 0
  sim models/kernels/histogram_atomic/histogram_atomic.ptx --launch models/kernels/histogram_atomic/launch.toml
  --gpu tiny --stats csv)
# Files: statistics JSON, the timeline, a schedule trace and its replay.
add_test(NAME cli.sim.files.vector_add COMMAND ${CLI_DIR}/sim_files.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/vector_add.files.txt 0 stats.json,timeline.json,trace.json,replay:trace.json:models/kernels/vector_add/vector_add.ptx
  sim ${SIM_VA} --gpu tiny --stats json --stats-out @TMP@/stats.json --timeline @TMP@/timeline.json
  --schedule-out @TMP@/trace.json --sample-every 100)
add_test(NAME cli.sim.files.spin_lock COMMAND ${CLI_DIR}/sim_files.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/spin_lock.files.txt 3 replay:trace.json:models/kernels/spin_lock/spin_lock.ptx
  sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --gpu tiny
  --schedule-out @TMP@/trace.json)
add_test(NAME cli.sim.files.divergent_barrier COMMAND ${CLI_DIR}/sim_files.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/divergent_barrier.files.txt 3 replay:trace.json:models/kernels/divergent_barrier/divergent_barrier.ptx
  sim models/kernels/divergent_barrier/divergent_barrier.ptx --launch models/kernels/divergent_barrier/launch.toml
  --gpu tiny --schedule-out @TMP@/trace.json)

# Busy-wait-aware scheduling (sim_inputs/tiny_bows.toml: DDOS, adaptive BOWS,
# GTO with age rotation): the confirmed spin-inducing branches in the text
# and JSON reports and the statistics.
add_test(NAME cli.sim.bows.hashtable_v2 COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/hashtable_v2.bows.txt 0
  sim models/kernels/hashtable_v2/hashtable_v2.ptx --launch models/kernels/hashtable_v2/launch.toml
  --gpu tests/cli/sim_inputs/tiny_bows.toml --stats text)
add_test(NAME cli.sim.bows.spin_lock_json COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/spin_lock.bows.json 3
  sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml
  --gpu tests/cli/sim_inputs/tiny_bows.toml --json)
# A BOWS schedule is a schedule of the semantics: `run --replay` reproduces it.
add_test(NAME cli.sim.files.bows_hashtable_v2 COMMAND ${CLI_DIR}/sim_files.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/hashtable_v2.bows.files.txt 0 replay:trace.json:models/kernels/hashtable_v2/hashtable_v2.ptx
  sim models/kernels/hashtable_v2/hashtable_v2.ptx --launch models/kernels/hashtable_v2/launch.toml
  --gpu tests/cli/sim_inputs/tiny_bows.toml --schedule-out @TMP@/trace.json)
# CAWA (sim_inputs/tiny_cawa.toml: greedy criticality-aware scheduling, CACP
# on the L1D): its statistics, and its schedule replayed by `run --replay`.
add_test(NAME cli.sim.cawa.matmul_tiled COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/matmul_tiled.cawa.txt 0
  sim models/kernels/matmul_tiled/matmul_tiled.ptx --launch models/kernels/matmul_tiled/launch.toml
  --gpu tests/cli/sim_inputs/tiny_cawa.toml --stats text)
add_test(NAME cli.sim.files.cawa_hashtable_v2 COMMAND ${CLI_DIR}/sim_files.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/hashtable_v2.cawa.files.txt 0 replay:trace.json:models/kernels/hashtable_v2/hashtable_v2.ptx
  sim models/kernels/hashtable_v2/hashtable_v2.ptx --launch models/kernels/hashtable_v2/launch.toml
  --gpu tests/cli/sim_inputs/tiny_cawa.toml --schedule-out @TMP@/trace.json)

# Hangs and limits: a wait on a block that cannot be resident, the cycle cap.
add_test(NAME cli.sim.occupancy_deadlock COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/wait_last_block.txt 3
  sim tests/sim/kernels/wait_last_block.ptx --launch tests/sim/kernels/wait_last_block.toml --gpu tiny)
add_test(NAME cli.sim.cycle_limit COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/spin_lock.cycle_limit.txt 4
  sim models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --gpu tiny --max-cycles 500)

# Errors: launches the GPU refuses, bad options (exit 1, one stderr line).
add_test(NAME cli.sim.block_too_big COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "tests/cli/sim_inputs/block_too_big.toml: error: the launch cannot run on tiny: a CTA of 1024 threads does not fit an SM: 512 threads per SM"
  sim models/kernels/vector_add/vector_add.ptx --launch tests/cli/sim_inputs/block_too_big.toml --gpu tiny)
add_test(NAME cli.sim.coop_too_big COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "tests/cli/sim_inputs/coop_too_big.toml: error: the cooperative launch of 16 blocks cannot be resident at once on tiny: at most 8 blocks are (2 SMs x 4 CTAs per SM, limited by CTA slots: 4 CTA slots per SM)"
  sim tests/sim/kernels/wait_last_block.ptx --launch tests/cli/sim_inputs/coop_too_big.toml --gpu tiny)
add_test(NAME cli.sim.unknown_model COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: unknown model 'simd' (models: mimd, stack, stack-amd, stack-nt, aware, mp, mp-orec, its, minpc, minsp-minpc, maxfun-minpc, long:SIZE, lee, pdom-minsp, longest-path, round-robin, tbc, tbc-lcp, dwf, dwf-wb)"
  sim ${SIM_VA} --gpu tiny --model simd)
add_test(NAME cli.sim.aware_timeout_any COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: aware:timeout=any is for verify (every timeout value at once); sim counts the timeout in cycles: aware:timeout=N, or the GPU's aware_timeout without the option"
  sim ${SIM_VA} --gpu tiny --model aware:timeout=any)
add_test(NAME cli.sim.bad_model_option COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: model 'mp': splits 'x' is not a number of split-table entries from 0 (unlimited) to 32 (options: mp:splits=N)"
  sim ${SIM_VA} --gpu tiny --model mp:splits=x)
add_test(NAME cli.sim.bad_aware_st COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: model 'aware': st '33' is not a number of physical split-table entries from 0 (unbounded) to 32 (options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)"
  sim ${SIM_VA} --gpu tiny --model aware:st=33)
add_test(NAME cli.sim.bad_aware_rt COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: model 'aware': rt 'two' is not a number of physical reconvergence-table entries from 0 (unbounded) to 32 (options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)"
  sim ${SIM_VA} --gpu tiny --model aware:st=4,rt=two)
add_test(NAME cli.sim.unknown_stats COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --stats: unknown format 'xml' (text, json, csv)" sim ${SIM_VA} --gpu tiny --stats xml)
add_test(NAME cli.sim.stats_out_alone COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --stats-out needs --stats FORMAT" sim ${SIM_VA} --gpu tiny --stats-out x.json)
add_test(NAME cli.sim.bad_cycles COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --max-cycles: '12k' is not a number of cycles (0 = no limit)" sim ${SIM_VA} --gpu tiny --max-cycles 12k)
add_test(NAME cli.sim.safe_trace COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --schedule-out records the nvidia or ipdom table only (a trace cannot name a SafePDom table)"
  sim ${SIM_VA} --gpu tiny --reconvergence safe --schedule-out x.json)
add_test(NAME cli.sim.no_gpu COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --gpu is required" sim ${SIM_VA})

# scripts/plot-sim's series (--text: no matplotlib needed).
add_test(NAME cli.sim.plot_sim.reduce_shared COMMAND ${CLI_DIR}/plot_sim.sh ${LOCKSTEP_EXE}
  ${SIM_GOLDEN}/reduce_shared.plot.txt
  models/kernels/reduce_shared/reduce_shared.ptx --launch models/kernels/reduce_shared/launch.toml --gpu tiny
  --sample-every 250)
add_test(NAME cli.sim.gpu_unsupported COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: tiny-l2-256 cannot be simulated yet: memory.l2.line_bytes = 256: lines longer than 128 bytes are filled for read-only caches only (the writeback of a dirty line is not split into requests)"
  sim ${SIM_VA} --gpu tests/cli/sim_inputs/tiny_l2_256.toml)
