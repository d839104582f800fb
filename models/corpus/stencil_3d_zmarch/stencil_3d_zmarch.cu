// stencil_3d_zmarch.cu -- lockstep false-detection corpus (written for this project).
//
// 3D 7-point stencil marching along z: a 2D block covers an x-y tile, keeps
// the z-1 / z / z+1 column values in registers and the current plane in
// shared memory. The z loop bound is kernel-uniform; both barriers in the
// loop body are outside divergent code (boundary threads skip only the store).

#define BX 32
#define BY 8

__global__ void stencil_3d_zmarch(const float *in, float *out, int nx, int ny, int nz,
                                  float a, float b)
{
    __shared__ float plane[BY + 2][BX + 2];
    int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    bool inside = x > 0 && y > 0 && x < nx - 1 && y < ny - 1;
    int cx = min(x, nx - 1), cy = min(y, ny - 1);
    long slab = (long)nx * ny;
    long idx = (long)cy * nx + cx;
    float below = in[idx], cur = in[idx + slab];
    for (int z = 1; z < nz - 1; ++z) {
        float above = in[idx + (z + 1) * slab];
        plane[ly][lx] = cur;
        if (threadIdx.x == 0)      plane[ly][0] = in[idx + z * slab - (x > 0 ? 1 : 0)];
        if (threadIdx.x == BX - 1) plane[ly][BX + 1] = in[idx + z * slab + (x < nx - 1 ? 1 : 0)];
        if (threadIdx.y == 0)      plane[0][lx] = in[idx + z * slab - (y > 0 ? nx : 0)];
        if (threadIdx.y == BY - 1) plane[BY + 1][lx] = in[idx + z * slab + (y < ny - 1 ? nx : 0)];
        __syncthreads();
        if (inside)
            out[idx + z * slab] = a * cur + b * (below + above + plane[ly][lx - 1] +
                                  plane[ly][lx + 1] + plane[ly - 1][lx] + plane[ly + 1][lx]);
        __syncthreads();
        below = cur;
        cur = above;
    }
}
