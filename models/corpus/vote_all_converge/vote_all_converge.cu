// vote_all_converge.cu -- lockstep false-detection corpus (written for this project).
//
// Barnes-Hut force-calculation style walk, in 1D: a warp traverses an
// implicit complete binary tree of cells (node i has children 2i+1, 2i+2)
// together. Each lane checks whether the cell is far enough from its body
// for the multipole approximation; if __all_sync says every lane agrees,
// the warp uses the cell, otherwise it pushes the children. The traversal
// stack is private (identical in every lane), so the loop exit `top >= 0`
// is warp-uniform and depends only on votes and read-only tree data.
// Launch: blockDim.x a multiple of 32, number of bodies a multiple of 32.

#define FULL 0xffffffffu

__global__ void vote_all_converge(const float *__restrict__ center,
                                  const float *__restrict__ extent,
                                  const float *__restrict__ mass, int nnodes,
                                  const float *__restrict__ body, float *__restrict__ force,
                                  float theta, float eps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = body[i];
    float acc = 0.0f;
    int stack[64];
    int top = 0;
    stack[0] = 0;
    while (top >= 0) {
        int node = stack[top--];
        float d = center[node] - x;
        float r2 = d * d + eps;
        bool leaf = 2 * node + 1 >= nnodes;
        bool far = leaf || extent[node] * extent[node] < theta * theta * r2;
        if (__all_sync(FULL, far)) {
            acc += mass[node] * d / (r2 * sqrtf(r2));
        } else {
            stack[++top] = 2 * node + 1;
            if (2 * node + 2 < nnodes)
                stack[++top] = 2 * node + 2;
        }
    }
    force[i] = acc;
}
