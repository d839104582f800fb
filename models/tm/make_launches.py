#!/usr/bin/env python3
"""Write the launch specs of the TM benchmark kernels with their [expect].

For each benchmark (models/tm/README.md) this writes, next to the kernel,
`launch.toml` (TM version), `launch.cgl.toml` and `launch.fgl.toml` (the
coarse- and fine-grained-lock versions: the same work, the same [expect]),
and the small `launch[.VERSION].verify.toml` of `lockstep verify`. Each
[expect] is computed here by a plain-Python reference that runs the
transactions (or critical sections) one after the other in thread order: the
checked buffers are ones every serial order gives the same contents (the
kernels' headers say why). tm_hashtable's own launch.toml and
launch.verify.toml (the medium contention) are written by hand; this adds
its high- and low-contention launches and the lock versions'.

    python3 models/tm/make_launches.py          # rewrite the specs
    python3 models/tm/make_launches.py --check  # exit 1 if a spec differs
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def s32(v):
    return {"type": "s32", "value": v}


def fmt_param(p):
    if isinstance(p, str):
        return f'"{p}"'
    return "{" + f'type = "{p["type"]}", value = {p["value"]}' + "}"


def fmt_list(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"


def spec(comment, kernel, grid, block, params, buffers, expect):
    """buffers: list of (name, count, init list or None); expect: dict name -> list."""
    out = [f"# {line}".rstrip() for line in comment.strip().splitlines()]
    out += [f'kernel = "{kernel}"', f"grid = [{grid}]", f"block = [{block}]",
            "params = [" + ", ".join(fmt_param(p) for p in params) + "]"]
    for name, count, init in buffers:
        out += ["", "[[buffer]]", f'name = "{name}"', 'type = "s32"', f"count = {count}"]
        if init is not None:
            out.append(f"init = {fmt_list(init)}")
    out += ["", "[expect]"] + [f"{k} = {fmt_list(v)}" for k, v in expect.items()]
    return "\n".join(out) + "\n"


VERSIONS = {  # version suffix of the kernel and its launch files -> what it is
    "": "the transactional version",
    "cgl": "the coarse-grained-lock version (one global lock)",
    "fgl": "the fine-grained-lock version",
}


def launch_name(parts, kind):
    """launch[.PART...][.verify].toml: verify launches end in .verify.toml."""
    return "launch" + "".join(f".{p}" for p in parts if p) + (".verify" if kind == "verify" else "") + ".toml"


def version_files(dirname, kernels, make, variant=""):
    """make(kind, suffix, kernel) -> text, for the run and the verify launch of each version."""
    files = {}
    for kind in ("run", "verify"):
        for suffix, kernel in kernels.items():
            files[HERE / dirname / launch_name([variant, suffix], kind)] = make(kind, suffix, kernel)
    return files


# --- tm_hashtable: key 7t + 3 into bucket key % nbuckets ----------------------

def ht(kind, suffix, kernel):
    n, nb, cap, grid, block = {"high": (32, 2, 16, 1, 32), "low": (32, 32, 1, 1, 32),
                               "medium": (32, 4, 8, 1, 32), "verify": (4, 2, 4, 2, 2)}[kind]
    count, total = [0] * nb, [0] * nb
    for t in range(n):
        key = 7 * t + 3
        count[key % nb] += 1
        total[key % nb] += key
    params = [s32(n), s32(nb), s32(cap), "count", "sum", "slots"]
    buffers = [("count", nb, None), ("sum", nb, None), ("slots", nb * cap, None)]
    if suffix:
        params.append("locks")
        buffers.append(("locks", 1 if suffix == "cgl" else nb, None))
    what = {"high": "high contention", "low": "low contention (one key per bucket)",
            "medium": "medium contention", "verify": "the launch of lockstep verify"}[kind]
    comment = f"""tm_hashtable, {VERSIONS[suffix]}: {n} inserts (key 7t + 3) into {nb}
bucket(s) of {cap} slot(s), {what}. Written by models/tm/make_launches.py.
[expect]: per-bucket counts and key sums, what every serial order gives
(the slot order within a bucket is the commit order and is not checked)."""
    return spec(comment, kernel, grid, block, params, buffers, {"count": count, "sum": total})


# --- tm_atm: transfers src -> dst --------------------------------------------

def atm(kind, suffix, kernel):
    n, na, grid, block = {"run": (64, 8, 2, 32), "verify": (4, 3, 2, 2)}[kind]
    init = [1000 + 10 * i for i in range(na)]
    bal = list(init)
    for t in range(n):
        src = (3 * t) % na
        dst = (5 * t + 1) % na
        if dst == src:
            dst = (dst + 1) % na
        amount = t % 7 + 1
        bal[src] -= amount
        bal[dst] += amount
    assert sum(bal) == sum(init)
    params = [s32(n), s32(na), "balance"]
    buffers = [("balance", na, init)]
    if suffix:
        params.append("locks")
        buffers.append(("locks", 1 if suffix == "cgl" else na, None))
    comment = f"""tm_atm, {VERSIONS[suffix]}: {n} transfers between {na} accounts
({grid} block(s) of {block}). Written by models/tm/make_launches.py. [expect]: the
final balances, the same for every serial order (total {sum(init)}, conserved)."""
    return spec(comment, kernel, grid, block, params, buffers, {"balance": bal})


# --- tm_cl / tm_clto: edge corrections on a grid mesh -------------------------

def mesh(w, h):
    edges = []
    for y in range(h):
        for x in range(w):
            u = y * w + x
            if x + 1 < w:
                edges.append((u, u + 1))
            if y + 1 < h:
                edges.append((u, u + w))
            if x + 1 < w and y + 1 < h:
                edges.append((u, u + w + 1))
    return edges


def cl(kind, suffix, kernel, variant):
    if kind == "run":
        w, h, grid, block = 4, 4, 1, 33
        edges = mesh(w, h)
    else:
        w, h, grid, block = 2, 2, 2, 2
        edges = [(0, 1), (1, 2), (0, 2), (2, 3)]
    nv = w * h
    ne = len(edges)
    corr = []
    for e in range(ne):
        corr += [e % 5 - 2, (3 * e) % 7 - 3]
    pos0 = []
    for v in range(nv):
        pos0 += [100 * (v % w), 100 * (v // w)]
    pos = list(pos0)
    for e, (u, v) in enumerate(edges):
        cx, cy = corr[2 * e], corr[2 * e + 1]
        pos[2 * u] += cx
        pos[2 * u + 1] += cy
        pos[2 * v] -= cx
        pos[2 * v + 1] -= cy
    flat = [x for uv in edges for x in uv]
    params = [s32(ne), "edges", "corr", "pos"]
    buffers = [("edges", 2 * ne, flat), ("corr", 2 * ne, corr), ("pos", 2 * nv, pos0)]
    if suffix:
        params.append("locks")
        buffers.append(("locks", 1 if suffix == "cgl" else nv, None))
    shape = f"a {w} x {h} mesh" if kind == "run" else "a triangle and a tail"
    comment = f"""tm_cl ({variant}), {VERSIONS[suffix]}: {ne} edges of {shape},
one thread per edge. Written by models/tm/make_launches.py. [expect]: the final
vertex positions, the same for every serial order (edges and corr are read-only)."""
    return spec(comment, kernel, grid, block, params, buffers,
                {"edges": flat, "corr": corr, "pos": pos})


# --- tm_bh: implicit binary tree insert ---------------------------------------

def bh(kind, suffix, kernel):
    if kind == "run":
        depth, keys, grid, block = 6, [(37 * b + 11) % 64 for b in range(32)], 1, 32
    else:
        depth, keys, grid, block = 2, [1, 0, 3, 2], 2, 2
    assert len(set(keys)) == len(keys)
    size = 1 << (depth + 1)
    cell = [-1] * size
    for b, k in enumerate(keys):
        node, d = 1, 0
        while True:
            c = cell[node]
            if c == -1:
                cell[node] = b
                break
            shift = depth - 1 - d
            if c != -2:
                cell[2 * node + ((keys[c] >> shift) & 1)] = c
                cell[node] = -2
            node = 2 * node + ((k >> shift) & 1)
            d += 1
    params = [s32(len(keys)), s32(depth), "keys", "cell"]
    buffers = [("keys", len(keys), keys), ("cell", size, [-1] * size)]
    if suffix:
        params.append("locks")
        buffers.append(("locks", 1 if suffix == "cgl" else size, None))
    comment = f"""tm_bh, {VERSIONS[suffix]}: {len(keys)} bodies inserted into a binary tree
of depth {depth} (cells: -1 empty, -2 internal, else the body). Written by
models/tm/make_launches.py. [expect]: the final cells, the same for every
serial order (a cell is split exactly when two or more bodies fall in it)."""
    return spec(comment, kernel, grid, block, params, buffers, {"cell": cell})


# --- tm_cc: pushes along right and down edges ---------------------------------

def cc(kind, suffix, kernel):
    w, h, grid, block = {"run": (8, 4, 1, 32), "verify": (2, 2, 2, 2)}[kind]
    n = w * h
    excess0 = [(5 * u) % 9 for u in range(n)]
    rcap0 = [(u * 7 + k * 3) % 4 for u in range(n) for k in range(4)]
    excess, rcap = list(excess0), list(rcap0)
    for u in range(n):
        x, y = u % w, u // w
        for d in range(2):
            if (d == 0 and x + 1 < w) or (d == 1 and y + 1 < h):
                v = u + 1 if d == 0 else u + w
                c = rcap[4 * u + d]
                f = min(c, u % 3 + 1)
                rcap[4 * u + d] = c - f
                rcap[4 * v + d + 2] += f
                excess[u] -= f
                excess[v] += f
    assert sum(excess) == sum(excess0)
    params = [s32(w), s32(h), "excess", "rcap"]
    buffers = [("excess", n, excess0), ("rcap", 4 * n, rcap0)]
    if suffix:
        params.append("locks")
        buffers.append(("locks", 1 if suffix == "cgl" else n, None))
    comment = f"""tm_cc, {VERSIONS[suffix]}: pushes on a {w} x {h} grid, one thread per
node. Written by models/tm/make_launches.py. [expect]: the final excesses and
residual capacities, the same for every serial order."""
    return spec(comment, kernel, grid, block, params, buffers, {"excess": excess, "rcap": rcap})


# --- tm_ap: pair support counting ---------------------------------------------

def ap(kind, suffix, kernel):
    if kind == "run":
        nitems, records, grid, block = 6, [((13 * r + 5) ^ (r >> 1)) & 0x3F for r in range(32)], 1, 32
    else:
        nitems, records, grid, block = 3, [0b011, 0b110, 0b111, 0b101], 2, 2
    npairs = nitems * (nitems - 1) // 2
    support = [0] * npairs
    for m in records:
        p = 0
        for i in range(nitems):
            for j in range(i + 1, nitems):
                if (m >> i) & 1 and (m >> j) & 1:
                    support[p] += 1
                p += 1
    params = [s32(len(records)), s32(nitems), "records", "support"]
    buffers = [("records", len(records), records), ("support", npairs, None)]
    if suffix:
        params.append("locks")
        buffers.append(("locks", 1 if suffix == "cgl" else npairs, None))
    comment = f"""tm_ap, {VERSIONS[suffix]}: {len(records)} records over {nitems} items,
support counts of the {npairs} item pairs. Written by models/tm/make_launches.py.
[expect]: the supports, the same for every serial order."""
    return spec(comment, kernel, grid, block, params, buffers, {"support": support})


def all_files():
    files = {}
    k = {"": "_Z12tm_hashtableiiiPiS_S_", "cgl": "_Z16tm_hashtable_cgliiiPViS0_S0_Pi",
         "fgl": "_Z16tm_hashtable_fgliiiPViS0_S0_Pi"}
    for kind in ("high", "low"):
        files[HERE / "tm_hashtable" / f"launch.{kind}.toml"] = ht(kind, "", k[""])
    for kind in ("medium", "verify"):
        for suffix in ("cgl", "fgl"):
            files[HERE / "tm_hashtable" / launch_name([suffix], kind)] = ht(kind, suffix, k[suffix])
    files.update(version_files("tm_atm", {"": "_Z6tm_atmiiPi", "cgl": "_Z10tm_atm_cgliiPViPi",
                                       "fgl": "_Z10tm_atm_fgliiPViPi"}, atm))
    files.update(version_files("tm_cl", {"": "_Z5tm_cliPKiS0_Pi", "cgl": "_Z9tm_cl_cgliPKiS0_PViPi",
                                      "fgl": "_Z9tm_cl_fgliPKiS0_PViPi"},
                            lambda kind, s, kn: cl(kind, s, kn, "CL")))
    files.update(version_files("tm_cl", {"": "_Z7tm_cltoiPKiS0_Pi", "cgl": "_Z11tm_clto_cgliPKiS0_PViPi",
                                      "fgl": "_Z11tm_clto_fgliPKiS0_PViPi"},
                            lambda kind, s, kn: cl(kind, s, kn, "CLto"), variant="clto"))
    files.update(version_files("tm_bh", {"": "_Z5tm_bhiiPKiPi", "cgl": "_Z9tm_bh_cgliiPKiPViPi",
                                      "fgl": "_Z9tm_bh_fgliiPKiPViPi"}, bh))
    files.update(version_files("tm_cc", {"": "_Z5tm_cciiPiS_", "cgl": "_Z9tm_cc_cgliiPViS0_Pi",
                                      "fgl": "_Z9tm_cc_fgliiPViS0_Pi"}, cc))
    files.update(version_files("tm_ap", {"": "_Z5tm_apiiPKiPi", "cgl": "_Z9tm_ap_cgliiPKiPViPi",
                                      "fgl": "_Z9tm_ap_fgliiPKiPViPi"}, ap))
    return files


def main():
    check = "--check" in sys.argv[1:]
    bad = 0
    for path, text in sorted(all_files().items()):
        if check:
            if not path.exists() or path.read_text() != text:
                print(f"{path.relative_to(HERE.parent.parent)}: differs from make_launches.py")
                bad = 1
        else:
            path.write_text(text)
    return bad


if __name__ == "__main__":
    sys.exit(main())
