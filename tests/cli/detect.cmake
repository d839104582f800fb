# ===========================================================================
# detect / ssde / run --reconvergence safe: end to end. Included from
# tests/cli/CMakeLists.txt (LOCKSTEP_EXE and CLI_DIR come from there).
# Goldens in golden/detect/ (regenerate with UPDATE_GOLDEN=1); every test
# runs from the repository root, so paths in reports are relative.
# ===========================================================================
set(DETECT_GOLDEN ${CLI_DIR}/golden/detect)

# Models that detection flags (exit status 3), per mode; every other model
# must come out clean (0). Every model that deadlocks under the SIMT stack
# belongs here (zero false negatives).
set(DETECT_FLAGGED_REFINED atm divergent_barrier hashtable_lock hashtable_v1 hashtable_v2 nested_locks radiosity_lock spin_lock
  ticket_lock tree_walk_lane two_locks_join wait_signal)
# tree_walk_vote: the BH-FC walk exiting on __all_sync, a false detection of the thesis's algorithm (F1 drops it).
set(DETECT_FLAGGED_THESIS ${DETECT_FLAGGED_REFINED} tree_walk_vote)
# Flagged models whose SSDE output detection still flags (ssde exits 3): a
# divergent barrier SSDE cannot remove, or loops left flagged (tree_walk_lane:
# its lanes wait for each other at __syncwarp inside the loop, which delaying
# reconvergence does not release).
set(SSDE_LEFT_FLAGGED divergent_barrier tree_walk_lane)
# Flagged models whose SSDE output still deadlocks under --model stack.
set(SSDE_STILL_STUCK divergent_barrier tree_walk_lane)

# detect --json in both modes for every bundled model:
# golden/detect/<model>.detect.json and <model>.detect.thesis.json.
file(GLOB DETECT_MODEL_PTX CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/models/kernels/*/*.ptx)
foreach(ptx ${DETECT_MODEL_PTX})
  get_filename_component(name ${ptx} NAME_WE)
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${ptx})
  set(refined_status 0)
  if(name IN_LIST DETECT_FLAGGED_REFINED)
    set(refined_status 3)
  endif()
  set(thesis_status 0)
  if(name IN_LIST DETECT_FLAGGED_THESIS)
    set(thesis_status 3)
  endif()
  add_test(NAME cli.detect.json.${name} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${DETECT_GOLDEN}/${name}.detect.json ${refined_status} detect --json ${rel})
  add_test(NAME cli.detect.thesis.${name} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${DETECT_GOLDEN}/${name}.detect.thesis.json ${thesis_status} detect --mode thesis --json ${rel})
endforeach()

# SSDE on every flagged model with every flagged loop transformed
# (--all-flagged, the thesis's SSDE): the report
# (golden/detect/<model>.ssde.report.json), and the output parses, passes
# ptxas when present, keeps the MIMD result and no longer deadlocks under the
# stack (ssde_check.sh). SSDE with evidence (the default) is pinned below.
foreach(name ${DETECT_FLAGGED_REFINED})
  set(status 0)
  if(name IN_LIST SSDE_LEFT_FLAGGED)
    set(status 3)
  endif()
  set(stack_status 0)
  if(name IN_LIST SSDE_STILL_STUCK)
    set(stack_status 3)
  endif()
  add_test(NAME cli.ssde.report.${name} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
    ${DETECT_GOLDEN}/${name}.ssde.report.json ${status}
    ssde models/kernels/${name}/${name}.ptx -o /dev/null --report --json --all-flagged)
  add_test(NAME cli.ssde.check.${name} COMMAND ${CLI_DIR}/ssde_check.sh ${LOCKSTEP_EXE} ${name} ${stack_status})
endforeach()

# Text renderings, the SSDE'd PTX itself, thesis-mode SSDE, --kernel and
# --assume-noalias-params, pinned on a few models.
function(cli_detect_golden name golden status)
  add_test(NAME cli.${name} COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE} ${DETECT_GOLDEN}/${golden} ${status} ${ARGN})
endfunction()
cli_detect_golden(detect.text.spin_lock spin_lock.detect.txt 3 detect models/kernels/spin_lock/spin_lock.ptx)
cli_detect_golden(detect.text.divergent_barrier divergent_barrier.detect.txt 3
  detect models/kernels/divergent_barrier/divergent_barrier.ptx)
cli_detect_golden(detect.text.vector_add vector_add.detect.txt 0 detect models/kernels/vector_add/vector_add.ptx)
cli_detect_golden(detect.text.nested_locks.noalias nested_locks.detect.noalias.txt 3
  detect --assume-noalias-params models/kernels/nested_locks/nested_locks.ptx)
cli_detect_golden(detect.text.spin_lock.ipdom spin_lock.detect.ipdom.txt 3
  detect --table ipdom models/kernels/spin_lock/spin_lock.ptx)
cli_detect_golden(detect.kernel_filter spin_lock.detect.txt 3
  detect --kernel _Z9spin_lockPiPVi models/kernels/spin_lock/spin_lock.ptx)
cli_detect_golden(detect.text.legacy_isa2x legacy_isa2x.detect.txt 0
  detect models/kernels/legacy_isa2x/legacy_isa2x.ptx)
cli_detect_golden(ssde.text.spin_lock spin_lock.ssde.report.txt 0
  ssde models/kernels/spin_lock/spin_lock.ptx -o /dev/null --report)
cli_detect_golden(ssde.text.two_locks_join two_locks_join.ssde.report.txt 0
  ssde models/kernels/two_locks_join/two_locks_join.ptx -o /dev/null --report)
cli_detect_golden(ssde.text.divergent_barrier divergent_barrier.ssde.report.txt 3
  ssde models/kernels/divergent_barrier/divergent_barrier.ptx -o /dev/null --report)
cli_detect_golden(ssde.ptx.spin_lock spin_lock.ssde.ptx 0 ssde models/kernels/spin_lock/spin_lock.ptx -o /dev/stdout)
cli_detect_golden(ssde.ptx.vector_add vector_add.ssde.ptx 0
  ssde models/kernels/vector_add/vector_add.ptx -o /dev/stdout)
cli_detect_golden(ssde.thesis.ticket_lock ticket_lock.ssde.thesis.report.json 0
  ssde --mode thesis models/kernels/ticket_lock/ticket_lock.ptx -o /dev/null --json)

# Divergent barriers at -O3 and -G (models/barriers/): the text of every
# file, the kernels that must come out clean on their own (exit 0), and the
# barrier inside an inlined device function in JSON and SARIF.
file(GLOB BARRIER_PTX CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/models/barriers/*/*.ptx)
foreach(ptx ${BARRIER_PTX})
  get_filename_component(stem ${ptx} NAME)
  string(REGEX REPLACE "\\.ptx$" "" stem ${stem})
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${ptx})
  cli_detect_golden(detect.barriers.${stem} barriers/${stem}.detect.txt 3 detect ${rel})
endforeach()
foreach(build O3 G)
  set(tg models/barriers/trap_guard/trap_guard.${build}.ptx)
  cli_detect_golden(detect.barriers.guarded_rounds.${build} barriers/guarded_rounds.${build}.detect.txt 0
    detect --kernel _Z14guarded_roundsPKiPiii ${tg})
  cli_detect_golden(detect.barriers.guarded_rounds.thesis.${build} barriers/guarded_rounds.${build}.detect.thesis.txt 0
    detect --mode thesis --kernel _Z14guarded_roundsPKiPiii ${tg})
  set(db models/barriers/device_barrier/device_barrier.${build}.ptx)
  cli_detect_golden(detect.barriers.device_barrier.json.${build} barriers/device_barrier.${build}.detect.json 3
    detect --json ${db})
  cli_detect_golden(detect.barriers.device_barrier.sarif.${build} barriers/device_barrier.${build}.detect.sarif 3
    detect --sarif ${db})
endforeach()
# Runs that show why: the guard's bad input ends in the trap (mimd) or in a
# deadlock with the trap arm pending (stack); the trap inside one arm of an
# if/else deadlocks the stack on valid input; only thread 0 calling the
# barrier's function deadlocks the stack.
set(TG_O3 models/barriers/trap_guard/trap_guard.O3.ptx)
set(DB_O3 models/barriers/device_barrier/device_barrier.O3.ptx)
cli_detect_golden(run.barriers.guarded_rounds.stack barriers/guarded_rounds.stack.txt 0
  run ${TG_O3} --launch models/barriers/trap_guard/launch.toml --model stack)
cli_detect_golden(run.barriers.guarded_rounds_bad.mimd barriers/guarded_rounds_bad.mimd.txt 5
  run ${TG_O3} --launch models/barriers/trap_guard/launch.bad.toml --model mimd)
cli_detect_golden(run.barriers.guarded_rounds_bad.stack barriers/guarded_rounds_bad.stack.txt 3
  run ${TG_O3} --launch models/barriers/trap_guard/launch.bad.toml --model stack)
cli_detect_golden(run.barriers.guarded_arm.stack barriers/guarded_arm.stack.txt 3
  run ${TG_O3} --launch models/barriers/trap_guard/launch.arm.toml --model stack)
cli_detect_golden(run.barriers.all_total.stack barriers/all_total.stack.txt 0
  run ${DB_O3} --launch models/barriers/device_barrier/launch.toml --model stack)
cli_detect_golden(run.barriers.leader_total.stack barriers/leader_total.stack.txt 3
  run ${DB_O3} --launch models/barriers/device_barrier/launch.leader.toml --model stack)
# Under its the if's join point only exits: no convergence barrier, the others exit, thread 0 passes (as on an H100).
cli_detect_golden(run.barriers.leader_total.its barriers/leader_total.its.txt 0
  run ${DB_O3} --launch models/barriers/device_barrier/launch.leader.toml --model its)

# SARIF: a golden for spin_lock, and every model's log validated against the
# vendored SARIF 2.1.0 schema with Python's jsonschema (skipped when missing).
cli_detect_golden(detect.sarif.spin_lock spin_lock.detect.sarif 3 detect --sarif models/kernels/spin_lock/spin_lock.ptx)
# A barrier in functions nvcc inlined itself: -lineinfo's inlined_at names the call sites.
set(lb models/barriers/library_barrier/library_barrier.lineinfo.ptx)
cli_detect_golden(detect.barriers.library_barrier.json barriers/library_barrier.lineinfo.detect.json 3 detect ${lb} --json)
cli_detect_golden(detect.barriers.library_barrier.sarif barriers/library_barrier.lineinfo.detect.sarif 3 detect ${lb} --sarif)
add_test(NAME cli.detect.sarif_schema COMMAND ${CLI_DIR}/sarif_validate.sh ${LOCKSTEP_EXE} ${DETECT_MODEL_PTX}
  ${BARRIER_PTX})
set_tests_properties(cli.detect.sarif_schema PROPERTIES SKIP_RETURN_CODE 77)
# The validator rejects what the schema rejects (a log without runs).
add_test(NAME cli.detect.sarif_schema_rejects
  COMMAND sh -c [=[command -v python3 >/dev/null || exit 77
echo '{"version": "2.1.0"}' | python3 tests/checker/report/validate_sarif.py tests/checker/report/sarif-schema-2.1.0.json -
s=$?; [ $s -eq 77 ] && exit 77; [ $s -eq 1 ]]=]
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.detect.sarif_schema_rejects PROPERTIES SKIP_RETURN_CODE 77)

# run --reconvergence safe | safe-aware: the SafePDom tables without SSDE
# (reconvergence is delayed, the code unchanged: the spin lock still spins).
foreach(table safe safe-aware)
  cli_detect_golden(run.${table}.spin_lock spin_lock.run.${table}.txt 3
    run models/kernels/spin_lock/spin_lock.ptx --launch models/kernels/spin_lock/launch.toml --model stack
    --reconvergence ${table})
  cli_detect_golden(run.${table}.nested_ifelse nested_ifelse.run.${table}.txt 0
    run models/kernels/nested_ifelse/nested_ifelse.ptx --launch models/kernels/nested_ifelse/launch.toml
    --model stack --reconvergence ${table})
endforeach()

# Usage errors (exit 1, nothing on stdout, this first stderr line).
set(DETECT_SL models/kernels/spin_lock/spin_lock.ptx)
function(cli_detect_usage name expected)
  add_test(NAME cli.detect.usage.${name} COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE} "${expected}" ${ARGN})
endfunction()
cli_detect_usage(unknown_mode "lockstep: error: unknown detection mode 'fast' (thesis, refined)"
  detect --mode fast ${DETECT_SL})
cli_detect_usage(unknown_table "lockstep: error: unknown reconvergence table 'amd' (nvidia, ipdom)"
  detect --table amd ${DETECT_SL})
cli_detect_usage(json_and_sarif "lockstep: error: --json excludes --sarif" detect --json --sarif ${DETECT_SL})
cli_detect_usage(unknown_kernel
  "lockstep: error: no kernel named 'nope' in models/kernels/spin_lock/spin_lock.ptx (kernels: _Z9spin_lockPiPVi)"
  detect --kernel nope ${DETECT_SL})
cli_detect_usage(missing_file "lockstep: error: file is required" detect --json)
cli_detect_usage(malformed_ptx
  "tests/cli/malformed/missing_semicolon.ptx:9:2: error: expected ';' after instruction, found 'ret'"
  detect tests/cli/malformed/missing_semicolon.ptx)
cli_detect_usage(ssde_missing_output "lockstep: error: --output is required" ssde ${DETECT_SL})
cli_detect_usage(ssde_unknown_mode "lockstep: error: unknown detection mode 'fast' (thesis, refined)"
  ssde --mode fast ${DETECT_SL} -o /dev/null)
cli_detect_usage(ssde_unwritable "/nonexistent/out.ptx: error: cannot write file" ssde ${DETECT_SL} -o /nonexistent/out.ptx)
cli_detect_usage(run_unknown_reconvergence
  "lockstep: error: unknown reconvergence table 'safest' (nvidia, ipdom, safe, safe-aware)"
  run models/kernels/vector_add/vector_add.ptx --launch models/kernels/vector_add/launch.toml --reconvergence safest)
