// bh_tree_build.cu -- lockstep BOWS-study kernel (written for this project).
//
// Barnes-Hut style tree building with one lock per child slot and barrier
// throttling, in the spirit of BH-TB of ElTantawy's BOWS evaluation
// (research 000-aware-bows-ddos-mp.md §4.2): every round, each thread that
// still has a body to insert descends the quadtree without locks, then
// makes one attempt to lock the child slot it reached; a __syncthreads_or
// ends the round, so failing warps are throttled by the barrier instead of
// spinning freely (the thesis: BOWS gains little here because of it).
//
// Bodies: n points on a 65536 x 65536 grid with distinct x coordinates
// (x = 40503 i mod 2^16), so every pair separates within 16 levels. A child
// slot holds 0 (empty), 1 (locked), 2 + b (body b) or 2 + n + c (cell c);
// cell 0 is the root (level 0). Inserting into an empty slot stores the
// body; into a slot holding a body, the thread builds the chain of cells
// that separates the two bodies privately, then publishes it, which also
// unlocks the slot. The quadtree of a set of points is unique, so the
// number of cells and the sum of their levels do not depend on the
// schedule: they are the [expect].
//
// An insertion creates at most 16 cells (one per level), so max_cells =
// 16 n + 1 always suffices; the kernel does not check it (a trap on the
// overflow path would give the loop's branches an exit that no longer
// passes the loop head, and nvcc's layout then needs a reconvergence point
// past the loop: a SIMT stack would deadlock at the round's barrier). For
// the same reason each round ends with a __syncthreads: every path of the
// round meets there before the loop branches back.

__device__ unsigned body_x(int b) { return ((unsigned)b * 40503u) & 0xffffu; }
__device__ unsigned body_y(int b) { return ((unsigned)b * 9973u + 17u) & 0xffffu; }

__device__ int quadrant(unsigned x, unsigned y, int level)
{
    int bit = 15 - level;
    return (int)(((x >> bit) & 1u) | (((y >> bit) & 1u) << 1));
}

__global__ void bh_tree_build(int n, int max_cells, volatile int *child,
                              volatile int *cell_level, int *ncells, int *level_sum)
{
    int stride = blockDim.x * gridDim.x;
    int body = threadIdx.x + blockIdx.x * blockDim.x;
    int cell = 0;
    while (__syncthreads_or(body < n)) {        // one lock attempt per round
        if (body < n) {
            unsigned x = body_x(body), y = body_y(body);
            int level = cell_level[cell];
            int slot = cell * 4 + quadrant(x, y, level);
            int ch = child[slot];
            while (ch >= 2 + n) {               // descend through cells
                cell = ch - 2 - n;
                level = cell_level[cell];
                slot = cell * 4 + quadrant(x, y, level);
                ch = child[slot];
            }
            if (ch != 1 && atomicCAS((int *)&child[slot], ch, 1) == ch) {
                if (ch == 0) {
                    __threadfence();
                    child[slot] = 2 + body;
                } else {
                    int other = ch - 2;
                    unsigned ox = body_x(other), oy = body_y(other);
                    int first = -1, parent = -1, parent_q = 0, lv = level + 1;
                    while (true) {
                        int c = atomicAdd(ncells, 1);  // < max_cells (see above)
                        cell_level[c] = lv;
                        atomicAdd(level_sum, lv);
                        if (parent >= 0) child[parent * 4 + parent_q] = 2 + n + c;
                        else first = c;
                        int qo = quadrant(ox, oy, lv), qb = quadrant(x, y, lv);
                        if (qo != qb) {
                            child[c * 4 + qo] = 2 + other;
                            child[c * 4 + qb] = 2 + body;
                            break;
                        }
                        parent = c;
                        parent_q = qo;
                        ++lv;
                    }
                    __threadfence();
                    child[slot] = 2 + n + first;  // publish, and unlock
                }
                body += stride;
                cell = 0;
            }
        }
        __syncthreads();
    }
}
