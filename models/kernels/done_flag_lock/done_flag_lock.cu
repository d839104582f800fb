// done_flag_lock.cu -- lockstep model kernel (written for this project).
//
// The SIMT-safe rewrite of the critical section, ElTantawy 2018, Fig. 3.6:
//     done = false;
//     while (!done) {
//         if (atomicCAS(mutex, 0, 1) == 0) {
//             ... critical section ...
//             atomicExch(mutex, 0);
//             done = true;
//         }
//     }
// The lock is released inside the loop body, before the loop's reconvergence
// point, so the CAS winner unlocks before it waits for the rest of its warp.
// Each thread bumps a shared counter non-atomically inside the critical
// section; the final value equals the thread count iff mutual exclusion held.

__global__ void done_flag_lock(int *mutex, volatile int *counter)
{
    bool done = false;
    while (!done) {
        if (atomicCAS(mutex, 0, 1) == 0) {
            __threadfence();
            int seen = *counter;        // critical section
            *counter = seen + 1;
            __threadfence();
            atomicExch(mutex, 0);       // unlock
            done = true;
        }
    }
}
