// radiosity_lock.cu -- lockstep model kernel (written for this project).
//
// A spin lock inside a do-while loop with two unlock sites, one of them
// followed by break: the Radiosity (SPLASH) pattern of ElTantawy 2018,
// Fig. 4.1a. Thread t makes up to `rounds` passes; in each pass it takes the
// one global lock and adds its contribution to a shared total. In pass
// last[t] it also counts itself in done and leaves the loop right after
// unlocking (the first unlock site); in the other passes it unlocks at the
// second site and goes round again. All updates inside the critical section
// are plain (non-atomic) read-modify-writes.
//
// Terminates with independent thread scheduling. Deadlocks on a SIMT stack
// with IPDOM reconvergence: the lane that wins the lock leaves the spin loop
// and waits at its exit for the warp-mates that spin on the lock it holds.

__global__ void radiosity_lock(int rounds, const int *last, int *mutex,
                               volatile int *total, volatile int *done,
                               int *passes)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int stop = last[t];
    int pass = 0;
    do {
        int energy = t * rounds + pass + 1;     // the work of this pass
        while (atomicCAS(mutex, 0, 1) != 0)
            ;                                   // lock
        __threadfence();
        if (pass == stop) {
            *total = *total + energy;           // critical section, last pass
            *done = *done + 1;
            __threadfence();
            atomicExch(mutex, 0);               // unlock (site 1)
            break;
        }
        *total = *total + energy;               // critical section
        __threadfence();
        atomicExch(mutex, 0);                   // unlock (site 2)
        pass++;
    } while (pass < rounds);
    passes[t] = pass;
}
