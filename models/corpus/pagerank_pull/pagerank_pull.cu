// pagerank_pull.cu -- lockstep false-detection corpus (written for this project).
//
// Pull-style PageRank iteration: each vertex sums rank / out-degree over its
// in-neighbours (reverse CSR, read-only inputs), writes its new rank to a
// separate array, and adds |new - old| into a global error with atomicAdd
// for the host's convergence test.

__global__ void pagerank_pull(int nv, const int *__restrict__ in_off,
                              const int *__restrict__ in_adj,
                              const int *__restrict__ out_deg,
                              const float *__restrict__ rank, float *__restrict__ next,
                              float *__restrict__ err, float damping)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nv)
        return;
    float sum = 0.0f;
    for (int e = in_off[v]; e < in_off[v + 1]; ++e) {
        int u = in_adj[e];
        sum += rank[u] / (float)out_deg[u];
    }
    float r = (1.0f - damping) / nv + damping * sum;
    next[v] = r;
    atomicAdd(err, fabsf(r - rank[v]));
}
