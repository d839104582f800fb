// bucket_sort_atomic.cu -- lockstep false-detection corpus (written for this project).
//
// Bucket sort in the style of GPU benchmark suites: the bucket of each key
// comes from a binary search over sorted pivots, a first kernel counts keys
// per bucket with atomicAdd, and after a host-side prefix sum a second
// kernel scatters keys to offsets claimed with atomicAdd. The atomics hand
// out distinct slots; no thread waits for a counter to reach a value.

__device__ int find_bucket(const float *pivots, int npiv, float key)
{
    int lo = 0, hi = npiv;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (pivots[mid] <= key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

__global__ void bucket_count(const float *keys, int n, const float *pivots, int npiv,
                             unsigned *counts, int *bucket_of)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int bkt = find_bucket(pivots, npiv, keys[i]);
        bucket_of[i] = bkt;
        atomicAdd(&counts[bkt], 1u);
    }
}

__global__ void bucket_scatter(const float *keys, int n, const int *bucket_of,
                               unsigned *next_slot, float *sorted)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned pos = atomicAdd(&next_slot[bucket_of[i]], 1u);
        sorted[pos] = keys[i];
    }
}
