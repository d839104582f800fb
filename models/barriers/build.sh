#!/usr/bin/env bash
# Regenerate the divergent-barrier kernels: every models/barriers/<name>/<name>.cu
# is compiled twice with nvcc for sm_75,
#   <name>.O3.ptx  -- nvcc -ptx -arch=sm_75 -O3        (release build)
#   <name>.G.ptx   -- nvcc -ptx -arch=sm_75 -G         (device debug, -O0-like)
#   <name>.lineinfo.ptx -- nvcc -ptx -arch=sm_75 -O3 -lineinfo, for the kernels
#                     in `lineinfo` below (functions nvcc inlines itself are
#                     visible only through -lineinfo's `.loc ... inlined_at`)
# and each PTX file is then checked with ptxas.
#
#   models/barriers/build.sh               # all of them
#   models/barriers/build.sh trap_guard    # only the named ones
#
# Nothing in lockstep's build or tests runs this script or needs nvcc: the
# generated .ptx files are committed. Set NVCC / PTXAS to override the tools
# (default: /usr/local/cuda/bin/nvcc, /usr/local/cuda/bin/ptxas). The
# committed files were produced by CUDA 13.0 (V13.0.88); another nvcc may
# emit different PTX (and different findings).
# The -G files carry .file/.loc debug lines with the absolute path of each
# .cu as it was when they were built (see README.md).
set -euo pipefail

NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

if [ $# -gt 0 ]; then
    names=("$@")
else
    names=()
    for cu in */*.cu; do names+=("$(dirname "$cu")"); done
fi

lineinfo=(library_barrier)

status=0
for name in "${names[@]}"; do
    if [ ! -f "$name/$name.cu" ]; then
        echo "no such kernel: $name" >&2; status=1; continue
    fi
    builds=(O3 G)
    for l in "${lineinfo[@]}"; do [ "$l" = "$name" ] && builds+=(lineinfo); done
    for build in "${builds[@]}"; do
        case $build in
            O3) flags=(-O3) ;;
            G) flags=(-G) ;;
            lineinfo) flags=(-O3 -lineinfo) ;;
        esac
        out="$name.$build.ptx"
        if ! (cd "$name" && "$NVCC" -ptx -arch=sm_75 "${flags[@]}" "$name.cu" -o "$out"); then
            echo "$name ($build): nvcc FAILED" >&2; status=1; continue
        fi
        if "$PTXAS" -arch=sm_75 "$name/$out" -o /dev/null; then
            echo "$name ($build): built, ptxas ok"
        else
            echo "$name ($build): ptxas FAILED" >&2; status=1
        fi
    done
done
exit $status
