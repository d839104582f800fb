#!/usr/bin/env python3
"""Plain-Python reference results of the BOWS-study kernels in bench/sync/.

  python3 bench/sync/reference.py KERNEL [PARAMS...]   prints the [expect] lines
  python3 bench/sync/reference.py --check              recomputes every launch's
                                                       [expect] and compares

Each function mirrors its kernel's arithmetic exactly (32-bit wrap-around
where the kernel has it); the results do not depend on the schedule.
"""
import pathlib
import sys
import tomllib

M32 = 0xFFFFFFFF


def tsp_climber(ncities, moves, nclimbers):
    def cx(c): return (c * 389 + 71) & 1023
    def cy(c): return (c * 617 + 13) & 1023
    def dist(a, b): return abs(cx(a) - cx(b)) + abs(cy(a) - cy(b))
    best = (2**31 - 1, 2**31 - 1)
    for cid in range(nclimbers):
        s = 2166136261 ^ cid
        def rnd():
            nonlocal s
            s = (s * 1664525 + 1013904223) & M32
            return s >> 8
        tour = [(i + cid) % ncities for i in range(ncities)]
        length = sum(dist(tour[i], tour[(i + 1) % ncities]) for i in range(ncities))
        for _ in range(moves):
            i = rnd() % (ncities - 2)
            j = i + 2 + rnd() % (ncities - i - 2)
            a, b, c, d = tour[i], tour[i + 1], tour[j], tour[(j + 1) % ncities]
            delta = dist(a, c) + dist(b, d) - dist(a, b) - dist(c, d)
            if delta < 0:
                tour[i + 1:j + 1] = reversed(tour[i + 1:j + 1])
                length += delta
        best = min(best, (length, cid))
    return {"best": list(best), "lock": [0]}


def nw_wavefront(n):
    def a(i): return (((i * 2654435761) & M32) >> 13) & 3
    def b(j): return (((j * 2246822519 + 7) & M32) >> 11) & 3
    h = [[-j for j in range(n + 1)]] + [[-i] + [0] * n for i in range(1, n + 1)]
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            m = 1 if a(i - 1) == b(j - 1) else -1
            h[i][j] = max(h[i - 1][j - 1] + m, h[i - 1][j] - 1, h[i][j - 1] - 1)
    return {"last_row": h[n][1:]}


def bh_tree_build(n, max_cells):
    def x(b): return (b * 40503) & 0xFFFF
    def y(b): return (b * 9973 + 17) & 0xFFFF
    def quad(b, level):
        bit = 15 - level
        return ((x(b) >> bit) & 1) | (((y(b) >> bit) & 1) << 1)
    # A cell: [level, four children]; a child is None, ("b", body) or ("c", cell).
    cells = [[0, [None] * 4]]
    for b in range(n):
        c = 0
        while True:
            q = quad(b, cells[c][0])
            ch = cells[c][1][q]
            if ch is None:
                cells[c][1][q] = ("b", b)
                break
            if ch[0] == "c":
                c = ch[1]
                continue
            cells.append([cells[c][0] + 1, [None] * 4])  # split the leaf, go on
            cells[c][1][q] = ("c", len(cells) - 1)
            new = len(cells) - 1
            cells[new][1][quad(ch[1], cells[new][0])] = ch
            c = new
    assert len(cells) <= max_cells
    return {"ncells": [len(cells)], "level_sum": [sum(cell[0] for cell in cells)]}


def atm_bank(ntransfers, naccounts, initial=1000):
    bal = [initial] * naccounts
    for t in range(ntransfers):
        src = (((t * 2654435761) & M32) >> 7) % naccounts
        dst = (((t * 2246822519 + 3) & M32) >> 9) % naccounts
        if dst == src:
            dst = (dst + 1) % naccounts
        amount = t % 97 + 1
        bal[src] -= amount
        bal[dst] += amount
    return {"balance": bal, "locks": [0] * naccounts}


def cpds_nested(n, nrows, ncols):
    cell = [0] * (nrows * ncols)
    row_sum, col_sum = [0] * nrows, [0] * ncols
    for t in range(n):
        r = (((t * 2654435761) & M32) >> 9) % nrows
        c = (((t * 2246822519 + 5) & M32) >> 11) % ncols
        w = t % 13 + 1
        cell[r * ncols + c] += w
        row_sum[r] += w
        col_sum[c] += w
    return {"cell": cell, "row_sum": row_sum, "col_sum": col_sum,
            "row_locks": [0] * nrows, "col_locks": [0] * ncols}


def nw2(n):
    def a(i): return (((i * 2654435761) & M32) >> 13) & 3
    def b(j): return (((j * 2246822519 + 7) & M32) >> 11) & 3
    s = [[0] * (n + 1) for _ in range(n + 1)]
    for k in range(n + 1):
        s[k][n] = -(n - k)
        s[n][k] = -(n - k)
    for i in range(n - 1, -1, -1):
        for j in range(n - 1, -1, -1):
            m = 1 if a(i) == b(j) else -1
            s[i][j] = max(s[i + 1][j + 1] + m, s[i + 1][j] - 1, s[i][j + 1] - 1)
    # The backward pass's score is the forward pass's (both are the optimal
    # global alignment score).
    assert s[0][0] == nw_wavefront(n)["last_row"][-1]
    return {"first_row": s[0][:n]}


def ht_counted(n, nbuckets):
    """The launches' keys are 0 .. n-1 (init = "iota")."""
    sizes = [0] * nbuckets
    for key in range(n):
        sizes[((key * 2654435761) & M32) % nbuckets] += 1
    return {"sizes": sizes, "locks": [0] * nbuckets}


KERNELS = {"atm_bank": atm_bank, "tsp_climber": tsp_climber, "nw_wavefront": nw_wavefront, "bh_tree_build": bh_tree_build,
           "cpds_nested": cpds_nested, "nw2": nw2, "ht_counted": ht_counted}


def params_of(spec):
    return [p["value"] for p in spec["params"] if isinstance(p, dict)]


def check():
    here = pathlib.Path(__file__).resolve().parent
    bad = 0
    for launch in sorted(here.glob("*/launch*.toml")):
        spec = tomllib.loads(launch.read_text())
        if "expect" not in spec:
            continue
        got = KERNELS[launch.parent.name](*params_of(spec))
        for name, want in spec["expect"].items():
            if got.get(name) != want:
                print(f"{launch}: {name}: [expect] {want}, reference {got.get(name)}")
                bad = 1
    print("every [expect] matches the reference" if not bad else "mismatches above")
    return bad


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(check())
    result = KERNELS[sys.argv[1]](*map(int, sys.argv[2:]))
    for k, v in result.items():
        print(f"{k} = {v}")
