// scan_warp_shuffle.cu -- lockstep false-detection corpus (written for this project).
//
// Block-wide inclusive scan built from warp shuffles: each warp scans its 32
// values with __shfl_up_sync, lane 31 publishes the warp total to shared
// memory, warp 0 scans the totals the same way, and every thread adds the
// total of the warps before it. Shuffle loops run a fixed 5 steps with the
// full mask on converged warps (blockDim.x is a multiple of 32, at most 1024).

#define FULL 0xffffffffu

__device__ int warp_inclusive_scan(int x, int lane)
{
    for (int d = 1; d < 32; d <<= 1) {
        int y = __shfl_up_sync(FULL, x, d);
        if (lane >= d)
            x += y;
    }
    return x;
}

__global__ void scan_warp_shuffle(const int *in, int *out, int n)
{
    __shared__ int warp_totals[32];
    int t = threadIdx.x;
    int lane = t & 31;
    int warp = t >> 5;
    int i = blockIdx.x * blockDim.x + t;
    int x = (i < n) ? in[i] : 0;

    x = warp_inclusive_scan(x, lane);
    if (lane == 31)
        warp_totals[warp] = x;
    __syncthreads();
    if (warp == 0) {
        int nwarps = blockDim.x >> 5;
        int w = (lane < nwarps) ? warp_totals[lane] : 0;
        w = warp_inclusive_scan(w, lane);
        warp_totals[lane] = w;
    }
    __syncthreads();
    if (warp > 0)
        x += warp_totals[warp - 1];
    if (i < n)
        out[i] = x;
}
