// Grid-wide barriers of cooperative groups, for lockstep's tests (launched
// with `cooperative = true`). Compiled with nvcc -ptx -arch=sm_75 at -O3
// (grid_sync.ptx) and -G (grid_sync_g.ptx).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Every block writes its partial sum; after the grid barrier block 0 adds
// them up. Correct: every block reaches grid.sync().
__global__ void grid_partial_sums(const int* data, int* partial, int* total) {
  cg::grid_group grid = cg::this_grid();
  __shared__ int sum;
  if (threadIdx.x == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, data[grid.thread_rank()]);
  __syncthreads();
  if (threadIdx.x == 0) partial[blockIdx.x] = sum;
  grid.sync();
  if (grid.thread_rank() == 0) {
    int t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
}

// The grid barrier under a branch on the block index: block 0 waits for
// blocks that never arrive.
__global__ void grid_sync_in_block0(int* out) {
  cg::grid_group grid = cg::this_grid();
  out[grid.thread_rank()] = 1;
  if (blockIdx.x == 0) grid.sync();
  out[grid.thread_rank()] += 1;
}
