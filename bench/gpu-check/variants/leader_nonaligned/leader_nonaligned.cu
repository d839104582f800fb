// leader_nonaligned.cu -- models/barriers/device_barrier's leader_total with
// the non-aligned barrier (`barrier.sync 0`) in place of __syncthreads():
// only thread 0 reaches it; the other threads of block leave the `if` and
// exit. A device check (scripts/gpu_compare.py) runs both forms on a
// Volta-or-later GPU.

#define TILE 128

__device__ __forceinline__ void barrier_nonaligned() { asm volatile("barrier.sync 0;" ::: "memory"); }

__device__ __noinline__ int block_total(int *tile, int v)
{
    tile[threadIdx.x] = v;
    barrier_nonaligned();
    int s = 0;
    for (int i = 0; i < blockDim.x; ++i) s += tile[i];
    return s;
}

__global__ void leader_nonaligned(const int *in, int *out)
{
    __shared__ int tile[TILE];
    int v = in[blockIdx.x * TILE + threadIdx.x];
    if (threadIdx.x == 0)
        out[blockIdx.x] = block_total(tile, v);
}
