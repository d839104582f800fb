// device_barrier.cu -- a barrier inside a device function (written for lockstep).
//
// block_total() synchronises the block, so every thread of the block must
// call it. leader_total() calls it from thread 0 only: a divergent barrier
// whose instruction lies in block_total(), reported at the call site.
// leader_mean() reaches it through a second function.

#define TILE 128

__device__ __noinline__ int block_total(int *tile, int v)
{
    tile[threadIdx.x] = v;
    __syncthreads();
    int s = 0;
    for (int i = 0; i < blockDim.x; ++i) s += tile[i];
    return s;
}

__device__ __noinline__ int block_mean(int *tile, int v)
{
    return block_total(tile, v) / (int)blockDim.x;
}

__global__ void leader_total(const int *in, int *out)
{
    __shared__ int tile[TILE];
    int v = in[blockIdx.x * TILE + threadIdx.x];
    if (threadIdx.x == 0)
        out[blockIdx.x] = block_total(tile, v);
}

__global__ void leader_mean(const int *in, int *out)
{
    __shared__ int tile[TILE];
    int v = in[blockIdx.x * TILE + threadIdx.x];
    if (threadIdx.x == 0)
        out[blockIdx.x] = block_mean(tile, v);
}

// Correct: every thread calls block_total().
__global__ void all_total(const int *in, int *out)
{
    __shared__ int tile[TILE];
    int v = in[blockIdx.x * TILE + threadIdx.x];
    int s = block_total(tile, v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = s;
}
