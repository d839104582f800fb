// ht_counted.cu -- lockstep BOWS-study kernel (written for this project).
//
// The HT critical section of ElTantawy's BOWS evaluation (research
// 000-aware-bows-ddos-mp.md §4.2: the critical section of Fig 1.2a, 1024
// buckets, and the 128 ... 4096 bucket sweep of Fig 6.15) that also counts
// its lock failures, for the lock-failure rate of Fig 6.11. The algorithm is
// the bundled hashtable_v2's (models/kernels/hashtable_v2): one lock per
// bucket, taken in the done-flag form and released inside the retry loop;
// thread tid pushes element tid on its key's bucket list; sizes[] is bumped
// non-atomically under the lock, so it is exact iff mutual exclusion held.
//
// The one addition: every failed atomicCAS on a bucket lock is counted in a
// register and each thread adds its count to `failures` once at the end (as
// atm_bank and tsp_climber do), so the spin loop's memory traffic is
// hashtable_v2's; the failure rate is failures / (failures + n).
//
// sizes[] does not depend on the schedule (the bucket lists' order does):
// the [expect].

__device__ unsigned bucket_of(unsigned key, unsigned nbuckets)
{
    return (key * 2654435761u) % nbuckets;      // multiplicative hash
}

__global__ void ht_counted(const unsigned *keys, int n, unsigned nbuckets,
                           int *locks, volatile int *heads, int *next,
                           volatile unsigned *sizes, unsigned *failures)
{
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = blockDim.x * gridDim.x;
    unsigned failed = 0;
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
            } else {
                ++failed;                       // a lock failure
            }
        }
        tid += stride;
    }
    if (failed != 0) atomicAdd(failures, failed);
}
