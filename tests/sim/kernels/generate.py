#!/usr/bin/env python3
"""Writes the simulator's timing microbenchmark kernels (hand-made PTX with
known answers, tests/sim/gpu/timing_test.cpp). Run from this folder:
    python3 generate.py
The .ptx files it writes are committed; nothing in the build runs this."""

HEADER = """//
// Timing microbenchmark for lockstep's simulator, written by
// tests/sim/kernels/generate.py (do not edit by hand).
//
.version 7.0
.target sm_70
.address_size 64
"""


def entry(name, params, regs, body):
    ps = ",\n".join(f"\t.param {t} {name}_{p}" for t, p in params)
    return f"""
.visible .entry {name}(
{ps}
)
{{
{regs}
{body}
\tret;
}}
"""


def dep_chain(n):
    # One dependent integer add after another: each waits for the one before.
    body = [f"\tld.param.u64 \t%rd1, [dep_chain_{n}_out];",
            "\tmov.u32 \t%r1, %tid.x;",
            "\tmov.u32 \t%r2, 3;"]
    body += ["\tadd.s32 \t%r1, %r1, %r2;"] * n
    body += ["\tcvta.to.global.u64 \t%rd2, %rd1;",
             "\tst.global.u32 \t[%rd2], %r1;"]
    return entry(f"dep_chain_{n}", [(".u64", "out")],
                 "\t.reg .b32 \t%r<3>;\n\t.reg .b64 \t%rd<4>;", "\n".join(body))


def independent(n):
    # Eight independent accumulators: no instruction waits for its neighbour.
    body = [f"\tld.param.u64 \t%rd1, [independent_{n}_out];",
            "\tmov.u32 \t%r1, %tid.x;"]
    body += [f"\tmov.u32 \t%r{10 + k}, %r1;" for k in range(8)]
    for i in range(n):
        k = i % 8
        body.append(f"\tadd.s32 \t%r{10 + k}, %r{10 + k}, {k + 1};")
    body += ["\tadd.s32 \t%r2, %r10, %r11;"]
    body += [f"\tadd.s32 \t%r2, %r2, %r{10 + k};" for k in range(2, 8)]
    body += ["\tcvta.to.global.u64 \t%rd2, %rd1;",
             "\tmul.wide.u32 \t%rd3, %r1, 4;",
             "\tadd.s64 \t%rd4, %rd2, %rd3;",
             "\tst.global.u32 \t[%rd4], %r2;"]
    return entry(f"independent_{n}", [(".u64", "out")],
                 "\t.reg .b32 \t%r<18>;\n\t.reg .b64 \t%rd<5>;", "\n".join(body))


def chase(n):
    # Thread 0 links `count` slots `stride` bytes apart into a ring
    # (slot i holds the address of slot i + 1), then follows it n hops.
    name = f"chase_{n}"
    body = [f"\tld.param.u64 \t%rd1, [{name}_buf];",
            f"\tld.param.u32 \t%r1, [{name}_count];",
            f"\tld.param.u32 \t%r2, [{name}_stride];",
            "\tcvta.to.global.u64 \t%rd2, %rd1;",
            "\tmov.u32 \t%r3, 0;",
            "LINK:",
            "\tadd.s32 \t%r4, %r3, 1;",
            "\trem.u32 \t%r5, %r4, %r1;",
            "\tmul.wide.u32 \t%rd3, %r3, %r2;",
            "\tadd.s64 \t%rd4, %rd2, %rd3;",
            "\tmul.wide.u32 \t%rd5, %r5, %r2;",
            "\tadd.s64 \t%rd6, %rd2, %rd5;",
            "\tst.global.u64 \t[%rd4], %rd6;",
            "\tmov.u32 \t%r3, %r4;",
            "\tsetp.lt.u32 \t%p1, %r3, %r1;",
            "\t@%p1 bra \tLINK;",
            "\tmov.u64 \t%rd7, %rd2;"]
    body += ["\tld.global.u64 \t%rd7, [%rd7];"] * n
    body += [f"\tst.global.u64 \t[%rd2+8], %rd7;"]
    return entry(name, [(".u64", "buf"), (".u32", "count"), (".u32", "stride")],
                 "\t.reg .pred \t%p<2>;\n\t.reg .b32 \t%r<6>;\n\t.reg .b64 \t%rd<8>;", "\n".join(body))


def shared_stride(n):
    # Every lane reads shared word lane x stride, n times, into eight
    # rotating registers (independent loads: the LD/ST unit is the limit).
    name = f"shared_stride_{n}"
    body = [f"\tld.param.u64 \t%rd1, [{name}_out];",
            f"\tld.param.u32 \t%r1, [{name}_stride];",
            "\tmov.u32 \t%r2, %tid.x;",
            "\tmul.lo.u32 \t%r3, %r2, %r1;",
            "\tshl.b32 \t%r4, %r3, 2;",
            f"\tmov.u32 \t%r5, {name}_words;",
            "\tadd.u32 \t%r6, %r5, %r4;",
            "\tst.shared.u32 \t[%r6], %r2;",
            "\tbar.sync \t0;"]
    body += [f"\tld.shared.u32 \t%r{10 + i % 8}, [%r6];" for i in range(n)]
    body += ["\tadd.s32 \t%r7, %r10, %r11;"]
    body += [f"\tadd.s32 \t%r7, %r7, %r{10 + k};" for k in range(2, 8)]
    body += ["\tcvta.to.global.u64 \t%rd2, %rd1;",
             "\tmul.wide.u32 \t%rd3, %r2, 4;",
             "\tadd.s64 \t%rd4, %rd2, %rd3;",
             "\tst.global.u32 \t[%rd4], %r7;"]
    regs = (f"\t.reg .b32 \t%r<18>;\n\t.reg .b64 \t%rd<5>;\n"
            f"\t.shared .align 4 .b8 {name}_words[4096];")
    return entry(name, [(".u64", "out"), (".u32", "stride")], regs, "\n".join(body))


def strided_load():
    # Every lane loads the f32 at index lane x stride: one warp load.
    name = "strided_load"
    body = [f"\tld.param.u64 \t%rd1, [{name}_in];",
            f"\tld.param.u64 \t%rd2, [{name}_out];",
            f"\tld.param.u32 \t%r1, [{name}_stride];",
            "\tmov.u32 \t%r2, %tid.x;",
            "\tmul.lo.u32 \t%r3, %r2, %r1;",
            "\tcvta.to.global.u64 \t%rd3, %rd1;",
            "\tmul.wide.u32 \t%rd4, %r3, 4;",
            "\tadd.s64 \t%rd5, %rd3, %rd4;",
            "\tld.global.f32 \t%f1, [%rd5];",
            "\tcvta.to.global.u64 \t%rd6, %rd2;",
            "\tmul.wide.u32 \t%rd7, %r2, 4;",
            "\tadd.s64 \t%rd8, %rd6, %rd7;",
            "\tst.global.f32 \t[%rd8], %f1;"]
    return entry(name, [(".u64", "in"), (".u64", "out"), (".u32", "stride")],
                 "\t.reg .f32 \t%f<2>;\n\t.reg .b32 \t%r<4>;\n\t.reg .b64 \t%rd<9>;", "\n".join(body))


def stream_copy():
    # dst[i] = src[i] for i = global thread index: a streaming kernel.
    name = "stream_copy"
    body = [f"\tld.param.u64 \t%rd1, [{name}_src];",
            f"\tld.param.u64 \t%rd2, [{name}_dst];",
            "\tmov.u32 \t%r1, %ctaid.x;",
            "\tmov.u32 \t%r2, %ntid.x;",
            "\tmov.u32 \t%r3, %tid.x;",
            "\tmad.lo.s32 \t%r4, %r1, %r2, %r3;",
            "\tcvta.to.global.u64 \t%rd3, %rd1;",
            "\tmul.wide.u32 \t%rd4, %r4, 16;",
            "\tadd.s64 \t%rd5, %rd3, %rd4;",
            "\tld.global.v4.f32 \t{%f1, %f2, %f3, %f4}, [%rd5];",
            "\tcvta.to.global.u64 \t%rd6, %rd2;",
            "\tadd.s64 \t%rd7, %rd6, %rd4;",
            "\tst.global.v4.f32 \t[%rd7], {%f1, %f2, %f3, %f4};"]
    return entry(name, [(".u64", "src"), (".u64", "dst")],
                 "\t.reg .f32 \t%f<5>;\n\t.reg .b32 \t%r<5>;\n\t.reg .b64 \t%rd<8>;", "\n".join(body))


def wait_last_block():
    # Thread 0 of the last block raises a flag; thread 0 of every other
    # block spins until it sees it. Every block must be resident at once.
    name = "wait_last_block"
    body = [f"\tld.param.u64 \t%rd1, [{name}_flag];",
            "\tcvta.to.global.u64 \t%rd2, %rd1;",
            "\tmov.u32 \t%r1, %ctaid.x;",
            "\tmov.u32 \t%r2, %nctaid.x;",
            "\tadd.s32 \t%r3, %r2, -1;",
            "\tsetp.ne.s32 \t%p1, %r1, %r3;",
            "\t@%p1 bra \tSPIN;",
            "\tatom.global.exch.b32 \t%r4, [%rd2], 1;",
            "\tbra.uni \tDONE;",
            "SPIN:",
            "\tatom.global.add.u32 \t%r5, [%rd2], 0;",
            "\tsetp.eq.s32 \t%p2, %r5, 0;",
            "\t@%p2 bra \tSPIN;",
            "DONE:"]
    return entry(name, [(".u64", "flag")],
                 "\t.reg .pred \t%p<3>;\n\t.reg .b32 \t%r<6>;\n\t.reg .b64 \t%rd<3>;", "\n".join(body))


def split_dependence():
    # Fig 7.6 of the Multi-Path IPDOM research (research/000 §2.4), one warp:
    #   I0: R0 = a[tid]                       (every thread, long latency)
    #   if (tid odd)  { I1: R1 = c[R0] }      (needs I0's R0)
    #   else          { i = tid (a chain of 4 adds);  I2: R1 = b[i];  I3: R4 = R0 + R1 }
    # The even split's work up to I2 needs nothing in flight; its I3 reads
    # R1, which the odd split's I1 also writes, for other threads (an
    # R-mask tells them apart). The chain of adds makes I2's load return
    # after the odd split issued I1, as in the figure.
    # tests/sim/gpu/split_scoreboard_test.cpp.
    name = "split_dependence"
    body = [f"\tld.param.u64 \t%rd1, [{name}_a];",
            f"\tld.param.u64 \t%rd2, [{name}_b];",
            f"\tld.param.u64 \t%rd3, [{name}_c];",
            f"\tld.param.u64 \t%rd4, [{name}_out];",
            "\tcvta.to.global.u64 \t%rd1, %rd1;",
            "\tcvta.to.global.u64 \t%rd2, %rd2;",
            "\tcvta.to.global.u64 \t%rd3, %rd3;",
            "\tcvta.to.global.u64 \t%rd4, %rd4;",
            "\tmov.u32 \t%r5, %tid.x;",
            "\tmul.wide.u32 \t%rd5, %r5, 4;",
            "\tadd.s64 \t%rd6, %rd1, %rd5;",
            "\tld.global.u32 \t%r0, [%rd6];",         # I0
            "\tand.b32 \t%r6, %r5, 1;",
            "\tsetp.eq.u32 \t%p1, %r6, 0;",
            "\t@%p1 bra \tEVEN;",
            "\tmul.wide.u32 \t%rd7, %r0, 4;",
            "\tadd.s64 \t%rd8, %rd3, %rd7;",
            "\tld.global.u32 \t%r1, [%rd8];",         # I1
            "\tmov.u32 \t%r4, %r1;",
            "\tbra.uni \tDONE;",
            "EVEN:",
            "\tadd.s32 \t%r2, %r5, 1;",
            "\tadd.s32 \t%r2, %r2, -1;",
            "\tadd.s32 \t%r2, %r2, 1;",
            "\tadd.s32 \t%r2, %r2, -1;",
            "\tmul.wide.u32 \t%rd9, %r2, 4;",
            "\tadd.s64 \t%rd9, %rd2, %rd9;",
            "\tld.global.u32 \t%r1, [%rd9];",         # I2
            "\tadd.s32 \t%r4, %r0, %r1;",             # I3
            "DONE:",
            "\tadd.s64 \t%rd10, %rd4, %rd5;",
            "\tst.global.u32 \t[%rd10], %r4;"]
    return entry(name, [(".u64", "a"), (".u64", "b"), (".u64", "c"), (".u64", "out")],
                 "\t.reg .pred \t%p<2>;\n\t.reg .b32 \t%r<7>;\n\t.reg .b64 \t%rd<11>;", "\n".join(body))


def deep_divergence(levels, iterations):
    # AWARE's virtualised tables (tests/sim/gpu/aware_tables_test.cpp): a
    # binary tree of if/else on the thread id's low bits, `levels` deep, run
    # `iterations` times: 2^levels splits and 2^levels - 1 reconvergence
    # entries at once, more than small physical tables hold. Each leaf adds
    # 7 x its path + 1, each join its level + 1; out[tid] gets the sum.
    name = "deep_divergence"
    labels = iter(range(1 << (levels + 1)))
    body = [f"\tld.param.u64 \t%rd1, [{name}_out];",
            "\tmov.u32 \t%r1, %tid.x;",
            "\tmov.u32 \t%r2, 0;",
            "\tmov.u32 \t%r4, 0;",
            "LOOP:"]

    def tree(level, path):
        if level == levels:
            body.append(f"\tadd.s32 \t%r2, %r2, {7 * path + 1};")
            return
        n = next(labels)
        body.extend([f"\tand.b32 \t%r3, %r1, {1 << level};",
                     "\tsetp.ne.u32 \t%p1, %r3, 0;",
                     f"\t@%p1 bra \tT{n};"])
        tree(level + 1, 2 * path)
        body.extend([f"\tbra.uni \tJ{n};", f"T{n}:"])
        tree(level + 1, 2 * path + 1)
        body.extend([f"J{n}:", f"\tadd.s32 \t%r2, %r2, {level + 1};"])

    tree(0, 0)
    body += ["\tadd.s32 \t%r4, %r4, 1;",
             f"\tsetp.lt.u32 \t%p2, %r4, {iterations};",
             "\t@%p2 bra \tLOOP;",
             "\tcvta.to.global.u64 \t%rd2, %rd1;",
             "\tmul.wide.u32 \t%rd3, %r1, 4;",
             "\tadd.s64 \t%rd4, %rd2, %rd3;",
             "\tst.global.u32 \t[%rd4], %r2;"]
    return entry(name, [(".u64", "out")], "\t.reg .pred \t%p<3>;\n\t.reg .b32 \t%r<5>;\n\t.reg .b64 \t%rd<5>;",
                 "\n".join(body))


def deep_divergence_expected(levels, iterations, threads):
    out = []
    for t in range(threads):
        path = 0
        for level in range(levels):
            path = 2 * path + ((t >> level) & 1)
        out.append(iterations * (7 * path + 1 + sum(range(1, levels + 1))))
    return out


def interleave():
    # Threads of two warps take a branch in interleaved lanes (warp 0's even
    # lanes, warp 1's odd ones) and copy in[tid] to out[tid] there: under the
    # SIMT stack two half-empty warps, each in one 128-byte segment; under
    # thread block compaction one full compacted warp touching both
    # (tests/sim/gpu/tbc_sim_test.cpp; research 001 claim 9).
    body = ["\tld.param.u64 \t%rd1, [interleave_in];",
            "\tld.param.u64 \t%rd2, [interleave_out];",
            "\tmov.u32 \t%r1, %tid.x;",
            "\tand.b32 \t%r2, %r1, 1;",
            "\tshr.u32 \t%r3, %r1, 5;",
            "\tsetp.ne.u32 \t%p1, %r2, %r3;",
            "\t@%p1 bra \t$L_skip;",
            "\tcvta.to.global.u64 \t%rd3, %rd1;",
            "\tmul.wide.u32 \t%rd4, %r1, 4;",
            "\tadd.s64 \t%rd5, %rd3, %rd4;",
            "\tld.global.u32 \t%r4, [%rd5];",
            "\tcvta.to.global.u64 \t%rd6, %rd2;",
            "\tadd.s64 \t%rd7, %rd6, %rd4;",
            "\tst.global.u32 \t[%rd7], %r4;",
            "$L_skip:"]
    return entry("interleave", [(".u64", "in"), (".u64", "out")],
                 "\t.reg .pred \t%p<2>;\n\t.reg .b32 \t%r<5>;\n\t.reg .b64 \t%rd<8>;", "\n".join(body))


def main():
    files = {
        "dep_chain.ptx": dep_chain(64) + dep_chain(128),
        "independent.ptx": independent(256),
        "chase.ptx": chase(32) + chase(64),
        "shared_stride.ptx": shared_stride(64),
        "strided_load.ptx": strided_load(),
        "stream_copy.ptx": stream_copy(),
        "wait_last_block.ptx": wait_last_block(),
        "split_dependence.ptx": split_dependence(),
        "deep_divergence.ptx": deep_divergence(4, 4),
        "interleave.ptx": interleave(),
    }
    for name, text in files.items():
        with open(name, "w") as f:
            f.write(HEADER + text)


if __name__ == "__main__":
    main()
