// divergent_barrier_nonaligned.cu -- models/kernels/divergent_barrier with the
// non-aligned barrier (`barrier.sync 0`, PTX ISA 6.0, sm_70+) in place of
// __syncthreads() (which is `bar.sync 0`, i.e. `barrier.sync.aligned 0`).
// The aligned form requires every thread of a warp to execute the same
// barrier instruction; the non-aligned form does not. A device check
// (scripts/gpu_compare.py) runs both forms on a Volta-or-later GPU.

__device__ __forceinline__ void barrier_nonaligned() { asm volatile("barrier.sync 0;" ::: "memory"); }

__global__ void divergent_barrier_nonaligned(const int *in, int *out)
{
    __shared__ int buf[64];
    int t = threadIdx.x;
    if ((t & 31) < 16) {
        buf[t] = in[t] * 2;
        barrier_nonaligned();
        out[t] = buf[t + 16] + 1;
    } else {
        buf[t] = in[t] + 100;
        barrier_nonaligned();
        out[t] = buf[t - 16] * 3;
    }
}
