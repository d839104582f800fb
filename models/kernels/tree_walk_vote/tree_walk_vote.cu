// tree_walk_vote.cu -- lockstep model (written for this project).
//
// Barnes-Hut force-calculation style tree walk (the BH-FC pattern of the
// SSDE thesis, §3.5): the lanes of a warp that have a body walk one binary
// tree together. The warp's traversal stack lives in shared memory and only
// lane 0 pushes and pops it; every lane reads the node on top, and a cell is
// used as a whole only when __all_sync says it is far enough from every
// lane's body, otherwise lane 0 opens it. A lane is done when the stack is
// empty or its force has reached the cutoff, and the loop exits on
// __all_sync of that per-thread condition: the lanes leave the walk
// together, inside the divergent bounds check (the lanes past the last body
// have left the warp's walk before it starts).
//
// Tree: cells 0..ncells-1, cell 0 the root; child[2c + s] is -1 (empty),
// b < nbodies (body b) or nbodies + c' (cell c'). Integer positions x,
// radii r and masses m; force[b] sums m * (x - x_b) over the bodies and
// cells used.

#define WARPS 2
#define DEPTH 16

__global__ void tree_walk_vote(int nbodies, int cutoff, const int *child, const int *cell_x, const int *cell_r,
                     const int *cell_m, const int *body_x, const int *body_m, int *force)
{
    __shared__ int stack[WARPS][DEPTH];
    __shared__ volatile int top[WARPS];
    const int w = threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    const int b = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned active = __ballot_sync(0xffffffffu, b < nbodies);  // the lanes with a body
    if (lane == 0) {
        top[w] = 0;
        stack[w][0] = nbodies;  // the root cell
    }
    __syncwarp();
    if (b < nbodies) {
        const int x = body_x[b];
        int f = 0;
        for (;;) {
            const int t = top[w];
            const bool done = t < 0 || f >= cutoff || -f >= cutoff;
            if (__all_sync(active, done))
                break;
            const int n = stack[w][t];
            bool open = false;
            if (n < nbodies) {
                if (n != b)
                    f += body_m[n] * (body_x[n] - x);
            } else {
                const int c = n - nbodies;
                const int dx = cell_x[c] - x;
                const bool far = dx >= 2 * cell_r[c] || -dx >= 2 * cell_r[c];
                open = !__all_sync(active, far);
                if (!open)
                    f += cell_m[c] * dx;
            }
            __syncwarp(active);  // every lane has read the top
            if (lane == 0) {
                int nt = t - 1;
                if (open) {
                    for (int k = 0; k < 2; ++k) {
                        const int ch = child[2 * (n - nbodies) + k];
                        if (ch >= 0 && nt + 1 < DEPTH)
                            stack[w][++nt] = ch;
                    }
                }
                top[w] = nt;
            }
            __syncwarp(active);  // the new top is visible
        }
        if (lane == 0)
            top[w] = -1;  // close the warp's walk
        force[b] = f;
    }
}
