// hashtable_lock.cu -- lockstep model kernel (written for this project).
//
// Hash-table insertion with one lock per bucket, without any SIMT
// workaround: the "CUDA by Example" lock()/unlock() pair of ElTantawy 2018,
// Fig. 3.4, used directly by every thread (no lane serialisation loop as in
// hashtable_v1, no done-flag loop as in hashtable_v2). This is the shape the
// thesis shows NVCC 8.0 making out of Fig. 3.5 (Fig. 3.9b): the CAS is a
// self-loop and the release comes after the loop exit. Buckets are singly
// linked lists of element indices (-1 = empty); sizes[] is bumped
// non-atomically under the lock, so it is exact iff mutual exclusion held.
//
// Terminates with independent thread scheduling. Deadlocks on a SIMT stack
// with IPDOM reconvergence: the lane that wins a bucket lock leaves the spin
// loop and waits at its exit (the reconvergence point) for the warp-mates
// that spin on the same bucket's lock, which it releases only after that
// point.

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

__global__ void hashtable_lock(const unsigned *keys, int n, unsigned nbuckets,
                               int *locks, volatile int *heads, int *next,
                               volatile unsigned *sizes)
{
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = blockDim.x * gridDim.x;
    while (tid < n) {
        unsigned b = bucket_of(keys[tid], nbuckets);
        bucket_lock(&locks[b]);
        next[tid] = heads[b];                   // push element tid on bucket b
        heads[b] = tid;
        sizes[b] = sizes[b] + 1;
        bucket_unlock(&locks[b]);
        tid += stride;
    }
}
