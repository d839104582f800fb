# A stand-in for gpu_compare.py's Driver, for dry runs of `device` without a GPU
# (`gpu_compare.py selftest --dry-run`, or LOCKSTEP_GPU_BACKEND=this file).
# It "runs" a launch by writing lockstep's `its` final buffers for it, unless
# GPU_STANDIN_PLAN (JSON: kernel name -> action) says otherwise:
#   "hang" (never finishes), "jit" (the JIT rejects the module), "refuse"
#   (cuLaunchKernel refuses the configuration), "sticky"
#   (a launch failure), "crash" (the process dies), "print" (prints a line),
#   "corrupt" (flips the lowest bit of the last buffer's first byte).
# CudaError is provided by gpu_compare.py when it loads this file.
import base64
import json
import os
import time
from pathlib import Path

PLAN = json.loads(os.environ.get("GPU_STANDIN_PLAN", "{}"))
DOC = json.loads(Path(os.environ["GPU_STANDIN_DOC"]).read_text())
ROOT = Path(__file__).resolve().parent.parent


class Driver:
    def open(self):
        self.mem, self.next, self.kernel, self.inits = {}, 0x7F0000000000, None, []

    def info(self):
        return {"name": "stand-in (no GPU)", "compute_capability": "0.0", "driver_api_version": 0}

    def load(self, ptx):
        self.ptx, self.inits = ptx, []
        return object(), ""

    def function(self, mod, name):
        if PLAN.get(name) == "jit":
            raise CudaError("cuModuleLoadDataEx (JIT)", 218, "CUDA_ERROR_INVALID_PTX",  # noqa: F821
                            "a PTX JIT compilation failed", "ptxas fatal   : stand-in rejection")
        self.kernel = name
        return name

    def global_var(self, mod, name):
        p = self.next
        self.next += 1 << 20
        self.mem[p] = bytearray(4096)
        return p, 4096

    def alloc(self, data):
        self.inits.append(bytes(data))
        p = self.next
        self.next += 1 << 20
        self.mem[p] = bytearray(data)
        return p

    def htod(self, p, data):
        self.mem[p][:len(data)] = data

    def dtoh(self, p, n):
        return bytes(self.mem[p][:n])

    def free(self, p):
        pass

    def unload(self, m):
        pass

    def launch(self, f, grid, block, shared, coop, params):
        if PLAN.get(self.kernel) == "refuse":
            raise CudaError("cuLaunchKernel", 701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",  # noqa: F821
                            "too many resources requested for launch")
        self.params = params

    def sync(self):
        action = PLAN.get(self.kernel, "ok")
        if action == "hang":
            time.sleep(3600)
        if action == "sticky":
            raise CudaError("cuCtxSynchronize", 719, "CUDA_ERROR_LAUNCH_FAILED",  # noqa: F821
                            "unspecified launch failure")
        if action == "crash":
            os._exit(9)
        if action == "print":
            os.write(1, b"hello from the stand-in\n")
        for e in DOC["launches"]:
            if e.get("kernel") != self.kernel or (ROOT / e["ptx"]).read_text() != self.ptx:
                continue
            if [base64.b64decode(b["init"]) for b in e["buffers"]] != self.inits:
                continue
            its = e["lockstep"]["its"].get("buffers")
            if its == "same as mimd":
                its = e["lockstep"]["mimd"]["buffers"]
            slots = [(p, q["name"]) for p, q in zip(self.params, e["params"]) if q["kind"] == "buffer"]
            for raw, name in slots:
                p = int.from_bytes(raw, "little") | (0x7F0000000000 if len(raw) == 4 else 0)
                if its and name in its:
                    self.mem[p][:] = base64.b64decode(its[name])
            if action == "corrupt" and slots:
                raw = slots[-1][0]
                self.mem[int.from_bytes(raw, "little") | (0x7F0000000000 if len(raw) == 4 else 0)][0] ^= 1
            break
