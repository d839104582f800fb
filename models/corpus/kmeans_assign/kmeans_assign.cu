// kmeans_assign.cu -- lockstep false-detection corpus (written for this project).
//
// k-means assignment step: each point finds its nearest centroid (loops
// over centroids and dimensions, centroids staged in shared memory), writes
// its label, adds itself into the new centroid sums with atomicAdd and
// counts label changes in a global counter the host reads afterwards.

#define MAXK 16
#define DIM 4

__global__ void kmeans_assign(const float *points, int n, const float *centroids, int k,
                              int *label, float *sums, unsigned *counts, unsigned *moved)
{
    __shared__ float c[MAXK * DIM];
    for (int q = threadIdx.x; q < k * DIM; q += blockDim.x)
        c[q] = centroids[q];
    __syncthreads();
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n)
        return;
    float x[DIM];
    for (int d = 0; d < DIM; ++d)
        x[d] = points[p * DIM + d];
    int best = 0;
    float best_d = 3.0e38f;
    for (int j = 0; j < k; ++j) {
        float dist = 0.0f;
        for (int d = 0; d < DIM; ++d) {
            float diff = x[d] - c[j * DIM + d];
            dist += diff * diff;
        }
        if (dist < best_d) { best_d = dist; best = j; }
    }
    if (label[p] != best) {
        label[p] = best;
        atomicAdd(moved, 1u);
    }
    for (int d = 0; d < DIM; ++d)
        atomicAdd(&sums[best * DIM + d], x[d]);
    atomicAdd(&counts[best], 1u);
}
