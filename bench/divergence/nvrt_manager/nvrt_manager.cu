// nvrt_manager.cu -- lockstep TBC-study kernel (written for this project).
//
// Persistent threads with one manager per static warp, the structure of
// NVRT (Aila and Laine's persistent-thread ray tracer, DIVG in Table 3.1 of
// ../shared/research/001-microarch-tbc.md; §3.2: "a single manager thread in
// each static warp ... atomically acquire[s] a range of task IDs ... for
// other worker threads in the warp"). Lane 0 of each warp takes 32 task ids
// from a global counter and hands the range to its lanes with a shuffle;
// each lane runs its task, a Collatz trajectory of task * 7 + 1 (at most
// 300 steps: a data-dependent trip count, the per-ray traversal's
// stand-in); the warp adds its lanes' step counts with a shuffle reduction
// and lane 0 adds the warp's sums to the total when the warp
// leaves. The warps of a block leave the loop at
// different times, so the shuffles run while the block is diverged.
//
// The warp-synchronous code (the broadcast and the reduction) takes lanes
// as static lanes: it is right when the warps are the static warps at these
// points (the SIMT stack; TBC, whose block-wide stack restores them at
// reconvergence), and wrong under DWF, where "the worker threads
// incorrectly execute ahead with obsolete task IDs".
//
// steps[task] and the total do not depend on which warp took which task:
// the [expect].

__global__ void nvrt_manager(int ntasks, int *next, int *steps, int *total)
{
    int lane = threadIdx.x & 31, done = 0;
    for (;;) {
        int base = 0;
        if (lane == 0)
            base = atomicAdd(next, 32);                  // the manager
        base = __shfl_sync(0xffffffffu, base, 0);        // to the workers
        if (base >= ntasks)
            break;
        int task = base + lane, n = 0;
        if (task < ntasks) {                             // the worker
            unsigned x = (unsigned)task * 7u + 1u;
            while (x != 1u && n < 300) {
                x = (x & 1u) ? 3u * x + 1u : x >> 1;
                ++n;
            }
            steps[task] = n;
        }
        for (int off = 16; off > 0; off >>= 1)          // the warp's sum
            n += __shfl_down_sync(0xffffffffu, n, off);
        done += n;                                       // lane 0's is the warp's
    }
    if (lane == 0)
        atomicAdd(total, done);
}
