// merge_path_partition.cu -- lockstep false-detection corpus (written for this project).
//
// Merge-path partitioning: thread d finds where diagonal d * chunk crosses
// the merge path of sorted arrays a and b with a binary search (the loop
// exit depends on the thread's own lo/hi and on read-only inputs), then
// merges its chunk sequentially into out. No thread reads what another writes.

__global__ void merge_path_partition(const int *__restrict__ a, int na,
                                     const int *__restrict__ b, int nb,
                                     int *__restrict__ out, int chunk)
{
    int d = blockIdx.x * blockDim.x + threadIdx.x;
    int diag = d * chunk;
    if (diag >= na + nb)
        return;
    int lo = max(0, diag - nb), hi = min(diag, na);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] <= b[diag - 1 - mid])
            lo = mid + 1;
        else
            hi = mid;
    }
    int i = lo, j = diag - lo;
    int end = min(diag + chunk, na + nb);
    for (int k = diag; k < end; ++k) {
        if (j >= nb || (i < na && a[i] <= b[j]))
            out[k] = a[i++];
        else
            out[k] = b[j++];
    }
}
