// tree_walk_lane.cu -- lockstep model (written for this project).
//
// tree_walk_vote with an exit that is not vote-uniform: each lane leaves the
// walk on its own condition (the stack is empty, or its force has reached
// the cutoff). On a MIMD machine a lane that leaves goes on (lane 0 closes
// the warp's walk, so that the others see an empty stack), stores its force
// and exits, and the __syncwarp of the others no longer waits for it. On a
// SIMT stack a lane that reaches the cutoff first waits at the loop's exit
// (the reconvergence point) without closing the walk or exiting, and the
// lanes still walking wait for it at the next __syncwarp forever: a
// SIMT-induced deadlock.
//
// Tree: cells 0..ncells-1, cell 0 the root; child[2c + s] is -1 (empty),
// b < nbodies (body b) or nbodies + c' (cell c'). Integer positions x,
// radii r and masses m; force[b] sums m * (x - x_b) over the bodies and
// cells used.

#define WARPS 2
#define DEPTH 16

__global__ void tree_walk_lane(int nbodies, int cutoff, const int *child, const int *cell_x, const int *cell_r,
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
            if (done)
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
