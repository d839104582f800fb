// hist_global_atomic.cu -- lockstep false-detection corpus (written for this project).
//
// Histogram of float samples into nbins uniform bins over [lo, hi), updated
// directly with global atomicAdd from a grid-stride loop (out-of-range
// samples are clamped into the edge bins). Loop exits depend only on the
// thread's index; atomics only count.

__global__ void hist_global_atomic(const float *samples, long n, unsigned *bins, int nbins,
                                   float lo, float hi)
{
    float scale = nbins / (hi - lo);
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
         i += (long)gridDim.x * blockDim.x) {
        int b = (int)((samples[i] - lo) * scale);
        b = min(max(b, 0), nbins - 1);
        atomicAdd(&bins[b], 1u);
    }
}
