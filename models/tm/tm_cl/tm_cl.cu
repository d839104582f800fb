// tm_cl.cu -- lockstep TM kernel (written for this project).
//
// Cloth-physics-like edge updates in the style of Kilo TM's CL and CLto
// benchmarks (research/001-kilotm.md §5.1): thread e owns the edge
// (u, v) = (edges[2e], edges[2e+1]) of a mesh and applies the edge's
// correction (cx, cy) = (corr[2e], corr[2e+1]) to both of its vertices:
// vertex u moves by +(cx, cy), vertex v by -(cx, cy). Positions are integers
// (pos[2u], pos[2u+1]); the correction comes from the edge's read-only data,
// not from the positions, so the final positions are the same for every
// serial order (the thesis's distance solver computes it from the current
// positions, which makes the result order-dependent; lockstep's [expect]
// compares exact contents).
//
// CL reads the edge's read-only data (endpoints, correction) inside the
// transaction, so it is in the read log; CLto ("loads read-only data into
// registers before the transaction", Table 6.2) reads it before __tbegin,
// shrinking the read set from 8 words to 4. Each has a coarse-grained-lock
// version (one global lock; CL reads the edge's data inside the critical
// section, CLto before) and a fine-grained one (a lock per vertex, the two
// taken in vertex order; the endpoints must be known before locking, so CL
// reads only the correction inside the critical section).

extern "C" __device__ __noinline__ void __tbegin() { asm volatile(""); }
extern "C" __device__ __noinline__ void __tcommit() { asm volatile(""); }

__global__ void tm_cl(int nedges, const int *edges, const int *corr, int *pos)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges)
        return;
    __tbegin();
    int u = edges[2 * e];
    int v = edges[2 * e + 1];
    int cx = corr[2 * e];
    int cy = corr[2 * e + 1];
    pos[2 * u] += cx;
    pos[2 * u + 1] += cy;
    pos[2 * v] -= cx;
    pos[2 * v + 1] -= cy;
    __tcommit();
}

__global__ void tm_clto(int nedges, const int *edges, const int *corr, int *pos)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges)
        return;
    int u = edges[2 * e];
    int v = edges[2 * e + 1];
    int cx = corr[2 * e];
    int cy = corr[2 * e + 1];
    __tbegin();
    pos[2 * u] += cx;
    pos[2 * u + 1] += cy;
    pos[2 * v] -= cx;
    pos[2 * v + 1] -= cy;
    __tcommit();
}

// The lock versions are SIMT-safe (acquire inside the loop body, release
// before the loop's reconvergence point, as models/kernels/done_flag_lock).

__global__ void tm_cl_cgl(int nedges, const int *edges, const int *corr, volatile int *pos, int *lock)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges)
        return;
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            __threadfence();
            int u = edges[2 * e];
            int v = edges[2 * e + 1];
            int cx = corr[2 * e];
            int cy = corr[2 * e + 1];
            pos[2 * u] += cx;
            pos[2 * u + 1] += cy;
            pos[2 * v] -= cx;
            pos[2 * v + 1] -= cy;
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

__global__ void tm_clto_cgl(int nedges, const int *edges, const int *corr, volatile int *pos, int *lock)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges)
        return;
    int u = edges[2 * e];
    int v = edges[2 * e + 1];
    int cx = corr[2 * e];
    int cy = corr[2 * e + 1];
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            __threadfence();
            pos[2 * u] += cx;
            pos[2 * u + 1] += cy;
            pos[2 * v] -= cx;
            pos[2 * v + 1] -= cy;
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

// Fine-grained: a lock per vertex, the lower-numbered vertex's first; a thread
// keeps its first lock across iterations (have_lo) and tries the second each
// time, so the holder of the higher lock never waits for a lower one. With
// `c` the correction is read inside the critical section (CL), otherwise
// (cx, cy) is the one read before (CLto).
__device__ void locked_edge_update(int u, int v, const int *c, int cx, int cy, volatile int *pos, int *locks)
{
    int lo = min(u, v);
    int hi = max(u, v);
    bool have_lo = false;
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (!have_lo)
            have_lo = atomicCAS(&locks[lo], 0, 1) == 0;
        if (have_lo && atomicCAS(&locks[hi], 0, 1) == 0) {
            __threadfence();
            if (c != nullptr) {
                cx = c[0];
                cy = c[1];
            }
            pos[2 * u] += cx;
            pos[2 * u + 1] += cy;
            pos[2 * v] -= cx;
            pos[2 * v + 1] -= cy;
            __threadfence();
            atomicExch(&locks[hi], 0);
            atomicExch(&locks[lo], 0);
            done = true;
        }
    }
}

__global__ void tm_cl_fgl(int nedges, const int *edges, const int *corr, volatile int *pos, int *locks)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges)
        return;
    locked_edge_update(edges[2 * e], edges[2 * e + 1], &corr[2 * e], 0, 0, pos, locks);
}

__global__ void tm_clto_fgl(int nedges, const int *edges, const int *corr, volatile int *pos, int *locks)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges)
        return;
    locked_edge_update(edges[2 * e], edges[2 * e + 1], nullptr, corr[2 * e], corr[2 * e + 1], pos, locks);
}
