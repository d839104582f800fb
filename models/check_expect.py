#!/usr/bin/env python3
"""Recompute the [expect] tables of the bundled model launches.

Each function below is a plain-Python reference for one model kernel, run
under MIMD semantics (every thread runs to completion; the lock-protected
and transactional regions are atomic). It needs nothing but Python 3.11+
(tomllib) -- no nvcc, no GPU.

    python3 models/check_expect.py            # check every launch.toml
    python3 models/check_expect.py atm        # check one model
    python3 models/check_expect.py --print atm  # print the expected arrays

A launch whose [expect] disagrees with its reference is reported and the
script exits non-zero. Models without an entry here have no [expect] (their
results are not deterministic) or are checked by hand in their README.
"""
import math
import struct
import sys
import tomllib
from pathlib import Path

KERNELS = Path(__file__).resolve().parent / "kernels"
M32 = 0xFFFFFFFF


def u32(v):
    return v & M32


def s32(v):
    v &= M32
    return v - (1 << 32) if v & 0x80000000 else v


def s64(v):
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >> 63 else v


def f32(x):
    """Round a Python float to the nearest binary32 value (ties to even)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def bucket_of(key, nbuckets):
    return u32(key * 2654435761) % nbuckets


def transfers(n, nacc=8):
    """(src, dst, amount) of the ATM-style transfers used by atm and tm_markers."""
    out = []
    for t in range(n):
        src = t % nacc
        dst = (3 * t + 1) % nacc
        if dst == src:
            dst = (dst + 1) % nacc
        out.append((src, dst, t + 1))
    return out


def preorder(nnodes):
    """start[k] (preorder position of heap node k) and sorted[pos] = k."""
    start = [0] * nnodes
    order = []

    def visit(k):
        if k >= nnodes:
            return
        start[k] = len(order)
        order.append(k)
        visit(2 * k + 1)
        visit(2 * k + 2)

    visit(0)
    return start, order


# ---------------------------------------------------------------- references

def ref_spin_lock(L):
    return {"counter": [nthreads(L)], "mutex": [0]}


def ref_done_flag_lock(L):
    return {"counter": [nthreads(L)], "mutex": [0]}


def ref_ticket_lock(L):
    n = nthreads(L)
    return {"next_ticket": [n], "now_serving": [n], "counter": [n]}


def ref_hashtable(L):
    keys = buffer_init(L, "keys")
    n, nb = param(L, 1), param(L, 2)
    sizes = [0] * nb
    for k in keys[:n]:
        sizes[bucket_of(k, nb)] += 1
    return {"sizes": sizes, "locks": [0] * nb}


def ref_atm(L, n_param_index=0):
    n = param(L, n_param_index)
    bal = list(buffer_init(L, "balance"))
    for src, dst, amt in transfers(n):
        bal[src] -= amt
        bal[dst] += amt
    return {"balance": bal}


def ref_atm_locks(L):
    out = ref_atm(L)
    out["locks"] = [0] * 8
    return out


def ref_nested_locks(L):
    n = param(L, 0)
    rows, cols = [0] * 4, [0] * 3
    for t in range(n):
        rows[t % 4] += t + 1
        cols[t % 3] += t + 1
    return {"row_sum": rows, "col_sum": cols, "row_locks": [0] * 4, "col_locks": [0] * 3}


def ref_two_locks_join(L):
    n = nthreads(L)
    even, odd = range(0, n, 2), range(1, n, 2)
    return {"sum1": [sum(even)], "cnt1": [len(even)], "sum2": [2 * sum(odd)],
            "cnt2": [len(odd)], "out": [1] * n, "m1": [0], "m2": [0]}


def ref_radiosity_lock(L):
    rounds, last = param(L, 0), buffer_init(L, "last")
    total, done, passes = 0, 0, []
    for t in range(nthreads(L)):
        p = 0
        while True:                     # do { ... } while (p < rounds)
            total += t * rounds + p + 1
            if p == last[t]:
                done += 1
                break
            p += 1
            if p >= rounds:
                break
        passes.append(p)
    return {"total": [total], "done": [done], "passes": passes, "mutex": [0]}


def ref_divergent_barrier(L):
    inp = buffer_init(L, "in")
    out = []
    for t in range(len(inp)):
        if (t & 31) < 16:
            out.append((inp[t + 16] + 100) + 1)
        else:
            out.append((inp[t - 16] * 2) * 3)
    return {"out": out}


def ref_nested_ifelse(L):
    A, B, C, D, E, F, G = range(7)
    visits = [0] * 7
    trace = []
    for i in range(nthreads(L)):
        path = {A}
        if i % 2 == 0:
            path.add(B)
        else:
            path |= {C, D if i == 1 else E, F}
        path.add(G)
        for b in path:
            visits[b] += 1
        trace.append(sum(1 << b for b in path))
    return {"visits": visits, "trace": trace}


def ref_wait_signal(L):
    nnodes = param(L, 0)
    start, order = preorder(nnodes)
    return {"start": start, "sorted": order}


def ref_vector_add(L):
    a, b = buffer_init(L, "a"), buffer_init(L, "b")
    n = param(L, 3)
    return {"c": [f32(a[i] + b[i]) for i in range(n)]}


def ref_reduce_shared(L):
    inp = buffer_init(L, "in")
    bs = L["block"][0]
    return {"block_sums": [sum(inp[b * bs:(b + 1) * bs]) for b in range(L["grid"][0])]}


def ref_histogram_atomic(L):
    data = buffer_init(L, "data")
    bins = [0] * 16
    for v in data[:param(L, 1)]:
        bins[v & 15] += 1
    return {"bins": bins}


def ref_warp_vote_shuffle(L):
    inp = buffer_init(L, "in")
    n = len(inp)
    out = [0] * (8 * n)
    for w in range(0, n, 32):
        v = inp[w:w + 32]
        odd = sum(1 << l for l in range(32) if v[l] & 1)
        s = list(v)
        for off in (16, 8, 4, 2, 1):
            s = [s[l] + (s[l + off] if l + off < 32 else s[l]) for l in range(32)]
        for l in range(32):
            t = w + l
            out[0 * n + t] = s32(odd)
            out[1 * n + t] = int(any(x > 40 for x in v))
            out[2 * n + t] = int(all(x < 50 for x in v))
            out[3 * n + t] = s32(s[l])
            out[4 * n + t] = max(v)
            out[5 * n + t] = v[3]
            out[6 * n + t] = v[l - 1] if l > 0 else v[0]
            out[7 * n + t] = bin(odd & ((1 << l) - 1)).count("1")
    return {"out": out}


def ref_matmul_tiled(L):
    A, B = buffer_init(L, "A"), buffer_init(L, "B")
    n = param(L, 3)
    C = []
    for r in range(n):
        for c in range(n):
            acc = 0.0
            for k in range(n):                 # exact: all partial sums < 2^24
                acc = f32(acc + A[r * n + k] * B[k * n + c])
            C.append(acc)
    return {"C": C}


def ref_device_function(L):
    a, b = buffer_init(L, "a"), buffer_init(L, "b")
    scale, frac = param(L, 3), param(L, 4)
    n = nthreads(L)
    out = []
    for t in range(n):
        lo, hi = min(a[t], b[n - 1 - t]), max(a[t], b[n - 1 - t])
        area = (hi - lo) * scale
        clamped = min(max(3 * t, lo), hi)
        weight = ((t - 16 + 0x8000) & 0xFFFF) - 0x8000
        out.append(s32(clamped * weight + (t & 7) + math.trunc(area * frac)))
    return {"out": out}


def ref_printf_kernel(L):
    return {"out": [t * t for t in range(nthreads(L))]}


def ref_math_mix(L):
    u, f, d = buffer_init(L, "u"), buffer_init(L, "f"), buffer_init(L, "d")
    io, wo, fo, do, ho, bo = [], [], [], [], [], []
    for t in range(nthreads(L)):
        x = u32(u[t] * 0x01000193 + 0x9E3779B9)
        a, g = float(f[t]), float(d[t])
        sx = s32(x)
        # iout
        io.append(int(f"{x:032b}"[::-1], 2))                        # __brev
        y = x >> (t & 31)
        io.append(32 - y.bit_length())                               # __clz
        m = x & ~0xFF & M32
        ffs = (m & -m).bit_length()
        io.append(ffs + bin(x).count("1"))                           # __ffs + __popc
        src = x | (0x76543210 << 32)
        io.append(sum(((src >> (8 * ((0x5140 >> (4 * i)) & 7))) & 0xFF) << (8 * i)
                      for i in range(4)))                            # __byte_perm
        io.append((x >> 7) & 0x3FF)
        io.append((x & ~(0xFF << 12) & M32) | ((t & 0xFF) << 12))
        sext24 = lambda v: ((v & 0xFFFFFF) ^ 0x800000) - 0x800000
        io.append(u32(sext24(x) * sext24(t + 3)))                    # __mul24
        io.append((x * 0x9E3779B9) >> 32)                            # __umulhi
        io.append((((((~x & M32) << 32) | x) << (t & 31)) >> 32) & M32)  # funnelshift_l
        b_ = t * 1000
        io.append(u32(7 + (b_ - sx if sx < b_ else sx - b_)))        # __sad
        # wout (stored as signed 64-bit)
        wo.append(s64(x * (t + 1000003)))
        wo.append(s64((((x << 32) | t) * 0x9E3779B97F4A7C15) >> 64))
        wo.append(s64(((x << (t & 63)) & ((1 << 64) - 1)) ^ ((sx >> 3) & ((1 << 64) - 1))))
        # fout
        fo.append(f32(math.sqrt(a)))
        fo.append(f32(a * 0.5 + 0.25))
        fo.append(min(max(f32(a * 0.03125), 0.0), 1.0))
        fo.append(float(math.floor(f32(a * f32(0.3)))))
        rn = round(f32(a * 2.5))                                     # Python rounds half to even
        fo.append(f32(float(rn + int(f32(a * 3.0)))))
        # dout
        do.append(g * g + 1.0)                                       # exact for these inputs
        do.append(math.sqrt(g))
        do.append(g * a - 0.5)
        do.append(float(math.trunc(g * 1e12)))
        # hout
        h = f16(a * 0.25)
        ho.append(f16(h + 1.5))
        ho.append(f16(a * a + 0.5))
        ho.append(f16(1.5 * h))
        # bout (bf16 bits; every value here is exact in bf16)
        b = f32(a * 1.5)
        bo.append(f32_bits(b) >> 16)
        bo.append(f32_bits(f32(b + 0.5)) >> 16)
    return {"iout": io, "wout": wo, "fout": fo, "dout": do, "hout": ho, "bout": bo}


def ref_legacy_isa12(L):
    data = buffer_init(L, "data")
    scale, lo, hi, n = (param(L, i) for i in (1, 2, 3, 4))
    return {"data": [min(max(f32(v * scale), lo), hi) if i < n else v
                     for i, v in enumerate(data)]}


def ref_legacy_isa14(L):
    a, x, y = param(L, 0), buffer_init(L, "x"), list(buffer_init(L, "y"))
    n, reps = param(L, 3), param(L, 4)
    for i in range(n):
        for _ in range(reps):
            y[i] = f32(a * x[i] + y[i])                              # exact here
    return {"y": y}


def ref_legacy_isa2x(L):
    inp = buffer_init(L, "in")
    n = param(L, 2)
    return {"total": [u32(sum(inp[i] * (1 + (i & 3)) for i in range(n)))]}


def ref_legacy_isa4x(L):
    m = buffer_init(L, "m")
    rows, cols = param(L, 2), param(L, 3)
    out = []
    for r in range(rows):
        acc = 0.0
        for j in range(cols):
            acc = f32(acc + m[r * cols + j])
        out.append(acc)
    return {"out": out}



def walk_forces(nbodies, cutoff, child, cx, cr, cm, bx, bm):
    """force[] of tree_walk_vote: each warp's bodies walk the tree in lockstep."""
    force = [0] * nbodies
    for w0 in range(0, nbodies, 32):
        lanes = range(w0, min(nbodies, w0 + 32))
        f = {b: 0 for b in lanes}
        stack = [nbodies]
        while not all(not stack or abs(f[b]) >= cutoff for b in lanes):
            n = stack.pop()
            if n < nbodies:
                for b in lanes:
                    if n != b:
                        f[b] += bm[n] * (bx[n] - bx[b])
                continue
            c = n - nbodies
            if all(abs(cx[c] - bx[b]) >= 2 * cr[c] for b in lanes):
                for b in lanes:
                    f[b] += cm[c] * (cx[c] - bx[b])
                continue
            for k in range(2):
                ch = child[2 * c + k]
                if ch >= 0 and len(stack) < 16:
                    stack.append(ch)
        for b in lanes:
            force[b] = s32(f[b])
    return force


def ref_tree_walk_vote(L):
    p = [x["value"] for x in L["params"][:2]]
    b = {x["name"]: x["init"] for x in L["buffer"]}
    return {"force": walk_forces(p[0], p[1], b["child"], b["cell_x"], b["cell_r"], b["cell_m"], b["body_x"],
                                 b["body_m"])}

def ref_unstructured_goto(L):
    b = buffer_init(L, "b")
    out = []
    for t in range(nthreads(L)):
        if t < 16:
            a = 1 if t < 8 else 2
            a += 5
        elif b[t] > 20:
            a = 0 + 5
        else:
            out.append(3 * 2)
            continue
        out.append(a * 2)
    return {"a": out}


REFERENCES = {
    "spin_lock": ref_spin_lock,
    "tree_walk_vote": ref_tree_walk_vote,
    "done_flag_lock": ref_done_flag_lock,
    "ticket_lock": ref_ticket_lock,
    "hashtable_v1": ref_hashtable,
    "hashtable_v2": ref_hashtable,
    "hashtable_lock": ref_hashtable,
    "atm": lambda L: ref_atm_locks(L),
    "nested_locks": ref_nested_locks,
    "two_locks_join": ref_two_locks_join,
    "radiosity_lock": ref_radiosity_lock,
    "tm_markers": ref_atm,
    "tm_markers_mangled": ref_atm,
    "divergent_barrier": ref_divergent_barrier,
    "nested_ifelse": ref_nested_ifelse,
    "wait_signal": ref_wait_signal,
    "wait_signal_nonblocking": ref_wait_signal,
    "vector_add": ref_vector_add,
    "reduce_shared": ref_reduce_shared,
    "histogram_atomic": ref_histogram_atomic,
    "warp_vote_shuffle": ref_warp_vote_shuffle,
    "matmul_tiled": ref_matmul_tiled,
    "device_function": ref_device_function,
    "printf_kernel": ref_printf_kernel,
    "math_mix": ref_math_mix,
    "legacy_isa12": ref_legacy_isa12,
    "legacy_isa14": ref_legacy_isa14,
    "legacy_isa2x": ref_legacy_isa2x,
    "legacy_isa4x": ref_legacy_isa4x,
    "unstructured_goto": ref_unstructured_goto,
}


# ------------------------------------------------------------ launch helpers

def nthreads(L):
    return math.prod(L["grid"]) * math.prod(L["block"])


def param(L, i):
    p = L["params"][i]
    if isinstance(p, dict):
        return p["value"]
    raise TypeError(f"param {i} is buffer {p!r}, not a scalar")


def buffer_init(L, name):
    for b in L["buffer"]:
        if b["name"] == name:
            init, count = b["init"], b["count"]
            if init == "zeros":
                return [0] * count
            if init == "iota":
                return list(range(count))
            if isinstance(init, list):
                if len(init) != count:
                    raise ValueError(f"buffer {name}: {len(init)} values for count {count}")
                return init
            raise ValueError(f"buffer {name}: init {init!r} has no fixed contents")
    raise KeyError(name)


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return float(a) == float(b) or (math.isnan(a) and math.isnan(b))
    return a == b


def main(argv):
    show = "--print" in argv
    names = [a for a in argv if not a.startswith("--")] or sorted(REFERENCES)
    bad = 0
    for name in names:
        L = tomllib.loads((KERNELS / name / "launch.toml").read_text())
        got = REFERENCES[name](L)
        if show:
            for k, v in got.items():
                print(f"{name}.{k} = {v}")
            continue
        exp = L.get("expect", {})
        problems = []
        for k, v in got.items():
            if k not in exp:
                problems.append(f"[expect] has no {k}")
            elif len(exp[k]) != len(v) or not all(same(x, y) for x, y in zip(exp[k], v)):
                problems.append(f"[expect].{k} differs from the reference")
        problems += [f"[expect].{k} is not computed by the reference" for k in exp if k not in got]
        for p in problems:
            print(f"{name}: {p}")
        if not problems:
            print(f"{name}: ok")
        bad += len(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
