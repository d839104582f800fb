// divergent_barrier.cu -- lockstep model kernel (written for this project).
//
// A __syncthreads() on both sides of a branch that diverges inside every
// warp, after ElTantawy 2018, Fig. 3.2 ("barriers in divergent code"). Each
// half-warp writes shared memory, meets the other half at *a* barrier, then
// reads what the other half wrote.
//
// Undefined: __syncthreads() is bar.sync = barrier.sync.aligned, which every
// thread of a warp must execute together (an H100 counts the warp at its first
// half and returns wrong out[]; lockstep its: an error). Counting threads (mimd)
// it terminates; a SIMT stack counting per thread deadlocks (README.md).

__global__ void divergent_barrier(const int *in, int *out)
{
    __shared__ int buf[64];
    int t = threadIdx.x;
    if ((t & 31) < 16) {
        buf[t] = in[t] * 2;             // write shared data
        __syncthreads();
        out[t] = buf[t + 16] + 1;       // read what the other half wrote
    } else {
        buf[t] = in[t] + 100;
        __syncthreads();
        out[t] = buf[t - 16] * 3;
    }
}
