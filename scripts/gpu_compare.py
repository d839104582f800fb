#!/usr/bin/env python3
"""Compare lockstep's results for the bundled launches with a real GPU's.

  prepare --lockstep BIN -o DIR   run lockstep (mimd, stack, its) on every bundled
                                  launch here; write DIR/lockstep.json with the
                                  launches' initial buffers and lockstep's results
  device DIR [--out D]            on a machine with an NVIDIA GPU: run every launch
                                  of DIR/lockstep.json through the CUDA driver API
                                  (libcuda via ctypes, the driver JIT-compiles the
                                  PTX); write D/gpu.json (default D = DIR)
  report DIR [--gpu FILE] -o MD   a markdown table: GPU vs [expect], GPU vs lockstep
  selftest --lockstep BIN         check the initial-contents reproduction against
                                  lockstep on the bundled launches

Only the standard library is needed; docs/gpu-check.md says what is compared.
"""

from __future__ import annotations

import argparse
import base64
import ctypes
import json
import math
import os
import platform
import re
import selectors
import shutil
import signal
import struct
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMAT = 1
MODELS = ("mimd", "stack", "its")
LAUNCH_GLOBS = ("models/kernels/*/launch*.toml", "models/barriers/*/launch*.toml", "models/tm/*/launch*.toml",
                "models/corpus/*/launch*.toml", "bench/gpu-check/variants/*/launch*.toml")
SKIP_SPEC_SUFFIXES = (".verify.toml", ".study.toml")

# ---------------------------------------------------------------------------
# element types (semantics/spec/element.hpp, buffer_init.hpp)

WIDTH = {"u8": 1, "s8": 1, "b8": 1, "u16": 2, "s16": 2, "b16": 2, "f16": 2, "u32": 4, "s32": 4, "b32": 4, "f32": 4,
         "u64": 8, "s64": 8, "b64": 8, "f64": 8}
FLOAT_FMT = {"f16": "<e", "f32": "<f", "f64": "<d"}
INT_FMT = {1: "<B", 2: "<H", 4: "<I", 8: "<Q"}


class SpecError(Exception):
    """A launch this script cannot reproduce (the launch is marked unsupported)."""


def is_float(t: str) -> bool:
    return t in FLOAT_FMT


def float_bits(t: str, x: float) -> int:
    """Bits of x rounded to nearest even in the float type t (overflow gives inf, as a C conversion)."""
    if t == "f64":
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    if math.isnan(x):
        return 0x7E00 if t == "f16" else 0x7FC00000
    try:
        b = struct.pack(FLOAT_FMT[t], x)
    except (OverflowError, struct.error):
        inf = 0x7C00 if t == "f16" else 0x7F800000
        sign = 0x8000 if t == "f16" else 0x80000000
        return inf | (sign if x < 0 else 0)
    return struct.unpack(INT_FMT[WIDTH[t]], b)[0]


def bits_to_float(t: str, bits: int) -> float:
    return struct.unpack(FLOAT_FMT[t], struct.pack(INT_FMT[WIDTH[t]], bits))[0]


def encode(t: str, v) -> int:
    """The bits of one value given as a TOML value or as lockstep's JSON prints it."""
    w = WIDTH[t]
    if isinstance(v, str):
        s = v.strip().lower()
        if is_float(t):
            if s in ("nan", "-nan", "+nan"):
                return float_bits(t, math.nan)
            return float_bits(t, float(s))
        v = int(s, 0)
    if isinstance(v, bool):
        raise SpecError(f"boolean value {v} for {t}")
    if is_float(t):
        return float_bits(t, float(v))
    if isinstance(v, float):
        if not v.is_integer():
            raise SpecError(f"float {v} for integer type {t}")
        v = int(v)
    return v & ((1 << (8 * w)) - 1)


def pack(t: str, bits_list) -> bytes:
    w = WIDTH[t]
    return b"".join(int(b).to_bytes(w, "little") for b in bits_list)


def unpack(t: str, data: bytes) -> list[int]:
    w = WIDTH[t]
    return [int.from_bytes(data[i:i + w], "little") for i in range(0, len(data), w)]


def blob(data: bytes) -> str:
    return base64.b64encode(data).decode()


def unblob(text: str) -> bytes:
    return base64.b64decode(text)


def half_bits(x: float) -> int:
    return float_bits("f16", x)


def random_draw(seed: int, index: int) -> int:
    m = (1 << 64) - 1
    z = (seed + (index + 1) * 0x9E3779B97F4A7C15) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return z ^ (z >> 31)


def random_element(t: str, seed: int, i: int) -> int:
    r = random_draw(seed, i)
    if t == "f16":
        return half_bits(math.ldexp(r >> 53, -11))
    if t == "f32":
        return float_bits("f32", math.ldexp(r >> 40, -24))
    if t == "f64":
        return float_bits("f64", math.ldexp(r >> 11, -53))
    return r & ((1 << (8 * WIDTH[t])) - 1)


def iota_element(t: str, i: int) -> int:
    if t == "f16":
        return 0x7C00 if i >= 65520 else half_bits(float(i))
    if is_float(t):
        return float_bits(t, float(i))
    return i & ((1 << (8 * WIDTH[t])) - 1)


def parse_seed(text: str) -> int:
    if re.fullmatch(r"0[xX][0-9a-fA-F]+", text) or re.fullmatch(r"[0-9]+", text):
        v = int(text, 0) if text[:2].lower() == "0x" else int(text)
        if v < (1 << 64):
            return v
    raise SpecError(f"bad seed '{text}'")


def init_bytes(buf: dict, spec_dir: Path) -> bytes:
    """The initial contents of one [[buffer]] (buffer_init.cpp's rules)."""
    t = buf["type"]
    if t not in WIDTH or t.startswith("b"):
        raise SpecError(f"buffer '{buf.get('name')}': type '{t}'")
    init = buf.get("init", "zeros")
    count = buf.get("count")
    if isinstance(init, list):
        if count is not None and count != len(init):
            raise SpecError(f"buffer '{buf['name']}': {len(init)} values but count {count}")
        return pack(t, [encode(t, v) for v in init])
    if count is None:
        raise SpecError(f"buffer '{buf['name']}': no count")
    if init == "zeros":
        return bytes(count * WIDTH[t])
    if init == "iota":
        return pack(t, [iota_element(t, i) for i in range(count)])
    if init == "symbolic":
        raise SpecError(f"buffer '{buf['name']}' is symbolic (a verify input, not a concrete launch)")
    if init.startswith("random:"):
        seed = parse_seed(init[7:])
        return pack(t, [random_element(t, seed, i) for i in range(count)])
    if init.startswith("file:"):
        p = Path(init[5:])
        if not p.is_absolute():
            p = spec_dir / p
        data = p.read_bytes()
        if len(data) != count * WIDTH[t]:
            raise SpecError(f"buffer '{buf['name']}': file {p} holds {len(data)} bytes")
        return data
    raise SpecError(f"buffer '{buf['name']}': unknown init '{init}'")


# ---------------------------------------------------------------------------
# PTX facts the launch needs (kernel list, address size, .const declarations)

def ptx_address_size(text: str) -> int:
    m = re.search(r"^\s*\.address_size\s+(\d+)", text, re.M)
    return int(m.group(1)) if m else 32  # before PTX ISA 2.3 the default is 32-bit addressing


def ptx_global_type(text: str, name: str) -> str:
    m = re.search(r"\.(?:const|global)\s+(?:\.align\s+\d+\s+)?\.([busf]\d+)\s+" + re.escape(name) + r"\b", text)
    if not m:
        raise SpecError(f"constant '{name}' is not declared in the PTX")
    return m.group(1)


def scalar_param(p: dict, where: str) -> dict:
    if p.get("symbolic"):
        raise SpecError(f"{where} is symbolic (a verify input)")
    t = p.get("type")
    if t not in WIDTH:
        raise SpecError(f"{where}: type '{t}'")
    return {"kind": "scalar", "type": t, "data": blob(pack(t, [encode(t, p["value"])]))}


def constants(spec: dict, ptx_text: str) -> list[dict]:
    out = []
    for name, v in spec.get("constants", {}).items():
        if isinstance(v, dict):
            t = v["type"]
            vals = v["values"] if "values" in v else [v["value"]]
        else:
            t = ptx_global_type(ptx_text, name)
            vals = v if isinstance(v, list) else [v]
        if t.startswith("b"):
            t = "u" + t[1:]
        out.append({"name": name, "type": t, "data": blob(pack(t, [encode(t, x) for x in vals]))})
    return out


def expectations(spec: dict, buffers: list[dict]) -> dict:
    types = {b["name"]: (b["type"], b["count"]) for b in buffers}
    out = {}
    for name, v in spec.get("expect", {}).items():
        t, count = types[name]
        vals = v if isinstance(v, list) else [v] * count
        out[name] = blob(pack(t, [encode(t, x) for x in vals]))
    return out


def spec_ptx_files(spec_path: Path) -> list[Path]:
    """The PTX files a launch spec runs with: every .ptx of its folder but the -lineinfo copies."""
    return sorted(p for p in spec_path.parent.glob("*.ptx") if not p.name.endswith(".lineinfo.ptx"))


def bundled_specs() -> list[Path]:
    out = []
    for g in LAUNCH_GLOBS:
        out += [p for p in sorted(ROOT.glob(g)) if not p.name.endswith(SKIP_SPEC_SUFFIXES)]
    return out


# ---------------------------------------------------------------------------
# lockstep

def run_lockstep(binary: str, ptx: Path, spec: Path, model: str, max_steps: int, timeout: float) -> dict:
    cmd = [binary, "run", str(ptx.relative_to(ROOT)), "--launch", str(spec.relative_to(ROOT)), "--model", model,
           "--json", "--max-steps", str(max_steps)]
    try:
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "detail": f"lockstep ran over {timeout:g} s"}
    try:
        j = json.loads(p.stdout)
    except json.JSONDecodeError:
        msg = (p.stderr.strip() or p.stdout.strip()).splitlines()
        return {"status": "refused", "detail": msg[0] if msg else f"exit status {p.returncode}"}
    return j


def lockstep_buffers(j: dict, buffers: list[dict]) -> dict:
    types = {b["name"]: b["type"] for b in buffers}
    return {name: blob(pack(types[name], [encode(types[name], v) for v in vals]))
            for name, vals in j.get("buffers", {}).items() if name in types}


def model_buffers(entry: dict, model: str):
    """lockstep's final buffers under a model (None when the run did not end with buffers)."""
    b = entry["lockstep"][model].get("buffers")
    return entry["lockstep"]["mimd"].get("buffers") if b == "same as mimd" else b


def lockstep_detail(j: dict) -> str:
    if j.get("fault"):
        f = j["fault"]
        return f"{f.get('kind')}: {f.get('message')} (PTX line {f.get('line')})"
    if j.get("status") in ("deadlock", "livelock") and j.get("stuck"):
        s = j["stuck"][0]
        return f"{len(j['stuck'])} stuck groups, first: block {s.get('block')} warp {s.get('warp')} {s.get('reason')}"
    return j.get("detail", "")


def ptxas_check(ptx: Path) -> str:
    """ptxas's verdict for sm_90 (what the driver JIT will say), when ptxas is installed here."""
    ptxas = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if Path("/usr/local/cuda/bin/ptxas").exists() else None)
    if not ptxas:
        return "not checked (no ptxas)"
    p = subprocess.run([ptxas, "-arch=sm_90", str(ptx), "-o", os.devnull], capture_output=True, text=True)
    if p.returncode == 0:
        return "ok"
    fatal = [line for line in p.stderr.splitlines() if "fatal" in line or "error" in line]
    return "rejected: " + (fatal[0].strip() if fatal else p.stderr.strip()[:200])


def prepare_launch(binary: str, spec_path: Path, ptx: Path, max_steps: int, timeout: float) -> dict:
    rel = spec_path.relative_to(ROOT)
    spec = tomllib.loads(spec_path.read_text())
    ptx_text = ptx.read_text()
    variant = ptx.name[len(spec_path.parent.name):-len(".ptx")].strip(".")
    lid = str(rel.parent).removeprefix("models/") + ("" if rel.name == "launch.toml" else ":" + rel.name[7:-5])
    if variant:
        lid += "@" + variant
    entry = {"id": lid, "spec": str(rel), "ptx": str(ptx.relative_to(ROOT))}
    try:
        unknown = set(spec) - {"kernel", "grid", "block", "shared_bytes", "registers", "cooperative", "params",
                               "buffer", "constants", "expect"}
        if unknown:
            raise SpecError(f"spec keys this script does not know: {sorted(unknown)}")
        buffers = []
        for b in spec.get("buffer", []):
            data = init_bytes(b, spec_path.parent)
            buffers.append({"name": b["name"], "type": b["type"], "count": len(data) // WIDTH[b["type"]],
                            "init": blob(data)})
        names = {b["name"] for b in buffers}
        params = []
        for i, p in enumerate(spec.get("params", [])):
            if isinstance(p, str):
                if p not in names:
                    raise SpecError(f"params[{i}] names no buffer: {p}")
                params.append({"kind": "buffer", "name": p})
            else:
                params.append(scalar_param(p, f"params[{i}]"))
        entry.update({
            "grid": (list(spec["grid"]) + [1, 1])[:3], "block": (list(spec["block"]) + [1, 1])[:3],
            "shared_bytes": spec.get("shared_bytes", 0), "cooperative": bool(spec.get("cooperative", False)),
            "address_size": ptx_address_size(ptx_text), "params": params, "buffers": buffers,
            "constants": constants(spec, ptx_text), "expect": expectations(spec, buffers),
        })
    except SpecError as e:
        entry["unsupported"] = str(e)
        return entry
    entry["ptxas_sm90"] = ptxas_check(ptx)
    results = {}
    for model in MODELS:
        j = run_lockstep(binary, ptx, spec_path, model, max_steps, timeout)
        r = {"status": j["status"], "detail": lockstep_detail(j)}
        if "kernel" in j:
            entry.setdefault("kernel", j["kernel"])
        if "buffers" in j:
            r["buffers"] = lockstep_buffers(j, entry["buffers"])
            r["output"] = j.get("output", "")
            r["steps"] = j.get("steps")
            exp = j.get("expect") or []
            if exp:
                r["expect_ok"] = all(e.get("ok") for e in exp)
        results[model] = r
    for model in ("stack", "its"):  # keep the file small: a model's buffers equal to mimd's are not repeated
        if "buffers" in results[model] and results[model]["buffers"] == results["mimd"].get("buffers"):
            results[model]["buffers"] = "same as mimd"
    entry["lockstep"] = results
    if "kernel" not in entry:
        entry["unsupported"] = "lockstep refused the launch: " + results["mimd"].get("detail", "")
    entry["init_check"] = check_init(binary, ptx, spec_path, entry, timeout)
    return entry


def check_init(binary: str, ptx: Path, spec_path: Path, entry: dict, timeout: float) -> str:
    """Compare the reproduced initial buffers with lockstep's after one step (no store can run in the
    first step: the kernel has to load its parameters first). Floats compare as values (lockstep's JSON
    drops NaN payloads and the sign of zero)."""
    j = run_lockstep(binary, ptx, spec_path, "mimd", 1, timeout)
    if "buffers" not in j:
        return "not checked: " + j.get("detail", j.get("status", "?"))
    got = lockstep_buffers(j, entry["buffers"])
    for b in entry["buffers"]:
        d = first_difference(b["type"], unblob(b["init"]), unblob(got[b["name"]]))
        if d is not None:
            return f"MISMATCH in {b['name']}: {d}"
    return "ok"


def prepare(args) -> int:
    binary = str(Path(args.lockstep).resolve())
    out_dir = Path(args.o)
    out_dir.mkdir(parents=True, exist_ok=True)
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    launches = []
    for spec_path in bundled_specs():
        rel = str(spec_path.relative_to(ROOT))
        if args.only and not any(o in rel for o in args.only):
            continue
        ptxs = spec_ptx_files(spec_path)
        if not ptxs:
            launches.append({"id": rel, "spec": rel, "unsupported": "no PTX file next to the spec"})
            continue
        for ptx in ptxs:
            e = prepare_launch(binary, spec_path, ptx, args.max_steps, args.timeout)
            launches.append(e)
            ls = e.get("lockstep", {})
            print(f"{e['id']:45s} " + (f"unsupported: {e['unsupported']}" if "unsupported" in e else
                  " ".join(f"{m}={ls[m]['status']}" for m in MODELS) + f" init={e['init_check']}"), flush=True)
    doc = {"format": FORMAT, "lockstep_version": version, "max_steps": args.max_steps, "models": list(MODELS),
           "launches": launches}
    (out_dir / "lockstep.json").write_text(json.dumps(doc, indent=1) + "\n")
    bad = [e["id"] for e in launches if e.get("init_check", "ok") != "ok" and not e.get("init_check", "").startswith("not")]
    print(f"{len(launches)} launches, {sum('unsupported' in e for e in launches)} unsupported; "
          f"wrote {out_dir / 'lockstep.json'}")
    if bad:
        print("initial contents differ from lockstep's: " + ", ".join(bad), file=sys.stderr)
        return 1
    return 0


DRY_RUN = {  # launch id -> (stand-in action for its kernel, GPU status, verdict)
    "kernels/reduce_shared": ("ok", "completed", "agrees"),
    "kernels/tree_walk_lane": ("ok", "completed", "agrees"),
    "kernels/printf_kernel": ("print", "completed", "agrees"),
    "kernels/vector_add": ("corrupt", "completed", "close (floats within 4 ulp)"),
    "kernels/spin_lock": ("hang", "timeout", "DISAGREES"),
    "kernels/matmul_tiled": ("refuse", "error", "GPU refuses the launch"),
    "kernels/atm": ("crash", "error", "DISAGREES"),
    "kernels/legacy_isa12": ("jit", "error", "GPU rejects the PTX"),
    "barriers/trap_guard:bad@O3": ("sticky", "error", "agrees"),
    "barriers/device_barrier:leader@O3": ("hang", "timeout", "DISAGREES"),
    "kernels/divergent_barrier": ("ok", "completed", "undefined behaviour"),
    "tm/tm_hashtable": ("ok", "completed", "not comparable"),
}


def dry_run(args) -> int:
    """`device` and `report` on a few committed launches with the stand-in driver
    (scripts/gpu_compare_standin.py): hangs, crashes, JIT rejections, sticky errors."""
    import tempfile
    d = ROOT / "bench/gpu-check"
    doc = json.loads((d / "lockstep.json").read_text())
    by_id = {e["id"]: e for e in doc["launches"]}
    plan = {by_id[i]["kernel"]: a for i, (a, _, _) in DRY_RUN.items()}
    env = {"LOCKSTEP_GPU_BACKEND": str(ROOT / "scripts/gpu_compare_standin.py"),
           "GPU_STANDIN_DOC": str(d / "lockstep.json"), "GPU_STANDIN_PLAN": json.dumps(plan)}
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, str(Path(__file__).resolve()), "device", str(d), "--out", tmp, "--timeout", "2",
               "--only", *DRY_RUN]
        p = subprocess.run(cmd, env={**os.environ, **env}, capture_output=True, text=True, timeout=120)
        gpu = json.loads((Path(tmp) / "gpu.json").read_text())
        rc = report(argparse.Namespace(dir=str(d), gpu=str(Path(tmp) / "gpu.json"), o=str(Path(tmp) / "r.md")))
    bad = [] if p.returncode == 0 and rc == 0 else [f"device exit {p.returncode}: {p.stderr[-500:]}"]
    for lid, (_, status, want) in DRY_RUN.items():
        g = gpu["results"].get(lid, {})
        got = verdict(by_id[lid], g)[2]
        if g.get("status") != status or got != want:
            bad.append(f"{lid}: GPU {g.get('status')} (want {status}), verdict {got} (want {want})")
    if gpu["results"].get("kernels/printf_kernel", {}).get("stdout") != "hello from the stand-in\n":
        bad.append("printf output not captured per launch")
    if len(gpu["results"]) != len(DRY_RUN):
        bad.append(f"{len(gpu['results'])} results for {len(DRY_RUN)} launches")
    for b in bad:
        print("dry run: " + b)
    print(f"dry run of device and report: {'ok' if not bad else 'FAILED'} ({len(DRY_RUN)} launches)")
    return 1 if bad or shim_run(d, by_id) else 0


def shim_run(d: Path, by_id: dict) -> int:
    """`device` through the real ctypes layer, against scripts/gpu_compare_shim.c built as libcuda.so.1."""
    import tempfile
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        print("ctypes layer against the libcuda shim: skipped (no C compiler)")
        return 0
    ids = ["kernels/vector_add", "kernels/legacy_isa12", "kernels/printf_kernel"]
    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp) / "libcuda.so.1"
        subprocess.run([cc, "-shared", "-fPIC", "-O1", "-o", str(lib), str(ROOT / "scripts/gpu_compare_shim.c")],
                       check=True)
        env = {k: v for k, v in os.environ.items() if k != "LOCKSTEP_GPU_BACKEND"}
        env["LD_LIBRARY_PATH"] = tmp + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
        p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "device", str(d), "--out", tmp,
                            "--timeout", "10", "--only", *ids], env=env, capture_output=True, text=True, timeout=120)
        gpu = json.loads((Path(tmp) / "gpu.json").read_text())
    res = gpu["results"]
    checks = [
        (p.returncode == 0, f"device exit {p.returncode}: {p.stderr[-300:]}"),
        (gpu.get("device", {}).get("name") == "libcuda shim 0", "device name"),
        (verdict(by_id[ids[0]], res.get(ids[0], {}))[2] == "agrees", "vector_add computed from the parameters"),
        (res.get(ids[1], {}).get("log") == "shim: 32-bit PTX", "the JIT error log"),
        (res.get(ids[2], {}).get("stdout") == "shim printf: scale 0.500\n", "printf through C stdio"),
    ]
    failed = [what for ok, what in checks if not ok]
    print("ctypes layer against the libcuda shim: " + ("ok" if not failed else "FAILED: " + "; ".join(failed)))
    return 1 if failed else 0


def selftest(args) -> int:
    """Unit checks of the pure parts, then the init reproduction against lockstep."""
    checks = [
        (random_draw(0, 0) == 0xE220A8397B1DCDAF, "splitmix64's first output for seed 0"),
        (iota_element("f16", 2049) == 0x6800 and iota_element("f16", 65520) == 0x7C00, "f16 iota rounding"),
        (iota_element("u8", 256) == 0 and iota_element("s8", 128) == 0x80, "integer iota wraps"),
        (encode("s32", -1) == 0xFFFFFFFF and encode("u64", "0xffffffffffffffff") == (1 << 64) - 1, "integers"),
        (encode("f32", "inf") == 0x7F800000 and encode("f16", 1e6) == 0x7C00 and encode("f32", 0.1) == 0x3DCCCCCD,
         "float encoding"),
        (first_difference("f32", pack("f32", [encode("f32", "nan")]), pack("f32", [0x7FC00001])) is None, "NaN = NaN"),
        (first_difference("f32", pack("f32", [0x80000000]), pack("f32", [0])) is None, "-0 = +0"),
        (first_difference("s32", pack("s32", [1, encode("s32", -2)]), pack("s32", [1, 3])) == "[1] -2 vs 3", "first difference"),
        (ulp_distance("f32", 0x3F800000, 0x3F800001) == 1 and ulp_distance("f32", 0x80000001, 1) == 2, "ulps"),
    ]
    failed = [what for ok, what in checks if not ok]
    if failed:
        print("pure checks FAILED: " + ", ".join(failed))
        return 1
    print("pure checks: ok")
    if args.dry_run and dry_run(args) != 0:
        return 1
    if not args.lockstep:
        return 0
    binary = str(Path(args.lockstep).resolve())
    bad = 0
    n = 0
    for spec_path in bundled_specs():
        for ptx in spec_ptx_files(spec_path)[:1]:
            e = {"buffers": []}
            spec = tomllib.loads(spec_path.read_text())
            try:
                for b in spec.get("buffer", []):
                    data = init_bytes(b, spec_path.parent)
                    e["buffers"].append({"name": b["name"], "type": b["type"], "init": blob(data)})
            except SpecError as err:
                print(f"{spec_path.relative_to(ROOT)}: skipped ({err})")
                continue
            r = check_init(binary, ptx, spec_path, e, args.timeout)
            n += 1
            if r != "ok":
                bad += 1
                print(f"{spec_path.relative_to(ROOT)}: {r}")
    # Every element type and init form (file:, random with a 64-bit seed, iota past f16's range, edge literals).
    spec_path = ROOT / "scripts/gpu_compare_init/launch.toml"
    e = {"buffers": [{"name": b["name"], "type": b["type"], "init": blob(init_bytes(b, spec_path.parent))}
                     for b in tomllib.loads(spec_path.read_text())["buffer"]]}
    r = check_init(binary, ROOT / "models/kernels/vector_add/vector_add.ptx", spec_path, e, args.timeout)
    n += 1
    if r != "ok":
        bad += 1
        print(f"{spec_path.relative_to(ROOT)}: {r}")
    print(f"init reproduction: {n - bad}/{n} launch specs agree with lockstep")
    # The check must be able to fail: a reproduction off by one element is caught.
    spec_path = ROOT / "models/kernels/vector_add/launch.toml"
    e = {"buffers": [{"name": "a", "type": "f32", "init": blob(pack("f32", [iota_element("f32", i + 1) for i in range(100)]))}]}
    r = check_init(binary, spec_ptx_files(spec_path)[0], spec_path, e, args.timeout)
    if not r.startswith("MISMATCH in a: [0] 1.0 vs 0.0"):
        print(f"a wrong reproduction was not caught: {r}")
        bad += 1
    return 1 if bad else 0


# ---------------------------------------------------------------------------
# comparison

def first_difference(t: str, a: bytes, b: bytes, ulps: int = 0):
    """None when equal (floats: NaN equals NaN, +0 equals -0, and up to `ulps` units apart), else a text."""
    if len(a) != len(b):
        return f": {len(a)} vs {len(b)} bytes"
    xa, xb = unpack(t, a), unpack(t, b)
    for i, (p, q) in enumerate(zip(xa, xb)):
        if p == q:
            continue
        if is_float(t):
            fp, fq = bits_to_float(t, p), bits_to_float(t, q)
            if (math.isnan(fp) and math.isnan(fq)) or fp == fq:
                continue
            if ulps and ulp_distance(t, p, q) <= ulps:
                continue
            return f"[{i}] {fp!r} vs {fq!r}"
        if t.startswith("s"):
            w = 8 * WIDTH[t]
            p, q = (p - (1 << w) if p >> (w - 1) else p), (q - (1 << w) if q >> (w - 1) else q)
        return f"[{i}] {p} vs {q}"
    return None


def ulp_distance(t: str, p: int, q: int) -> int:
    w = 8 * WIDTH[t]
    sign = 1 << (w - 1)

    def ordered(x):
        return (sign - (x & (sign - 1))) if x & sign else (sign + x)
    return abs(ordered(p) - ordered(q))


def compare_buffers(entry: dict, mine: dict, theirs: dict, ulps: int = 0) -> dict:
    """buffer name -> difference text, for the buffers both sides hold that differ."""
    out = {}
    for b in entry["buffers"]:
        if b["name"] in mine and b["name"] in theirs:
            d = first_difference(b["type"], unblob(mine[b["name"]]), unblob(theirs[b["name"]]), ulps)
            if d is not None:
                out[b["name"]] = d
    return out


# ---------------------------------------------------------------------------
# device: the CUDA driver API through ctypes

class CudaError(Exception):
    def __init__(self, call: str, code: int, name: str, text: str, log: str = ""):
        super().__init__(f"{call}: {name} ({text}), error {code}" + (f"\n{log}" if log else ""))
        self.call, self.code, self.name, self.text, self.log = call, code, name, text, log


CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 3, 4
CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 5, 6
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8


class Driver:
    """The few driver API calls a launch needs, with exact parameter bytes (cuLaunchKernel's kernelParams)."""

    def __init__(self):
        try:
            self.lib = ctypes.CDLL("libcuda.so.1")
        except OSError as e:
            raise RuntimeError(f"cannot load the CUDA driver library libcuda.so.1 ({e}); run `device` on a "
                               "machine with an NVIDIA driver") from e
        L, P, U, S, I, C = ctypes.POINTER, ctypes.c_void_p, ctypes.c_uint, ctypes.c_size_t, ctypes.c_int, ctypes.c_char_p
        U64 = ctypes.c_uint64
        sig = {
            "cuInit": [U], "cuDriverGetVersion": [L(I)], "cuDeviceGet": [L(I), I], "cuDeviceGetName": [C, I, I],
            "cuDeviceGetAttribute": [L(I), I, I], "cuDevicePrimaryCtxRetain": [L(P), I], "cuCtxSetCurrent": [P],
            "cuModuleLoadDataEx": [L(P), C, U, L(I), L(P)], "cuModuleGetFunction": [L(P), P, C],
            "cuModuleGetGlobal_v2": [L(U64), L(S), P, C], "cuMemAlloc_v2": [L(U64), S], "cuMemFree_v2": [U64],
            "cuMemcpyHtoD_v2": [U64, P, S], "cuMemcpyDtoH_v2": [P, U64, S],
            "cuLaunchKernel": [P, U, U, U, U, U, U, U, P, L(P), L(P)],
            "cuLaunchCooperativeKernel": [P, U, U, U, U, U, U, U, P, L(P)],
            "cuFuncSetAttribute": [P, I, I], "cuCtxSynchronize": [], "cuModuleUnload": [P],
            "cuGetErrorName": [I, L(C)], "cuGetErrorString": [I, L(C)],
        }
        for name, argtypes in sig.items():
            f = getattr(self.lib, name)
            f.argtypes, f.restype = argtypes, I
        self.ctx = None

    def err_text(self, code: int):
        n, s = ctypes.c_char_p(), ctypes.c_char_p()
        if self.lib.cuGetErrorName(code, ctypes.byref(n)) != 0 or self.lib.cuGetErrorString(code, ctypes.byref(s)):
            return f"CUresult {code}", "no error text from the driver"
        return (n.value or b"?").decode(), (s.value or b"?").decode()

    def check(self, call: str, code: int, log: str = ""):
        if code != 0:
            name, text = self.err_text(code)
            raise CudaError(call, code, name, text, log)

    def open(self):
        self.check("cuInit", self.lib.cuInit(0))
        dev = ctypes.c_int()
        self.check("cuDeviceGet", self.lib.cuDeviceGet(ctypes.byref(dev), 0))
        self.dev = dev.value
        ctx = ctypes.c_void_p()
        self.check("cuDevicePrimaryCtxRetain", self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), self.dev))
        self.check("cuCtxSetCurrent", self.lib.cuCtxSetCurrent(ctx))
        self.ctx = ctx

    def info(self) -> dict:
        v, name = ctypes.c_int(), ctypes.create_string_buffer(256)
        self.check("cuDriverGetVersion", self.lib.cuDriverGetVersion(ctypes.byref(v)))
        self.check("cuDeviceGetName", self.lib.cuDeviceGetName(name, 256, self.dev))
        cc = []
        for attr in (75, 76):
            a = ctypes.c_int()
            self.check("cuDeviceGetAttribute", self.lib.cuDeviceGetAttribute(ctypes.byref(a), attr, self.dev))
            cc.append(a.value)
        return {"name": name.value.decode(), "compute_capability": f"{cc[0]}.{cc[1]}",
                "driver_api_version": v.value}

    def load(self, ptx_text: str):
        size = 1 << 16
        info, err = ctypes.create_string_buffer(size), ctypes.create_string_buffer(size)
        opts = (ctypes.c_int * 4)(CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                                  CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        vals = (ctypes.c_void_p * 4)(ctypes.cast(info, ctypes.c_void_p).value, size,
                                     ctypes.cast(err, ctypes.c_void_p).value, size)
        mod = ctypes.c_void_p()
        code = self.lib.cuModuleLoadDataEx(ctypes.byref(mod), ptx_text.encode() + b"\0", 4, opts, vals)
        self.check("cuModuleLoadDataEx (JIT)", code, err.value.decode(errors="replace").strip())
        return mod, info.value.decode(errors="replace").strip()

    def function(self, mod, name: str):
        f = ctypes.c_void_p()
        self.check("cuModuleGetFunction", self.lib.cuModuleGetFunction(ctypes.byref(f), mod, name.encode()))
        return f

    def global_var(self, mod, name: str):
        p, n = ctypes.c_uint64(), ctypes.c_size_t()
        self.check("cuModuleGetGlobal", self.lib.cuModuleGetGlobal_v2(ctypes.byref(p), ctypes.byref(n), mod,
                                                                      name.encode()))
        return p.value, n.value

    def alloc(self, data: bytes) -> int:
        p = ctypes.c_uint64()
        self.check("cuMemAlloc", self.lib.cuMemAlloc_v2(ctypes.byref(p), max(len(data), 1)))
        self.htod(p.value, data)
        return p.value

    def htod(self, ptr: int, data: bytes):
        if data:
            buf = ctypes.create_string_buffer(data, len(data))
            self.check("cuMemcpyHtoD", self.lib.cuMemcpyHtoD_v2(ptr, buf, len(data)))

    def dtoh(self, ptr: int, size: int) -> bytes:
        buf = ctypes.create_string_buffer(max(size, 1))
        if size:
            self.check("cuMemcpyDtoH", self.lib.cuMemcpyDtoH_v2(buf, ptr, size))
        return buf.raw[:size]

    def free(self, ptr: int):
        self.lib.cuMemFree_v2(ptr)

    def launch(self, f, grid, block, shared: int, cooperative: bool, params: list[bytes]):
        holders = [ctypes.create_string_buffer(p, max(len(p), 1)) for p in params]
        arr = (ctypes.c_void_p * max(len(holders), 1))(*[ctypes.cast(h, ctypes.c_void_p).value for h in holders])
        if shared > 48 * 1024:
            self.check("cuFuncSetAttribute", self.lib.cuFuncSetAttribute(
                f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared))
        if cooperative:
            code = self.lib.cuLaunchCooperativeKernel(f, *grid, *block, shared, None, arr)
            self.check("cuLaunchCooperativeKernel", code)
        else:
            code = self.lib.cuLaunchKernel(f, *grid, *block, shared, None, arr, None)
            self.check("cuLaunchKernel", code)

    def sync(self):
        self.check("cuCtxSynchronize", self.lib.cuCtxSynchronize())

    def unload(self, mod):
        self.lib.cuModuleUnload(mod)


def load_backend():
    """The driver, or a stand-in named by LOCKSTEP_GPU_BACKEND (a Python file defining Driver) for dry runs."""
    alt = os.environ.get("LOCKSTEP_GPU_BACKEND")
    if alt:
        ns: dict = {"CudaError": CudaError, "__file__": alt, "__name__": "gpu_compare_standin"}
        exec(compile(Path(alt).read_text(), alt, "exec"), ns)
        return ns["Driver"]()
    return Driver()


def run_one(drv, entry: dict) -> dict:
    """One launch in this process's context; raises CudaError (the caller records it)."""
    t0 = time.monotonic()
    ptx_text = (ROOT / entry["ptx"]).read_text()
    mod, jit_log = drv.load(ptx_text)
    res = {"jit_log": jit_log[:2000]}
    f = drv.function(mod, entry["kernel"])
    for c in entry["constants"]:
        ptr, size = drv.global_var(mod, c["name"])
        data = unblob(c["data"])
        if len(data) > size:
            raise CudaError("constants", -1, "TOO_LONG", f"{len(data)} bytes for a {size}-byte variable")
        drv.htod(ptr, data)
    ptrs = {b["name"]: drv.alloc(unblob(b["init"])) for b in entry["buffers"]}
    psize = 4 if entry["address_size"] == 32 else 8
    params = []
    for p in entry["params"]:
        if p["kind"] == "buffer":
            params.append((ptrs[p["name"]] & ((1 << (8 * psize)) - 1)).to_bytes(psize, "little"))
        else:
            params.append(unblob(p["data"]))
    drv.launch(f, entry["grid"], entry["block"], entry["shared_bytes"], entry["cooperative"], params)
    drv.sync()
    res["seconds"] = round(time.monotonic() - t0, 3)
    res["buffers"] = {b["name"]: blob(drv.dtoh(ptrs[b["name"]], len(unblob(b["init"])))) for b in entry["buffers"]}
    for p in ptrs.values():
        drv.free(p)
    drv.unload(mod)
    res["status"] = "completed"
    return res


def worker(args) -> int:
    """Runs launches from index args.start on; reports on fd args.fd as JSON lines. Exits after any
    error (the parent starts a fresh worker, with a fresh context, for the next launch)."""
    doc = json.loads((Path(args.dir) / "lockstep.json").read_text())
    out = os.fdopen(args.fd, "w", buffering=1)
    libc = ctypes.CDLL(None)

    def flush_stdout():
        sys.stdout.flush()
        libc.fflush(None)

    try:
        drv = load_backend()
        drv.open()
    except (RuntimeError, CudaError) as e:
        out.write(json.dumps({"fatal": str(e)}) + "\n")
        return 3
    if args.start == 0:
        try:
            out.write(json.dumps({"device": drv.info()}) + "\n")
        except CudaError as e:
            out.write(json.dumps({"device": {"error": str(e)}}) + "\n")
    launches = doc["launches"]
    for i in range(args.start, len(launches)):
        e = launches[i]
        if "unsupported" in e or (args.only and not any(o in e["id"] for o in args.only)):
            continue
        out.write(json.dumps({"begin": i}) + "\n")
        flush_stdout()
        os.write(1, f"\n@@begin {i}\n".encode())
        restart = False
        try:
            r = run_one(drv, e)
        except CudaError as err:
            r = {"status": "error", "call": err.call, "error": err.name, "error_text": err.text, "log": err.log[:4000]}
            restart = True  # a fresh process (and context) for the next launch after any CUDA error
        except Exception as err:  # noqa: BLE001  (a fault of this script: record it, start a fresh process)
            r = {"status": "error", "call": "harness", "error": type(err).__name__, "error_text": str(err)}
            restart = True
        flush_stdout()
        os.write(1, f"\n@@end {i}\n".encode())
        r["index"] = i
        out.write(json.dumps(r) + "\n")
        if restart:
            return 4
    out.write(json.dumps({"done": True}) + "\n")
    return 0


def split_stdout(text: str) -> dict:
    """Launch index -> what the kernel printed (between the worker's markers)."""
    out = {}
    for m in re.finditer(r"\n@@begin (\d+)\n(.*?)\n@@end \1\n", text, re.S):
        out[int(m.group(1))] = m.group(2)
    return out


def device_versions() -> dict:
    v = {"python": platform.python_version(), "host": platform.node()}
    for cmd, key in ((["nvidia-smi", "-L"], "nvidia_smi_L"),
                     (["nvidia-smi", "--query-gpu=driver_version,name", "--format=csv,noheader"], "driver")):
        try:
            v[key] = subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.strip()
        except (OSError, subprocess.TimeoutExpired) as e:
            v[key] = f"unavailable ({e})"
    try:
        import cupy  # noqa: F401  (only recorded; the launches use the driver API)
        v["cupy"] = cupy.__version__
    except Exception as e:  # noqa: BLE001
        v["cupy"] = f"not importable ({type(e).__name__})"
    return v


def device(args) -> int:
    d = Path(args.dir)
    doc = json.loads((d / "lockstep.json").read_text())
    out_dir = Path(args.out or d)
    out_dir.mkdir(parents=True, exist_ok=True)
    launches = doc["launches"]
    results: dict[int, dict] = {}
    gpu = {"format": FORMAT, "versions": device_versions(), "timeout_s": args.timeout, "results": results}
    t_start = time.monotonic()

    def save():
        g = dict(gpu)
        g["results"] = {launches[i]["id"]: r for i, r in sorted(results.items())}
        g["wall_s"] = round(time.monotonic() - t_start, 1)
        (out_dir / "gpu.json").write_text(json.dumps(g, indent=1) + "\n")

    start = 0
    todo = [i for i, e in enumerate(launches)
            if "unsupported" not in e and (not args.only or any(o in e["id"] for o in args.only))]
    print(f"{len(todo)} launches to run, timeout {args.timeout:g} s each", flush=True)
    while start < len(launches):
        if time.monotonic() - t_start > args.budget:
            for i in todo:
                if i >= start and i not in results:
                    results[i] = {"status": "not-run", "error_text": f"the --budget of {args.budget:g} s ran out"}
            print("budget spent; the remaining launches are marked not-run", flush=True)
            break
        rfd, wfd = os.pipe()
        cmd = [sys.executable, str(Path(__file__).resolve()), "_worker", str(d), "--start", str(start),
               "--fd", str(wfd)] + (["--only", *args.only] if args.only else [])
        proc = subprocess.Popen(cmd, pass_fds=(wfd,), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        os.close(wfd)
        sel = selectors.DefaultSelector()
        rf = os.fdopen(rfd, "rb", buffering=0)
        sel.register(rf, selectors.EVENT_READ, "ctl")
        sel.register(proc.stdout, selectors.EVENT_READ, "out")
        sel.register(proc.stderr, selectors.EVENT_READ, "err")
        streams = {"ctl": b"", "out": b"", "err": b""}
        current, deadline, open_streams = None, time.monotonic() + 60, 3
        next_start = len(launches)
        timed_out = False
        while open_streams:
            wait = deadline - time.monotonic()
            if wait <= 0:
                timed_out = True
                break
            for key, _ in sel.select(timeout=min(wait, 1.0)):
                chunk = os.read(key.fileobj.fileno(), 65536)
                if not chunk:
                    sel.unregister(key.fileobj)
                    open_streams -= 1
                    continue
                streams[key.data] += chunk
                if key.data != "ctl":
                    continue
                *lines, streams["ctl"] = streams["ctl"].split(b"\n")
                for line in lines:
                    msg = json.loads(line)
                    if "fatal" in msg:
                        print(f"FATAL: {msg['fatal']}", file=sys.stderr, flush=True)
                        gpu["fatal"] = msg["fatal"]
                        save()
                        proc.wait()
                        return 3
                    if "device" in msg:
                        gpu["device"] = msg["device"]
                        print(f"device: {msg['device']}", flush=True)
                    elif "begin" in msg:
                        current = msg["begin"]
                        deadline = time.monotonic() + args.timeout
                    elif "index" in msg:
                        i = msg.pop("index")
                        results[i] = msg
                        current = None
                        deadline = time.monotonic() + 60
                        print(f"[{i + 1}/{len(launches)}] {launches[i]['id']}: {msg['status']}"
                              + (f" {msg.get('error')} {msg.get('error_text', '')}" if msg["status"] == "error" else ""),
                              flush=True)
                        save()
        if timed_out:
            os.killpg(proc.pid, signal.SIGKILL)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            print(f"worker {proc.pid} has not exited 60 s after SIGKILL; going on", file=sys.stderr, flush=True)
        for s in (proc.stdout, proc.stderr, rf):
            s.close()
        printed = split_stdout(streams["out"].decode(errors="replace"))
        for i, text in printed.items():
            if i in results:
                results[i]["stdout"] = text[:20000]
        if timed_out and current is not None:
            results[current] = {"status": "timeout", "error_text": f"no completion within {args.timeout:g} s (hang)"}
            print(f"[{current + 1}/{len(launches)}] {launches[current]['id']}: timeout", flush=True)
            next_start = current + 1
        elif current is not None:
            results[current] = {"status": "error", "error": "worker died",
                                "error_text": f"exit status {proc.returncode}",
                                "log": streams["err"].decode(errors="replace")[-4000:]}
            print(f"[{current + 1}/{len(launches)}] {launches[current]['id']}: worker died ({proc.returncode})",
                  flush=True)
            next_start = current + 1
        elif proc.returncode == 4 and results:
            next_start = max(results) + 1
        elif proc.returncode != 0 or timed_out:
            gpu["fatal"] = f"worker exit status {proc.returncode}: " + streams["err"].decode(errors="replace")[-2000:]
            print(f"FATAL: {gpu['fatal']}", file=sys.stderr, flush=True)
            save()
            return 3
        start = next_start
        save()
    save()
    counts: dict[str, int] = {}
    for r in results.values():
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    print(f"wrote {out_dir / 'gpu.json'}: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
          + f" in {time.monotonic() - t_start:.1f} s", flush=True)
    return 0


# ---------------------------------------------------------------------------
# report

HANG = ("deadlock", "livelock")


def is_transactional(e: dict) -> bool:
    """Whether the launch's PTX calls the TM markers (__tbegin, plain or mangled)."""
    ptx = ROOT / e["ptx"]
    return ptx.is_file() and re.search(r"\b(?:_Z\d+)?__tbegin", ptx.read_text()) is not None


def verdict(e: dict, g: dict) -> tuple[str, str, str, str]:
    """(GPU vs expect, GPU vs mimd, verdict, note) for one launch."""
    ls = e["lockstep"]
    its, mimd = ls["its"], ls["mimd"]
    gs = g.get("status")
    exp_txt, mimd_txt = "-", "-"
    gbufs = g.get("buffers")
    meets_expect = None
    if gs == "completed" and gbufs is not None:
        if e["expect"]:
            diffs = {}
            types = {b["name"]: b["type"] for b in e["buffers"]}
            for name, hx in e["expect"].items():
                d = first_difference(types[name], unblob(gbufs[name]), unblob(hx))
                if d is not None:
                    diffs[name] = d
            meets_expect = not diffs
            exp_txt = "match" if meets_expect else "mismatch " + "; ".join(f"{k}{v}" for k, v in diffs.items())
        else:
            exp_txt = "no expect"
        if model_buffers(e, "mimd") is not None:
            d = compare_buffers(e, gbufs, model_buffers(e, "mimd"))
            mimd_txt = "equal" if not d else "differ: " + "; ".join(f"{k}{v}" for k, v in d.items())
    if gs in (None, "not-run"):
        return exp_txt, mimd_txt, "not run", ""
    if gs == "error" and str(g.get("call", "")).startswith("cuModuleLoadDataEx"):
        return exp_txt, mimd_txt, "GPU rejects the PTX", (g.get("log") or g.get("error_text", "")).splitlines()[-1:][0] \
            if (g.get("log") or g.get("error_text")) else ""
    if gs == "error" and str(g.get("call", "")).startswith("cuLaunch"):
        return exp_txt, mimd_txt, "GPU refuses the launch", f"{g.get('error')}: {g.get('error_text', '')}"
    note = ""
    if ls["stack"]["status"] in HANG and gs == "completed":
        note = "stack model hangs, Hopper (independent thread scheduling) completes"
    printed, lock_printed = g.get("stdout", ""), its.get("output", "")
    if gs == "completed" and (printed or lock_printed):
        same = sorted(printed.splitlines()) == sorted(lock_printed.splitlines())
        note += ("; " if note else "") + ("printf lines equal (in any order)" if same else
                                          f"printf lines differ ({len(printed.splitlines())} on the GPU, "
                                          f"{len(lock_printed.splitlines())} under its)")
    if is_transactional(e):
        return exp_txt, mimd_txt, "not comparable", (
            "transactional kernel: the GPU has no transactional memory, so __tbegin/__tcommit are plain calls "
            "there and the transactions race (lockstep models Kilo TM under mimd and stack only)")
    if its["status"] not in ("completed", "error") + HANG:
        return exp_txt, mimd_txt, "lockstep inconclusive", f"its: {its['status']} {its.get('detail', '')}"
    if gs == "completed" and its["status"] == "completed":
        d = compare_buffers(e, gbufs, model_buffers(e, "its"))
        if not d:
            return exp_txt, mimd_txt, "agrees", note
        if e["expect"] and meets_expect and its.get("expect_ok"):
            return exp_txt, mimd_txt, "agrees", note + ("; " if note else "") + "both meet [expect]; other buffers differ"
        if e["expect"] and its.get("expect_ok") is False:
            return exp_txt, mimd_txt, "schedule-dependent", (
                "lockstep its misses [expect] too: the kernel races under independent thread scheduling; GPU "
                + ("meets [expect] in this run" if meets_expect else "misses it as well") + "; its buffers: "
                + "; ".join(f"{k}{v}" for k, v in d.items()))
        types = {b["name"]: b["type"] for b in e["buffers"]}
        if not e["expect"] and all(is_float(types[k]) for k in d):
            approx = sorted(set(re.findall(r"\b[a-z0-9]+\.approx(?:\.ftz)?\.f32", (ROOT / e["ptx"]).read_text())))
            return exp_txt, mimd_txt, "floats differ", (
                "only float buffers differ: the PTX ISA bounds the error of " + (", ".join(approx) or "no .approx op")
                + " without fixing the result, and ptxas may contract mul and add without a rounding modifier into "
                "fma; its buffers: " + "; ".join(f"{k}{v}" for k, v in d.items()))
        if not e["expect"]:
            return exp_txt, mimd_txt, "schedule-dependent", "buffers differ from lockstep's one schedule: " + \
                "; ".join(f"{k}{v}" for k, v in d.items())
        if not compare_buffers(e, gbufs, model_buffers(e, "its"), ulps=4):
            return exp_txt, mimd_txt, "close (floats within 4 ulp)", "its buffers: " + \
                "; ".join(f"{k}{v}" for k, v in d.items())
        return exp_txt, mimd_txt, "DISAGREES", "its buffers: " + "; ".join(f"{k}{v}" for k, v in d.items())
    if its["status"] == "error" and "undefined behaviour" in its.get("detail", ""):
        return exp_txt, mimd_txt, "undefined behaviour", (
            f"lockstep its reports it ({its.get('detail', '')}); the GPU's "
            + (f"result is one outcome of it ({exp_txt})" if gs == "completed" else f"status: {gs}"))
    if gs == "timeout" and its["status"] in HANG:
        return exp_txt, mimd_txt, "agrees", "both hang"
    if gs == "error" and its["status"] == "error":
        return exp_txt, mimd_txt, "agrees", f"both fault: GPU {g.get('error')}, lockstep {its.get('detail', '')}"
    gtxt = f"{gs} ({g['error']})" if g.get("error") else gs
    return exp_txt, mimd_txt, "DISAGREES", f"GPU {gtxt}, lockstep its {its['status']} {its.get('detail', '')}".strip()


def cell(s: str) -> str:
    s = str(s).replace("|", "\\|").replace("\n", " ")
    return s if len(s) <= 160 else s[:157] + "..."


def report(args) -> int:
    d = Path(args.dir)
    doc = json.loads((d / "lockstep.json").read_text())
    gpu = json.loads(Path(args.gpu or d / "gpu.json").read_text())
    res = gpu.get("results", {})
    lines = ["# GPU vs lockstep", ""]
    dev = gpu.get("device", {})
    v = gpu.get("versions", {})
    lines += [f"Device: {dev.get('name', '?')} (compute capability {dev.get('compute_capability', '?')}, driver API "
              f"{dev.get('driver_api_version', '?')}); driver {v.get('driver', '?')}; lockstep "
              f"{doc.get('lockstep_version', '?')}; GPU timeout {gpu.get('timeout_s', '?')} s; lockstep step bound "
              f"{doc.get('max_steps')}.", ""]
    if gpu.get("fatal"):
        lines += [f"**The device run stopped early:** {cell(gpu['fatal'])}", ""]
    lines += ["| launch | GPU | GPU vs [expect] | GPU vs mimd | stack | its | mimd | verdict | note |",
              "|---|---|---|---|---|---|---|---|---|"]
    counts: dict[str, int] = {}
    hopper_notes = []
    for e in doc["launches"]:
        if "unsupported" in e:
            v_ = "unsupported"
            lines.append(f"| {e['id']} | - | - | - | - | - | - | {v_} | {cell(e['unsupported'])} |")
            counts[v_] = counts.get(v_, 0) + 1
            continue
        g = res.get(e["id"], {})
        exp_txt, mimd_txt, v_, note = verdict(e, g)
        gs = g.get("status", "not run")
        if gs == "error":
            gs = f"error {g.get('error', '')}"
        ls = e["lockstep"]
        lines.append(f"| {e['id']} | {cell(gs)} | {cell(exp_txt)} | {cell(mimd_txt)} | {ls['stack']['status']} | "
                     f"{ls['its']['status']} | {ls['mimd']['status']} | **{v_}** | {cell(note)} |")
        counts[v_] = counts.get(v_, 0) + 1
        if note.startswith("stack model hangs"):
            hopper_notes.append(e["id"])
    lines += ["", "Summary: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + f" ({len(doc['launches'])}"
              " launches).", ""]
    if hopper_notes:
        lines += [f"The SIMT-stack model deadlocks or livelocks on {len(hopper_notes)} launches that the GPU completes "
                  f"({', '.join(hopper_notes)}): expected, since Hopper schedules the threads of a warp "
                  "independently (lockstep's `its` model), so a spin loop waiting for a lane of its own warp "
                  "makes progress there.", ""]
    Path(args.o).write_text("\n".join(lines))
    print(f"wrote {args.o}: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    return 0


# ---------------------------------------------------------------------------

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare", help="run lockstep on the bundled launches, write DIR/lockstep.json")
    p.add_argument("--lockstep", required=True, help="the lockstep binary")
    p.add_argument("-o", required=True, metavar="DIR")
    p.add_argument("--max-steps", type=int, default=100_000_000)
    p.add_argument("--timeout", type=float, default=120, help="seconds per lockstep run")
    p.add_argument("--only", nargs="*", help="spec paths containing one of these")
    p = sub.add_parser("device", help="run DIR/lockstep.json's launches on the GPU, write gpu.json")
    p.add_argument("dir")
    p.add_argument("--out", help="folder for gpu.json (default: DIR)")
    p.add_argument("--timeout", type=float, default=15, help="seconds a launch may run before it counts as a hang")
    p.add_argument("--budget", type=float, default=240, help="seconds after which no further launch starts")
    p.add_argument("--only", nargs="*", help="launch ids containing one of these")
    p = sub.add_parser("_worker")
    p.add_argument("dir")
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--fd", type=int, required=True)
    p.add_argument("--only", nargs="*")
    p = sub.add_parser("report", help="write the markdown comparison")
    p.add_argument("dir")
    p.add_argument("--gpu", help="gpu.json (default: DIR/gpu.json)")
    p.add_argument("-o", required=True, metavar="FILE.md")
    p = sub.add_parser("selftest", help="pure checks, and the init reproduction against lockstep")
    p.add_argument("--lockstep")
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--dry-run", action="store_true", help="also run `device` and `report` with the stand-in driver")
    args = ap.parse_args(argv)
    return {"prepare": prepare, "device": device, "_worker": worker, "report": report, "selftest": selftest}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
