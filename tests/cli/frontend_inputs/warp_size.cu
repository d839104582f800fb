// warpSize in arithmetic: nvcc reads it as PTX's predefined constant WARP_SZ
// (`mov.u32 %r, WARP_SZ;`). Each thread writes its warp and lane numbers,
// warp * 100 + lane, and the warp size itself into the second buffer.
__global__ void warp_lanes(unsigned *code, unsigned *size, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned warp = threadIdx.x / warpSize;
    unsigned lane = threadIdx.x % warpSize;
    code[i] = warp * 100 + lane;
    if (lane == 0)
        size[i / warpSize] = warpSize;
}
