// hashtable_v1.cu -- lockstep model kernel (written for this project).
//
// Hash-table insertion with one lock per bucket, version 1, after the
// "CUDA by Example" scheme shown in ElTantawy 2018, Fig. 3.4: the lanes of a
// warp take turns (for i in 0..31: if lane == i) so that at most one thread
// per warp ever spins on a lock. Buckets are singly linked lists of element
// indices (-1 = empty); sizes[] is bumped non-atomically under the lock.
//
// Terminates with independent thread scheduling, and also on a SIMT stack:
// inside the lane loop a warp has a single active thread, so the spin loop
// never splits a warp and the lock holder is never parked at a reconvergence
// point while a warp-mate waits for its lock.

__device__ void bucket_lock(int *mutex)
{
    while (atomicCAS(mutex, 0, 1) != 0)
        ;
    __threadfence();
}

__device__ void bucket_unlock(int *mutex)
{
    __threadfence();
    atomicExch(mutex, 0);
}

__device__ unsigned bucket_of(unsigned key, unsigned nbuckets)
{
    return (key * 2654435761u) % nbuckets;      // multiplicative hash
}

__global__ void hashtable_v1(const unsigned *keys, int n, unsigned nbuckets,
                             int *locks, volatile int *heads, int *next,
                             volatile unsigned *sizes)
{
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = blockDim.x * gridDim.x;
    while (tid < n) {
        unsigned b = bucket_of(keys[tid], nbuckets);
        for (int i = 0; i < 32; i++) {
            if ((tid % 32) == i) {              // one lane of the warp at a time
                bucket_lock(&locks[b]);
                next[tid] = heads[b];           // push element tid on bucket b
                heads[b] = tid;
                sizes[b] = sizes[b] + 1;
                bucket_unlock(&locks[b]);
            }
        }
        tid += stride;
    }
}
