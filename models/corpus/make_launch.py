#!/usr/bin/env python3
"""Write models/corpus/<name>/launch.toml for every corpus kernel.

Each launch is small (1-6 blocks), its input data is fixed (drawn from
random.Random with fixed seeds, or written out) and inlined in the spec, and
`[expect]` is computed here by a direct Python reference of the kernel when
the result is deterministic and exact (integers, or floats holding small
integers so that every sum is exact in any order). Kernels with inexact
float results or order-dependent outputs get no expectation, or one on the
order-independent buffers only; the comment at the top of each spec says
which. Run `python3 models/corpus/make_launch.py` to regenerate; the
committed specs were written with Python 3.11.
"""
import bisect
import os
import random
import struct

R = os.path.dirname(os.path.abspath(__file__))


def num(x):
    """A TOML number; u64 values above 2^63 - 1 (and strings) are quoted."""
    if isinstance(x, str):
        return '"' + x + '"'
    if isinstance(x, int) and x > 2**63 - 1:
        return '"' + str(x) + '"'
    return str(x)


def arr(v):
    """A TOML inline array."""
    return "[" + ", ".join(num(x) for x in v) + "]"


def spec(name, kernel, grid, block, params, buffers, expect, comment, shared=0):
    """Write <name>/launch.toml. params: buffer names or (type, value) scalars;
    buffers: (name, type, inline list | (init keyword, count)); expect: buffer
    name -> list, or None; comment: the spec's header comment."""
    lines = ["# " + l.strip() for l in comment.strip().split("\n")]
    lines.append(f'kernel = "{kernel}"')
    lines.append(f"grid = {arr(grid)}")
    lines.append(f"block = {arr(block)}")
    if shared:
        lines.append(f"shared_bytes = {shared}")
    ps = []
    for p in params:
        if isinstance(p, str):
            ps.append(f'"{p}"')
        else:
            ps.append(f'{{type = "{p[0]}", value = {p[1]}}}')
    lines.append("params = [" + ", ".join(ps) + "]")
    for (bn, bt, init) in buffers:
        lines.append("")
        lines.append("[[buffer]]")
        lines.append(f'name = "{bn}"')
        lines.append(f'type = "{bt}"')
        if isinstance(init, tuple):
            lines.append(f"count = {init[1]}")
            lines.append(f'init = "{init[0]}"')
        else:
            lines.append(f"init = {arr(init)}")
    if expect:
        lines.append("")
        lines.append("[expect]")
        for k, v in expect.items():
            lines.append(f"{k} = {arr(v) if isinstance(v, list) else v}")
    open(f"{R}/{name}/launch.toml", "w").write("\n".join(lines) + "\n")


def warp_synchronous_histogram():
    words = list(range(512))
    exp = [0]*512
    for b in range(2):
        for i in list(range(b*128, b*128+128)) + list(range(256+b*128, 256+b*128+128)):
            w = words[i]
            for s in (0, 8, 16, 24):
                exp[b*256 + ((w >> s) & 0xff)] += 1
    spec("hist_tagged_warp", "_Z16hist_tagged_warpPKjiPj", [2], [128],
         ["words", ("s32", 512), "block_hist"],
         [("words", "u32", ("iota", 512)), ("block_hist", "u32", ("zeros", 512))],
         {"block_hist": exp},
         """hist_tagged_warp: 512 words 0..511, 2 blocks x 128 threads (4 warps, 2 words
    per thread). Bytes 2 and 3 of every word are 0, so all 32 lanes of a warp
    hit bin 0 together twice per word: the tagged retry loop runs 32 rounds.
    The expectation holds under the stack models only: the algorithm relies on
    warp-synchronous stores (one write per address wins in each round); under
    mimd interleavings lanes overwrite each other's increments (exit status 2).""")


def graph_search_sort_launches():
    rnd = random.Random(4)
    INT_MAX = 2**31 - 1

    # cc_pointer_jump: chains 0<-1<-2<-...; parent[v] = v-1 for v in chain, roots self
    nv = 64
    parent = [max(0, v - 1) if v < 40 else (40 if v == 40 else v - 1) for v in range(nv)]
    root = []
    for v in range(nv):
        r = v
        while parent[r] != r: r = parent[r]
        root.append(r)
    spec("cc_pointer_jump", "_Z15cc_pointer_jumpiPi", [1], [64], [("s32", nv), "parent"],
         [("parent", "s32", parent)], {"parent": root},
         """cc_pointer_jump: two chains (0 <- 1 <- ... <- 39 and 40 <- ... <- 63), one
    block of 64 threads; every vertex ends pointing at its chain's root.""")

    # vote_any_queue: 100 items, 1 block of 64 threads (2 warps)
    n = 100
    vals = [rnd.randrange(1, 1000) for _ in range(n)]
    def collatz(v):
        s = 0
        while v > 1 and s < 64:
            v = 3 * v + 1 if v & 1 else v >> 1
            s += 1
        return s
    spec("vote_any_queue", "_Z14vote_any_queuePjjPKjS_", [1], [64],
         ["head", ("u32", n), "in", "out"],
         [("head", "u32", [0]), ("in", "u32", vals), ("out", "u32", ("zeros", n))],
         {"out": [collatz(v) for v in vals], "head": [192]},
         """vote_any_queue: 100 items, one block of 2 warps. Grabs of 32 at bases 0, 32,
    64, 96 hand out the items; each warp then makes one more (empty) grab and
    leaves: head ends at 6 * 32 = 192.""")

    # vote_any_search: 128 ints, key at 40 and 100, one block of 64 threads
    data = [rnd.randrange(0, 50) * 2 + 1 for _ in range(128)]
    data[40] = 8; data[100] = 8
    spec("vote_any_search", "_Z15vote_any_searchPKiiiPiPVi", [1], [64],
         ["data", ("s32", 128), ("s32", 8), "first", "found"],
         [("data", "s32", data), ("first", "s32", [INT_MAX]), ("found", "s32", [0])],
         {"first": [40], "found": [1]},
         """vote_any_search: key 8 at indices 40 and 100 of 128 odd numbers; one block
    of 2 warps. Warp 1 hits 40 in its first chunk; warp 0 may stop early on the
    flag but never finds anything earlier: first = 40.""")

    # bfs_atomic_min: small graph, one level from source 0
    adjl = {0: [1, 2, 3], 1: [4], 2: [4, 5], 3: [], 4: [6], 5: [6, 7], 6: [], 7: [0]}
    nvb = 8
    row = [0]; adj = []
    for v in range(nvb):
        adj += adjl[v]; row.append(len(adj))
    BIG = 1000
    level = [0] + [BIG] * (nvb - 1)
    exp_level = [0, 1, 1, 1, BIG, BIG, BIG, BIG]
    spec("bfs_atomic_min", "_Z14bfs_atomic_miniPiS_S_iS_", [1], [32],
         [("s32", nvb), "row_off", "adj", "level", ("s32", 0), "changed"],
         [("row_off", "s32", row), ("adj", "s32", adj), ("level", "s32", level),
          ("changed", "s32", [0])],
         {"level": exp_level, "changed": [1]},
         """bfs_atomic_min: 8-vertex graph, level 0 = vertex 0; one launch expands
    level 0: its neighbours 1, 2, 3 get level 1 and `changed` is raised.""")

    # triangle_count: oriented graph u<v
    edges_und = set()
    N = 12
    for _ in range(40):
        a, b = rnd.randrange(N), rnd.randrange(N)
        if a != b: edges_und.add((min(a, b), max(a, b)))
    out = {v: sorted(b for (a, b) in edges_und if a == v) for v in range(N)}
    row = [0]; adj = []
    for v in range(N):
        adj += out[v]; row.append(len(adj))
    el = sorted(edges_und)
    tri = sum(1 for (u, v) in el for w in out[u] if w in out[v])
    spec("triangle_count", "_Z14triangle_countiPiS_S_S_Py", [1], [64],
         [("s32", len(el)), "src", "dst", "row_off", "adj", "count"],
         [("src", "s32", [u for u, _ in el]), ("dst", "s32", [v for _, v in el]),
          ("row_off", "s32", row), ("adj", "s32", adj), ("count", "u64", [0])],
         {"count": [tri]},
         f"""triangle_count: random 12-vertex graph with {len(el)} edges oriented low -> high,
    one thread per edge; {tri} triangles.""")

    # bucket_sort_atomic: bucket_count
    keys = [rnd.randrange(0, 100) + 0.5 for _ in range(200)]
    piv = [10.0, 25.0, 50.0, 75.0, 90.0]
    bof = [bisect.bisect_right(piv, k) for k in keys]
    cnt = [bof.count(b) for b in range(len(piv) + 1)]
    spec("bucket_sort_atomic", "_Z12bucket_countPKfiS0_iPjPi", [2], [64],
         ["keys", ("s32", 200), "pivots", ("s32", 5), "counts", "bucket_of"],
         [("keys", "f32", keys), ("pivots", "f32", piv), ("counts", "u32", ("zeros", 6)),
          ("bucket_of", "s32", ("zeros", 200))],
         {"counts": cnt, "bucket_of": bof},
         """bucket_sort_atomic (bucket_count kernel): 200 keys in [0.5, 99.5], pivots
    10 25 50 75 90 -> 6 buckets; 2 blocks x 64 threads, grid-stride loop.""")

    # string_match
    text = bytes(rnd.choice(b"ab") for _ in range(200))
    pat = b"abba"
    pos = [i for i in range(len(text) - len(pat) + 1) if text[i:i + len(pat)] == pat]
    spec("string_match", "_Z12string_matchPKciS0_iPjPi", [4], [64],
         ["text", ("s32", len(text)), "pat", ("s32", len(pat)), "matches", "first"],
         [("text", "u8", list(text)), ("pat", "u8", list(pat)), ("matches", "u32", [0]),
          ("first", "s32", [INT_MAX])],
         {"matches": [len(pos)], "first": [pos[0]]},
         """string_match: "abba" in 200 random characters over {a, b}; 4 blocks x 64
    threads, one per text position.""")

    # string_match_kmp: failure table
    def failure(p):
        f = [0] * len(p); k = 0
        for i in range(1, len(p)):
            while k > 0 and p[i] != p[k]: k = f[k - 1]
            if p[i] == p[k]: k += 1
            f[i] = k
        return f
    pat2 = b"abab"
    pos2 = [i for i in range(len(text) - len(pat2) + 1) if text[i:i + len(pat2)] == pat2]
    spec("string_match_kmp", "_Z16string_match_kmpPKciS0_PKiiiPj", [1], [32],
         ["text", ("s32", len(text)), "pat", "fail", ("s32", len(pat2)), ("s32", 7), "matches"],
         [("text", "u8", list(text)), ("pat", "u8", list(pat2)), ("fail", "s32", failure(pat2)),
          ("matches", "u32", [0])],
         {"matches": [len(pos2)]},
         """string_match_kmp: "abab" (failure table 0 0 1 2) in the same 200 characters
    as string_match; one block of 32 threads, chunks of 7 characters.""")

    # merge_path_partition
    a = sorted(rnd.randrange(0, 500) for _ in range(70))
    b = sorted(rnd.randrange(0, 500) for _ in range(50))
    spec("merge_path_partition", "_Z20merge_path_partitionPKiiS0_iPii", [1], [32],
         ["a", ("s32", 70), "b", ("s32", 50), "out", ("s32", 4)],
         [("a", "s32", a), ("b", "s32", b), ("out", "s32", ("zeros", 120))],
         {"out": sorted(a + b)},
         """merge_path_partition: merge 70 and 50 sorted random ints, chunks of 4
    (30 active threads of one 32-thread block).""")

    # radix_local_ballot: 2 blocks x 128 keys, bits 0..3
    keys = [rnd.randrange(0, 1 << 16) for _ in range(256)]
    exp = []
    for blk in range(2):
        ks = keys[blk * 128:(blk + 1) * 128]
        exp += sorted(ks, key=lambda k: k & 0xf)   # Python sort is stable
    spec("radix_local_ballot", "_Z18radix_local_ballotPjii", [2], [128],
         ["keys", ("s32", 0), ("s32", 4)],
         [("keys", "u32", keys)], {"keys": exp},
         """radix_local_ballot: 2 blocks x 128 random 16-bit keys, stable split on bits
    0..3: each block ends sorted by its low 4 bits (ties keep input order).""")

    # sort_bitonic: 1 block, 1024 keys
    keys = [rnd.randrange(0, 1 << 32) for _ in range(1024)]
    spec("sort_bitonic", "_Z12sort_bitonicPj", [1], [512], ["keys"],
         [("keys", "u32", keys)], {"keys": sorted(keys)},
         """sort_bitonic: one block of 512 threads sorts 1024 random u32 keys.""")

    # sort_odd_even_merge: floats with exact integers
    fk = [float(rnd.randrange(-1000, 1000)) for _ in range(512)]
    spec("sort_odd_even_merge", "_Z19sort_odd_even_mergePf", [1], [512], ["data"],
         [("data", "f32", fk)], {"data": sorted(fk)},
         """sort_odd_even_merge: one block of 512 threads sorts 512 integer-valued floats.""")

    # scan_warp_shuffle: 2 blocks x 128
    x = [rnd.randrange(-50, 50) for _ in range(250)]
    exp = []
    for blk in range(2):
        acc = 0
        for v in x[blk * 128:(blk + 1) * 128]:
            acc += v; exp.append(acc)
    spec("scan_warp_shuffle", "_Z17scan_warp_shufflePKiPii", [2], [128],
         ["in", "out", ("s32", 250)],
         [("in", "s32", x), ("out", "s32", ("zeros", 250))], {"out": exp},
         """scan_warp_shuffle: 250 random ints, 2 blocks x 128 threads: per-block
    inclusive scans (the last 6 threads of block 1 are out of range).""")

    # scan_blelloch: 2 blocks x 256 threads, 512 per block
    x = [rnd.randrange(0, 100) for _ in range(1024)]
    exp = []; tot = []
    for blk in range(2):
        acc = 0
        for v in x[blk * 512:(blk + 1) * 512]:
            exp.append(acc); acc += v
        tot.append(acc)
    spec("scan_blelloch", "_Z13scan_blellochPKiPiS1_", [2], [256],
         ["in", "out", "totals"],
         [("in", "s32", x), ("out", "s32", ("zeros", 1024)), ("totals", "s32", ("zeros", 2))],
         {"out": exp, "totals": tot},
         """scan_blelloch: 1024 random ints, 2 blocks x 256 threads, exclusive scan of
    512 elements per block and the block totals.""")

    # reduce_unrolled_warp: 3 blocks x 256
    x = [rnd.randrange(-1000, 1000) for _ in range(700)]
    spec("reduce_unrolled_warp", "_Z15reduce_unrolledILj256EEvPKiPij", [3], [256],
         ["in", "partial", ("u32", 700)],
         [("in", "s32", x), ("partial", "s32", ("zeros", 3))],
         {"partial": [sum(x[b * 256:(b + 1) * 256]) for b in range(3)]},
         """reduce_unrolled_warp: 700 random ints, 3 blocks x 256 threads; per-block
    sums. The barrier-free last-warp tail relies on warp-synchronous execution:
    the expectation holds under the stack models; under mimd lanes of the last
    warp may read a neighbour's cell before or after it is updated.""")

    # hist_shared_atomic
    words = [rnd.randrange(0, 1 << 32) for _ in range(300)]
    h = [0] * 256
    for w in words:
        for s in (0, 8, 16, 24): h[(w >> s) & 0xff] += 1
    spec("hist_shared_atomic", "_Z18hist_shared_atomicPKjiPj", [2], [64],
         ["words", ("s32", 300), "hist"],
         [("words", "u32", words), ("hist", "u32", ("zeros", 256))], {"hist": h},
         """hist_shared_atomic: bytes of 300 random words, 2 blocks x 64 threads.""")

    # hist_per_warp (first kernel)
    keys = [rnd.randrange(0, 1000) for _ in range(500)]
    parts = [0] * 128
    for i, k in enumerate(keys):
        blk = (i // 128) % 2
        parts[blk * 64 + (k & 63)] += 1
    spec("hist_per_warp", "_Z13hist_per_warpPKiiPj", [2], [128],
         ["keys", ("s32", 500), "partials"],
         [("keys", "s32", keys), ("partials", "u32", ("zeros", 128))], {"partials": parts},
         """hist_per_warp (hist_per_warp kernel): 500 random keys, 64 bins of the low 6
    bits, 2 blocks x 128 threads (4 private warp histograms each); per-block
    partial histograms.""")

    # floyd_warshall_step: n=8, k=3, seg=3
    n = 8; k = 3; seg = 3
    INFD = 10**6
    M = [[0 if i == j else (rnd.randrange(1, 20) if rnd.random() < 0.5 else INFD) for j in range(n)] for i in range(n)]
    E = [[min(M[i][j], M[i][k] + M[k][j]) for j in range(n)] for i in range(n)]
    spec("floyd_warshall_step", "_Z19floyd_warshall_stepPiiii", [1], [32],
         ["path", ("s32", n), ("s32", k), ("s32", seg)],
         [("path", "s32", sum(M, []))], {"path": sum(E, [])},
         """floyd_warshall_step: 8 x 8 random distance matrix (10^6 = no edge), pivot 3,
    segments of 3 columns: 24 active threads.""")

    # spmv_csr_scalar: integer-valued floats
    rows = 40
    rowp = [0]; cols = []; vals = []
    for r in range(rows):
        for c in sorted(rnd.sample(range(rows), rnd.randrange(0, 6))):
            cols.append(c); vals.append(float(rnd.randrange(-5, 6)))
        rowp.append(len(cols))
    xv = [float(rnd.randrange(-5, 6)) for _ in range(rows)]
    yv = [sum(vals[j] * xv[cols[j]] for j in range(rowp[r], rowp[r + 1])) for r in range(rows)]
    spec("spmv_csr_scalar", "_Z15spmv_csr_scalariPiS_PfS0_S0_", [2], [32],
         [("s32", rows), "row_ptr", "col_idx", "vals", "x", "y"],
         [("row_ptr", "s32", rowp), ("col_idx", "s32", cols), ("vals", "f32", vals),
          ("x", "f32", xv), ("y", "f32", ("zeros", rows))], {"y": yv},
         """spmv_csr_scalar: random 40 x 40 CSR matrix (0-5 nonzeros a row) with small
    integer values, so every sum is exact in any order; 2 blocks x 32 threads.""")

    # vote_ballot_compact: only out_len is order independent
    x = [rnd.randrange(-10, 10) for _ in range(150)]
    spec("vote_ballot_compact", "_Z19vote_ballot_compactPKiiPiS1_", [1], [64],
         ["in", ("s32", 150), "out", "out_len"],
         [("in", "s32", x), ("out", "s32", ("zeros", 150)), ("out_len", "s32", [0])],
         {"out_len": [sum(1 for v in x if v > 0)]},
         """vote_ballot_compact: 150 random ints in [-10, 9], one block of 2 warps. The
    order of warps' segments in `out` depends on the atomicAdd order, so only
    out_len is checked.""")

    # mandelbrot: no expectation (float iteration counts), checks completion
    spec("mandelbrot", "_Z10mandelbrotPtiifffi", [2, 2], [16, 8],
         ["iters", ("s32", 32), ("s32", 16), ("f32", -2.0), ("f32", -1.0), ("f32", 0.09375),
          ("s32", 200)],
         [("iters", "u16", ("zeros", 512))], None,
         """mandelbrot: 32 x 16 pixels over [-2, 1] x [-1, 0.5], 200 iterations at most;
    2 x 2 blocks of 16 x 8. No expectation (float results): the run must complete.""")

    # jacobi_flag: no expectation
    spec("jacobi_flag", "_Z11jacobi_flagPfPKfPiif", [2], [256],
         ["x", "rhs", "unconverged", ("s32", 50), ("f32", 0.001)],
         [("x", "f32", ("random:7", 512)), ("rhs", "f32", ("zeros", 512)),
          ("unconverged", "s32", [0])], None,
         """jacobi_flag: 2 blocks x 256 cells of random data, zero right-hand side, at
    most 50 sweeps. No expectation (float results): the run must complete.""")

    # vote_all_converge: no expectation
    nn = 31
    spec("vote_all_converge", "_Z17vote_all_convergePKfS0_S0_iS0_Pfff", [1], [64],
         ["center", "extent", "mass", ("s32", nn), "body", "force", ("f32", 0.5), ("f32", 0.01)],
         [("center", "f32", ("random:1", nn)), ("extent", "f32", [0.5 / (1 << (len(bin(i + 1)) - 3)) for i in range(nn)]),
          ("mass", "f32", ("random:2", nn)), ("body", "f32", ("random:3", 64)),
          ("force", "f32", ("zeros", 64))], None,
         """vote_all_converge: a 31-node tree (5 levels, cell size halving per level),
    64 bodies, one block of 2 warps. No expectation (float results): the run
    must complete.""")


def scan_reduce_stencil_matrix_launches():
    rnd = random.Random(44)
    def ri(lo, hi, n): return [rnd.randrange(lo, hi) for _ in range(n)]
    def fl(v): return [float(x) for x in v]

    # scan_hillis_steele: dynamic shared 2*128 floats
    x = fl(ri(-20, 20, 200)); exp = []
    for b in range(2):
        acc = 0.0
        for v in x[b*128:(b+1)*128]: acc += v; exp.append(acc)
    spec("scan_hillis_steele", "_Z18scan_hillis_steelePKfPfi", [2], [128], ["in", "out", ("s32", 200)],
         [("in", "f32", x), ("out", "f32", ("zeros", 200))], {"out": exp},
         """scan_hillis_steele: 200 small integer-valued floats (exact sums), 2 blocks x
    128 threads, 2 x 128 floats of dynamic shared memory; per-block inclusive scans.""",
         shared=1024)

    # scan_segmented
    x = fl(ri(-20, 20, 256)); heads = [1 if rnd.random() < 0.15 else 0 for _ in range(256)]
    exp = []
    for b in range(2):
        acc = 0.0
        for k in range(128):
            i = b*128 + k
            acc = x[i] if (k == 0 or heads[i]) else acc + x[i]
            exp.append(acc)
    spec("scan_segmented", "_Z14scan_segmentedPKfPKiPfi", [2], [128], ["vals", "heads", "out", ("s32", 256)],
         [("vals", "f32", x), ("heads", "s32", heads), ("out", "f32", ("zeros", 256))], {"out": exp},
         """scan_segmented: 256 small integer-valued floats with random segment heads,
    2 blocks x 128 threads; every block also starts a segment.""")

    # scan_three_phase: scan_tiles kernel
    x = ri(0, 1000, 600); exp = []; tot = []
    for b in range(3):
        acc = 0
        for v in x[b*256:(b+1)*256]: acc += v; exp.append(acc)
        tot.append(acc)
    spec("scan_three_phase", "_Z10scan_tilesPKjPjS1_i", [3], [256], ["in", "out", "totals", ("s32", 600)],
         [("in", "u32", x), ("out", "u32", ("zeros", 600)), ("totals", "u32", ("zeros", 3))],
         {"out": exp, "totals": tot},
         """scan_three_phase (scan_tiles kernel, phase 1): 600 random u32 below 1000,
    3 tiles of 256; per-tile inclusive scans and tile totals (the last tile is
    partial: its total covers 88 elements).""")

    # reduce_tree: doubles ints
    x = fl(ri(-1000, 1000, 1000)); nb = 2
    exp = [sum(x[b*512:(b+1)*512]) for b in range(nb)]
    spec("reduce_tree", "_Z11reduce_treePKdPdj", [nb], [256], ["in", "partial", ("u32", 1000)],
         [("in", "f64", x), ("partial", "f64", ("zeros", nb))], {"partial": exp},
         """reduce_tree: 1000 integer-valued doubles, 2 blocks x 256 threads (512
    elements a block); per-block sums, exact in any order.""")

    # reduce_atomic_partials
    x = ri(0, 1 << 32, 1000)
    spec("reduce_atomic_partials", "_Z22reduce_atomic_partialsPKjPyii", [2], [128],
         ["data", "total", ("s32", 1000), ("s32", 4)],
         [("data", "u32", x), ("total", "u64", [0])], {"total": [sum(x)]},
         """reduce_atomic_partials: 1000 random u32, 2 blocks x 128 threads, 4 elements
    a thread; one 64-bit total.""")

    # reduce_grid_stride: squares of small ints
    x = fl(ri(-30, 30, 1500)); nb = 3
    part = []
    for b in range(nb):
        s = 0.0
        for t in range(128):
            i = b*128 + t
            while i < 1500: s += x[i]*x[i]; i += nb*128
        part.append(s)
    spec("reduce_grid_stride", "_Z18reduce_grid_stridePKfPfl", [nb], [128], ["x", "partial", ("s64", 1500)],
         [("x", "f32", x), ("partial", "f32", ("zeros", nb))], {"partial": part},
         """reduce_grid_stride: sum of squares of 1500 small integer-valued floats,
    3 blocks x 128 threads (dynamic shared 512 bytes); per-block partials.""", shared=512)

    # reduce_shuffle
    x = fl(ri(-100, 100, 500))
    spec("reduce_shuffle", "_Z14reduce_shufflePKfPfi", [2], [256], ["in", "total", ("s32", 500)],
         [("in", "f32", x), ("total", "f32", [0.0])], {"total": [sum(x)]},
         """reduce_shuffle: 500 small integer-valued floats, 2 blocks x 256 threads.""")

    # reduce_argmin
    x = fl(ri(-5000, 5000, 700)); m = min(x); idx = x.index(m)
    def obits(f):
        b = struct.unpack("<I", struct.pack("<f", f))[0]
        return (~b & 0xffffffff) if b & 0x80000000 else (b | 0x80000000)
    spec("reduce_argmin", "_Z13reduce_argminPKfPyi", [2], [64], ["v", "best", ("s32", 700)],
         [("v", "f32", x), ("best", "u64", ["0xffffffffffffffff"])], {"best": [(obits(m) << 32) | idx]},
         f"""reduce_argmin: 700 integer-valued floats, 2 blocks x 64 threads; the minimum
    {m} first occurs at index {idx}: best = order_bits(min) << 32 | index.""")

    # stencil_1d: c0 = 0.5, c1 = 0.25
    x = fl(ri(-100, 100, 300)); n = 300
    def at(i): return x[i] if 0 <= i < n else 0.0
    exp = [0.5*at(i) + 0.25*(at(i-1)+at(i+1)) for i in range(n)]
    spec("stencil_1d", "_Z10stencil_1dPKfPfiff", [2], [128], ["in", "out", ("s32", n), ("f32", 0.5), ("f32", 0.25)],
         [("in", "f32", x), ("out", "f32", ("zeros", n))], {"out": exp},
         """stencil_1d: 300 integer-valued floats, weights 0.5 / 0.25 (exact), zero
    outside the array; 2 blocks x 128 threads walk 3 tiles.""")

    # stencil_2d_halo: 20 x 18 grid, inv_h2 = 1, clamped borders
    nx, ny = 20, 18
    u = fl(ri(-50, 50, nx*ny))
    def U(xx, yy): return u[min(max(yy, 0), ny-1)*nx + min(max(xx, 0), nx-1)]
    exp = [U(i-1, j)+U(i+1, j)+U(i, j-1)+U(i, j+1)-4.0*U(i, j) for j in range(ny) for i in range(nx)]
    spec("stencil_2d_halo", "_Z15stencil_2d_haloPKfPfiif", [2, 2], [16, 16], ["u", "lap", ("s32", nx), ("s32", ny), ("f32", 1.0)],
         [("u", "f32", u), ("lap", "f32", ("zeros", nx*ny))], {"lap": exp},
         """stencil_2d_halo: 20 x 18 integer-valued grid, clamped borders, 2 x 2 blocks
    of 16 x 16.""")

    # stencil_3d_zmarch: 34 x 9 x 5 grid, a = -6, b = 1; only interior written
    nx, ny, nz = 34, 9, 5
    g = fl(ri(-9, 10, nx*ny*nz))
    def G(i, j, k): return g[(k*ny + j)*nx + i]
    exp = [0.0]*(nx*ny*nz)
    for k in range(1, nz-1):
        for j in range(1, ny-1):
            for i in range(1, nx-1):
                exp[(k*ny + j)*nx + i] = -6.0*G(i, j, k) + (G(i, j, k-1) + G(i, j, k+1) + G(i-1, j, k) + G(i+1, j, k) + G(i, j-1, k) + G(i, j+1, k))
    spec("stencil_3d_zmarch", "_Z17stencil_3d_zmarchPKfPfiiiff", [2, 2], [32, 8],
         ["in", "out", ("s32", nx), ("s32", ny), ("s32", nz), ("f32", -6.0), ("f32", 1.0)],
         [("in", "f32", g), ("out", "f32", ("zeros", nx*ny*nz))], {"out": exp},
         """stencil_3d_zmarch: 34 x 9 x 5 integer-valued grid, 7-point Laplacian
    (a = -6, b = 1) on interior points, 2 x 2 blocks of 32 x 8 marching z.""")

    # conv_constant: radius 2, taps 1 2 3 2 1
    w, h, r = 40, 3, 2
    taps = [1.0, 2.0, 3.0, 2.0, 1.0]
    img = fl(ri(-20, 20, w*h))
    exp = [sum(taps[r+k]*img[y*w + min(max(x+k, 0), w-1)] for k in range(-r, r+1)) for y in range(h) for x in range(w)]
    spec("conv_constant", "_Z13conv_constantPKfPfiii", [2, 1], [32, 4], ["src", "dst", ("s32", w), ("s32", h), ("s32", r)],
         [("src", "f32", img), ("dst", "f32", ("zeros", w*h))], {"dst": exp},
         """conv_constant: 40 x 3 integer-valued image, taps 1 2 3 2 1 (radius 2) in
    c_taps, clamped borders; 2 blocks of 32 x 4.""")
    p = f"{R}/conv_constant/launch.toml"
    s = open(p).read().replace("\n[expect]", "\n[constants]\nc_taps = {type = \"f32\", values = [1.0, 2.0, 3.0, 2.0, 1.0]}\n\n[expect]")
    open(p, "w").write(s)

    # matmul_naive
    n = 20
    A = fl(ri(-9, 10, n*n)); B = fl(ri(-9, 10, n*n))
    C = [sum(A[i*n+k]*B[k*n+j] for k in range(n)) for i in range(n) for j in range(n)]
    spec("matmul_naive", "_Z12matmul_naivePKfS0_Pfi", [2, 2], [16, 16], ["A", "B", "C", ("s32", n)],
         [("A", "f32", A), ("B", "f32", B), ("C", "f32", ("zeros", n*n))], {"C": C},
         """matmul_naive: 20 x 20 integer-valued matrices, 2 x 2 blocks of 16 x 16.""")

    # gemm_tiled: m=18, n=20, k=23, alpha=2, beta=1
    m_, n_, k_ = 18, 20, 23
    A = fl(ri(-9, 10, m_*k_)); B = fl(ri(-9, 10, k_*n_)); C0 = fl(ri(-9, 10, m_*n_))
    C = [2.0*sum(A[i*k_+q]*B[q*n_+j] for q in range(k_)) + C0[i*n_+j] for i in range(m_) for j in range(n_)]
    spec("gemm_tiled", "_Z10gemm_tilediiifPKfS0_fPf", [2, 2], [16, 16],
         [("s32", m_), ("s32", n_), ("s32", k_), ("f32", 2.0), "A", "B", ("f32", 1.0), "C"],
         [("A", "f32", A), ("B", "f32", B), ("C", "f32", C0)], {"C": C},
         """gemm_tiled: C = 2 A B + C with 18 x 23 and 23 x 20 integer-valued matrices,
    2 x 2 blocks of 16 x 16 (partial tiles on every side).""")

    # transpose_padded: w=40, h=35
    w, h = 40, 35
    M = fl(ri(-1000, 1000, w*h))
    T = [M[y*w + x] for x in range(w) for y in range(h)]
    spec("transpose_padded", "_Z16transpose_paddedPdPKdii", [2, 2], [32, 8], ["out", "in", ("s32", w), ("s32", h)],
         [("out", "f64", ("zeros", w*h)), ("in", "f64", M)], {"out": T},
         """transpose_padded: 35 x 40 doubles (h x w) transposed, 2 x 2 blocks of 32 x 8.""")

    # syrk_triangular: n=20, k=6, alpha=1, beta=2
    n, k = 20, 6
    A = fl(ri(-5, 6, n*k)); C0 = fl(ri(-5, 6, n*n))
    C = list(C0)
    for i in range(n):
        for j in range(i+1):
            C[i*n+j] = 2.0*C0[i*n+j] + 1.0*sum(A[i*k+q]*A[j*k+q] for q in range(k))
    spec("syrk_triangular", "_Z15syrk_triangulariiffPKfPf", [1], [32], [("s32", n), ("s32", k), ("f32", 1.0), ("f32", 2.0), "A", "C"],
         [("A", "f32", A), ("C", "f32", C0)], {"C": C},
         """syrk_triangular: lower triangle of C = A A^T + 2 C for a 20 x 6 integer-valued
    A; one block of 32 threads (20 active rows); the upper triangle is unchanged.""")

    # spmv_csr_vector: doubles ints
    rows = 10
    rowp = [0]; cols = []; vals = []
    for r_ in range(rows):
        for c in sorted(rnd.sample(range(50), rnd.randrange(0, 45))):
            cols.append(c); vals.append(float(rnd.randrange(-5, 6)))
        rowp.append(len(cols))
    xv = fl(ri(-5, 6, 50))
    yv = [sum(vals[j]*xv[cols[j]] for j in range(rowp[r_], rowp[r_+1])) for r_ in range(rows)]
    spec("spmv_csr_vector", "_Z15spmv_csr_vectoriPKiS0_PKdS2_Pd", [3], [128], [("s32", rows), "row_ptr", "col_idx", "vals", "x", "y"],
         [("row_ptr", "s32", rowp), ("col_idx", "s32", cols), ("vals", "f64", vals), ("x", "f64", xv), ("y", "f64", ("zeros", rows))],
         {"y": yv},
         """spmv_csr_vector: 10 x 50 CSR matrix with 0-44 nonzeros a row (some rows longer
    than a warp), small integer values; 3 blocks x 4 warps, one warp a row.""")

    # hist_global_atomic: samples k + 0.5 in [0, 16) plus out-of-range
    nb = 16
    s = [float(rnd.randrange(-3, 19)) + 0.5 for _ in range(400)]
    cnt = [0]*nb
    for v in s: cnt[min(max(int(v) if v >= 0 else -1, 0), nb-1)] += 1
    spec("hist_global_atomic", "_Z18hist_global_atomicPKflPjiff", [2], [64],
         ["samples", ("s64", 400), "bins", ("s32", nb), ("f32", 0.0), ("f32", 16.0)],
         [("samples", "f32", s), ("bins", "u32", ("zeros", nb))], {"bins": cnt},
         """hist_global_atomic: 400 samples k + 0.5 for k in [-3, 18], 16 unit bins over
    [0, 16) with clamping; 2 blocks x 64 threads.""")

    # bfs_visited_cas: frontier {0, 2}, graph
    adjl = {0: [1, 3, 4], 1: [0], 2: [3, 5, 6, 4], 3: [], 4: [], 5: [7], 6: [], 7: []}
    row = [0]; adj = []
    for v in range(8): adj += adjl[v]; row.append(len(adj))
    visited = [1, 0, 1, 0, 0, 0, 0, 0]
    spec("bfs_visited_cas", "_Z15bfs_visited_casPKiiS0_S0_PiS1_S1_S1_i", [1], [32],
         ["frontier", ("s32", 2), "row_off", "adj", "visited", "dist", "next", "next_len", ("s32", 1)],
         [("frontier", "s32", [0, 2]), ("row_off", "s32", row), ("adj", "s32", adj),
          ("visited", "s32", visited), ("dist", "s32", [0, 99, 1, 99, 99, 99, 99, 99]),
          ("next", "s32", ("zeros", 8)), ("next_len", "s32", [0])],
         {"visited": [1, 1, 1, 1, 1, 1, 1, 0], "dist": [0, 2, 1, 2, 2, 2, 2, 99], "next_len": [5]},
         """bfs_visited_cas: frontier {0, 2} at depth 1 (0 and 2 already visited);
    neighbours 1 3 4 5 6 are claimed once each (3 and 4 are shared). The order in
    `next` depends on the atomics, so only its length is checked.""")

    # sssp_bellman_ford: no expectation on dist ordering? one round from source 0
    spec("sssp_bellman_ford", "_Z17sssp_bellman_fordiPKiS0_S0_PiS1_", [1], [32],
         [("s32", 8), "row_off", "adj", "wt", "dist", "changed"],
         [("row_off", "s32", row), ("adj", "s32", adj), ("wt", "s32", [4, 1, 7, 2, 3, 5, 1, 2, 6]),
          ("dist", "s32", [0] + [0x3fffffff]*7), ("changed", "s32", [0])],
         {"changed": [1]},
         """sssp_bellman_ford: one relaxation round on the bfs_visited_cas graph from
    source 0. How far distances travel within one round depends on the
    interleaving, so only `changed` is checked.""")

    # kmeans_assign: integer points around 3 centroids
    k = 3; cent = fl([0, 0, 0, 0, 10, 10, 10, 10, -10, 5, 0, 20])
    pts = []
    lab = []
    for i in range(50):
        c = rnd.randrange(k)
        pts += [cent[c*4+d] + rnd.choice([-1.0, 0.0, 1.0]) for d in range(4)]
        lab.append(c)
    sums = [0.0]*(k*4); counts = [0]*k
    for i in range(50):
        for d in range(4): sums[lab[i]*4+d] += pts[i*4+d]
        counts[lab[i]] += 1
    init_lab = [0]*50
    spec("kmeans_assign", "_Z13kmeans_assignPKfiS0_iPiPfPjS3_", [2], [32],
         ["points", ("s32", 50), "centroids", ("s32", k), "label", "sums", "counts", "moved"],
         [("points", "f32", pts), ("centroids", "f32", cent), ("label", "s32", init_lab),
          ("sums", "f32", ("zeros", k*4)), ("counts", "u32", ("zeros", k)), ("moved", "u32", [0])],
         {"label": lab, "sums": sums, "counts": counts, "moved": [sum(1 for l in lab if l != 0)]},
         """kmeans_assign: 50 4-D integer points within 1 of one of 3 well-separated
    centroids; 2 blocks x 32 threads. Labels, integer-valued sums and counts are
    exact; `moved` counts the points not in cluster 0.""")

    # pagerank_pull / nbody_tile: completion only
    spec("pagerank_pull", "_Z13pagerank_pulliPKiS0_S0_PKfPfS3_f", [1], [32],
         [("s32", 8), "in_off", "in_adj", "out_deg", "rank", "next", "err", ("f32", 0.85)],
         [("in_off", "s32", row), ("in_adj", "s32", adj), ("out_deg", "s32", [3, 1, 4, 1, 1, 1, 1, 1]),
          ("rank", "f32", [0.125]*8), ("next", "f32", ("zeros", 8)), ("err", "f32", [0.0])], None,
         """pagerank_pull: the bfs_visited_cas graph read as in-edges, uniform ranks; one
    block of 32 threads. No expectation (float results): the run must complete.""")
    spec("nbody_tile", "_Z10nbody_tilePK6float4P6float3if", [2], [64], ["pos", "acc", ("s32", 100), ("f32", 0.01)],
         [("pos", "f32", ("random:5", 400)), ("acc", "f32", ("zeros", 300))], None,
         """nbody_tile: 100 random bodies (x y z mass as float4), 2 blocks x 64 threads,
    64 float4 of dynamic shared memory. No expectation (float results): the run
    must complete.""", shared=1024)


if __name__ == "__main__":
    warp_synchronous_histogram()
    graph_search_sort_launches()
    scan_reduce_stencil_matrix_launches()
