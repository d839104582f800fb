// bfs_visited_cas.cu -- lockstep false-detection corpus (written for this project).
//
// Queue-based BFS expansion: each thread takes one vertex of the current
// frontier, claims unvisited neighbours with atomicCAS on a visited flag
// (one attempt per neighbour; a lost race just skips it), writes their
// distance and appends them to the next frontier at a slot obtained with
// atomicAdd. No CAS is retried, so no thread waits for another.

__global__ void bfs_visited_cas(const int *__restrict__ frontier, int nfront,
                                const int *__restrict__ row_off, const int *__restrict__ adj,
                                int *visited, int *dist, int *next, int *next_len, int depth)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nfront)
        return;
    int v = frontier[k];
    int end = row_off[v + 1];
    for (int e = row_off[v]; e < end; ++e) {
        int w = adj[e];
        if (visited[w] == 0 && atomicCAS(&visited[w], 0, 1) == 0) {
            dist[w] = depth + 1;
            next[atomicAdd(next_len, 1)] = w;
        }
    }
}
