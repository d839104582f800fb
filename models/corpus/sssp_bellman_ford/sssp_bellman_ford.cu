// sssp_bellman_ford.cu -- lockstep false-detection corpus (written for this project).
//
// One Bellman-Ford round over a CSR graph with integer weights: every vertex
// whose distance is finite relaxes its out-edges with atomicMin and raises
// `changed` when it improved one; the host iterates until a round changes
// nothing. Distances read in the edge loop only decrease; no loop exit
// depends on them.

#define INF 0x3fffffff

__global__ void sssp_bellman_ford(int nv, const int *row_off, const int *adj, const int *wt,
                                  int *dist, int *changed)
{
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < nv; v += gridDim.x * blockDim.x) {
        int dv = dist[v];
        if (dv >= INF)
            continue;
        for (int e = row_off[v]; e < row_off[v + 1]; ++e) {
            int nd = dv + wt[e];
            if (nd < atomicMin(&dist[adj[e]], nd))
                *changed = 1;
        }
    }
}
