# ===========================================================================
# equiv and ssde --verify: end to end. Included from tests/cli/CMakeLists.txt
# (LOCKSTEP_EXE and CLI_DIR come from there). Goldens and fixtures in
# golden/equiv/ (regenerate goldens with UPDATE_GOLDEN=1): the SSDE output of
# spin_lock and its origin map (`lockstep ssde --origin-out`), and a launch
# of one block of 8 threads.
# ===========================================================================
set(EQUIV_DIR tests/cli/golden/equiv)
set(EQUIV_GOLDEN ${CLI_DIR}/golden/equiv)
set(EQUIV_SPIN models/kernels/spin_lock/spin_lock.ptx)
set(EQUIV_SPEC ${EQUIV_DIR}/spin_lock.8.toml)

# Proved, with the origin map given (text) and recovered (JSON).
add_test(NAME cli.equiv.spin_lock.proved COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.proved.txt 0
  equiv ${EQUIV_SPIN} ${EQUIV_DIR}/spin_lock.ssde.ptx --launch ${EQUIV_SPEC} --origin ${EQUIV_DIR}/spin_lock.origin.json)
add_test(NAME cli.equiv.spin_lock.recovered.json COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.recovered.json 0
  equiv ${EQUIV_SPIN} ${EQUIV_DIR}/spin_lock.ssde.ptx --launch ${EQUIV_SPEC} --json)
# The untransformed kernel as its own "transformation": part (b) refutes it (3).
add_test(NAME cli.equiv.spin_lock.untransformed COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.untransformed.txt 3
  equiv ${EQUIV_SPIN} ${EQUIV_SPIN} --launch ${EQUIV_SPEC})
# A state bound: inconclusive (4).
add_test(NAME cli.equiv.spin_lock.bound COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.bound.txt 4
  equiv ${EQUIV_SPIN} ${EQUIV_DIR}/spin_lock.ssde.ptx --launch ${EQUIV_SPEC} --max-states 5)
# Part (a) only.
add_test(NAME cli.equiv.spin_lock.part_a COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.part_a.txt 0
  equiv ${EQUIV_SPIN} ${EQUIV_DIR}/spin_lock.ssde.ptx --launch ${EQUIV_SPEC} --part a)
# ssde --verify runs equiv in-process with the transformation's own map.
add_test(NAME cli.ssde.verify.spin_lock COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.ssde_verify.txt 0
  ssde ${EQUIV_SPIN} -o /dev/null --verify --launch ${EQUIV_SPEC})
# --model: the SSDE output terminates under AWARE, ITS and the starvation-free
# Lee heuristic too; the untransformed kernel under ITS terminates as well
# (equiv proves it), under MinPC it starves (part b refutes it); a bad model.
foreach(model aware its lee)
  add_test(NAME cli.equiv.spin_lock.model.${model} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${EQUIV_GOLDEN}/spin_lock.${model}.txt 0
    equiv ${EQUIV_SPIN} ${EQUIV_DIR}/spin_lock.ssde.ptx --launch ${EQUIV_SPEC} --origin ${EQUIV_DIR}/spin_lock.origin.json
    --model ${model})
endforeach()
add_test(NAME cli.equiv.spin_lock.untransformed.its COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.untransformed.its.txt 0 equiv ${EQUIV_SPIN} ${EQUIV_SPIN} --launch ${EQUIV_SPEC} --model its)
add_test(NAME cli.equiv.spin_lock.untransformed.minpc COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${EQUIV_GOLDEN}/spin_lock.untransformed.minpc.txt 3 equiv ${EQUIV_SPIN} ${EQUIV_SPIN} --launch ${EQUIV_SPEC}
  --model minpc)
add_test(NAME cli.equiv.bad_model COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: model 'aware': timeout '-1' is not a number of warp instructions from 1 to 4294967294, off or any (options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)"
  equiv ${EQUIV_SPIN} ${EQUIV_SPIN} --launch ${EQUIV_SPEC} --model aware:timeout=-1)
# Malformed bounds: the same messages as verify's (cli/bound_options), for
# equiv and for ssde --verify, which shares equiv's bounds.
function(cli_equiv_bound name expected)
  add_test(NAME cli.equiv.bound_usage.${name} COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE} "${expected}"
    equiv ${EQUIV_SPIN} ${EQUIV_DIR}/spin_lock.ssde.ptx --launch ${EQUIV_SPEC} ${ARGN})
endfunction()
cli_equiv_bound(timeout_negative "lockstep: error: --timeout: '-5' is not a number of seconds (0 = none)" --timeout -5)
cli_equiv_bound(timeout_nan "lockstep: error: --timeout: 'nan' is not a number of seconds (0 = none)" --timeout nan)
cli_equiv_bound(max_states_zero "lockstep: error: --max-states: '0' is not a number from 1 to 18446744073709551615"
  --max-states 0)
cli_equiv_bound(max_depth_word "lockstep: error: --max-depth: 'ten' is not a number from 1 to 18446744073709551615"
  --max-depth ten)
cli_equiv_bound(max_memory_negative
  "lockstep: error: --max-memory: '-1' is not a number from 1 to 18446744073709551615" --max-memory -1)
add_test(NAME cli.equiv.bound_usage.ssde_verify COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE}
  "lockstep: error: --timeout: '1e300' is not a number of seconds (0 = none)"
  ssde ${EQUIV_SPIN} -o /dev/null --verify --launch ${EQUIV_SPEC} --timeout 1e300)
