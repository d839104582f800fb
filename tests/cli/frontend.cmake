# ===========================================================================
# Inputs the frontend accepts or refuses by design, end to end: PTX's
# predefined constant WARP_SZ, calls to external functions, indirect calls
# and function addresses (accepted by the static commands, refused by every
# launch), `.loc` on line 0 (no source line: never spelled `file.cu:0`), and
# a file without `.entry`. Included from tests/cli/CMakeLists.txt
# (LOCKSTEP_EXE and CLI_DIR come from there). Inputs in frontend_inputs/
# (CUDA sources with the PTX nvcc 13.0 made of them, at -O3 and -G, and
# hand-written PTX), goldens in golden/frontend/ (regenerate with
# UPDATE_GOLDEN=1); every test runs from the repository root.
# ===========================================================================
set(FE_GOLDEN ${CLI_DIR}/golden/frontend)
set(FE_IN tests/cli/frontend_inputs)

function(cli_frontend_golden name golden status)
  add_test(NAME cli.frontend.${name} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE} ${FE_GOLDEN}/${golden} ${status}
    ${ARGN})
endfunction()
function(cli_frontend_verify name golden status replay_status ptx)
  add_test(NAME cli.frontend.${name} COMMAND ${CLI_DIR}/verify_golden.sh ${LOCKSTEP_EXE} ${FE_GOLDEN}/${golden}
    ${status} ${replay_status} ${ptx} ${ARGN})
endfunction()
function(cli_frontend_error name expected)
  add_test(NAME cli.frontend.${name} COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE} "${expected}" ${ARGN})
endfunction()

# WARP_SZ (nvcc's warpSize): the kernel runs and verifies with the value 32.
foreach(build warp_size warp_size_G)
  cli_frontend_golden(${build}.run ${build}.run.txt 0 run ${FE_IN}/${build}.ptx --launch ${FE_IN}/warp_size.toml)
  cli_frontend_verify(${build}.verify ${build}.verify.txt 0 - ${FE_IN}/${build}.ptx
    --launch ${FE_IN}/warp_size.toml --model stack)
endforeach()
cli_frontend_golden(warp_size.print warp_size.print.ptx 0 print ${FE_IN}/warp_size.ptx)

# External calls, indirect calls and function addresses: the static
# commands accept them (detection conservatively: a call may write any
# memory and may hold a barrier), launches refuse them at the instruction.
foreach(build extern_call extern_call_G)
  set(ptx ${FE_IN}/${build}.ptx)
  cli_frontend_golden(${build}.parse ${build}.parse.txt 0 parse ${ptx})
  cli_frontend_golden(${build}.detect ${build}.detect.txt 3 detect ${ptx})
  cli_frontend_golden(${build}.ssde ${build}.ssde.txt 3 ssde ${ptx} -o /dev/null --report)
endforeach()
cli_frontend_golden(extern_call.cfg_json extern_call.cfg.json 0 cfg --json ${FE_IN}/extern_call.ptx)
cli_frontend_golden(extern_call.print extern_call.print.ptx 0 print ${FE_IN}/extern_call.ptx)
cli_frontend_golden(extern_call.detect_json extern_call.detect.json 3 detect --json ${FE_IN}/extern_call.ptx)
cli_frontend_golden(extern_call.detect_sarif extern_call.detect.sarif 3 detect --sarif ${FE_IN}/extern_call.ptx)
add_test(NAME cli.frontend.extern_call.sarif_schema COMMAND ${CLI_DIR}/sarif_validate.sh ${LOCKSTEP_EXE}
  ${FE_IN}/extern_call.ptx ${FE_IN}/extern_call_G.ptx)
set_tests_properties(cli.frontend.extern_call.sarif_schema PROPERTIES SKIP_RETURN_CODE 77)
set(FE_STATIC "(the static commands accept it)")
foreach(command run verify)
  cli_frontend_error(extern_call.${command}.external
    "${FE_IN}/extern_call.ptx:82:2: error: call to external function '_Z9transformf' has no body: it cannot be executed ${FE_STATIC}"
    ${command} ${FE_IN}/extern_call.ptx --launch ${FE_IN}/extern_transform_all.toml)
  cli_frontend_error(extern_call.${command}.indirect
    "${FE_IN}/extern_call.ptx:134:2: error: indirect call through '%rd8': its target is unknown, so it cannot be executed ${FE_STATIC}"
    ${command} ${FE_IN}/extern_call.ptx --launch ${FE_IN}/extern_apply_table.toml)
  cli_frontend_error(extern_call.${command}.address
    "${FE_IN}/extern_call.ptx:167:2: error: the address of function '_Z6squaref' is taken: lockstep gives functions no addresses, so this cannot be executed ${FE_STATIC}"
    ${command} ${FE_IN}/extern_call.ptx --launch ${FE_IN}/extern_choose.toml)
  cli_frontend_error(extern_call_G.${command}.external
    "${FE_IN}/extern_call_G.ptx:109:2: error: call to external function '_Z9transformf' has no body: it cannot be executed ${FE_STATIC}"
    ${command} ${FE_IN}/extern_call_G.ptx --launch ${FE_IN}/extern_transform_all.toml)
endforeach()

# `.loc F 0 C` is no source line: the trap, the divergent barrier and the
# deadlocked threads at them are named by their PTX line alone.
set(L0 ${FE_IN}/loc_line0.ptx)
cli_frontend_golden(loc_line0.run.deadlock loc_line0.stack.txt 3 run ${L0} --launch ${FE_IN}/loc_line0.toml)
cli_frontend_golden(loc_line0.run.trap loc_line0.trap.txt 5
  run ${L0} --launch ${FE_IN}/loc_line0_trap.toml --model mimd)
cli_frontend_golden(loc_line0.run.trap_json loc_line0.trap.json 5
  run ${L0} --launch ${FE_IN}/loc_line0_trap.toml --model mimd --json)
cli_frontend_golden(loc_line0.detect loc_line0.detect.txt 3 detect ${L0})
cli_frontend_golden(loc_line0.detect_json loc_line0.detect.json 3 detect --json ${L0})
cli_frontend_golden(loc_line0.detect_sarif loc_line0.detect.sarif 3 detect --sarif ${L0})
cli_frontend_golden(loc_line0.cfg_json loc_line0.cfg.json 0 cfg --json ${L0})
cli_frontend_golden(loc_line0.print loc_line0.print.ptx 0 print ${L0})
cli_frontend_verify(loc_line0.verify loc_line0.verify.txt 3 3 ${L0} --launch ${FE_IN}/loc_line0.toml --model stack)

# A file of device functions only: parse says so (exit 0); every command
# that needs a kernel fails with one message.
set(NE ${FE_IN}/no_entry.ptx)
cli_frontend_golden(no_entry.parse no_entry.parse.txt 0 parse ${NE})
cli_frontend_golden(no_entry.parse_with_kernels no_entry.parse_with_kernels.txt 0 parse ${FE_IN}/warp_size.ptx ${NE})
set(NE_ERROR "${NE}: error: no kernels: the file declares no .entry (device functions are analysed and run only inlined into a kernel that calls them)")
cli_frontend_error(no_entry.cfg "${NE_ERROR}" cfg ${NE})
cli_frontend_error(no_entry.detect "${NE_ERROR}" detect ${NE})
cli_frontend_error(no_entry.ssde "${NE_ERROR}" ssde ${NE} -o /dev/null)
cli_frontend_error(no_entry.print "${NE_ERROR}" print ${NE})
cli_frontend_error(no_entry.run "${NE_ERROR}" run ${NE} --launch ${FE_IN}/warp_size.toml)
cli_frontend_error(no_entry.verify "${NE_ERROR}" verify ${NE} --launch ${FE_IN}/warp_size.toml)
