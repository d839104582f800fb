// stencil2d.cu -- lockstep TBC-study kernel (written for this project).
//
// One Jacobi step of a 5-point stencil on a w x h integer grid, one cell per
// thread of a 16 x 16 block, the block's cells and a halo of one staged in
// shared memory: the stencil of the COHE set (WP's and HRTWL's grid
// updates; Table 3.1 of ../shared/research/001-microarch-tbc.md; the thesis
// counts HotSpot, whose border handling diverges more, as DIVG). Border
// cells of the grid are copied. Only the halo loads and the grid's border
// branch diverge, in few warps.
//
// out = (4 * centre + the four neighbours) / 8 inside, in on the border:
// the [expect].

#define B 16

__global__ void stencil2d(int w, int h, const int *__restrict__ in, int *out)
{
    __shared__ int s[B + 2][B + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * B + tx, y = blockIdx.y * B + ty;
    s[ty + 1][tx + 1] = in[y * w + x];
    if (tx == 0 && x > 0)
        s[ty + 1][0] = in[y * w + x - 1];
    if (tx == B - 1 && x < w - 1)
        s[ty + 1][B + 1] = in[y * w + x + 1];
    if (ty == 0 && y > 0)
        s[0][tx + 1] = in[(y - 1) * w + x];
    if (ty == B - 1 && y < h - 1)
        s[B + 1][tx + 1] = in[(y + 1) * w + x];
    __syncthreads();
    int c = s[ty + 1][tx + 1];
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
        out[y * w + x] = c;
    else
        out[y * w + x] = (4 * c + s[ty][tx + 1] + s[ty + 2][tx + 1] + s[ty + 1][tx] + s[ty + 1][tx + 2]) >> 3;
}
