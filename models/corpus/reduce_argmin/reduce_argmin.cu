// reduce_argmin.cu -- lockstep false-detection corpus (written for this project).
//
// Minimum and its index: each thread scans a grid-stride slice keeping
// (value, index), a shuffle butterfly merges pairs inside the warp (ties to
// the smaller index), and warp leaders fold into one global 64-bit key with
// atomicMin (order-preserving float bits in the high word, index in the low
// word). atomicMin's old value is never inspected.

#define FULL 0xffffffffu

__device__ __forceinline__ unsigned order_bits(float f)
{
    unsigned b = __float_as_uint(f);
    return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}

__global__ void reduce_argmin(const float *__restrict__ v, unsigned long long *best, int n)
{
    float m = __int_as_float(0x7f800000);     // +inf
    int arg = n;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float x = v[i];
        if (x < m) { m = x; arg = i; }
    }
    for (int mask = 16; mask > 0; mask >>= 1) {
        float om = __shfl_xor_sync(FULL, m, mask);
        int oa = __shfl_xor_sync(FULL, arg, mask);
        if (om < m || (om == m && oa < arg)) { m = om; arg = oa; }
    }
    if ((threadIdx.x & 31) == 0) {
        unsigned long long key = ((unsigned long long)order_bits(m) << 32) | (unsigned)arg;
        atomicMin(best, key);
    }
}
