// atm.cu -- lockstep model kernel (written for this project).
//
// ATM-style money transfers with two nested locks, after the "Two Nested
// Locks" pattern of ElTantawy 2018, Fig. 6.5a (ATM benchmark, Table 3.1):
// each transfer locks its two accounts in a fixed order (lower index first),
// using try-locks inside a done-flag loop, and backs off (releases the first
// lock) when the second one is busy. Transfer t moves t+1 units from account
// t % NACC to account (3t + 1) % NACC (bumped by one if that is the source).

#define NACC 8

__global__ void atm(int n, int *locks, volatile int *balance)
{
    int stride = blockDim.x * gridDim.x;
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < n; t += stride) {
        int src = t % NACC;
        int dst = (3 * t + 1) % NACC;
        if (dst == src)
            dst = (dst + 1) % NACC;
        int amount = t + 1;
        int lo = min(src, dst), hi = max(src, dst);

        bool done = false;
        while (!done) {
            if (atomicCAS(&locks[lo], 0, 1) == 0) {         // try lock 1
                if (atomicCAS(&locks[hi], 0, 1) == 0) {     // try lock 2
                    __threadfence();
                    balance[src] = balance[src] - amount;   // critical section
                    balance[dst] = balance[dst] + amount;
                    __threadfence();
                    atomicExch(&locks[hi], 0);
                    atomicExch(&locks[lo], 0);
                    done = true;
                } else {
                    atomicExch(&locks[lo], 0);              // back off
                }
            }
        }
    }
}
