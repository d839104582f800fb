// spmv_csr_scalar.cu -- lockstep false-detection corpus (written for this project).
//
// y = A x for a CSR matrix, one thread per row ("scalar" kernel). The row
// loop's bounds come from row_ptr through plain (non-restrict) pointers, so
// the compiler must keep them as ordinary global loads; the only store is
// to y after the loop.

__global__ void spmv_csr_scalar(int rows, int *row_ptr, int *col_idx, float *vals,
                                float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        float dot = 0.0f;
        for (int jj = row_ptr[row]; jj < row_ptr[row + 1]; ++jj)
            dot += vals[jj] * x[col_idx[jj]];
        y[row] = dot;
    }
}
