// triangle_count.cu -- lockstep false-detection corpus (written for this project).
//
// Triangle counting on an oriented graph (edges u -> v with u < v, sorted
// adjacency lists): one thread per edge intersects the two adjacency lists
// with a two-pointer merge loop whose exit depends on its own cursors and on
// input data nobody writes; matches go into a global counter with atomicAdd.

__global__ void triangle_count(int ne, int *edge_src, int *edge_dst, int *row_off,
                               int *adj, unsigned long long *count)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= ne)
        return;
    int u = edge_src[e], v = edge_dst[e];
    int i = row_off[u], iend = row_off[u + 1];
    int j = row_off[v], jend = row_off[v + 1];
    unsigned long long found = 0;
    while (i < iend && j < jend) {
        int a = adj[i], b = adj[j];
        if (a == b) { ++found; ++i; ++j; }
        else if (a < b) ++i;
        else ++j;
    }
    if (found)
        atomicAdd(count, found);
}
