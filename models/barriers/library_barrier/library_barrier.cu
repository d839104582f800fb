// A barrier inside functions nvcc inlines itself (__forceinline__, like
// curand's device functions): with -lineinfo the PTX says where each copy
// was inlined (`.loc ..., function_name, inlined_at`), and detection names
// the call sites. Written for lockstep's tests; compiled with
// nvcc -ptx -arch=sm_75 -O3 -lineinfo (library_barrier.lineinfo.ptx), and at -O3
// and -G as the other kernels here.
__device__ __forceinline__ int block_exchange(int v, int* s) {
  s[threadIdx.x] = v;
  __syncthreads();
  return s[0];
}

__device__ __forceinline__ int leader_value(int v, int* s) {
  return block_exchange(v + 1, s) * 2;
}

__global__ void leader_only(int* out) {
  __shared__ int s[64];
  if (threadIdx.x == 0) {
    out[0] = leader_value(out[1], s);
  }
}
