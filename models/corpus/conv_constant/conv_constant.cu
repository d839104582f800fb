// conv_constant.cu -- lockstep false-detection corpus (written for this project).
//
// Separable-convolution row pass with the filter taps in __constant__
// memory (every lane of a warp reads the same tap: a broadcast). The tap
// loop runs from -radius to radius, a kernel parameter; clamped addressing
// at the borders. Reads: input and constant memory; one store per thread.

#define MAX_TAPS 33

__constant__ float c_taps[MAX_TAPS];

__global__ void conv_constant(const float *src, float *dst, int width, int height, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;
    const float *row = src + (long)y * width;
    float acc = 0.0f;
    for (int k = -radius; k <= radius; ++k) {
        int xx = min(max(x + k, 0), width - 1);
        acc += c_taps[radius + k] * row[xx];
    }
    dst[(long)y * width + x] = acc;
}
