// bfs_atomic_min.cu -- lockstep false-detection corpus (written for this project).
//
// One level of a topology-driven BFS: every vertex at the current level
// relaxes its out-neighbours' levels with atomicMin and raises the `changed`
// flag when it lowered one. The host relaunches while `changed` was set; in
// the kernel the flag is only written. The edge loop reads row offsets
// through plain pointers (other parameters are stored to, so they may alias).

__global__ void bfs_atomic_min(int nv, int *row_off, int *adj, int *level, int cur,
                               int *changed)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nv || level[v] != cur)
        return;
    for (int e = row_off[v]; e < row_off[v + 1]; ++e) {
        int w = adj[e];
        int old = atomicMin(&level[w], cur + 1);
        if (old > cur + 1)
            *changed = 1;
    }
}
