// syrk_triangular.cu -- lockstep false-detection corpus (written for this project).
//
// Lower-triangular symmetric rank-k update C = alpha * A * A^T + beta * C:
// one thread per row i walks the triangle j = 0..i (trip count differs per
// thread, as in polyhedral benchmark suites), with an inner k loop. Each
// thread writes only its own row of C; reads of C are of its own cells.

__global__ void syrk_triangular(int n, int k, float alpha, float beta,
                                const float *A, float *C)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    for (int j = 0; j <= i; ++j) {
        float acc = 0.0f;
        for (int q = 0; q < k; ++q)
            acc += A[i * k + q] * A[j * k + q];
        C[i * n + j] = beta * C[i * n + j] + alpha * acc;
    }
}
