// A bug deep in the default search order (tests/cli/swarm.sh): thread 0
// asserts that the last thread has not raised the flag yet, while the
// threads in between add to a counter. In warp and lane order the explorer
// runs thread 0's check first and then every interleaving of the counter
// updates below it, so a small state bound stops it before it ever tries
// the last thread first; a search in another order reaches the failing
// assertion at once.
#include <cassert>

__global__ void late_writer(volatile int* flag, int* counter, int rounds) {
  const int t = threadIdx.x;
  if (t == blockDim.x - 1) {
    *flag = 1;
  } else {
    if (t == 0) assert(*flag == 0);
    for (int i = 0; i < rounds; ++i) atomicAdd(counter, 1);
  }
}
