// nested_locks.cu -- lockstep model kernel (written for this project).
//
// Two blocking spin locks taken nested and released in reverse order, in the
// style of the CP-DS kernel of ElTantawy 2018 (§4.4.2, Fig. 4.4: "two loops
// implement nested spin locks"; the try-lock form of the same pattern is
// Fig. 6.5a). The two locks live in two different arrays passed as two
// pointer parameters (row_locks, col_locks), so a detector that lets
// parameters alias sees the release of the outer lock as a possible write to
// the inner lock. Thread t adds t + 1 to cell (t % NROW, t % NCOL) of a
// table whose row sums are guarded by row_locks and column sums by
// col_locks; both sums are bumped non-atomically inside the critical
// section, so they are exact iff mutual exclusion held.
//
// Terminates with independent thread scheduling (every thread takes a row
// lock before a column lock: no lock-order cycle). Deadlocks on a SIMT stack
// with IPDOM reconvergence: the winner of a row lock leaves the first spin
// loop and waits at its exit for warp-mates spinning on the same row lock.

#define NROW 4
#define NCOL 3

__global__ void nested_locks(int n, int *row_locks, int *col_locks,
                             volatile int *row_sum, volatile int *col_sum)
{
    int stride = blockDim.x * gridDim.x;
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < n; t += stride) {
        int r = t % NROW;
        int c = t % NCOL;
        while (atomicCAS(&row_locks[r], 0, 1) != 0)
            ;                                   // lock 1 (outer)
        while (atomicCAS(&col_locks[c], 0, 1) != 0)
            ;                                   // lock 2 (inner)
        __threadfence();
        row_sum[r] = row_sum[r] + t + 1;        // critical section
        col_sum[c] = col_sum[c] + t + 1;
        __threadfence();
        atomicExch(&col_locks[c], 0);           // release lock 2
        atomicExch(&row_locks[r], 0);           // release lock 1
    }
}
