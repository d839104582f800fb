"""The launches of bench/divergence/: inputs and sizes (used by reference.py --write).

LAUNCHES() maps (kernel, file name) to (comment, grid, block, params,
buffers, expected buffer names); a parameter is a buffer name or a
(type, value) scalar, a buffer is (name, type, count, init).
"""
from reference import Rng


def csr_graph(n, rng, heavy_every=8, heavy=(8, 40), light=(1, 3)):
    """A directed graph with skewed out-degrees (most light, 1/heavy_every heavy)."""
    row, col = [0], []
    for v in range(n):
        lo, hi = heavy if rng.below(heavy_every) == 0 else light
        deg = min(n - 1, lo + rng.below(hi - lo + 1))
        col += [rng.below(n) for _ in range(deg)]
        row.append(len(col))
    return row, col


def bfs(n, grid, block, seed, comment):
    row, col = csr_graph(n, Rng(seed))
    return (comment, [grid], [block], [("s32", n), "row", "col", "dist", "next"],
            [("row", "s32", n + 1, row), ("col", "s32", len(col), col), ("dist", "s32", grid * n, "zeros"),
             ("next", "s32", grid * n, "zeros")], ["dist"])


def ray_map(w, h, rng):
    m = []
    for y in range(h):
        for x in range(w):
            if x in (0, w - 1) or y in (0, h - 1):
                m.append(1)
            else:
                r = rng.below(100)
                m.append(1 if r < 6 else 2 if r < 10 else 0)
    m[(h // 2) * w + w // 2] = 0                      # the rays' start
    return m


def ray(w, h, grid, block, seed, comment):
    n = grid * block
    return (comment, [grid], [block], [("s32", w), ("s32", h), "map", "steps", "cell"],
            [("map", "s32", w * h, ray_map(w, h, Rng(seed))), ("steps", "s32", n, "zeros"), ("cell", "s32", n, "zeros")],
            ["steps", "cell"])


def mummer(reflen, depth, nq, qlen, grid, block, seed, comment):
    rng = Rng(seed)
    ref = [rng.below(4) for _ in range(reflen)]
    child = [-1] * 4
    for i in range(reflen):                            # the suffix trie, depth-bounded
        node = 0
        for c in ref[i:i + depth]:
            if child[node * 4 + c] < 0:
                child[node * 4 + c] = len(child) // 4
                child += [-1] * 4
            node = child[node * 4 + c]
    query = []
    for q in range(nq):
        if q % 4 == 3:                                  # a random read
            query += [rng.below(4) for _ in range(qlen)]
            continue
        start = rng.below(reflen - qlen)                # a read with 0 .. 3 mutations
        read = ref[start:start + qlen]
        for _ in range(q % 4):
            read[rng.below(qlen)] = rng.below(4)
        query += read
    return (comment, [grid], [block], [("s32", nq), ("s32", qlen), ("s32", depth), "child", "query", "best"],
            [("child", "s32", len(child), child), ("query", "s32", len(query), query), ("best", "s32", nq, "zeros")],
            ["best"])


def nvrt(ntasks, grid, block, comment):
    return (comment, [grid], [block], [("s32", ntasks), "next", "steps", "total"],
            [("next", "s32", 1, "zeros"), ("steps", "s32", ntasks, "zeros"), ("total", "s32", 1, "zeros")],
            ["steps", "total", "next"])


def cascade(nwin, stage_len, grid, block, seed, comment):
    rng = Rng(seed)
    maxoff = 24
    sig = [rng.below(256) for _ in range(nwin + maxoff + 8)]
    for i in range(0, len(sig), 37):                    # bright bursts: long runs
        for j in range(i, min(len(sig), i + rng.below(12))):
            sig[j] = 200 + rng.below(56)
    feat = []
    for s, k in enumerate(stage_len):
        for _ in range(k):
            feat += [rng.below(maxoff), 64 + rng.below(128), 1 + rng.below(4)]
    # Thresholds: about 60 % of the windows that reach a stage pass it.
    thresh, alive, f = [], list(range(nwin)), 0
    for s, k in enumerate(stage_len):
        def total(w):
            t = 0
            for j in range(f, f + k):
                off, level, weight = feat[3 * j:3 * j + 3]
                run = 0
                while run < 8 and sig[w + off + run] >= level:
                    run += 1
                t += run * weight
            return t
        sums = sorted(total(w) for w in alive)
        th = sums[int(len(sums) * 0.4)] if sums else 0
        thresh.append(th)
        alive = [w for w in alive if total(w) >= th]
        f += k
    nstages = len(stage_len)
    return (comment, [grid], [block], [("s32", nwin), ("s32", nstages), "sig", "stage_len", "feat", "thresh", "out"],
            [("sig", "s32", len(sig), sig), ("stage_len", "s32", nstages, list(stage_len)),
             ("feat", "s32", len(feat), feat), ("thresh", "s32", nstages, thresh), ("out", "s32", nwin, "zeros")],
            ["out"])


def spmv(nrows, grid, block, seed, comment):
    rng = Rng(seed)
    row, col = csr_graph(nrows, rng, heavy=(16, 63), light=(1, 4))
    val = [rng.below(19) - 9 for _ in col]
    return (comment, [grid], [block], [("s32", nrows), "row", "col", "val", "x", "y"],
            [("row", "s32", nrows + 1, row), ("col", "s32", len(col), col), ("val", "s32", len(val), val),
             ("x", "s32", nrows, f"random:{seed}"), ("y", "s32", nrows, "zeros")], ["y"])


def photon(nphot, depth, grid, block, comment):
    n = grid * block
    return (comment, [grid], [block], [("s32", nphot), ("s32", depth), "absorbed", "reflected", "transmitted"],
            [(b, "s32", n, "zeros") for b in ("absorbed", "reflected", "transmitted")],
            ["absorbed", "reflected", "transmitted"])


def tree(nkeys, nq, grid, block, seed, comment):
    rng = Rng(seed)
    space = nkeys * 256
    key, left, right = [], [], []
    height = 0
    for _ in range(nkeys):
        k = rng.below(space)
        if not key:
            key, left, right = [k], [-1], [-1]
            continue
        v, d = 0, 1
        while True:
            side = left if k < key[v] else right
            if side[v] < 0:
                side[v] = len(key)
                key.append(k)
                left.append(-1)
                right.append(-1)
                break
            v, d = side[v], d + 1
        height = max(height, d)
    assert height < 60, height
    qlo, qhi = [], []
    for _ in range(nq):
        lo = rng.below(space)
        qlo.append(lo)
        qhi.append(lo + rng.below(256 * 40))
    n = len(key)
    return (comment, [grid], [block], [("s32", nq), "key", "left", "right", "qlo", "qhi", "count"],
            [("key", "s32", n, key), ("left", "s32", n, left), ("right", "s32", n, right),
             ("qlo", "s32", nq, qlo), ("qhi", "s32", nq, qhi), ("count", "s32", nq, "zeros")], ["count"])


def axpy(n, a, grid, block, comment):
    return (comment, [grid], [block], [("s32", n), ("s32", a), "x", "y", "z"],
            [("x", "s32", n, "random:11"), ("y", "s32", n, "random:12"), ("z", "s32", n, "zeros")], ["y", "z"])


def matmul(n, comment):
    return (comment, [n // 16, n // 16], [16, 16], [("s32", n), "a", "b", "c"],
            [("a", "s32", n * n, "random:21"), ("b", "s32", n * n, "random:22"), ("c", "s32", n * n, "zeros")], ["c"])


def stencil(w, h, comment):
    return (comment, [w // 16, h // 16], [16, 16], [("s32", w), ("s32", h), "in", "out"],
            [("in", "s32", w * h, "random:31"), ("out", "s32", w * h, "zeros")], ["out"])


def hist(n, grid, block, comment):
    return (comment, [grid], [block], [("s32", n), "data", "hist"],
            [("data", "s32", n, "random:41"), ("hist", "s32", 64, "zeros")], ["hist"])


def scan(nblocks, comment):
    return (comment, [nblocks], [128], ["in", "out", "sums"],
            [("in", "s32", nblocks * 256, "random:51"), ("out", "s32", nblocks * 256, "zeros"),
             ("sums", "s32", nblocks, "zeros")], ["out", "sums"])


def transpose(w, h, comment):
    return (comment, [w // 32, h // 32], [32, 8], [("s32", w), ("s32", h), "in", "out"],
            [("in", "s32", w * h, "random:61"), ("out", "s32", w * h, "zeros")], ["out"])


def LAUNCHES():
    S, L = "launch.toml", "launch.study.toml"
    ref = "(bench/divergence/reference.py --write; --check recomputes the [expect])"
    return {
        ("bfs_frontier", S): bfs(96, 2, 64, 1, f"bfs_frontier: BFS from 2 sources over 96 vertices, 2 blocks x 64\n{ref}"),
        ("bfs_frontier", L): bfs(2048, 120, 256, 2, f"bfs_frontier, the study size: 120 sources over 2048 vertices, 120 x 256\n{ref}"),
        ("ray_march", S): ray(24, 24, 2, 64, 3, f"ray_march: 128 rays in a 24 x 24 map, 2 x 64\n{ref}"),
        ("ray_march", L): ray(96, 96, 240, 128, 4, f"ray_march, the study size: 30720 rays in a 96 x 96 map, 240 x 128\n{ref}"),
        ("mummer_match", S): mummer(48, 10, 64, 16, 1, 64, 5, f"mummer_match: 64 reads of 16 against 48 bases (trie depth 10), 1 x 64\n{ref}"),
        ("mummer_match", L): mummer(400, 14, 15360, 32, 120, 128, 6, f"mummer_match, the study size: 15360 reads of 32 against 400 bases (depth 14), 120 x 128\n{ref}"),
        ("nvrt_manager", S): nvrt(200, 2, 64, f"nvrt_manager: 200 tasks, 2 blocks x 64 persistent threads\n{ref}"),
        ("nvrt_manager", L): nvrt(36000, 240, 64, f"nvrt_manager, the study size: 36000 tasks, 240 x 64 persistent threads\n{ref}"),
        ("nvrt_manager", "launch.verify.toml"): nvrt(2, 1, 64, f"nvrt_manager for verify: 2 tasks, 1 x 64 persistent threads (two warps, so that\ndynamic warp formation can regroup them; few Collatz steps)\n{ref}"),
        ("cascade_detect", S): cascade(128, [2, 3, 4, 5, 6, 8], 2, 64, 7, f"cascade_detect: 128 windows, 6 stages, 2 x 64\n{ref}"),
        ("cascade_detect", L): cascade(30720, [2, 3, 4, 5, 6, 8, 8, 10, 10, 12], 240, 128, 8, f"cascade_detect, the study size: 30720 windows, 10 stages, 240 x 128\n{ref}"),
        ("spmv_csr", S): spmv(128, 2, 64, 9, f"spmv_csr: 128 rows, 2 x 64\n{ref}"),
        ("spmv_csr", L): spmv(15360, 120, 128, 10, f"spmv_csr, the study size: 15360 rows, 120 x 128\n{ref}"),
        ("photon_mc", S): photon(2, 400, 2, 64, f"photon_mc: 2 photons per thread, slab depth 400, 2 x 64\n{ref}"),
        ("photon_mc", L): photon(3, 400, 240, 128, f"photon_mc, the study size: 3 photons per thread, 240 x 128\n{ref}"),
        ("tree_range", S): tree(255, 128, 2, 64, 13, f"tree_range: 128 range queries on a 255-key random BST, 2 x 64\n{ref}"),
        ("tree_range", L): tree(4096, 30720, 240, 128, 14, f"tree_range, the study size: 30720 queries on a 4096-key BST, 240 x 128\n{ref}"),
        ("vec_axpy", S): axpy(512, 3, 2, 64, f"vec_axpy: 512 elements, 2 x 64\n{ref}"),
        ("vec_axpy", L): axpy(262144, 3, 120, 256, f"vec_axpy, the study size: 262144 elements, 120 x 256\n{ref}"),
        ("matmul_tiled", S): matmul(32, f"matmul_tiled: 32 x 32, 2 x 2 blocks of 16 x 16\n{ref}"),
        ("matmul_tiled", L): matmul(256, f"matmul_tiled, the study size: 256 x 256, 16 x 16 blocks of 16 x 16\n{ref}"),
        ("stencil2d", S): stencil(32, 32, f"stencil2d: a 32 x 32 grid, 2 x 2 blocks of 16 x 16\n{ref}"),
        ("stencil2d", L): stencil(512, 256, f"stencil2d, the study size: a 512 x 256 grid, 32 x 16 blocks\n{ref}"),
        ("hist_shared", S): hist(1024, 2, 64, f"hist_shared: 1024 values, 2 x 64\n{ref}"),
        ("hist_shared", L): hist(262144, 120, 256, f"hist_shared, the study size: 262144 values, 120 x 256\n{ref}"),
        ("scan_block", S): scan(2, f"scan_block: 2 blocks of 256 elements (128 threads)\n{ref}"),
        ("scan_block", L): scan(240, f"scan_block, the study size: 240 blocks of 256 elements\n{ref}"),
        ("transpose_tiled", S): transpose(64, 32, f"transpose_tiled: 32 x 64 -> 64 x 32, 2 x 1 tiles of 32 x 32\n{ref}"),
        ("transpose_tiled", L): transpose(512, 512, f"transpose_tiled, the study size: 512 x 512, 16 x 16 tiles\n{ref}"),
    }
