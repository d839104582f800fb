// tm_hashtable.cu -- lockstep TM kernel (written for this project).
//
// A transactional hash-table insert in the style of Kilo TM's HT benchmark
// (research/001-kilotm.md §5.1): thread t inserts key k = 7t + 3 into
// bucket k % nbuckets of a chained table kept as per-bucket arrays. The
// insert is one transaction between the empty marker functions __tbegin()
// and __tcommit() (Kilo TM's convention; extern "C", kept alive by the
// empty asm volatile). Each bucket has a count, a sum of its keys and up to
// `cap` slots; the slot a key lands in depends on the serial order of the
// transactions, the count and the sum do not. tm_hashtable_cgl and
// tm_hashtable_fgl (below) do the same inserts under one global lock and
// under one lock per bucket.

extern "C" __device__ __noinline__ void __tbegin() { asm volatile(""); }
extern "C" __device__ __noinline__ void __tcommit() { asm volatile(""); }

__global__ void tm_hashtable(int n, int nbuckets, int cap, int *count, int *sum, int *slots)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int key = 7 * t + 3;
    int b = key % nbuckets;
    __tbegin();
    int c = count[b];
    if (c < cap)
        slots[b * cap + c] = key;
    count[b] = c + 1;
    sum[b] += key;
    __tcommit();
}

// The same insert under locks, the SIMT-safe way (models/kernels/done_flag_lock):
// the acquire is inside the loop body and the lock is released before the
// loop's reconvergence point, so a lane that wins the lock finishes its
// critical section while the losers of its warp loop around. Memory the
// critical section touches is volatile so that nvcc keeps every access.

// Coarse-grained: one global lock for the whole table.
__global__ void tm_hashtable_cgl(int n, int nbuckets, int cap, volatile int *count, volatile int *sum,
                                 volatile int *slots, int *lock)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int key = 7 * t + 3;
    int b = key % nbuckets;
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            __threadfence();
            int c = count[b];
            if (c < cap)
                slots[b * cap + c] = key;
            count[b] = c + 1;
            sum[b] += key;
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

// Fine-grained: one lock per bucket.
__global__ void tm_hashtable_fgl(int n, int nbuckets, int cap, volatile int *count, volatile int *sum,
                                 volatile int *slots, int *locks)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int key = 7 * t + 3;
    int b = key % nbuckets;
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (atomicCAS(&locks[b], 0, 1) == 0) {
            __threadfence();
            int c = count[b];
            if (c < cap)
                slots[b * cap + c] = key;
            count[b] = c + 1;
            sum[b] += key;
            __threadfence();
            atomicExch(&locks[b], 0);
            done = true;
        }
    }
}
