#!/usr/bin/env python3
"""Plain-Python reference results of the TBC-study kernels in bench/divergence/.

  python3 bench/divergence/reference.py --check   recomputes every launch's [expect]
                                                  from its spec and compares
  python3 bench/divergence/reference.py --write   regenerates every launch.toml and
                                                  launch.study.toml (inputs and [expect])

Each reference function mirrors its kernel's arithmetic exactly (32-bit
wrap-around where the kernel has it) and takes the launch as the spec gives
it: the scalar parameters, the buffers' initial contents ("zeros", "iota",
"random:SEED" as semantics/spec/buffer_init.hpp defines them, or inline
arrays), grid and block. The results do not depend on the schedule. The
generated inputs (graphs, tries, trees, maps) come from a fixed
pseudo-random sequence (Rng below), so --write is reproducible.
"""
import pathlib
import re
import sys
import tomllib

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1
HERE = pathlib.Path(__file__).resolve().parent


def s32(v):
    v &= M32
    return v - (1 << 32) if v & 0x80000000 else v


def tdiv(a, b):
    """C's integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def splitmix_draw(seed, i):
    z = (seed + (i + 1) * 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class Rng:
    """The inputs' generator (splitmix64, as "random:SEED" draws)."""

    def __init__(self, seed):
        self.seed, self.i = seed, 0

    def below(self, n):
        self.i += 1
        return splitmix_draw(self.seed, self.i) % n


# ----------------------------------------------------------------- divergent

def ref_bfs_frontier(sc, b, grid, block):
    n, = sc
    row, col = b["row"], b["col"]
    dist = []
    for blk in range(grid[0]):
        d = [0x7FFFFFFF] * n
        src = (blk * 7919) % n
        d[src], frontier, level = 0, [src], 0
        while frontier:
            nxt = []
            for v in frontier:
                for e in range(row[v], row[v + 1]):
                    if d[col[e]] > level + 1:
                        d[col[e]] = level + 1
                        nxt.append(col[e])
            frontier, level = nxt, level + 1
        dist += d
    return {"dist": dist}


def ref_ray_march(sc, b, grid, block):
    w, h = sc
    m = b["map"]
    steps_out, cell_out = [], []
    for t in range(grid[0] * block[0]):
        dx, dy = (t * 37) % 511 - 255, (t * 91 + 17) % 511 - 255
        mx = max(abs(dx), abs(dy), 1)
        dx, dy = tdiv(dx * 128, mx), tdiv(dy * 128, mx)
        px, py = (w // 2) * 256 + 128, (h // 2) * 256 + 128
        steps = bounces = cell = 0
        while steps < 4096:
            px += dx
            py += dy
            steps += 1
            cell = (py >> 8) * w + (px >> 8)
            if m[cell] == 1:
                break
            if m[cell] == 2:
                bounces += 1
                if bounces == 4:
                    break
                dx, dy = -dy, dx
        steps_out.append(steps * 8 + bounces)
        cell_out.append(cell)
    return {"steps": steps_out, "cell": cell_out}


def ref_mummer_match(sc, b, grid, block):
    nq, qlen, depth = sc
    child, query = b["child"], b["query"]
    out = []
    for q in range(nq):
        s = query[q * qlen:(q + 1) * qlen]
        best = where = 0
        i = 0
        while qlen - i > best:
            node = ln = 0
            while i + ln < qlen and ln < depth:
                nx = child[node * 4 + s[i + ln]]
                if nx < 0:
                    break
                node, ln = nx, ln + 1
            if ln > best:
                best, where = ln, i
            i += 1
        out.append(best * 65536 + where)
    return {"best": out}


def collatz_steps(task):
    x, n = (task * 7 + 1) & M32, 0
    while x != 1 and n < 300:
        x = (3 * x + 1) & M32 if x & 1 else x >> 1
        n += 1
    return n


def ref_nvrt_manager(sc, b, grid, block):
    ntasks, = sc
    steps = [collatz_steps(t) for t in range(ntasks)]
    nwarps = grid[0] * ((block[0] + 31) // 32)
    # Every warp takes one batch past the end before it leaves.
    batches = -(-ntasks // 32) + nwarps
    return {"steps": steps, "total": [s32(sum(steps))], "next": [batches * 32]}


def ref_cascade_detect(sc, b, grid, block):
    nwin, nstages = sc
    sig, slen, feat, thresh = b["sig"], b["stage_len"], b["feat"], b["thresh"]
    out = []
    for w in range(nwin):
        f = passed = score = 0
        for s in range(nstages):
            tot = 0
            for _ in range(slen[s]):
                off, level, weight = feat[3 * f:3 * f + 3]
                run = 0
                while run < 8 and sig[w + off + run] >= level:
                    run += 1
                tot += run * weight
                f += 1
            if tot < thresh[s]:
                break
            passed += 1
            score += tot
        out.append(s32(passed * 65536 + score))
    return {"out": out}


def ref_spmv_csr(sc, b, grid, block):
    nrows, = sc
    row, col, val, x = b["row"], b["col"], b["val"], b["x"]
    return {"y": [s32(sum(val[e] * x[col[e]] for e in range(row[r], row[r + 1]))) for r in range(nrows)]}


def ref_photon_mc(sc, b, grid, block):
    nphot, depth = sc
    ab_o, re_o, tr_o = [], [], []
    for t in range(grid[0] * block[0]):
        s = (t * 2654435761 + 12345) & M32
        ab = re = tr = 0
        for _ in range(nphot):
            z, w = 0, 65536
            for _ in range(256):
                s = (s * 1664525 + 1013904223) & M32
                r = s >> 16
                z += (r & 127) - 56
                if z < 0:
                    re += w
                    break
                if z >= depth:
                    tr += w
                    break
                da = w >> 4
                w -= da
                ab += da
                if w < 2048:
                    if (r >> 12) & 7:
                        break
                    w <<= 3
        ab_o.append(s32(ab))
        re_o.append(s32(re))
        tr_o.append(s32(tr))
    return {"absorbed": ab_o, "reflected": re_o, "transmitted": tr_o}


def ref_tree_range(sc, b, grid, block):
    nq, = sc
    key = b["key"]
    return {"count": [sum(1 for k in key if lo <= k <= hi) for lo, hi in zip(b["qlo"][:nq], b["qhi"][:nq])]}


# ----------------------------------------------------------------- coherent

def ref_vec_axpy(sc, b, grid, block):
    n, a = sc
    x, y = b["x"], b["y"]
    ys = [s32(a * x[i] + y[i]) for i in range(n)]
    return {"y": ys, "z": [max(x[i], ys[i]) for i in range(n)]}


def ref_matmul_tiled(sc, b, grid, block):
    n, = sc
    a, bb = b["a"], b["b"]
    bt = [bb[k::n] for k in range(n)]
    return {"c": [s32(sum(p * q for p, q in zip(a[r * n:(r + 1) * n], bt[k]))) for r in range(n) for k in range(n)]}


def ref_stencil2d(sc, b, grid, block):
    w, h = sc
    g = b["in"]
    out = list(g)
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            i = y * w + x
            out[i] = s32(4 * g[i] + g[i - w] + g[i + w] + g[i - 1] + g[i + 1]) >> 3
    return {"out": out}


def ref_hist_shared(sc, b, grid, block):
    n, = sc
    hist = [0] * 64
    for v in b["data"][:n]:
        hist[(v >> 2) & 63] += 1
    return {"hist": hist}


def ref_scan_block(sc, b, grid, block):
    src, out, sums = b["in"], [], []
    for blk in range(grid[0]):
        acc = 0
        for v in src[blk * 256:(blk + 1) * 256]:
            acc = s32(acc + v)
            out.append(acc)
        sums.append(acc)
    return {"out": out, "sums": sums}


def ref_transpose_tiled(sc, b, grid, block):
    w, h = sc
    g = b["in"]
    return {"out": [g[y * w + x] for x in range(w) for y in range(h)]}


def ref_warp_aggregate(sc, b, grid, block):
    # Where a warp is a static warp: the threads that take the branch get the
    # slots 0 .. n-1, one each (the order depends on the schedule, the marks not).
    threads = grid[0] * block[0]
    n = sum(1 for g in range(threads) if (((g % block[0]) & 31) ^ ((g % block[0]) >> 5)) & 1 == 0)
    mark = [1] * n + [0] * (len(b["mark"]) - n)
    return {"counter": [n], "mark": mark}


REFS = {k[4:]: v for k, v in globals().items() if k.startswith("ref_")}

# ----------------------------------------------------------------- the spec

TYPES = {"s32": 32, "u32": 32}


def buffer_values(buf):
    init, n, t = buf.get("init", "zeros"), buf.get("count"), buf["type"]
    if isinstance(init, list):
        return init
    if init == "zeros":
        return [0] * n
    if init == "iota":
        return list(range(n))
    if init.startswith("random:"):
        seed = int(init[7:], 0)
        vals = [splitmix_draw(seed, i) & M32 for i in range(n)]
        return [s32(v) for v in vals] if t == "s32" else vals
    raise ValueError(f"unsupported init {init!r}")


def expected(name, spec):
    scalars = [p["value"] for p in spec["params"] if isinstance(p, dict)]
    bufs = {b["name"]: buffer_values(b) for b in spec.get("buffer", [])}
    return REFS[name](scalars, bufs, spec["grid"], spec["block"])


def check():
    bad = 0
    for launch in sorted(HERE.glob("*/launch*.toml")):
        spec = tomllib.loads(launch.read_text())
        if "expect" not in spec:
            continue
        got = expected(launch.parent.name, spec)
        for name, want in spec["expect"].items():
            if got.get(name) != want:
                print(f"{launch}: {name}: [expect] differs from the reference")
                bad = 1
    print("every [expect] matches the reference" if not bad else "mismatches above")
    return bad


def write():
    from generate import LAUNCHES  # the inputs of every launch
    for (name, fname), (comment, grid, block, params, buffers, expect) in LAUNCHES().items():
        ptx = (HERE / name / f"{name}.ptx").read_text()
        kernel = re.search(r"\.entry\s+(\w+)", ptx).group(1)
        spec = {"params": [{"value": p[1]} if isinstance(p, tuple) else p for p in params],
                "grid": grid, "block": block,
                "buffer": [dict(name=bn, type=bt, count=c, init=i) for bn, bt, c, i in buffers]}
        got = expected(name, spec)
        lines = ["# " + c for c in comment.splitlines()]
        lines += [f'kernel = "{kernel}"', f"grid = {grid}", f"block = {block}"]
        ps = [f'{{type = "{p[0]}", value = {p[1]}}}' if isinstance(p, tuple) else f'"{p}"' for p in params]
        lines.append(f"params = [{', '.join(ps)}]")
        for bn, bt, c, i in buffers:
            lines += ["", "[[buffer]]", f'name = "{bn}"', f'type = "{bt}"', f"count = {c}",
                      f"init = {i}" if isinstance(i, list) else f'init = "{i}"']
        size = sum(len(got[e]) for e in expect)
        if fname == "launch.toml" or size <= 20000:
            lines += ["", "[expect]"] + [f"{e} = {got[e]}" for e in expect]
        else:                               # keep the file small: the small launch checks the code
            lines += ["", f"# no [expect]: {size} output elements (reference.py computes them)"]
        (HERE / name / fname).write_text("\n".join(lines) + "\n")
        print(f"wrote {name}/{fname}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(check())
    if sys.argv[1:] == ["--write"]:
        sys.exit(write())
    sys.exit(__doc__)
