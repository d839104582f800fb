// hist_tagged_warp.cu -- lockstep false-detection corpus (written for this project).
//
// Pre-Fermi (no shared atomics) 256-bin histogram: one sub-histogram per
// warp in shared memory; a lane increments a bin by writing count+1 stamped
// with its lane number in the top 5 bits and retries until it reads back its
// own stamp. When several lanes of the warp hit the same bin, the hardware
// keeps one write per round and the losers retry, so every lane leaves after
// at most 32 rounds; no lane waits for a value another lane must produce
// (the retry loop is a known false detection, SSDE thesis Fig. 3.12).
// Block partial histograms are summed across warps and stored per block.

#define BINS 256
#define WARPS 4
#define TAG_SHIFT 27u
#define COUNT_MASK ((1u << TAG_SHIFT) - 1u)

__device__ void tagged_increment(volatile unsigned *warp_hist, unsigned bin, unsigned stamp)
{
    unsigned mine;
    do {
        unsigned c = warp_hist[bin] & COUNT_MASK;
        mine = stamp | (c + 1u);
        warp_hist[bin] = mine;
    } while (warp_hist[bin] != mine);
}

__global__ void hist_tagged_warp(const unsigned *words, int nwords, unsigned *block_hist)
{
    __shared__ unsigned sub[WARPS * BINS];
    for (int k = threadIdx.x; k < WARPS * BINS; k += blockDim.x)
        sub[k] = 0;
    __syncthreads();
    unsigned lane = threadIdx.x & 31u;
    volatile unsigned *mine = sub + (threadIdx.x >> 5) * BINS;
    unsigned stamp = lane << TAG_SHIFT;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += gridDim.x * blockDim.x) {
        unsigned w = words[i];
        tagged_increment(mine, w & 0xffu, stamp);
        tagged_increment(mine, (w >> 8) & 0xffu, stamp);
        tagged_increment(mine, (w >> 16) & 0xffu, stamp);
        tagged_increment(mine, w >> 24, stamp);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        unsigned sum = 0;
        for (int w = 0; w < WARPS; ++w)
            sum += sub[w * BINS + b] & COUNT_MASK;
        block_hist[blockIdx.x * BINS + b] = sum;
    }
}
