// stencil_2d_halo.cu -- lockstep false-detection corpus (written for this project).
//
// 2D 5-point Laplacian on a 16x16 tile plus a one-cell halo in shared
// memory. Threads cooperatively load the (18x18) tile with a strided loop
// over linear tile positions (each thread's trip count depends only on its
// own index), then a single barrier, then each thread computes its cell.

#define B 16
#define H (B + 2)

__global__ void stencil_2d_halo(const float *__restrict__ u, float *__restrict__ lap,
                                int nx, int ny, float inv_h2)
{
    __shared__ float tile[H][H];
    int x0 = blockIdx.x * B - 1, y0 = blockIdx.y * B - 1;
    int t = threadIdx.y * B + threadIdx.x;
    for (int k = t; k < H * H; k += B * B) {
        int tx = k % H, ty = k / H;
        int gx = min(max(x0 + tx, 0), nx - 1);
        int gy = min(max(y0 + ty, 0), ny - 1);
        tile[ty][tx] = u[gy * nx + gx];
    }
    __syncthreads();
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    int gx = x0 + lx, gy = y0 + ly;
    if (gx < nx && gy < ny) {
        float c = tile[ly][lx];
        lap[gy * nx + gx] = inv_h2 * (tile[ly][lx - 1] + tile[ly][lx + 1] +
                                      tile[ly - 1][lx] + tile[ly + 1][lx] - 4.0f * c);
    }
}
