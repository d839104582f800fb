// vec_axpy.cu -- lockstep TBC-study kernel (written for this project).
//
// y = a * x + y and z = max(x, y) over integer vectors, a grid-stride loop:
// the streaming member of the COHE set (the vector kernels inside the
// thesis's coherent applications, e.g. STMCL and BACKP; Table 3.1 of
// ../shared/research/001-microarch-tbc.md). Every thread of a warp does the
// same work on consecutive words: coalesced and free of divergence (only
// the loop's last trip can be partial).
//
// y and z: the [expect].

__global__ void vec_axpy(int n, int a, const int *__restrict__ x, int *y, int *z)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int xi = x[i], yi = a * xi + y[i];
        y[i] = yi;
        z[i] = max(xi, yi);
    }
}
