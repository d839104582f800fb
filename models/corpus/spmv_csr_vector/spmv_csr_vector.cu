// spmv_csr_vector.cu -- lockstep false-detection corpus (written for this project).
//
// CSR SpMV "vector" kernel: one warp per row, lanes stride through the row's
// nonzeros (per-lane trip counts differ), then a shuffle reduction after the
// loop, where the warp has reconverged. Inputs are const __restrict__.
// Rows are warp-uniform, so the early return never splits a warp.

#define FULL 0xffffffffu

__global__ void spmv_csr_vector(int rows, const int *__restrict__ row_ptr,
                                const int *__restrict__ col_idx,
                                const double *__restrict__ vals,
                                const double *__restrict__ x, double *__restrict__ y)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int row = gid >> 5, lane = gid & 31;
    if (row >= rows)
        return;
    int begin = row_ptr[row], end = row_ptr[row + 1];
    double sum = 0.0;
    for (int jj = begin + lane; jj < end; jj += 32)
        sum += vals[jj] * x[col_idx[jj]];
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(FULL, sum, off);
    if (lane == 0)
        y[row] = sum;
}
