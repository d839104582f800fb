// tm_atm.cu -- lockstep TM kernel (written for this project).
//
// Bank transfers in the style of Kilo TM's ATM benchmark
// (research/001-kilotm.md §5.1): thread t moves `amount` from account `src`
// to account `dst` (both derived from t, src != dst). No overdraft check, so
// the final balances are the same for every serial order of the transfers
// and the total is conserved. Three versions doing the same work: a
// transaction, one global lock, and one lock per account (the two locks
// taken in account order, so no two threads wait on each other in a cycle).

extern "C" __device__ __noinline__ void __tbegin() { asm volatile(""); }
extern "C" __device__ __noinline__ void __tcommit() { asm volatile(""); }

__device__ void transfer_of(int t, int naccounts, int &src, int &dst, int &amount)
{
    src = (3 * t) % naccounts;
    dst = (5 * t + 1) % naccounts;
    if (dst == src)
        dst = (dst + 1) % naccounts;
    amount = t % 7 + 1;
}

__global__ void tm_atm(int n, int naccounts, int *balance)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int src, dst, amount;
    transfer_of(t, naccounts, src, dst, amount);
    __tbegin();
    balance[src] -= amount;
    balance[dst] += amount;
    __tcommit();
}

// Coarse-grained: one global lock (SIMT-safe: acquire inside the loop body,
// release before the loop's reconvergence point, as models/kernels/done_flag_lock).
__global__ void tm_atm_cgl(int n, int naccounts, volatile int *balance, int *lock)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int src, dst, amount;
    transfer_of(t, naccounts, src, dst, amount);
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            __threadfence();
            balance[src] -= amount;
            balance[dst] += amount;
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

// Fine-grained: one lock per account, the lower-numbered account's first. A
// thread that holds its first lock keeps it across iterations of the retry
// loop (have_lo) and tries the second each time; the holder of the higher
// lock never waits for a lower one, so some thread always progresses.
__global__ void tm_atm_fgl(int n, int naccounts, volatile int *balance, int *locks)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int src, dst, amount;
    transfer_of(t, naccounts, src, dst, amount);
    int lo = min(src, dst);
    int hi = max(src, dst);
    bool have_lo = false;
    volatile bool done = false; // volatile: so that nvcc keeps this loop SIMT-safe (README.md)
    while (!done) {
        if (!have_lo)
            have_lo = atomicCAS(&locks[lo], 0, 1) == 0;
        if (have_lo && atomicCAS(&locks[hi], 0, 1) == 0) {
            __threadfence();
            balance[src] -= amount;
            balance[dst] += amount;
            __threadfence();
            atomicExch(&locks[hi], 0);
            atomicExch(&locks[lo], 0);
            done = true;
        }
    }
}
