// Faults that verify must report as errors (never as non-termination), with
// a schedule that `run --replay` reproduces. Written for lockstep's tests;
// compiled with nvcc -ptx -arch=sm_75 at -O3 (faults.ptx) and -G (faults_g.ptx).
#include <cassert>

// Every thread but thread 0 spins until thread 0 raises the flag, then checks
// its input: a negative element fails the assertion.
__global__ void wait_then_check(volatile int* flag, const int* data, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) flag[0] = 1;
  while (flag[0] == 0) {
  }
  assert(data[i] >= 0);
  out[i] = data[i] * 2;
}

// A guard that traps on an invalid element, in a loop that waits for a
// ticket: the element is invalid for one thread.
__global__ void ticket_then_trap(int* ticket, volatile int* serving, const int* data, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int mine = atomicAdd(ticket, 1);
  while (serving[0] != mine) {
  }
  if (data[i] > 100) __trap();
  out[mine] = data[i];
  serving[0] = mine + 1;
}

// A store past the end of `out` when the launch has more threads than `out`
// has elements.
__global__ void store_past_end(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i < n ? i : -i;
}
