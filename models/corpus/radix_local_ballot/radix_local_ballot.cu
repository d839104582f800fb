// radix_local_ballot.cu -- lockstep false-detection corpus (written for this project).
//
// Local pass of an LSD radix sort: 128 keys per block are split on each of
// `bits` bits in turn (stable 1-bit splits). Within a warp __ballot_sync and
// __popc rank the zeros; warp zero-counts go through shared memory, a
// barrier, and each thread adds the counts of earlier warps (a 4-step loop).
// Every barrier is executed by the whole block in every bit iteration.

#define FULL 0xffffffffu
#define NT 128
#define NW (NT / 32)

__global__ void radix_local_ballot(unsigned *keys, int shift, int bits)
{
    __shared__ unsigned s[NT];
    __shared__ unsigned zeros[NW];
    unsigned t = threadIdx.x, lane = t & 31, warp = t >> 5;
    unsigned below = (1u << lane) - 1u;
    unsigned key = keys[blockIdx.x * NT + t];
    for (int b = shift; b < shift + bits; ++b) {
        bool one = (key >> b) & 1u;
        unsigned ones = __ballot_sync(FULL, one);
        if (lane == 0)
            zeros[warp] = 32u - __popc(ones);
        __syncthreads();
        unsigned zero_before = 0, total_zeros = 0;
        for (unsigned w = 0; w < NW; ++w) {
            if (w < warp) zero_before += zeros[w];
            total_zeros += zeros[w];
        }
        unsigned zrank = __popc(~ones & below), orank = __popc(ones & below);
        unsigned one_before = warp * 32u - zero_before;
        unsigned dst = one ? total_zeros + one_before + orank : zero_before + zrank;
        s[dst] = key;
        __syncthreads();
        key = s[t];
        __syncthreads();
    }
    keys[blockIdx.x * NT + t] = key;
}
