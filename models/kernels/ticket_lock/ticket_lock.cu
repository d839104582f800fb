// ticket_lock.cu -- lockstep model kernel (written for this project).
//
// A FIFO ticket lock: each thread takes a ticket with atomicAdd on
// next_ticket, spins until now_serving equals its ticket, runs a critical
// section (a non-atomic counter increment) and passes the lock on by storing
// ticket + 1 to now_serving.
//
// Terminates with independent thread scheduling. Deadlocks on a SIMT stack
// with IPDOM reconvergence, and more surely than a CAS spin lock: lanes of a
// warp always hold distinct tickets, so whenever two lanes of one warp wait,
// the one being served leaves the spin loop and waits at its exit (the
// reconvergence point) while the others spin on a now_serving that can only
// advance once it runs its critical section.

__global__ void ticket_lock(unsigned *next_ticket, volatile unsigned *now_serving,
                            volatile unsigned *counter)
{
    unsigned ticket = atomicAdd(next_ticket, 1u);
    while (*now_serving != ticket)
        ;                                   // wait for my turn
    __threadfence();
    unsigned seen = *counter;               // critical section
    *counter = seen + 1;
    __threadfence();
    *now_serving = ticket + 1;              // unlock: serve the next ticket
}
