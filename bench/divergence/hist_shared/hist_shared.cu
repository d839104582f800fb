// hist_shared.cu -- lockstep TBC-study kernel (written for this project).
//
// A 64-bin histogram of byte values (bin = value / 4): each block counts
// its grid-stride share in shared memory with shared atomics, then adds its
// bins to the global histogram: the reduction-by-key of the COHE set
// (STMCL's and HRTWL's accumulation phases; Table 3.1 of
// ../shared/research/001-microarch-tbc.md). Control flow is uniform; the
// atomics serialise on colliding bins, which is not branch divergence.
//
// hist: the [expect] (atomic adds commute).

#define BINS 64

__global__ void hist_shared(int n, const int *__restrict__ data, int *hist)
{
    __shared__ int bins[BINS];
    for (int i = threadIdx.x; i < BINS; i += blockDim.x)
        bins[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[(data[i] >> 2) & (BINS - 1)], 1);
    __syncthreads();
    for (int i = threadIdx.x; i < BINS; i += blockDim.x)
        atomicAdd(&hist[i], bins[i]);
}
