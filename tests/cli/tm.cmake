# ===========================================================================
# Transactions (Kilo TM, docs/tm.md): `run` with the commit and abort report,
# `verify --property serializable` proving the TM kernel serializable under
# mimd and the SIMT stack, a weak-isolation counterexample that replays, and
# the errors. Included from tests/cli/CMakeLists.txt; goldens in golden/tm/
# (regenerate with UPDATE_GOLDEN=1).
# ===========================================================================
set(TM_GOLDEN ${CLI_DIR}/golden/tm)
set(TM_HT models/tm/tm_hashtable)
set(TM_IN tests/cli/tm_inputs)

foreach(model mimd stack)
  add_test(NAME cli.tm.run.tm_hashtable.${model} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${TM_GOLDEN}/tm_hashtable.${model}.txt 0 run ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.toml --model ${model})
  add_test(NAME cli.tm.verify.tm_hashtable.${model} COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
    ${TM_GOLDEN}/tm_hashtable.verify.${model}.txt 0 - ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml
    --model ${model} --property serializable,safety)
endforeach()
add_test(NAME cli.tm.run.tm_hashtable.json COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${TM_GOLDEN}/tm_hashtable.stack.json 0 run ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.toml --model stack --json)
add_test(NAME cli.tm.verify.weak_isolation COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
  ${TM_GOLDEN}/weak_isolation.verify.txt 3 5 ${TM_IN}/weak_isolation.ptx --launch ${TM_IN}/weak_isolation.toml
  --model mimd --property serializable --tm-protocol ideal)

add_test(NAME cli.tm.protocol_warptm_needs_stack COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol warptm: WarpTM resolves conflicts among the lanes of a warp that commit together, which needs a SIMT stack (stack, stack-amd, stack-nt), not 'mimd'"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --property serializable --tm-protocol warptm --model mimd)
add_test(NAME cli.tm.protocol_resolution COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol warptm,resolution=pcr: 'resolution=pcr': the intra-warp resolution is 2pcr or scr"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol warptm,resolution=pcr --model stack)
add_test(NAME cli.tm.protocol_resolution_kilotm COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol kilotm,resolution=scr: 'resolution=scr': unknown setting (units=N, lwh=SETSxWAYS/BUCKETSxARRAYS)"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol kilotm,resolution=scr --model stack)
add_test(NAME cli.tm.protocol_unknown COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol eager: unknown protocol 'eager' (ideal, kilotm, kilotm+tcd, warptm)"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol eager)
add_test(NAME cli.tm.protocol_units_range COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol kilotm,units=9: 'units=9': the commit units are a number from 1 to 8"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol kilotm,units=9)
add_test(NAME cli.tm.protocol_lwh_malformed COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol kilotm,lwh=4x4: 'lwh=4x4': the last-writer history is lwh=SETSxWAYS/BUCKETSxARRAYS (e.g. lwh=128x4/256x4)"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol kilotm,lwh=4x4)
add_test(NAME cli.tm.protocol_lwh_no_filter COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol kilotm,lwh=4x4/0x0: 'lwh=4x4/0x0': at most 4096 lookup-table entries (0x0: none), and 1 to 8 filter arrays of 1 to 65536 buckets (the filter keeps what the table evicts)"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol kilotm,lwh=4x4/0x0)
add_test(NAME cli.tm.protocol_ideal_settings COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol ideal,units=2: 'units=2': the ideal commit has no commit units to configure"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol ideal,units=2)
add_test(NAME cli.tm.protocol_needs_tm_model COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --tm-protocol kilotm needs a model with transactions (mimd, stack, stack-amd, stack-nt), not 'tbc'"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --tm-protocol kilotm --model tbc)

# T13 (docs/tm.md "The kilotm protocol"): TCD's silent commit of a read-only
# transaction that saw half of a writer's commit is a replayable
# counterexample under kilotm+tcd, with one commit unit (the writer's two
# words commit one at a time) and two (they belong to different units); the
# same launch is proved serializable under kilotm.
add_test(NAME cli.tm.verify.t13.kilotm_tcd COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
  ${TM_GOLDEN}/tcd_snapshot.kilotm_tcd.txt 3 5 ${TM_IN}/tcd_snapshot.ptx --launch ${TM_IN}/tcd_snapshot.toml
  --model mimd --property serializable --tm-protocol kilotm+tcd)
add_test(NAME cli.tm.verify.t13.kilotm_tcd_one_unit COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
  ${TM_GOLDEN}/tcd_snapshot.kilotm_tcd.units1.txt 3 5 ${TM_IN}/tcd_snapshot.ptx --launch ${TM_IN}/tcd_snapshot.toml
  --model mimd --property serializable --tm-protocol kilotm+tcd,units=1)
# Under the SIMT stack the two threads share a warp: the writer's path waits
# at __tcommit for its outcome with the reader's path below it on the stack,
# so the reader never loads in the middle of the writer's commit: verified.
add_test(NAME cli.tm.verify.t13.kilotm_tcd_one_warp COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
  ${TM_GOLDEN}/tcd_snapshot.kilotm_tcd.stack.txt 0 - ${TM_IN}/tcd_snapshot.ptx --launch ${TM_IN}/tcd_snapshot.toml
  --model stack --property serializable --tm-protocol kilotm+tcd)
foreach(model mimd stack)
  add_test(NAME cli.tm.verify.t13.kilotm.${model} COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
    ${TM_GOLDEN}/tcd_snapshot.kilotm.${model}.txt 0 - ${TM_IN}/tcd_snapshot.ptx --launch ${TM_IN}/tcd_snapshot.toml
    --model ${model} --property serializable --tm-protocol kilotm)
endforeach()
add_test(NAME cli.tm.verify.t13.kilotm_tiny_lwh COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
  ${TM_GOLDEN}/tcd_snapshot.kilotm.lwh.txt 0 - ${TM_IN}/tcd_snapshot.ptx --launch ${TM_IN}/tcd_snapshot.toml
  --model mimd --property serializable --tm-protocol kilotm,units=1,lwh=0x0/1x1)
# Weak isolation under the commit units: the plain store may race with a
# speculative read (an event of its own when the kernel has plain global writes).
add_test(NAME cli.tm.verify.weak_isolation.kilotm COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
  ${TM_GOLDEN}/weak_isolation.verify.kilotm.txt 3 5 ${TM_IN}/weak_isolation.ptx --launch ${TM_IN}/weak_isolation.toml
  --model mimd --property serializable --tm-protocol kilotm)
add_test(NAME cli.tm.serializable_needs_tm_model COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --property serializable needs a model with transactions (mimd, stack, stack-amd, stack-nt), not 'aware'"
  verify ${TM_HT}/tm_hashtable.ptx --launch ${TM_HT}/launch.verify.toml --property serializable --model aware)
add_test(NAME cli.tm.barrier_in_transaction COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "tests/cli/tm_inputs/barrier_in_tx.ptx:12:3: error: a barrier inside a transaction (between __tbegin and __tcommit)"
  run ${TM_IN}/barrier_in_tx.ptx --launch ${TM_IN}/barrier_in_tx.toml)

# The TM benchmark suite (models/tm/README.md): every version of every kernel
# (TM, coarse-grained lock, fine-grained lock) runs to completion with its
# [expect] under mimd and the SIMT stack, and its small verify launch
# (launch[.VERSION].verify.toml) is proved: the TM versions serializable (with
# [expect]) under the ideal commit, the lock versions with every property
# (deadlock, faults, fair termination, [expect]). tm_hashtable's own
# medium-contention TM launches are above.
set(TM_BENCH_LAUNCHES
  tm_hashtable/launch.high tm_hashtable/launch.low tm_hashtable/launch.cgl tm_hashtable/launch.fgl
  tm_atm/launch tm_atm/launch.cgl tm_atm/launch.fgl
  tm_cl/launch tm_cl/launch.cgl tm_cl/launch.fgl tm_cl/launch.clto tm_cl/launch.clto.cgl tm_cl/launch.clto.fgl
  tm_bh/launch tm_bh/launch.cgl tm_bh/launch.fgl
  tm_cc/launch tm_cc/launch.cgl tm_cc/launch.fgl
  tm_ap/launch tm_ap/launch.cgl tm_ap/launch.fgl)
foreach(entry ${TM_BENCH_LAUNCHES})
  get_filename_component(dir ${entry} DIRECTORY)
  get_filename_component(stem ${entry} NAME)
  string(REGEX REPLACE "^launch" "${dir}" tag ${stem})
  set(vstem ${stem}.verify)
  set(ptx models/tm/${dir}/${dir}.ptx)
  if(tag MATCHES "gl$")
    set(property all)
  else()
    set(property serializable,safety)
  endif()
  foreach(model mimd stack)
    add_test(NAME cli.tm.run.${tag}.${model} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
      ${TM_GOLDEN}/${tag}.${model}.txt 0 run ${ptx} --launch models/tm/${entry}.toml --model ${model})
    if(NOT stem MATCHES "^launch[.](high|low)$")
      # tm_bh under the stack: the launch whose committed lanes read, after
      # __tcommit, registers the transaction computed while other lanes of
      # their warp retry (the dead-register zeroing once clobbered them;
      # docs/tm.md, "Benchmark kernels").
      add_test(NAME cli.tm.verify.${tag}.${model} COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
        ${TM_GOLDEN}/${tag}.verify.${model}.txt 0 - ${ptx} --launch models/tm/${dir}/${vstem}.toml
        --model ${model} --property ${property})
    endif()
  endforeach()
endforeach()
add_test(NAME cli.tm.bench_launches_current COMMAND python3 ${PROJECT_SOURCE_DIR}/models/tm/make_launches.py --check)

# Every TM benchmark kernel's verify launch proved serializable (with its
# [expect]) under the kilotm protocol model and the SIMT stack (docs/tm.md,
# "Proofs under the protocol models"; scripts/tm-protocol-proofs makes the
# whole table, mimd included). Release build only (scripts/test): the
# sanitizer run has the protocol's unit tests and the T13 launches.
foreach(k tm_hashtable tm_atm tm_cl tm_bh tm_cc tm_ap)
  add_test(NAME cli.tm.verify.${k}.stack.kilotm COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE}
    ${TM_GOLDEN}/${k}.verify.stack.kilotm.txt 0 - models/tm/${k}/${k}.ptx --launch models/tm/${k}/launch.verify.toml
    --model stack --property serializable,safety --tm-protocol kilotm)
endforeach()
