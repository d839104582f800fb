// hist_per_warp.cu -- lockstep false-detection corpus (written for this project).
//
// 64-bin histogram of small integer keys with one private sub-histogram per
// warp (shared atomics only contend inside a warp), a barrier, a merge of
// the warp copies into a per-block partial in global memory, and a second
// kernel that sums the partials over blocks, one thread per bin.

#define BINS 64
#define MAX_WARPS 8

__global__ void hist_per_warp(const int *keys, int n, unsigned *partials)
{
    __shared__ unsigned sub[MAX_WARPS][BINS];
    int nw = blockDim.x >> 5, warp = threadIdx.x >> 5;
    for (int k = threadIdx.x; k < MAX_WARPS * BINS; k += blockDim.x)
        sub[k / BINS][k % BINS] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&sub[warp][keys[i] & (BINS - 1)], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        unsigned total = 0;
        for (int w = 0; w < nw; ++w)
            total += sub[w][b];
        partials[blockIdx.x * BINS + b] = total;
    }
}

__global__ void hist_merge_blocks(const unsigned *partials, int nblocks, unsigned *hist)
{
    int b = threadIdx.x;
    if (b >= BINS)
        return;
    unsigned total = 0;
    for (int k = 0; k < nblocks; ++k)
        total += partials[k * BINS + b];
    hist[b] = total;
}
