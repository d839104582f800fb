// scan_block.cu -- lockstep TBC-study kernel (written for this project).
//
// Inclusive prefix sum of each block's 256 elements (work-efficient
// up-sweep / down-sweep in shared memory, two elements per thread of a
// 128-thread block) and the block's total: the scan of the COHE set (MGST's
// merge passes and STO's block-wide steps; Table 3.1 of
// ../shared/research/001-microarch-tbc.md). The tree levels leave threads
// idle (tid < active), a regular pattern that whole warps share except in
// the last five levels.
//
// out (each block's inclusive scan) and sums: the [expect].

#define N 256

__global__ void scan_block(const int *__restrict__ in, int *out, int *sums)
{
    __shared__ int s[N];
    int t = threadIdx.x, base = blockIdx.x * N;
    s[t] = in[base + t];
    s[t + N / 2] = in[base + t + N / 2];
    for (int d = 1; d < N; d <<= 1) {                   // up-sweep
        __syncthreads();
        int i = (t + 1) * 2 * d - 1;
        if (i < N)
            s[i] += s[i - d];
    }
    for (int d = N / 4; d >= 1; d >>= 1) {              // down-sweep (inclusive)
        __syncthreads();
        int i = (t + 1) * 2 * d - 1;
        if (i + d < N)
            s[i + d] += s[i];
    }
    __syncthreads();
    out[base + t] = s[t];
    out[base + t + N / 2] = s[t + N / 2];
    if (t == 0)
        sums[blockIdx.x] = s[N - 1];
}
