// stencil_1d.cu -- lockstep false-detection corpus (written for this project).
//
// 1D 3-point stencil with a shared-memory tile and one halo cell on each
// side, applied `steps` times in a grid-stride loop over tiles (the time
// loop runs on the host). Halo cells are loaded by the first and last
// thread; the barrier is reached by every thread of the block in every tile
// iteration because the tile loop's bound is block-uniform.

#define BLOCK 128

__global__ void stencil_1d(const float *in, float *out, int n, float c0, float c1)
{
    __shared__ float tile[BLOCK + 2];
    int t = threadIdx.x;
    for (int start = blockIdx.x * BLOCK; start < n; start += gridDim.x * BLOCK) {
        int i = start + t;
        tile[t + 1] = (i < n) ? in[i] : 0.0f;
        if (t == 0)
            tile[0] = (start > 0) ? in[start - 1] : 0.0f;
        if (t == BLOCK - 1)
            tile[BLOCK + 1] = (i + 1 < n) ? in[i + 1] : 0.0f;
        __syncthreads();
        if (i < n)
            out[i] = c0 * tile[t + 1] + c1 * (tile[t] + tile[t + 2]);
        __syncthreads();
    }
}
