// tm_bh.cu -- lockstep TM kernel (written for this project).
//
// Tree-build insertion in the style of Kilo TM's BH benchmark
// (research/001-kilotm.md §5.1: Barnes-Hut's tree-building kernel, where
// "each level of traversal down the tree and the node insertions are
// protected by separate transactions"). The tree is a binary space
// partition of depth `depth` kept as an implicit heap: node i has children
// 2i and 2i + 1, the root is node 1, and body b with key k (0 <= k <
// 2^depth, all keys distinct) belongs, at level d, to the child given by
// bit depth-1-d of k. cell[i] is EMPTY (-1), INTERNAL (-2) or the body
// stored in that leaf. Inserting b walks down from the root, one level per
// step: an empty cell takes b; an internal cell is passed; a leaf holding
// body c is split (c moves to its child, the cell becomes internal) and the
// walk goes on. Since a cell is split exactly when two or more bodies fall
// in it, the final cells are the same for every serial order of the steps.
//
// Three versions doing the same steps: a transaction per level, one global
// lock per level step, and a lock per cell (the child a split writes is not
// reachable before its parent becomes internal, which happens under the
// parent's lock, after the child's write).

#define EMPTY (-1)
#define INTERNAL (-2)

extern "C" __device__ __noinline__ void __tbegin() { asm volatile(""); }
extern "C" __device__ __noinline__ void __tcommit() { asm volatile(""); }

// One level of the insert of body b (key k) at `node` (level d): returns
// true when b was placed, otherwise sets `node` to the next cell on b's path.
__device__ bool insert_step(int b, int k, int d, int depth, const int *keys, volatile int *cell, int &node)
{
    int c = cell[node];
    if (c == EMPTY) {
        cell[node] = b;
        return true;
    }
    int shift = depth - 1 - d;
    if (c != INTERNAL) {
        cell[2 * node + ((keys[c] >> shift) & 1)] = c;
        cell[node] = INTERNAL;
    }
    node = 2 * node + ((k >> shift) & 1);
    return false;
}

__global__ void tm_bh(int n, int depth, const int *keys, int *cell)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= n)
        return;
    int k = keys[b];
    int node = 1;
    bool placed = false;
    for (int d = 0; !placed; ++d) {
        __tbegin();
        int c = cell[node];
        int next = node;
        bool here = false;
        if (c == EMPTY) {
            cell[node] = b;
            here = true;
        } else {
            int shift = depth - 1 - d;
            if (c != INTERNAL) {
                cell[2 * node + ((keys[c] >> shift) & 1)] = c;
                cell[node] = INTERNAL;
            }
            next = 2 * node + ((k >> shift) & 1);
        }
        __tcommit();
        placed = here;
        node = next;
    }
}

// The lock versions are SIMT-safe (acquire inside the loop body, release
// before the loop's reconvergence point, as models/kernels/done_flag_lock):
// each iteration does at most one level.

__global__ void tm_bh_cgl(int n, int depth, const int *keys, volatile int *cell, int *lock)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= n)
        return;
    int k = keys[b];
    int node = 1;
    int d = 0;
    bool placed = false;
    while (!placed) {
        if (atomicCAS(lock, 0, 1) == 0) {
            __threadfence();
            placed = insert_step(b, k, d, depth, keys, cell, node);
            ++d;
            __threadfence();
            atomicExch(lock, 0);
        }
    }
}

__global__ void tm_bh_fgl(int n, int depth, const int *keys, volatile int *cell, int *locks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= n)
        return;
    int k = keys[b];
    int node = 1;
    int d = 0;
    bool placed = false;
    while (!placed) {
        int held = node;
        if (atomicCAS(&locks[held], 0, 1) == 0) {
            __threadfence();
            placed = insert_step(b, k, d, depth, keys, cell, node);
            ++d;
            __threadfence();
            atomicExch(&locks[held], 0);
        }
    }
}
