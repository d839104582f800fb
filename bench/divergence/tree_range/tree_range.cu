// tree_range.cu -- lockstep TBC-study kernel (written for this project).
//
// Range counting in an unbalanced binary search tree, one query per
// thread, depth-first with an explicit stack in local memory: the tree walk
// of the DIVG set (the traversals of the thesis's ray tracers, RAY and
// NVRT, and of Barnes-Hut-style codes; ../shared/research/001-microarch-tbc.md
// Table 3.1). The tree is built by inserting random keys
// (bench/divergence/reference.py), so its paths have different lengths;
// each query [lo, hi] visits a different subtree, and the two child tests
// diverge at every node.
//
// count[q] = number of keys in [lo, hi]: the [expect].

__global__ void tree_range(int nq, const int *__restrict__ key, const int *__restrict__ left,
                           const int *__restrict__ right, const int *__restrict__ qlo,
                           const int *__restrict__ qhi, int *count)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nq)
        return;
    int lo = qlo[q], hi = qhi[q], n = 0, sp = 0;
    int stack[64];
    stack[sp++] = 0;                                    // the root
    while (sp > 0) {
        int v = stack[--sp], k = key[v];
        if (lo <= k && k <= hi)
            ++n;
        if (lo < k && left[v] >= 0)
            stack[sp++] = left[v];
        if (k < hi && right[v] >= 0)
            stack[sp++] = right[v];
    }
    count[q] = n;
}
