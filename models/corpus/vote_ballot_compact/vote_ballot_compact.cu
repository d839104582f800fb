// vote_ballot_compact.cu -- lockstep false-detection corpus (written for this project).
//
// Stream compaction (keep positive values): each warp finds its keepers with
// __ballot_sync, lane 0 reserves that many output slots with one atomicAdd,
// the base is broadcast with __shfl_sync and each keeper writes at
// base + popc(ballot & lanes below it). The grid-stride loop runs over
// warp-aligned bases, so its trip count is warp-uniform.

#define FULL 0xffffffffu

__global__ void vote_ballot_compact(const int *__restrict__ in, int n, int *__restrict__ out,
                                    int *__restrict__ out_len)
{
    int lane = threadIdx.x & 31;
    int warp_first = (blockIdx.x * blockDim.x + threadIdx.x) & ~31;
    int stride = gridDim.x * blockDim.x;
    for (int base = warp_first; base < n; base += stride) {
        int i = base + lane;
        int v = (i < n) ? in[i] : 0;
        unsigned keep = __ballot_sync(FULL, v > 0);
        int slot = 0;
        if (lane == 0 && keep)
            slot = atomicAdd(out_len, __popc(keep));
        slot = __shfl_sync(FULL, slot, 0);
        if (v > 0)
            out[slot + __popc(keep & ((1u << lane) - 1u))] = v;
    }
}
