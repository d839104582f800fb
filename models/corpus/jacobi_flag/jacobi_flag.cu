// jacobi_flag.cu -- lockstep false-detection corpus (written for this project).
//
// Block-local Jacobi smoothing of a 1D tile: up to max_iters sweeps in
// shared memory; after each sweep __syncthreads_or tells every thread of the
// block whether any cell still changed by more than tol (a barrier
// reduction, block-uniform, so the do-while exit is uniform). A block that
// did not converge sets the global `unconverged` flag, which only the host
// reads after the kernel: nothing in the kernel polls it.

#define N 256

__global__ void jacobi_flag(float *x, const float *rhs, int *unconverged,
                            int max_iters, float tol)
{
    __shared__ float cur[N + 2], nxt[N + 2];
    int t = threadIdx.x, g = blockIdx.x * N + t;
    cur[t + 1] = x[g];
    if (t == 0) { cur[0] = 0.0f; cur[N + 1] = 0.0f; nxt[0] = 0.0f; nxt[N + 1] = 0.0f; }
    float r = rhs[g];
    int it = 0, busy;
    __syncthreads();
    do {
        float v = 0.5f * (cur[t] + cur[t + 2] - r);
        float d = fabsf(v - cur[t + 1]);
        nxt[t + 1] = v;
        __syncthreads();
        cur[t + 1] = nxt[t + 1];
        busy = __syncthreads_or(d > tol);
        ++it;
    } while (busy && it < max_iters);
    x[g] = cur[t + 1];
    if (busy && t == 0)
        *unconverged = 1;
}
