// vote_any_queue.cu -- lockstep false-detection corpus (written for this project).
//
// Persistent-thread work queue drain: lane 0 of each warp grabs 32 items
// from a global head counter with atomicAdd, broadcasts the base with
// __shfl_sync, and the warp processes them; it stops when __any_sync finds
// no lane with an item. The head only grows, so every warp leaves once the
// n items are handed out; nothing waits for another thread's progress.
// The __syncwarp() closing the body keeps the warp converged at the latch:
// without it nvcc -O3 branches the lanes without an item straight back to
// the header's __shfl_sync, which a SIMT stack using NVIDIA's reconvergence
// rule (the branch does not dominate its IPDOM, the header) never joins.
// Launch: blockDim.x a multiple of 32.

#define FULL 0xffffffffu

__global__ void vote_any_queue(unsigned *head, unsigned n, const unsigned *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31u;
    for (;;) {
        unsigned base = 0;
        if (lane == 0)
            base = atomicAdd(head, 32u);
        base = __shfl_sync(FULL, base, 0);
        unsigned idx = base + lane;
        bool has = idx < n;
        if (!__any_sync(FULL, has))
            break;
        unsigned v = has ? in[idx] : 1u;
        unsigned steps = 0;
        while (v > 1u && steps < 64u) {       // bounded Collatz walk
            v = (v & 1u) ? 3u * v + 1u : v >> 1;
            ++steps;
        }
        if (has)
            out[idx] = steps;
        __syncwarp();                         // converged: every lane reaches it
    }
}
