// nested_ifelse.cu -- lockstep model kernel (written for this project).
//
// Nested divergence, the shape of the AWARE walkthrough (ElTantawy 2018,
// Fig. 5.2a; the outer if/else is Fig. 2.3a):
//     A; if (id % 2 == 0) { B } else { C; if (id == 1) { D } else { E } F } G
// Each basic block records itself with an atomic add on a per-block counter
// and leaves a mark in the thread's trace word, so a run shows which blocks
// ran and with how many threads (the masks of the Fig. 5.2 table).

enum { A, B, C, D, E, F, G, NBLOCKS };

__global__ void nested_ifelse(unsigned *visits, unsigned *trace)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned path = 1u << A;                        // BBA
    atomicAdd(&visits[A], 1u);
    if (id % 2 == 0) {
        path |= 1u << B;                            // BBB
        atomicAdd(&visits[B], 1u);
    } else {
        path |= 1u << C;                            // BBC
        atomicAdd(&visits[C], 1u);
        if (id == 1) {
            path |= 1u << D;                        // BBD
            atomicAdd(&visits[D], 1u);
        } else {
            path |= 1u << E;                        // BBE
            atomicAdd(&visits[E], 1u);
        }
        path |= 1u << F;                            // BBF
        atomicAdd(&visits[F], 1u);
    }
    path |= 1u << G;                                // BBG
    atomicAdd(&visits[G], 1u);
    trace[id] = path;
}
