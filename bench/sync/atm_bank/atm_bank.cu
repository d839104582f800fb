// atm_bank.cu -- lockstep BOWS-study kernel (written for this project).
//
// Bank transfers between many accounts with two nested try-locks, the ATM
// benchmark of ElTantawy's BOWS evaluation (research 000-aware-bows-ddos-mp.md
// §4.2: 1000 accounts). Transfer t moves (t % 97) + 1 units from account
// src(t) to account dst(t) (a multiplicative hash of t; dst bumped by one if
// it equals src), locking the lower-numbered account first. A thread that
// gets the first lock but not the second releases the first and retries
// (the done-flag form, which terminates on a SIMT stack); every failed
// attempt is counted, and the counts are added to `failures` at the end
// (the lock-failure rate of the thesis's Fig 6.11).
//
// Balances after all transfers do not depend on the order: the [expect].

__global__ void atm_bank(int ntransfers, int naccounts, int *locks,
                         volatile int *balance, unsigned *failures)
{
    int stride = blockDim.x * gridDim.x;
    unsigned failed = 0;
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < ntransfers; t += stride) {
        int src = (int)(((unsigned)t * 2654435761u) >> 7) % naccounts;
        int dst = (int)(((unsigned)t * 2246822519u + 3u) >> 9) % naccounts;
        if (dst == src) dst = (dst + 1) % naccounts;
        int amount = t % 97 + 1;
        int lo = min(src, dst), hi = max(src, dst);
        bool done = false;
        while (!done) {
            if (atomicCAS(&locks[lo], 0, 1) == 0) {
                if (atomicCAS(&locks[hi], 0, 1) == 0) {
                    __threadfence();
                    balance[src] = balance[src] - amount;
                    balance[dst] = balance[dst] + amount;
                    __threadfence();
                    atomicExch(&locks[hi], 0);
                    done = true;
                }
                atomicExch(&locks[lo], 0);
            }
            if (!done) ++failed;
        }
    }
    if (failed != 0) atomicAdd(failures, failed);
}
