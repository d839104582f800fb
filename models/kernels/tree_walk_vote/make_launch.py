#!/usr/bin/env python3
"""Writes launch.toml and launch.verify.toml of tree_walk_vote and tree_walk_lane.

The bodies lie on a line (integer positions and masses); the tree is a
balanced binary tree over them sorted by position: a cell's centre is the
midpoint of its extreme bodies, its radius half their distance (rounded up),
its mass the sum of its bodies' masses. The [expect] of tree_walk_vote comes
from models/check_expect.py (ref_tree_walk_vote), which recomputes it from
the buffers.

    python3 models/kernels/tree_walk_vote/make_launch.py
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent
KERNELS = HERE.parent
NAMES = {"tree_walk_vote": "_Z14tree_walk_voteiiPKiS0_S0_S0_S0_S0_Pi",
         "tree_walk_lane": "_Z14tree_walk_laneiiPKiS0_S0_S0_S0_S0_Pi"}


def bodies(n):
    return [((i * 37) % 97) * 4 - 190 for i in range(n)], [1 + (i * 7) % 5 for i in range(n)]


def build(xs, ms):
    """child, cell_x, cell_r, cell_m of the tree (cell 0 the root)."""
    n = len(xs)
    order = sorted(range(n), key=lambda i: xs[i])
    child, cx, cr, cm = [], [], [], []

    def cell(lo, hi):
        if hi - lo == 1:
            return order[lo]
        c = len(cx)
        cx.append(0)
        cr.append(0)
        cm.append(0)
        child.extend([-1, -1])
        mid = (lo + hi) // 2
        child[2 * c] = cell(lo, mid)
        child[2 * c + 1] = cell(mid, hi)
        xlo, xhi = xs[order[lo]], xs[order[hi - 1]]
        cx[c] = (xlo + xhi) // 2
        cr[c] = (xhi - xlo + 1) // 2
        cm[c] = sum(ms[order[i]] for i in range(lo, hi))
        return n + c

    cell(0, n)
    return child, cx, cr, cm


def spec(name, header, n, cutoff, block, expect):
    xs, ms = bodies(n)
    child, cx, cr, cm = build(xs, ms)
    out = header + f'kernel = "{NAMES[name]}"\ngrid = [1]\nblock = [{block}]\n'
    out += (f'params = [{{type = "s32", value = {n}}}, {{type = "s32", value = {cutoff}}}, "child", "cell_x", '
            '"cell_r", "cell_m", "body_x", "body_m", "force"]\n')
    for buf, values in [("child", child), ("cell_x", cx), ("cell_r", cr), ("cell_m", cm), ("body_x", xs),
                        ("body_m", ms)]:
        out += f'\n[[buffer]]\nname = "{buf}"\ntype = "s32"\ninit = {values}\n'
    out += f'\n[[buffer]]\nname = "force"\ntype = "s32"\ncount = {n}\ninit = "zeros"\n'
    if expect:
        import sys
        sys.path.insert(0, str(KERNELS.parent))
        from check_expect import walk_forces  # noqa: E402
        out += f"\n[expect]\nforce = {walk_forces(n, cutoff, child, cx, cr, cm, xs, ms)}\n"
    return out


for name in NAMES:
    full = (f"# {name}: 40 bodies on a line, a binary tree of 39 cells over them (cell 0 the\n"
            "# root), two warps (warp 1 has 8 bodies: the bounds check splits it), cutoff 6000.\n"
            "# Written by tree_walk_vote/make_launch.py.\n")
    small = (f"# {name}: the launch of `lockstep verify` (tests/cli/verify.cmake): 4 bodies,\n"
             "# a tree of 3 cells, one block of 4 threads, small enough for exhaustive\n"
             "# exploration under mimd. No [expect]. Written by tree_walk_vote/make_launch.py.\n")
    (KERNELS / name / "launch.toml").write_text(spec(name, full, 40, 6000, 64, name == "tree_walk_vote"))
    (KERNELS / name / "launch.verify.toml").write_text(spec(name, small, 4, 1000, 4, False))
