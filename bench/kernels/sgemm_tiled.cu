// C = A x B for N x N row-major float matrices, 16 x 16 shared-memory tiles:
// each block computes one 16 x 16 tile of C (one thread per element), staging
// a tile of A and one of B in shared memory per step. The benchmark kernel of
// bench/sim_throughput (256 x 256: 16 x 16 blocks of 16 x 16 threads).
#define TILE 16

__global__ void sgemm_tiled(const float* A, const float* B, float* C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
