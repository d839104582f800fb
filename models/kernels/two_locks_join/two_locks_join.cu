// two_locks_join.cu -- lockstep model kernel (written for this project).
//
// An if/else whose two arms each take their own spin lock (m1 in the then
// arm, m2 in the else arm), update the data it guards and release it before
// the arms join. The two spin loops sit in disjoint arms, yet the point
// after both releases -- the safe reconvergence point of each loop -- is the
// same block, the join of the if/else. Even threads add their index to sum1
// under m1 and count themselves in cnt1; odd threads add twice their index
// to sum2 under m2 and count themselves in cnt2. All updates inside the
// critical sections are plain (non-atomic) read-modify-writes.
//
// Terminates with independent thread scheduling. Deadlocks on a SIMT stack
// with IPDOM reconvergence: in whichever arm runs first, the lane that wins
// the lock waits at the exit of the spin loop for the warp-mates spinning on
// the lock it holds (the other arm never gets to run).

__global__ void two_locks_join(int *m1, int *m2, volatile int *sum1,
                               volatile int *cnt1, volatile int *sum2,
                               volatile int *cnt2, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int ticket;
    if (t % 2 == 0) {
        while (atomicCAS(m1, 0, 1) != 0)
            ;                                   // lock m1
        __threadfence();
        *sum1 = *sum1 + t;                      // critical section 1
        ticket = *cnt1;
        *cnt1 = ticket + 1;
        __threadfence();
        atomicExch(m1, 0);                      // unlock m1
    } else {
        while (atomicCAS(m2, 0, 1) != 0)
            ;                                   // lock m2
        __threadfence();
        *sum2 = *sum2 + 2 * t;                  // critical section 2
        ticket = *cnt2;
        *cnt2 = ticket + 1;
        __threadfence();
        atomicExch(m2, 0);                      // unlock m2
    }
    out[t] = ticket < 0 ? -1 : 1;               // join: both arms reconverge here
}
