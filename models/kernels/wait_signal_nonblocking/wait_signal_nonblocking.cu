// wait_signal_nonblocking.cu -- lockstep model kernel (written for this project).
//
// The same wait/signal computation as wait_signal, but written the way the
// Barnes-Hut sort kernel is written in the source (ElTantawy 2018, Fig. 6.5c):
// a thread that finds its node not ready does not spin in place; it goes
// around the outer loop and tests again, so the signalling code is inside
// the same loop as the wait:
//     while (k < nnodes) { pos = start[k]; if (pos >= 0) { ...signal...; k += stride; } }
// Nodes of a perfect binary tree in heap order; start[k] = preorder position
// of node k (-1 = not yet known, start[0] = 0 initially).

__global__ void wait_signal_nonblocking(int nnodes, int height,
                                        volatile int *start, int *sorted)
{
    int stride = blockDim.x * gridDim.x;
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    while (k < nnodes) {
        int pos = start[k];
        if (pos >= 0) {                             // not waiting any more
            sorted[pos] = k;
            int depth = 31 - __clz(k + 1);
            int below = (1 << (height - depth - 1)) - 1;
            int left = 2 * k + 1;
            if (left < nnodes) {
                start[left] = pos + 1;              // signal
                start[left + 1] = pos + 1 + below;
            }
            k += stride;                            // move to the next node
        }
    }
}
