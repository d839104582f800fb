// bfs_frontier.cu -- lockstep TBC-study kernel (written for this project).
//
// Level-synchronous breadth-first search, one thread per vertex, in the
// style of Rodinia's BFS (the thesis's BFS2, DIVG in Table 3.1 of
// ../shared/research/001-microarch-tbc.md). Block b runs a whole BFS from its
// own source vertex (b * 7919) % n over a shared CSR graph (the per-source
// searches of betweenness centrality). Divergent twice over: only the
// frontier's vertices (dist == level) do any work, and each expands a
// data-dependent number of edges (the generated graph's degrees are skewed,
// 1 .. 40).
//
// Race-free: during the expansion a vertex's distance is read only by its
// own thread, and the new distances are claimed with atomicMin in a second
// array (next); after a barrier each thread copies its own vertices' next
// into dist, and __syncthreads_or ends the search when nothing changed.
// dist[] is then the BFS distance whatever the schedule (0x7fffffff:
// unreachable): the [expect].

#define UNREACHED 0x7fffffff

__global__ void bfs_frontier(int n, const int *__restrict__ row, const int *__restrict__ col, int *dist,
                             int *next)
{
    int *d = dist + blockIdx.x * n, *nd = next + blockIdx.x * n;
    int src = (int)((blockIdx.x * 7919u) % (unsigned)n);
    for (int v = threadIdx.x; v < n; v += blockDim.x)
        d[v] = nd[v] = v == src ? 0 : UNREACHED;
    __syncthreads();
    for (int level = 0;; ++level) {
        for (int v = threadIdx.x; v < n; v += blockDim.x) {
            if (d[v] != level)
                continue;                                // not in the frontier
            for (int e = row[v]; e < row[v + 1]; ++e)    // its degree
                atomicMin(&nd[col[e]], level + 1);
        }
        __syncthreads();
        int grew = 0;
        for (int v = threadIdx.x; v < n; v += blockDim.x)
            if (nd[v] != d[v]) {
                d[v] = nd[v];
                grew = 1;
            }
        if (!__syncthreads_or(grew))
            break;
    }
}
