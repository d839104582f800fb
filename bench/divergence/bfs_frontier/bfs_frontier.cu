// bfs_frontier.cu -- lockstep TBC-study kernel (written for this project).
//
// Level-synchronous breadth-first search, one thread per vertex, in the
// style of Rodinia's BFS (the thesis's BFS2, DIVG in Table 3.1 of
// ../shared/research/001-microarch-tbc.md). Block b runs a whole BFS from its
// own source vertex (b * 7919) % n over a shared CSR graph (the per-source
// searches of betweenness centrality), levels separated by
// __syncthreads_or. Divergent twice over: only the frontier's vertices
// (dist == level) do any work, and each expands a data-dependent number of
// edges (the generated graph's degrees are skewed, 0 .. 40).
//
// Distances are claimed with atomicMin, so dist[] is the BFS distance
// whatever the schedule (0x7fffffff: unreachable): the [expect].

#define UNREACHED 0x7fffffff

__global__ void bfs_frontier(int n, const int *__restrict__ row, const int *__restrict__ col, int *dist)
{
    int *d = dist + blockIdx.x * n;
    int src = (int)((blockIdx.x * 7919u) % (unsigned)n);
    for (int v = threadIdx.x; v < n; v += blockDim.x)
        d[v] = v == src ? 0 : UNREACHED;
    __syncthreads();
    for (int level = 0;; ++level) {
        int grew = 0;
        for (int v = threadIdx.x; v < n; v += blockDim.x) {
            if (d[v] != level)
                continue;                                // not in the frontier
            for (int e = row[v]; e < row[v + 1]; ++e)    // its degree
                if (atomicMin(&d[col[e]], level + 1) > level + 1)
                    grew = 1;
        }
        if (!__syncthreads_or(grew))
            break;
    }
}
