// floyd_warshall_step.cu -- lockstep false-detection corpus (written for this project).
//
// One pivot step of (unblocked) Floyd-Warshall, as in polyhedral suites:
// for pivot k (a kernel parameter; the host loops over k) every thread
// relaxes a row segment path[i][j] = min(path[i][j], path[i][k] + path[k][j]).
// Row k and column k do not change during step k, so no thread depends on
// another's write within the launch. The j loop has a per-thread bound.

__global__ void floyd_warshall_step(int *path, int n, int k, int seg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = t / ((n + seg - 1) / seg);
    int j0 = (t % ((n + seg - 1) / seg)) * seg;
    if (i >= n)
        return;
    int ik = path[i * n + k];
    int jend = min(j0 + seg, n);
    for (int j = j0; j < jend; ++j) {
        int via = ik + path[k * n + j];
        if (via < path[i * n + j])
            path[i * n + j] = via;
    }
}
