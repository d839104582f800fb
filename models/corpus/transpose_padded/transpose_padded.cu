// transpose_padded.cu -- lockstep false-detection corpus (written for this project).
//
// Out-of-place matrix transpose through a 32 x 33 shared tile (the extra
// column avoids bank conflicts); 32 x 8 threads, each copying 4 rows in a
// loop with a constant trip count, one barrier between the load and the
// store phases.

#define TD 32
#define ROWS 8

__global__ void transpose_padded(double *out, const double *in, int w, int h)
{
    __shared__ double tile[TD][TD + 1];
    int x = blockIdx.x * TD + threadIdx.x;
    int y = blockIdx.y * TD + threadIdx.y;
    for (int r = 0; r < TD; r += ROWS)
        if (x < w && y + r < h)
            tile[threadIdx.y + r][threadIdx.x] = in[(y + r) * w + x];
    __syncthreads();
    x = blockIdx.y * TD + threadIdx.x;
    y = blockIdx.x * TD + threadIdx.y;
    for (int r = 0; r < TD; r += ROWS)
        if (x < h && y + r < w)
            out[(y + r) * h + x] = tile[threadIdx.x][threadIdx.y + r];
}
