// trap_guard.cu -- divergent-barrier detection at -O3 and -G (written for lockstep).
//
// Every kernel checks its thread's input and traps on a bad one before the
// block synchronises. The guard's trap arm ends the launch in an error, so
// it never makes the barriers after it divergent; what follows the guard
// decides. guarded_rounds is correct (no divergent barrier at either
// build); the four others each keep a barrier that threads of one warp can
// reach on different paths.

#define TILE 128

// Correct. `cfg` is a local array: nvcc -G keeps it in the stack frame
// (__local_depot) and reloads the round count from there in every
// iteration; the slot only ever holds the uniform parameter.
__global__ void guarded_rounds(const int *in, int *out, int rounds, int stride)
{
    __shared__ int tile[TILE];
    int cfg[2] = {rounds, stride};
    int t = threadIdx.x;
    int v = in[blockIdx.x * TILE + t];
    bool valid = v >= 0;
    if (!valid) __trap();
    tile[t] = v;
    __syncthreads();
    for (int r = 0; r < cfg[0]; ++r) {
        int x = tile[(t + cfg[1]) % TILE];
        __syncthreads();
        tile[t] = (tile[t] + x) / 2;
        __syncthreads();
    }
    out[blockIdx.x * TILE + t] = tile[t];
}

// Divergent: the barrier is inside a branch on the thread's own data.
__global__ void guarded_odd_barrier(const int *in, int *out)
{
    __shared__ int tile[TILE];
    int t = threadIdx.x;
    int v = in[blockIdx.x * TILE + t];
    if (v < 0) __trap();
    tile[t] = v;
    if (v & 1) {
        __syncthreads();
        v += tile[(t + 1) % TILE];
    }
    out[blockIdx.x * TILE + t] = v;
}

// Divergent: threads past n return normally (no error), and the others
// then wait at the barrier for them.
__global__ void guarded_early_return(const int *in, int *out, int n)
{
    __shared__ int tile[TILE];
    int t = threadIdx.x;
    if (t >= n) return;
    int v = in[blockIdx.x * TILE + t];
    if (v < 0) __trap();
    tile[t] = v;
    __syncthreads();
    out[blockIdx.x * TILE + t] = tile[(t + 1) % n];
}

// Divergent: in mode 1 the round count in the frame slot depends on the
// thread, so threads leave the loop of barriers after different rounds.
__global__ void guarded_thread_rounds(const int *in, int *out, int rounds, int mode)
{
    __shared__ int tile[TILE];
    int cfg[2] = {rounds, 1};
    int t = threadIdx.x;
    if (mode == 1) cfg[0] = rounds + (t & 1);
    int v = in[blockIdx.x * TILE + t];
    if (v < 0) __trap();
    tile[t] = v;
    for (int r = 0; r < cfg[0]; ++r) {
        __syncthreads();
        tile[t] += tile[(t + cfg[1]) % TILE];
    }
    out[blockIdx.x * TILE + t] = tile[t];
}

// Divergent on a SIMT stack even when every input is valid: the trap in the
// odd threads' arm makes the kernel exit the if/else's reconvergence point,
// so the even threads wait at the barrier while the stack keeps the odd
// ones parked (and the other way round when the even arm runs first).
__global__ void guarded_arm(const int *in, int *out)
{
    __shared__ int tile[TILE];
    int t = threadIdx.x;
    int v = in[blockIdx.x * TILE + t];
    if (t & 1) {
        if (v < 0) __trap();
        tile[t] = v;
    } else {
        tile[t] = -v;
    }
    __syncthreads();
    out[blockIdx.x * TILE + t] = tile[(t + 1) % TILE];
}
