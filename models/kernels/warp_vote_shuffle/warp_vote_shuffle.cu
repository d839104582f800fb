// warp_vote_shuffle.cu -- lockstep model kernel (written for this project).
//
// Warp-level primitives on a converged warp: vote (__ballot_sync,
// __any_sync, __all_sync), shuffles (__shfl_down_sync sum, __shfl_xor_sync
// butterfly max, __shfl_sync broadcast, __shfl_up_sync), __popc of a ballot
// (rank among the odd lanes) and __activemask() both converged and inside a
// divergent branch. Every result lands in out[k * blockDim.x + tid].

__global__ void warp_vote_shuffle(const int *in, int *out, unsigned *masks)
{
    const unsigned full = 0xffffffffu;
    int t = threadIdx.x;
    int lane = t & 31;
    int n = blockDim.x;
    int v = in[t];

    unsigned odd = __ballot_sync(full, v & 1);
    int any_big = __any_sync(full, v > 40);
    int all_small = __all_sync(full, v < 50);

    int sum = v;                                    // lane 0 ends with the warp sum
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(full, sum, off);

    int mx = v;                                     // every lane ends with the warp max
    for (int m = 16; m > 0; m >>= 1)
        mx = max(mx, __shfl_xor_sync(full, mx, m));

    int third = __shfl_sync(full, v, 3);            // broadcast lane 3
    int prev = __shfl_up_sync(full, v, 1);          // lane 0 keeps its own value
    int rank = __popc(odd & ((1u << lane) - 1));    // odd lanes below me

    out[0 * n + t] = (int)odd;
    out[1 * n + t] = any_big;
    out[2 * n + t] = all_small;
    out[3 * n + t] = sum;
    out[4 * n + t] = mx;
    out[5 * n + t] = third;
    out[6 * n + t] = prev;
    out[7 * n + t] = rank;

    masks[t] = __activemask();
    if (lane < 10)
        masks[n + t] = __activemask();              // the lanes in this branch
}
