// hist_shared_atomic.cu -- lockstep false-detection corpus (written for this project).
//
// 256-bin byte histogram: a block-private histogram in shared memory filled
// with shared-memory atomicAdd over a grid-stride loop (four bytes per
// word), then added into the global histogram with one atomicAdd per
// non-empty bin. Atomics only count; their results are never waited on.

#define BINS 256

__global__ void hist_shared_atomic(const unsigned *__restrict__ words, int nwords,
                                   unsigned *__restrict__ hist)
{
    __shared__ unsigned local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += gridDim.x * blockDim.x) {
        unsigned w = words[i];
        atomicAdd(&local[w & 0xffu], 1u);
        atomicAdd(&local[(w >> 8) & 0xffu], 1u);
        atomicAdd(&local[(w >> 16) & 0xffu], 1u);
        atomicAdd(&local[w >> 24], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        unsigned c = local[b];
        if (c)
            atomicAdd(&hist[b], c);
    }
}
