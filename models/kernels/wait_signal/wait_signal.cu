// wait_signal.cu -- lockstep model kernel (written for this project).
//
// Inter-thread wait/signal through global memory in the style of the
// Barnes-Hut sort kernel (BH-ST), ElTantawy 2018, Fig. 4.1b:
//     while (start[k] < 0);    // wait for the parent cell's signal
//     ... start[child] = ...;  // signal the children
// Here the "cells" are the nodes of a perfect binary tree in heap order
// (node k has children 2k+1 and 2k+2). start[k] is node k's preorder
// position, -1 until the parent publishes it; start[0] = 0 initially. Each
// thread walks its nodes in increasing order (a grid-stride loop), waits for
// the node's position, records it in sorted[], and signals both children.
//
// Terminates with independent thread scheduling (the smallest unfinished
// node always has a finished parent). Deadlocks on a SIMT stack: in the
// first warp only node 0 is ready; thread 0 leaves the wait loop and waits at
// its exit (the reconvergence point) for lanes that wait for thread 0.

__global__ void wait_signal(int nnodes, int height, volatile int *start,
                            int *sorted)
{
    int stride = blockDim.x * gridDim.x;
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < nnodes; k += stride) {
        int pos;
        while ((pos = start[k]) < 0)
            ;                                       // wait
        sorted[pos] = k;
        int depth = 31 - __clz(k + 1);              // level of node k
        int below = (1 << (height - depth - 1)) - 1; // nodes in each child subtree
        int left = 2 * k + 1;
        if (left < nnodes) {
            start[left] = pos + 1;                  // signal
            start[left + 1] = pos + 1 + below;
        }
    }
}
