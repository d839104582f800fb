// mandelbrot.cu -- lockstep false-detection corpus (written for this project).
//
// Escape-time Mandelbrot: one thread per pixel iterates z = z^2 + c while
// |z| < 2 and the iteration cap is not reached. The loop is divergent
// (pixels escape at different times) but touches no memory at all; the
// only store is the iteration count after the loop.

__global__ void mandelbrot(unsigned short *iters, int width, int height, float x0, float y0,
                           float step, int max_iter)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= width || py >= height)
        return;
    float cr = x0 + px * step, ci = y0 + py * step;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (zr * zr + zi * zi < 4.0f && it < max_iter) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        ++it;
    }
    iters[py * width + px] = (unsigned short)it;
}
