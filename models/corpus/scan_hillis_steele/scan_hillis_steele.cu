// scan_hillis_steele.cu -- lockstep false-detection corpus (written for this project).
//
// Inclusive block scan in the Hillis-Steele style: log2(blockDim) steps, each
// thread adds the element `offset` places to its left, ping-ponging between
// two halves of a dynamically sized shared buffer. The step loop is
// block-uniform and every __syncthreads() is outside divergent code; no
// thread ever waits for a value another thread has yet to write.

__global__ void scan_hillis_steele(const float *in, float *out, int n)
{
    extern __shared__ float buf[];            // 2 * blockDim.x floats
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    int cur = 0;
    buf[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset *= 2) {
        int src = cur * blockDim.x;
        int dst = (1 - cur) * blockDim.x;
        float v = buf[src + t];
        if (t >= offset)
            v += buf[src + t - offset];
        buf[dst + t] = v;
        cur = 1 - cur;
        __syncthreads();
    }
    if (i < n)
        out[i] = buf[cur * blockDim.x + t];
}
