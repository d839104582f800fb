// tm_cc.cu -- lockstep TM kernel (written for this project).
//
// A CudaCuts-like push of flow in the style of Kilo TM's CC benchmark
// (research/001-kilotm.md §5.1: "consecutive atomics in the Push kernels are
// grouped into transactions"). Nodes form a w x h grid; thread u (one per
// node) pushes flow along its right and its down edge, one transaction per
// push: d = min(rcap of the edge, want(u)) moves from excess[u] to
// excess[v], the edge's residual capacity falls by d and its reverse edge's
// rises by d. rcap[4u + 0] / rcap[4u + 1] are u's right / down edges,
// rcap[4v + 2] / rcap[4v + 3] their reverses (v's left / up edges). Only
// thread u changes its edges' capacities, so d does not depend on the order
// of the pushes and neither do the final excesses and capacities. (Real
// push-relabel pushes min(excess, rcap) towards lower heights, which is
// order-dependent; this keeps the push's memory pattern: 4 words read, 4
// written, neighbours sharing excess words.)
//
// Three versions doing the same pushes: a transaction per push, one global
// lock, a lock per node (u's and v's, in node order: v > u always).

extern "C" __device__ __noinline__ void __tbegin() { asm volatile(""); }
extern "C" __device__ __noinline__ void __tcommit() { asm volatile(""); }

__device__ int want_of(int u) { return u % 3 + 1; }

__global__ void tm_cc(int w, int h, int *excess, int *rcap)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= w * h)
        return;
    int x = u % w;
    int y = u / w;
    for (int dir = 0; dir < 2; ++dir) {
        if ((dir == 0 && x + 1 < w) || (dir == 1 && y + 1 < h)) {
            int v = dir == 0 ? u + 1 : u + w;
            __tbegin();
            int c = rcap[4 * u + dir];
            int d = min(c, want_of(u));
            rcap[4 * u + dir] = c - d;
            rcap[4 * v + dir + 2] += d;
            excess[u] -= d;
            excess[v] += d;
            __tcommit();
        }
    }
}

// The lock versions are SIMT-safe (acquire inside the loop body, release
// before the loop's reconvergence point, as models/kernels/done_flag_lock).

__device__ void push(int u, int v, int dir, volatile int *excess, volatile int *rcap)
{
    int c = rcap[4 * u + dir];
    int d = min(c, want_of(u));
    rcap[4 * u + dir] = c - d;
    rcap[4 * v + dir + 2] += d;
    excess[u] -= d;
    excess[v] += d;
}

__global__ void tm_cc_cgl(int w, int h, volatile int *excess, volatile int *rcap, int *lock)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= w * h)
        return;
    int x = u % w;
    int y = u / w;
    for (int dir = 0; dir < 2; ++dir) {
        if ((dir == 0 && x + 1 < w) || (dir == 1 && y + 1 < h)) {
            int v = dir == 0 ? u + 1 : u + w;
            volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
            while (!done) {
                if (atomicCAS(lock, 0, 1) == 0) {
                    __threadfence();
                    push(u, v, dir, excess, rcap);
                    __threadfence();
                    atomicExch(lock, 0);
                    done = true;
                }
            }
        }
    }
}

// Fine-grained: u's lock, then v's (v > u); a thread keeps u's lock across
// iterations (have_u) and tries v's each time.
__global__ void tm_cc_fgl(int w, int h, volatile int *excess, volatile int *rcap, int *locks)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= w * h)
        return;
    int x = u % w;
    int y = u / w;
    for (int dir = 0; dir < 2; ++dir) {
        if ((dir == 0 && x + 1 < w) || (dir == 1 && y + 1 < h)) {
            int v = dir == 0 ? u + 1 : u + w;
            bool have_u = false;
            volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
            while (!done) {
                if (!have_u)
                    have_u = atomicCAS(&locks[u], 0, 1) == 0;
                if (have_u && atomicCAS(&locks[v], 0, 1) == 0) {
                    __threadfence();
                    push(u, v, dir, excess, rcap);
                    __threadfence();
                    atomicExch(&locks[v], 0);
                    atomicExch(&locks[u], 0);
                    done = true;
                }
            }
        }
    }
}
