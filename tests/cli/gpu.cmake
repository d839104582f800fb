# ===========================================================================
# gpu: `lockstep gpu show` and `gpu list`. Included from
# tests/cli/CMakeLists.txt (LOCKSTEP_EXE and CLI_DIR come from there).
# Hand-written inputs in gpu_inputs/, goldens in golden/gpu/ (regenerate
# with UPDATE_GOLDEN=1 and review the diff); every test runs from the
# repository root.
# ===========================================================================
set(GPU_GOLDEN ${CLI_DIR}/golden/gpu)

# GPGPU-Sim configurations written for the tests (gpu_inputs/<name>/
# gpgpusim.config with their BookSim files): golden TOML and warnings, and
# the TOML read back to the same value.
file(GLOB GPU_CONFIGS CONFIGURE_DEPENDS ${CLI_DIR}/gpu_inputs/*/gpgpusim.config)
foreach(config ${GPU_CONFIGS})
  get_filename_component(dir ${config} DIRECTORY)
  get_filename_component(name ${dir} NAME)
  add_test(NAME cli.gpu.import.${name} COMMAND ${CLI_DIR}/gpu_golden.sh ${LOCKSTEP_EXE}
    ${GPU_GOLDEN}/${name}.toml tests/cli/gpu_inputs/${name}/gpgpusim.config)
endforeach()

# Every bundled GPU: its TOML as lockstep writes it, read back unchanged.
file(GLOB BUNDLED_GPUS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/models/gpus/*.toml)
foreach(toml ${BUNDLED_GPUS})
  get_filename_component(name ${toml} NAME_WE)
  add_test(NAME cli.gpu.bundled.${name} COMMAND ${CLI_DIR}/gpu_golden.sh ${LOCKSTEP_EXE}
    ${GPU_GOLDEN}/bundled.${name}.toml ${name})
endforeach()

# The list, the text and JSON renderings.
add_test(NAME cli.gpu.list COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE} ${GPU_GOLDEN}/list.txt 0 gpu list)
add_test(NAME cli.gpu.show_text.gtx480 COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE} ${GPU_GOLDEN}/gtx480.txt 0
  gpu show gtx480)
add_test(NAME cli.gpu.show_text.tiny_bows COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${GPU_GOLDEN}/tiny_bows.txt 0 gpu show tests/cli/sim_inputs/tiny_bows.toml)
add_test(NAME cli.gpu.show_text.tiny_cawa COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE}
  ${GPU_GOLDEN}/tiny_cawa.txt 0 gpu show tests/cli/sim_inputs/tiny_cawa.toml)
add_test(NAME cli.gpu.show_json.tiny COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE} ${GPU_GOLDEN}/tiny.json 0
  gpu show tiny --json)
add_test(NAME cli.gpu.show_json.hbm_style COMMAND ${CLI_DIR}/golden.sh ${LOCKSTEP_EXE} ${GPU_GOLDEN}/hbm_style.json 0
  gpu show tests/cli/gpu_inputs/hbm_style/gpgpusim.config --json)

# Malformed and inconsistent configurations (exit 1, one stderr line):
# gpu_inputs/bad/<name>.config or <name>.toml + <name>.expected.
file(GLOB BAD_GPUS CONFIGURE_DEPENDS ${CLI_DIR}/gpu_inputs/bad/*.config ${CLI_DIR}/gpu_inputs/bad/*.toml)
foreach(bad ${BAD_GPUS})
  get_filename_component(file ${bad} NAME)
  add_test(NAME cli.gpu.bad.${file} COMMAND ${CLI_DIR}/gpu_bad.sh ${LOCKSTEP_EXE} ${file})
endforeach()

# Usage errors.
function(cli_gpu_usage name expected)
  add_test(NAME cli.gpu.usage.${name} COMMAND ${CLI_DIR}/expect_error.sh ${LOCKSTEP_EXE} "${expected}" ${ARGN})
endfunction()
cli_gpu_usage(unknown_gpu
  "lockstep: error: unknown GPU 'gtx48' (did you mean 'gtx480'?) (bundled: fx5800-fermi, gtx1080ti, gtx480, kilotm, qv100, teslac2050, tiny; or a .toml or gpgpusim.config file)"
  gpu show gtx48)
cli_gpu_usage(toml_and_json "lockstep: error: --toml excludes --json" gpu show tiny --toml --json)
cli_gpu_usage(missing_file "/nonexistent/gpgpusim.config: error: cannot read file: No such file or directory"
  gpu show /nonexistent/gpgpusim.config)
cli_gpu_usage(no_subcommand "lockstep: error: A subcommand is required" gpu)
