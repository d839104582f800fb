// reduce_shuffle.cu -- lockstep false-detection corpus (written for this project).
//
// Warp-shuffle reduction: every warp folds its values with __shfl_down_sync
// (fixed 5 steps, full mask, converged warp), warp leaders store to shared
// memory, and the first warp folds those. One atomicAdd per block combines
// blocks; the atomic is a one-shot accumulation, nothing polls its result.

#define FULL 0xffffffffu

__device__ __forceinline__ float warp_sum(float v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(FULL, v, off);
    return v;
}

__global__ void reduce_shuffle(const float *__restrict__ in, float *__restrict__ total, int n)
{
    __shared__ float warp_part[32];
    int t = threadIdx.x;
    int lane = t & 31, warp = t >> 5;
    int i = blockIdx.x * blockDim.x + t;
    float v = (i < n) ? in[i] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
        warp_part[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = (lane < (int)(blockDim.x >> 5)) ? warp_part[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0)
            atomicAdd(total, v);
    }
}
