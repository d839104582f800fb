// transpose_tiled.cu -- lockstep TBC-study kernel (written for this project).
//
// Transpose of an h x w integer matrix (both multiples of 32) through a
// padded 32 x 33 shared-memory tile, 32 x 8 threads per tile, each moving
// four elements, so reads and writes are both coalesced: the data
// re-layout of the COHE set (BACKP's and DG's transposed operands; Table
// 3.1 of ../shared/research/001-microarch-tbc.md). No data-dependent
// branch.
//
// out (w x h): the [expect].

#define T 32

__global__ void transpose_tiled(int w, int h, const int *__restrict__ in, int *out)
{
    __shared__ int tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x, y0 = blockIdx.y * T;
    for (int j = threadIdx.y; j < T; j += 8)
        tile[j][threadIdx.x] = in[(y0 + j) * w + x];
    __syncthreads();
    int ox = y0 + threadIdx.x, oy0 = blockIdx.x * T;
    for (int j = threadIdx.y; j < T; j += 8)
        out[(oy0 + j) * h + ox] = tile[threadIdx.x][j];
}
