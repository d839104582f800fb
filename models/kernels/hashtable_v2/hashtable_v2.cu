// hashtable_v2.cu -- lockstep model kernel (written for this project).
//
// Hash-table insertion with one lock per bucket, version 2, after
// ElTantawy 2018, Fig. 3.5 (and Fig. 1.2a): no lane serialisation; instead
// each thread retries with a done flag and releases the bucket lock inside
// the retry loop (the Fig. 3.6 pattern). Buckets are singly linked lists of
// element indices (-1 = empty); sizes[] is bumped non-atomically under the
// lock, so it is exact iff mutual exclusion held.

__device__ unsigned bucket_of(unsigned key, unsigned nbuckets)
{
    return (key * 2654435761u) % nbuckets;      // multiplicative hash
}

__global__ void hashtable_v2(const unsigned *keys, int n, unsigned nbuckets,
                             int *locks, volatile int *heads, int *next,
                             volatile unsigned *sizes)
{
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = blockDim.x * gridDim.x;
    while (tid < n) {
        unsigned b = bucket_of(keys[tid], nbuckets);
        bool done = false;
        while (!done) {
            if (atomicCAS(&locks[b], 0, 1) == 0) {
                __threadfence();
                next[tid] = heads[b];           // push element tid on bucket b
                heads[b] = tid;
                sizes[b] = sizes[b] + 1;
                done = true;
                __threadfence();
                atomicExch(&locks[b], 0);
            }
        }
        tid += stride;
    }
}
