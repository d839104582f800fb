// reduce_grid_stride.cu -- lockstep false-detection corpus (written for this project).
//
// Grid-stride sum of squares: a fixed-size grid walks an array of any length
// (loop bound n and stride gridDim*blockDim in registers), then a
// shared-memory tree folds each block and thread 0 stores the block's
// partial. Loop exits depend only on the thread's own index.

__global__ void reduce_grid_stride(const float *x, float *partial, long n)
{
    extern __shared__ float s[];
    long stride = (long)gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float v = x[i];
        acc += v * v;
    }
    s[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned w = blockDim.x >> 1; w > 0; w >>= 1) {
        if (threadIdx.x < w)
            s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        partial[blockIdx.x] = s[0];
}
