// scan_blelloch.cu -- lockstep false-detection corpus (written for this project).
//
// Work-efficient exclusive scan of 2 * blockDim.x elements per block
// (Blelloch): an up-sweep building partial sums in a balanced tree, the root
// cleared, then a down-sweep swapping and adding back down the tree. Both
// sweep loops have block-uniform trip counts; barriers sit after the
// divergent `if (t < d)` bodies, never inside them.

#define ELEMS 512

__global__ void scan_blelloch(const int *__restrict__ in, int *__restrict__ out,
                              int *__restrict__ block_totals)
{
    __shared__ int s[ELEMS];
    int t = threadIdx.x;
    int base = blockIdx.x * ELEMS;
    s[2 * t] = in[base + 2 * t];
    s[2 * t + 1] = in[base + 2 * t + 1];

    int offset = 1;
    for (int d = ELEMS >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1;
            int b = offset * (2 * t + 2) - 1;
            s[b] += s[a];
        }
        offset <<= 1;
    }
    if (t == 0) {
        block_totals[blockIdx.x] = s[ELEMS - 1];
        s[ELEMS - 1] = 0;
    }
    for (int d = 1; d < ELEMS; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1;
            int b = offset * (2 * t + 2) - 1;
            int left = s[a];
            s[a] = s[b];
            s[b] += left;
        }
    }
    __syncthreads();
    out[base + 2 * t] = s[2 * t];
    out[base + 2 * t + 1] = s[2 * t + 1];
}
