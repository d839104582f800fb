// cc_pointer_jump.cu -- lockstep false-detection corpus (written for this project).
//
// Connected components, shortcut phase: every vertex follows parent links
// to its root and compresses its own link on the way (pointer jumping).
// Other threads may shorten parent links concurrently, but links only ever
// move towards the root of an acyclic forest, so each walk ends after at
// most depth steps whatever the interleaving: no thread waits for another.
// A hooking kernel (atomicMin of roots over edges) alternates with it.

__global__ void cc_hook(int ne, const int *src, const int *dst, int *parent, int *changed)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= ne)
        return;
    int pu = parent[src[e]], pv = parent[dst[e]];
    if (pu != pv) {
        int hi = max(pu, pv), lo = min(pu, pv);
        atomicMin(&parent[hi], lo);
        *changed = 1;
    }
}

__global__ void cc_pointer_jump(int nv, int *parent)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nv)
        return;
    int p = parent[v];
    int gp = parent[p];
    while (p != gp) {
        parent[v] = gp;
        p = gp;
        gp = parent[p];
    }
}
