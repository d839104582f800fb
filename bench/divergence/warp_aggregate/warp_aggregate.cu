// warp_aggregate: warp-aggregated slot allocation inside a divergent region,
// written the pre-Volta way (implicit warp synchrony, no *_sync collective).
// The threads that take the branch (even lanes of even warps, odd lanes of
// odd warps) ask for one output slot each: the warp's lowest active lane
// reserves as many slots as the warp has active threads with one atomicAdd
// and leaves the base in shared memory for its warp; every active thread
// takes base + its rank among the active lanes. Each thread then marks its
// slot. Correct when a warp is a static warp (the SIMT stack, TBC with its
// compactor off): every slot 0 .. n-1 is marked once. Under thread block
// compaction with the compactor on, the branch's threads of two static warps
// run as one compacted warp: its leader writes the base of its own static
// warp only, and the other warp's threads read a base nobody wrote
// (research 001 claim 10; docs/models/tbc.md).
__global__ void warp_aggregate(int* counter, int* mark, int* slot_of) {
  __shared__ volatile int base[32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  const int g = blockIdx.x * blockDim.x + t;
  int slot = -1;
  if (((lane ^ warp) & 1) == 0) {
    const unsigned active = __activemask();
    const int leader = __ffs(active) - 1;
    const int rank = __popc(active & ((1u << lane) - 1u));
    if (lane == leader) base[warp] = atomicAdd(counter, __popc(active));
    slot = base[warp] + rank;
    mark[slot] = 1;
  }
  slot_of[g] = slot;
}
