// matmul_naive.cu -- lockstep false-detection corpus (written for this project).
//
// C = A * B for row-major n x n matrices, one thread per output element,
// inner-product loop over k straight from global memory. The k loop bound
// is a parameter; the only store is after the loop, to C.

__global__ void matmul_naive(const float *A, const float *B, float *C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float acc = 0.0f;
        for (int k = 0; k < n; ++k)
            acc += A[row * n + k] * B[k * n + col];
        C[row * n + col] = acc;
    }
}
