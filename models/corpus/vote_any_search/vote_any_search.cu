// vote_any_search.cu -- lockstep false-detection corpus (written for this project).
//
// Early-exit search for the first occurrence of a key: warps walk the array
// in warp-aligned chunks, record hits with atomicMin, and leave as soon as
// __any_sync reports a hit in the warp or lane 0 sees the global `found`
// flag (set by any warp that hit) already raised; the vote keeps the exit
// warp-uniform. Reading the flag only shortens the
// search: the loop also ends when the array is exhausted, so no thread waits
// for it. Launch: blockDim.x a multiple of 32.

#define FULL 0xffffffffu

__global__ void vote_any_search(const int *data, int n, int key, int *first, volatile int *found)
{
    int lane = threadIdx.x & 31;
    int base = (blockIdx.x * blockDim.x + threadIdx.x) & ~31;
    int stride = gridDim.x * blockDim.x;
    for (; base < n; base += stride) {
        int i = base + lane;
        bool hit = i < n && data[i] == key;
        if (hit) {
            atomicMin(first, i);
            *found = 1;
        }
        if (__any_sync(FULL, hit || (lane == 0 && *found)))
            break;
    }
}
