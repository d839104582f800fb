// spin_lock.cu -- lockstep model kernel (written for this project).
//
// The textbook critical section of ElTantawy 2018, Fig. 3.3:
//     while (atomicCAS(mutex, 0, 1) != 0);   // lock
//     ... critical section ...
//     atomicExch(mutex, 0);                  // unlock
// Every thread of the launch takes one global lock and bumps a counter with a
// plain (non-atomic) read-modify-write inside the critical section, so the
// final counter equals the number of threads only if mutual exclusion holds.
//
// Terminates with independent thread scheduling (Volta+, MIMD). Deadlocks on
// a SIMT stack with IPDOM reconvergence: the CAS winner leaves the spin loop
// and waits at the loop exit (the reconvergence point) for the rest of its
// warp, which spins forever because the winner never reaches atomicExch.

__global__ void spin_lock(int *mutex, volatile int *counter)
{
    while (atomicCAS(mutex, 0, 1) != 0)
        ;                               // spin until this thread owns the lock
    __threadfence();
    int seen = *counter;                // critical section
    *counter = seen + 1;
    __threadfence();
    atomicExch(mutex, 0);               // unlock
}
