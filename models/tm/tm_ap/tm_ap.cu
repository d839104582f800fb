// tm_ap.cu -- lockstep TM kernel (written for this project).
//
// Apriori-like candidate support counting in the style of Kilo TM's AP
// benchmark (research/001-kilotm.md §5.1: "each thread processes one record;
// transactions protect candidate insertion and support counting"). A record
// is a set of items 0..nitems-1 (a bit mask, nitems <= 8); the candidates
// are all pairs {i, j}, i < j, numbered in lexicographic order. Thread r
// counts record r: every pair of items the record holds gets support + 1,
// all in one transaction (so the read and write sets are as large as the
// record's pair count). The supports are the same for every serial order.
//
// Three versions doing the same counting: one transaction per record, one
// global lock per record, and a lock per candidate (taken one at a time).

extern "C" __device__ __noinline__ void __tbegin() { asm volatile(""); }
extern "C" __device__ __noinline__ void __tcommit() { asm volatile(""); }

__device__ bool has_pair(int mask, int i, int j) { return ((mask >> i) & 1) != 0 && ((mask >> j) & 1) != 0; }

__global__ void tm_ap(int nrecords, int nitems, const int *records, int *support)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrecords)
        return;
    int mask = records[r];
    __tbegin();
    int p = 0;
    for (int i = 0; i < nitems; ++i)
        for (int j = i + 1; j < nitems; ++j, ++p)
            if (has_pair(mask, i, j))
                support[p] += 1;
    __tcommit();
}

// The lock versions are SIMT-safe (acquire inside the loop body, release
// before the loop's reconvergence point, as models/kernels/done_flag_lock).

__global__ void tm_ap_cgl(int nrecords, int nitems, const int *records, volatile int *support, int *lock)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrecords)
        return;
    int mask = records[r];
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            __threadfence();
            int p = 0;
            for (int i = 0; i < nitems; ++i)
                for (int j = i + 1; j < nitems; ++j, ++p)
                    if (has_pair(mask, i, j))
                        support[p] += 1;
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

__global__ void tm_ap_fgl(int nrecords, int nitems, const int *records, volatile int *support, int *locks)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrecords)
        return;
    int mask = records[r];
    int p = 0;
    for (int i = 0; i < nitems; ++i) {
        for (int j = i + 1; j < nitems; ++j, ++p) {
            if (has_pair(mask, i, j)) {
                volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
                while (!done) {
                    if (atomicCAS(&locks[p], 0, 1) == 0) {
                        __threadfence();
                        support[p] += 1;
                        __threadfence();
                        atomicExch(&locks[p], 0);
                        done = true;
                    }
                }
            }
        }
    }
}
