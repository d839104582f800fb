// Separately compiled device code (nvcc -rdc=true): `transform` and
// `publish` are defined in another translation unit, so the PTX holds only
// their declarations (`.extern .func`). lockstep's static commands accept
// such calls as opaque instructions (any memory read and written, results
// unknown, a barrier possible), as well as calls through function pointers
// and the addresses of functions (`mov.u64 %rd, f`); run and verify refuse
// them with one message at the instruction.
extern __device__ float transform(float x);
extern __device__ void publish(volatile int *flag);
__device__ float negate(float x) { return -x; }
__device__ float square(float x) { return x * x; }
typedef float (*unary_t)(float);

// An external call.
__global__ void transform_all(float *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = transform(data[i]);
}

// An indirect call through a table of function pointers.
__global__ void apply_table(float *data, const unary_t *table, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = table[i & 1](data[i]);
}

// Function addresses: stores the function to apply.
__global__ void choose(unary_t *chosen, int op)
{
    if (threadIdx.x == 0)
        *chosen = op ? square : negate;
}

// Lane 0 of each warp spins until lane 1 has called publish(), which may
// set the flag: on a SIMT stack lane 1 never runs while lane 0 spins, so
// detection must flag the loop with the call as the write that would end it.
__global__ void wait_for_publish(volatile int *flag)
{
    unsigned lane = threadIdx.x % 32;
    if (lane == 0) {
        while (*flag == 0)
            ;
    } else if (lane == 1) {
        publish(flag);
    }
}
