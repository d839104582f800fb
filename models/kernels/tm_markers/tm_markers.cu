// tm_markers.cu -- lockstep model kernel (written for this project).
//
// Transactional memory markers in the style of the Kilo TM research
// simulator (Fung 2015; see research/001-kilotm.md, "How transaction
// boundaries are passed to the simulator"): a transaction is the code
// between calls to the empty functions __tbegin() and __tcommit(), which a
// TM-aware simulator recognises by name. They are extern "C" here, so the
// PTX says "call.uni __tbegin, ();". The empty asm volatile keeps the calls
// alive (a call to an empty function without side effects is deleted).
//
// Each thread moves t + 1 units between two accounts inside one transaction,
// with no locks. Under transactional semantics (the region is atomic) the
// final balances are deterministic; run as plain code the updates race.

extern "C" __device__ __noinline__ void __tbegin() { asm volatile(""); }
extern "C" __device__ __noinline__ void __tcommit() { asm volatile(""); }

#define NACC 8

__global__ void tm_markers(int n, int *balance)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int src = t % NACC;
    int dst = (3 * t + 1) % NACC;
    if (dst == src)
        dst = (dst + 1) % NACC;
    int amount = t + 1;
    __tbegin();
    balance[src] -= amount;
    balance[dst] += amount;
    __tcommit();
}
