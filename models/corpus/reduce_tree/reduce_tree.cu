// reduce_tree.cu -- lockstep false-detection corpus (written for this project).
//
// Shared-memory tree reduction with sequential addressing, each thread first
// adding two elements while loading (half as many blocks as tiles). The
// halving loop is block-uniform, the barrier follows the divergent add, and
// thread 0 writes the block's partial sum for a second launch to combine.

__global__ void reduce_tree(const double *in, double *partial, unsigned n)
{
    __shared__ double s[512];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + t;
    double v = 0.0;
    if (i < n)
        v = in[i];
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    s[t] = v;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        partial[blockIdx.x] = s[0];
}
