// nw2.cu -- lockstep BOWS-study kernel (written for this project).
//
// The second Needleman-Wunsch wavefront of ElTantawy's BOWS evaluation
// (research 000-aware-bows-ddos-mp.md §4.2: NW1 and NW2, "two wavefront
// kernels traversing in opposite directions"). bench/sync/nw_wavefront is
// NW1: it fills the score matrix from the top-left corner. This kernel
// traverses the other way, from the bottom-right corner to the top-left: it
// computes the suffix scores S[i][j], the best score of aligning a[i..n-1]
// with b[j..n-1] (the backward pass of a linear-space, Hirschberg-style
// alignment; S[0][0] equals NW1's H[n][n]):
//   S[i][n] = -(n - i),  S[n][j] = -(n - j),
//   S[i][j] = max(S[i+1][j+1] + (a_i == b_j ? 1 : -1), S[i+1][j] - 1, S[i][j+1] - 1).
// Same sequences and scores as NW1.
//
// The n x n matrix is cut into T x T tiles. Blocks take tiles from a global
// counter in anti-diagonal order counted from the bottom-right tile (so every
// tile a block waits for was handed out before its own); thread 0 spins on
// the done flags of the tile below and the tile to the right, then the block
// sweeps the tile's anti-diagonals from its bottom-right cell (thread t owns
// the tile's row T-1-t), and thread 0 publishes the tile's flag. The first
// row S[0][0..n-1] is the [expect].
//
// n must be a multiple of T (= blockDim.x = 32).

#define T 32

__device__ int seq_a(int i) { return (int)(((unsigned)i * 2654435761u) >> 13) & 3; }
__device__ int seq_b(int j) { return (int)(((unsigned)j * 2246822519u + 7u) >> 11) & 3; }

__global__ void nw2(int n, volatile int *score, volatile int *tile_done,
                    int *next_tile, int *first_row)
{
    __shared__ int tile_id;
    int tiles = n / T;
    int t = threadIdx.x;
    while (true) {
        if (t == 0) tile_id = atomicAdd(next_tile, 1);
        __syncthreads();
        int k = tile_id;
        __syncthreads();                 // read before thread 0 takes the next
        if (k >= tiles * tiles) break;
        // The k-th tile in anti-diagonal order from the bottom-right corner:
        // (rr, cc) counts rows and columns from the bottom and the right.
        int d = 0, first = 0;
        while (true) {
            int lo = d < tiles ? 0 : d - tiles + 1;
            int hi = d < tiles ? d : tiles - 1;
            if (k < first + hi - lo + 1) break;
            first += hi - lo + 1;
            ++d;
        }
        int rr = (d < tiles ? 0 : d - tiles + 1) + (k - first);
        int cc = d - rr;
        int r = tiles - 1 - rr, c = tiles - 1 - cc;
        if (t == 0) {
            if (r < tiles - 1) while (tile_done[(r + 1) * tiles + c] == 0) {}
            if (c < tiles - 1) while (tile_done[r * tiles + c + 1] == 0) {}
            __threadfence();
        }
        __syncthreads();
        for (int s = 0; s < 2 * T - 1; ++s) {
            int j = s - t;
            if (j >= 0 && j < T) {
                int gi = r * T + (T - 1 - t), gj = c * T + (T - 1 - j);
                int down = gi == n - 1 ? -(n - gj) : score[(gi + 1) * n + gj];
                int right = gj == n - 1 ? -(n - gi) : score[gi * n + gj + 1];
                int diag = gi == n - 1 ? -(n - gj - 1)
                         : (gj == n - 1 ? -(n - gi - 1) : score[(gi + 1) * n + gj + 1]);
                int v = diag + (seq_a(gi) == seq_b(gj) ? 1 : -1);
                v = max(v, max(down - 1, right - 1));
                score[gi * n + gj] = v;
                if (gi == 0) first_row[gj] = v;
            }
            __syncthreads();
        }
        if (t == 0) {
            __threadfence();
            tile_done[r * tiles + c] = 1;
        }
        // As in nw_wavefront: without this barrier nvcc -O3 folds the
        // publication into the loop's back edge and a SIMT stack deadlocks.
        __syncthreads();
    }
}
