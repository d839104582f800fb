// matmul_tiled.cu -- lockstep TBC-study kernel (written for this project).
//
// C = A B for n x n integer matrices (n a multiple of 16), 16 x 16 tiles of
// A and B staged in shared memory, one C element per thread: the dense
// linear algebra of the COHE set (BACKP's and DG's matrix products; Table
// 3.1 of ../shared/research/001-microarch-tbc.md). No branch depends on the
// data; the loop trip count is n / 16 for every thread. 32-bit wrap-around.
//
// C: the [expect].

#define TILE 16

__global__ void matmul_tiled(int n, const int *__restrict__ a, const int *__restrict__ b, int *c)
{
    __shared__ int ta[TILE][TILE], tb[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int r = blockIdx.y * TILE + ty, k = blockIdx.x * TILE + tx;
    int sum = 0;
    for (int t = 0; t < n; t += TILE) {
        ta[ty][tx] = a[r * n + t + tx];
        tb[ty][tx] = b[(t + ty) * n + k];
        __syncthreads();
        for (int i = 0; i < TILE; ++i)
            sum += ta[ty][i] * tb[i][tx];
        __syncthreads();
    }
    c[r * n + k] = sum;
}
