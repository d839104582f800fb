// reduce_shared.cu -- lockstep model kernel (written for this project).
//
// Per-block sum with a shared-memory tree reduction: each thread loads one
// element into dynamically sized shared memory (extern __shared__, size
// given at launch), then the active half adds the upper half into the lower
// half, halving the stride after every __syncthreads(). The barriers sit
// outside the divergent "if", so every thread reaches every barrier.

__global__ void reduce_shared(const int *in, int *block_sums, int n)
{
    extern __shared__ int partial[];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    partial[t] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0)
        block_sums[blockIdx.x] = partial[0];
}
