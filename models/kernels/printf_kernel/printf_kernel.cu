// printf_kernel.cu -- lockstep model kernel (written for this project).
//
// Device-side printf. nvcc lowers each printf to a call of the external
// function vprintf(format, args): the format string becomes a global .b8
// array and the arguments are packed into an 8-byte-aligned buffer in local
// memory (a .local depot addressed through %SP/%SPL). The kernel also writes
// out[t] = t * t so a run has a checkable result besides its output lines.

#include <cstdio>

__global__ void printf_kernel(int *out, float scale)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long sq = (long long)t * t;
    out[t] = (int)sq;
    if (t % 4 == 0)
        printf("block %d thread %d: %lld = %d squared, scaled %f\n",
               blockIdx.x, threadIdx.x, sq, t, t * scale);
    if (t == 0)
        printf("hello from lockstep\n");
}
