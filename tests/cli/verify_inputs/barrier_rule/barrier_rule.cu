// CUDA's barrier rule (every thread of a block reaches the same
// __syncthreads() in the same round) against lockstep's counting barriers,
// for `verify --property barrier-divergence`. Written for lockstep's tests;
// compiled with nvcc -ptx -arch=sm_75 at -O3 (barrier_rule.ptx) and -G
// (barrier_rule_g.ptx).

// Even and odd threads synchronise at two different __syncthreads():
// counting barriers (Volta and later) let it complete; CUDA's rule forbids it.
__global__ void two_arms(const int* in, int* out) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  if (t % 2 == 0) {
    buf[t] = in[t] * 2;
    __syncthreads();
  } else {
    buf[t] = in[t] + 1;
    __syncthreads();
  }
  out[t] = buf[t ^ 1];
}

// Threads past n return before the barrier the others reach.
__global__ void early_return(const int* in, int* out, int n) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  if (t >= n) return;
  buf[t] = in[t];
  __syncthreads();
  out[t] = buf[(t + 1) % n];
}

// Every thread reaches the same barrier: the rule holds.
__global__ void uniform(const int* in, int* out) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  buf[t] = in[t] * 3;
  __syncthreads();
  out[t] = buf[(t + 1) % blockDim.x];
}
