// histogram_atomic.cu -- lockstep model kernel (written for this project).
//
// 16-bin histogram of the low four bits of each input word. Each block
// counts into a shared-memory histogram with atomicAdd (grid-stride over
// the input), then adds its bins to the global histogram with atomicAdd.

#define NBINS 16

__global__ void histogram_atomic(const unsigned *data, int n, unsigned *bins)
{
    __shared__ unsigned local[NBINS];
    if (threadIdx.x < NBINS)
        local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] & (NBINS - 1)], 1u);
    __syncthreads();
    if (threadIdx.x < NBINS)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
