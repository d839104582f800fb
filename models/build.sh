#!/usr/bin/env bash
# Regenerate every models/kernels/<name>/<name>.ptx from its <name>.cu with the
# exact command the committed files were made with, then check each PTX file
# (generated and hand-written legacy ones) with ptxas.
#
#   models/build.sh            # regenerate and check all models
#   models/build.sh spin_lock  # only the named models
#
# Nothing in lockstep's build or tests runs this script or needs nvcc: the
# generated .ptx files are committed. Set NVCC / PTXAS to override the tools
# (default: /usr/local/cuda/bin/nvcc, /usr/local/cuda/bin/ptxas). The committed
# files were produced by CUDA 13.0 (V13.0.88); another nvcc version may emit
# different PTX.
#
# Legacy PTX-only models (no .cu) are only checked. Current ptxas refuses to
# generate code for 32-bit (.address_size 32) modules, but it parses and
# type-checks the whole file first; for those files the expected message is
# "32-Bit compilation is no longer supported" and nothing else.
set -euo pipefail

NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/kernels"

if [ $# -gt 0 ]; then names=("$@"); else names=(*/); names=("${names[@]%/}"); fi

status=0
for name in "${names[@]}"; do
    [ -d "$name" ] || { echo "no such model: $name" >&2; status=1; continue; }
    if [ -f "$name/$name.cu" ]; then
        (cd "$name" && "$NVCC" -ptx -arch=sm_75 -O3 "$name.cu" -o "$name.ptx")
        if "$PTXAS" -arch=sm_75 "$name/$name.ptx" -o /dev/null; then
            echo "$name: built, ptxas ok"
        else
            echo "$name: ptxas FAILED" >&2; status=1
        fi
    elif [ -f "$name/$name.ptx" ]; then
        log=$("$PTXAS" -arch=sm_75 "$name/$name.ptx" -o /dev/null 2>&1) && rc=0 || rc=$?
        errors=$(printf '%s\n' "$log" | grep -v -e 'warning' -e '32-Bit compilation is no longer supported' || true)
        if [ -z "$errors" ]; then
            if [ $rc -eq 0 ]; then echo "$name: legacy PTX, ptxas ok"
            else echo "$name: legacy PTX, parses (ptxas no longer generates 32-bit code)"; fi
        else
            printf '%s: ptxas FAILED\n%s\n' "$name" "$log" >&2; status=1
        fi
    fi
done
exit $status
