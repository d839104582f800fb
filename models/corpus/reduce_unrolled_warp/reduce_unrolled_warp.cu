// reduce_unrolled_warp.cu -- lockstep false-detection corpus (written for this project).
//
// Classic pre-Volta reduction: a tree down to 64 partial sums with barriers,
// then the last warp finishes without barriers through a volatile pointer,
// relying on warp-synchronous execution (each unrolled step reads what the
// previous step of the same warp wrote). No loop waits on another thread;
// the barrier-free tail is straight-line code.

template <unsigned BLOCK>
__device__ void last_warp(volatile int *s, unsigned t)
{
    if (BLOCK >= 64) s[t] += s[t + 32];
    if (BLOCK >= 32) s[t] += s[t + 16];
    if (BLOCK >= 16) s[t] += s[t + 8];
    if (BLOCK >= 8)  s[t] += s[t + 4];
    if (BLOCK >= 4)  s[t] += s[t + 2];
    if (BLOCK >= 2)  s[t] += s[t + 1];
}

template <unsigned BLOCK>
__global__ void reduce_unrolled(const int *in, int *partial, unsigned n)
{
    __shared__ int s[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * BLOCK + t;
    s[t] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (unsigned stride = BLOCK / 2; stride > 32; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t < 32)
        last_warp<BLOCK>(s, t);
    if (t == 0)
        partial[blockIdx.x] = s[0];
}

template __global__ void reduce_unrolled<256>(const int *, int *, unsigned);
