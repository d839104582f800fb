// Per-lane symbolic data for `verify` (every element of `data` an input):
// branches whose condition differs lane by lane. Written for lockstep's
// tests; compiled with nvcc -ptx -arch=sm_75 at -O3 (per_lane.ptx) and -G
// (per_lane_g.ptx).

// The barrier is under a branch on each thread's element: when the elements
// disagree the block's threads reach it apart (a deadlock under the SIMT
// stack, barrier divergence under CUDA's rule).
__global__ void barrier_under_data(const int* data, int* out) {
  int t = threadIdx.x;
  if (data[t] > 0) {
    __syncthreads();
    out[t] = 1;
  }
}

// The branch on each thread's element only chooses a value; every thread
// then reaches the same barrier: correct for every input.
__global__ void select_then_barrier(const int* data, int* out) {
  __shared__ int buf[32];
  int t = threadIdx.x;
  int v = data[t];
  int r;
  if (v > 0) {
    r = v * 2;
  } else {
    r = 1 - v;
  }
  buf[t] = r;
  __syncthreads();
  out[t] = buf[31 - t];
}
