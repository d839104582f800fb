// vector_add.cu -- lockstep model kernel (written for this project).
//
// c[i] = a[i] + b[i] for i < n: one thread per element and a bounds check,
// so the last block has idle threads. No synchronisation, no deadlock.

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
