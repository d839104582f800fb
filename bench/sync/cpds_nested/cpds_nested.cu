// cpds_nested.cu -- lockstep BOWS-study kernel (written for this project).
//
// Two nested spin locks in the SIMT-safe form, the CP-DS pattern of
// ElTantawy's BOWS evaluation (research 000-aware-bows-ddos-mp.md §4.2: "two
// nested locks"; the distance solver of a cloth simulation). Item t adds a
// weight w(t) = t % 13 + 1 to a cell (r, c) of an nrows x ncols table (r and
// c are multiplicative hashes of t); the table's row sums are guarded by
// row_locks and its column sums by col_locks, and the cell itself by both.
// A thread takes the row lock (outer), then, holding it, spins for the
// column lock (inner), updates the cell and both sums non-atomically, and
// releases the column lock and then the row lock.
//
// Unlike the bundled nested_locks (the plain spin-lock form, which deadlocks
// under a SIMT stack), each lock is taken in the done-flag form: the lock is
// released inside the body of the loop that acquires it, before that loop's
// reconvergence point, so a winner never waits for its spinning warp-mates
// while it holds the lock. The two lock sets are disjoint and a column lock
// is never held while waiting, so no cycle of warps can form. Every failed
// attempt (outer or inner) is counted, which also keeps each loop's join in
// the body (nvcc -O3 turns a done-flag loop whose failure path is empty into
// a self-loop, the shape that deadlocks on a stack); the counts are added to
// `failures` at the end.
//
// The sums and cells do not depend on the order: the [expect].

__global__ void cpds_nested(int n, int nrows, int ncols, int *row_locks, int *col_locks,
                            volatile int *cell, volatile int *row_sum, volatile int *col_sum,
                            unsigned *failures)
{
    int stride = blockDim.x * gridDim.x;
    unsigned failed = 0;
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < n; t += stride) {
        int r = (int)(((unsigned)t * 2654435761u) >> 9) % nrows;
        int c = (int)(((unsigned)t * 2246822519u + 5u) >> 11) % ncols;
        int w = t % 13 + 1;
        bool done = false;
        while (!done) {
            if (atomicCAS(&row_locks[r], 0, 1) == 0) {            // lock A (outer)
                bool inner = false;
                while (!inner) {
                    if (atomicCAS(&col_locks[c], 0, 1) == 0) {    // lock B (inner)
                        __threadfence();
                        cell[r * ncols + c] = cell[r * ncols + c] + w;
                        row_sum[r] = row_sum[r] + w;
                        col_sum[c] = col_sum[c] + w;
                        __threadfence();
                        atomicExch(&col_locks[c], 0);             // release B
                        inner = true;
                    }
                    if (!inner) ++failed;
                }
                atomicExch(&row_locks[r], 0);                     // release A
                done = true;
            }
            if (!done) ++failed;
        }
    }
    if (failed != 0) atomicAdd(failures, failed);
}
