// scan_three_phase.cu -- lockstep false-detection corpus (written for this project).
//
// Multi-block inclusive scan in three kernel launches, with no inter-block
// waiting: (1) every block scans its tile in shared memory and stores its
// total; (2) one block scans the totals (a sequential loop per thread chunk,
// then a shared-memory pass); (3) every block adds the scanned total of the
// blocks before it. Blocks communicate only across kernel boundaries.

#define TILE 256

__global__ void scan_tiles(const unsigned *in, unsigned *out, unsigned *totals, int n)
{
    __shared__ unsigned s[TILE];
    int t = threadIdx.x;
    int i = blockIdx.x * TILE + t;
    s[t] = (i < n) ? in[i] : 0u;
    __syncthreads();
    for (int off = 1; off < TILE; off <<= 1) {
        unsigned add = (t >= off) ? s[t - off] : 0u;
        __syncthreads();
        s[t] += add;
        __syncthreads();
    }
    if (i < n)
        out[i] = s[t];
    if (t == TILE - 1)
        totals[blockIdx.x] = s[t];
}

__global__ void scan_totals(unsigned *totals, int nblocks)
{
    // One block of TILE threads; each owns a contiguous chunk of totals.
    __shared__ unsigned chunk_sum[TILE];
    int t = threadIdx.x;
    int per = (nblocks + TILE - 1) / TILE;
    int lo = t * per, hi = min(lo + per, nblocks);
    unsigned acc = 0;
    for (int k = lo; k < hi; ++k) {
        acc += totals[k];
        totals[k] = acc;
    }
    chunk_sum[t] = acc;
    __syncthreads();
    unsigned before = 0;
    for (int u = 0; u < t; ++u)
        before += chunk_sum[u];
    for (int k = lo; k < hi; ++k)
        totals[k] += before;
}

__global__ void add_offsets(unsigned *out, const unsigned *totals, int n)
{
    int i = blockIdx.x * TILE + threadIdx.x;
    if (blockIdx.x > 0 && i < n)
        out[i] += totals[blockIdx.x - 1];
}
