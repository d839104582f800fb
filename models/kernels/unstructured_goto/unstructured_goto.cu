// unstructured_goto: a kernel whose control flow is not structured (a jump
// into the join of an inner if/else), so an inner branch does not dominate
// its immediate post-dominator. IPDOM reconvergence and the NVIDIA rule
// (research/000-deadlock-ssde.md §1.4) then choose different points.
__global__ void unstructured_goto(int* a, const int* b)
{
    int t = threadIdx.x;
    if (t < 16) {
        if (t < 8) {
            a[t] = 1;
        } else {
            a[t] = 2;
        }
    } else {
        if (b[t] > 20) goto join_inner;
        a[t] = 3;
        goto outer_join;
    }
join_inner:
    a[t] += 5;
outer_join:
    a[t] *= 2;
}
