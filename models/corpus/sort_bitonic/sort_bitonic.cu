// sort_bitonic.cu -- lockstep false-detection corpus (written for this project).
//
// Bitonic sort of 1024 keys per block in shared memory, 512 threads, each
// handling one compare-exchange pair per stage. Both stage loops are
// block-uniform (constant bounds); the barrier ends every inner step and is
// reached by every thread.

#define KEYS 1024

__global__ void sort_bitonic(unsigned *keys)
{
    __shared__ unsigned s[KEYS];
    unsigned t = threadIdx.x;
    unsigned *blk = keys + blockIdx.x * KEYS;
    s[t] = blk[t];
    s[t + KEYS / 2] = blk[t + KEYS / 2];
    __syncthreads();
    for (unsigned size = 2; size <= KEYS; size <<= 1) {
        for (unsigned stride = size >> 1; stride > 0; stride >>= 1) {
            unsigned lo = 2 * t - (t & (stride - 1));
            unsigned hi = lo + stride;
            bool up = (lo & size) == 0;
            unsigned a = s[lo], b = s[hi];
            if ((a > b) == up) {
                s[lo] = b;
                s[hi] = a;
            }
            __syncthreads();
        }
    }
    blk[t] = s[t];
    blk[t + KEYS / 2] = s[t + KEYS / 2];
}
