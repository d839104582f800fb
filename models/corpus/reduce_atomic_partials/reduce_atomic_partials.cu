// reduce_atomic_partials.cu -- lockstep false-detection corpus (written for this project).
//
// Each thread accumulates a strided slice of the input in a register, adds
// it into a per-block shared accumulator with a shared-memory atomicAdd,
// and thread 0 adds the block's partial into the global total with one
// global atomicAdd. Atomics only accumulate; no thread reads them back to
// decide whether to continue.

__global__ void reduce_atomic_partials(const unsigned *data, unsigned long long *total,
                                       int n, int per_thread)
{
    __shared__ unsigned long long block_sum;
    if (threadIdx.x == 0)
        block_sum = 0;
    __syncthreads();
    int base = blockIdx.x * blockDim.x * per_thread + threadIdx.x;
    unsigned long long acc = 0;
    for (int k = 0; k < per_thread; ++k) {
        int i = base + k * blockDim.x;
        if (i < n)
            acc += data[i];
    }
    atomicAdd(&block_sum, acc);
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(total, block_sum);
}
