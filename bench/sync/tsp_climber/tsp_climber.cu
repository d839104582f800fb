// tsp_climber.cu -- lockstep BOWS-study kernel (written for this project).
//
// Travelling-salesman hill climbers in the spirit of the TSP kernel of
// ElTantawy's BOWS evaluation (research 000-aware-bows-ddos-mp.md §4.2):
// every thread is one climber that improves its own tour with 2-opt moves
// drawn from its own pseudo-random sequence, then publishes its result to
// one global best under one global lock. Synchronisation is a tiny part of
// the work (the thesis: < 0.03% of the instructions).
//
// Cities lie on a 1024 x 1024 grid at coordinates derived from their index;
// distances are Manhattan, so every climber's result is exact integer
// arithmetic and the launch's result is deterministic: the best tour length
// and, among climbers with that length, the smallest climber id.
//
// The lock is taken in the done-flag form (the unlock inside the retry
// loop), which terminates on a SIMT stack.

#define MAX_CITIES 128

__device__ int city_x(int c) { return (c * 389 + 71) & 1023; }
__device__ int city_y(int c) { return (c * 617 + 13) & 1023; }

__device__ int dist(int a, int b)
{
    int dx = city_x(a) - city_x(b);
    int dy = city_y(a) - city_y(b);
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

__device__ unsigned next_random(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;   // Numerical Recipes LCG
    return *s >> 8;
}

__global__ void tsp_climber(int ncities, int moves, int nclimbers, int *lock,
                            volatile int *best, unsigned *failures)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    if (id >= nclimbers || ncities < 4 || ncities > MAX_CITIES) return;
    int tour[MAX_CITIES];
    unsigned seed = 2166136261u ^ (unsigned)id;
    // A start tour: the identity rotated by the climber id.
    for (int i = 0; i < ncities; ++i) tour[i] = (i + id) % ncities;
    int length = 0;
    for (int i = 0; i < ncities; ++i) length += dist(tour[i], tour[(i + 1) % ncities]);
    for (int m = 0; m < moves; ++m) {
        // 2-opt: reverse tour[i+1 .. j]
        int i = next_random(&seed) % (ncities - 2);
        int j = i + 2 + next_random(&seed) % (ncities - i - 2);
        int a = tour[i], b = tour[i + 1], c = tour[j], d = tour[(j + 1) % ncities];
        int delta = dist(a, c) + dist(b, d) - dist(a, b) - dist(c, d);
        if (delta < 0) {
            for (int lo = i + 1, hi = j; lo < hi; ++lo, --hi) {
                int t = tour[lo];
                tour[lo] = tour[hi];
                tour[hi] = t;
            }
            length += delta;
        }
    }
    // Publish: best[0] = length, best[1] = climber id, under one lock. Failed
    // attempts are counted (the lock-failure rate); the count also keeps the
    // retry loop's join, which a SIMT stack needs (without it nvcc -O3 makes
    // the failed attempt a self-loop that the lock holder waits behind).
    unsigned failed = 0;
    bool done = false;
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            __threadfence();
            if (length < best[0] || (length == best[0] && id < best[1])) {
                best[0] = length;
                best[1] = id;
            }
            done = true;
            __threadfence();
            atomicExch(lock, 0);
        }
        if (!done) ++failed;
    }
    if (failed != 0) atomicAdd(failures, failed);
}
