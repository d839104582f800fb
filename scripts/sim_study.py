"""Helpers shared by the scheduling-study scripts (scripts/bows-study, scripts/bows-delay-sweep).

The study kernels (SYNC, SYNC_FREE, the HT and BH-ST launch writers), GPU
files with scheduler fields set (gpu_variant), one `lockstep sim --json
--stats json` run (simulate) and the arithmetic the tables use.
"""
import json
import math
import os
import re
import subprocess
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SYNC = [  # (name, ptx, launch)
    ("ATM", "bench/sync/atm_bank/atm_bank.ptx", "bench/sync/atm_bank/launch.study.toml"),
    ("HT", "bench/sync/ht_counted/ht_counted.ptx", "bench/sync/ht_counted/launch.study.toml"),
    ("TB", "bench/sync/bh_tree_build/bh_tree_build.ptx", "bench/sync/bh_tree_build/launch.study.toml"),
    ("ST", "models/kernels/wait_signal_nonblocking/wait_signal_nonblocking.ptx", "ST"),
    ("CP-DS", "bench/sync/cpds_nested/cpds_nested.ptx", "bench/sync/cpds_nested/launch.study.toml"),
    ("NW1", "bench/sync/nw_wavefront/nw_wavefront.ptx", "bench/sync/nw_wavefront/launch.study.toml"),
    ("NW2", "bench/sync/nw2/nw2.ptx", "bench/sync/nw2/launch.study.toml"),
    ("TSP", "bench/sync/tsp_climber/tsp_climber.ptx", "bench/sync/tsp_climber/launch.study.toml"),
]
HT_PTX = "bench/sync/ht_counted/ht_counted.ptx"
HT_KEYS = 15360  # the HT sweep's keys, as in bench/sync/ht_counted/launch.study.toml
SYNC_FREE = ["vector_add", "reduce_shared", "histogram_atomic", "matmul_tiled", "warp_vote_shuffle",
             "nested_ifelse", "device_function", "math_mix", "tree_walk_vote", "unstructured_goto",
             "legacy_isa2x", "legacy_isa4x"]


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, **kw)


def ht_launch(tmp, buckets, keys=HT_KEYS):
    """ht_counted (HT: hashtable_v2 counting its lock failures) with `keys` keys (0 .. keys-1) into
    `buckets` buckets, 60 x 128 threads; at 1024 buckets, bench/sync/ht_counted/launch.study.toml."""
    path = os.path.join(tmp, f"ht-{buckets}.toml")
    heads = ", ".join(["-1"] * buckets)
    with open(path, "w") as f:
        f.write(f'''kernel = "_Z10ht_countedPKjijPiPViS1_PVjPj"
grid = [60]
block = [128]
params = ["keys", {{type = "s32", value = {keys}}}, {{type = "u32", value = {buckets}}}, "locks", "heads", "next", "sizes",
          "failures"]
[[buffer]]
name = "keys"
type = "u32"
count = {keys}
init = "iota"
[[buffer]]
name = "locks"
type = "s32"
count = {buckets}
init = "zeros"
[[buffer]]
name = "heads"
type = "s32"
count = {buckets}
init = [{heads}]
[[buffer]]
name = "next"
type = "s32"
count = {keys}
init = "zeros"
[[buffer]]
name = "sizes"
type = "u32"
count = {buckets}
init = "zeros"
[[buffer]]
name = "failures"
type = "u32"
count = 1
init = "zeros"
''')
    return path


def st_launch(tmp, height=12):
    """wait_signal_nonblocking on a perfect binary tree of 2^height - 1 nodes, 4 x 128 threads."""
    n = (1 << height) - 1
    path = os.path.join(tmp, "st.toml")
    start = ", ".join(["0"] + ["-1"] * (n - 1))
    with open(path, "w") as f:
        f.write(f'''kernel = "_Z23wait_signal_nonblockingiiPViPi"
grid = [4]
block = [128]
params = [{{type = "s32", value = {n}}}, {{type = "s32", value = {height}}}, "start", "sorted"]
[[buffer]]
name = "start"
type = "s32"
count = {n}
init = [{start}]
[[buffer]]
name = "sorted"
type = "s32"
count = {n}
init = "zeros"
''')
    return path


def set_scheduler_fields(text, fields):
    """`text` (a GPU file) with the given fields of its [core.scheduler] table set to the given TOML values
    (e.g. {"bows_adaptive": "false", "bows_delay": 500}); a ValueError names a field the table lacks."""
    head = re.search(r'(?m)^\[core\.scheduler\][ \t]*$', text)
    if head is None:
        raise ValueError("the GPU file has no [core.scheduler] table")
    nxt = re.search(r'(?m)^\[', text[head.end():])
    end = head.end() + nxt.start() if nxt else len(text)
    body = text[head.end():end]
    for name, value in fields.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        body, n = re.subn(rf'(?m)^{re.escape(name)}[ \t]*=.*$', lambda _: f"{name} = {value}", body)
        if n != 1:
            raise ValueError(f"[core.scheduler] has no field '{name}'")
    return text[:head.end()] + body + text[end:]


def gpu_variant(exe, tmp, gpu, policy, bows, scheduler=None):
    """The bundled GPU with its scheduler fields set: policy lrr | gto | gto-rot | cawa, BOWS on or off, then
    any other [core.scheduler] fields from `scheduler` (name -> TOML value; see set_scheduler_fields)."""
    base = sh([exe, "gpu", "show", gpu, "--toml"], check=True).stdout
    name = "gto" if policy == "gto-rot" else policy
    rot = 50000 if policy == "gto-rot" else 0
    text = re.sub(r'(?m)^policy = .*$', f'policy = "{name}"', base, count=1)
    text = re.sub(r'(?m)^gto_rotation = .*$', f'gto_rotation = {rot}', text)
    text = re.sub(r'(?m)^ddos_enabled = .*$', f'ddos_enabled = {"true" if bows else "false"}', text)
    text = re.sub(r'(?m)^bows_enabled = .*$', f'bows_enabled = {"true" if bows else "false"}', text)
    # CAWA as published: the criticality-aware scheduler with its cache prioritisation (CACP).
    text = re.sub(r'(?m)^cawa_cacp = .*$', f'cawa_cacp = {"true" if policy == "cawa" else "false"}', text)
    tag = ""
    if scheduler:
        text = set_scheduler_fields(text, scheduler)
        tag = "".join(f"-{k}={v}" for k, v in sorted(scheduler.items()))
        tag = re.sub(r'[^A-Za-z0-9_.=-]', "", tag)
    path = os.path.join(tmp, f"{gpu}-{policy}-{'bows' if bows else 'base'}{tag}.toml")
    with open(path, "w") as f:
        f.write(text)
    return path


def has_policy(exe, tmp, policy):
    path = gpu_variant(exe, tmp, "tiny", policy, False)
    return sh([exe, "gpu", "show", path]).returncode == 0


def simulate(exe, ptx, launch, gpu_file, max_cycles, model=None):
    r = sh([exe, "sim", ptx, "--launch", launch, "--gpu", gpu_file, "--json", "--quiet", "--stats", "json",
            "--max-cycles", str(max_cycles)] + (["--model", model] if model else []))
    try:
        j = json.loads(r.stdout[r.stdout.index("{"):]) if "{" in r.stdout else None
    except json.JSONDecodeError:
        j = None
    if j is None:
        return {"status": f"error: {r.stderr.strip()[:200]}"}
    return j


def stat(j, name):
    """A statistic from `--stats json` (searched in every group)."""
    def walk(x):
        if isinstance(x, dict):
            if name in x and not isinstance(x[name], (dict, list)):
                return x[name]
            for v in x.values():
                got = walk(v)
                if got is not None:
                    return got
        elif isinstance(x, list):
            for v in x:
                got = walk(v)
                if got is not None:
                    return got
        return None
    return walk(j)


def ht_keys(launch):
    """The number of keys an HT launch file inserts (its second parameter): one successful acquire each."""
    with open(os.path.join(ROOT, launch), "rb") as f:
        return tomllib.load(f)["params"][1]["value"]


def failure_rate(failures, successes):
    """Failed acquire attempts over all attempts (the thesis's Fig 6.11)."""
    return failures / (failures + successes) if failures + successes else 0.0


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")
