// sort_odd_even_merge.cu -- lockstep false-detection corpus (written for this project).
//
// Batcher's odd-even merge sort network on 512 float keys per block in
// shared memory: one thread per key position, the p / k / j loop nest with
// constant bounds (block-uniform), a compare-exchange done by the lower
// index of each pair, and a barrier after every j step.

#define M 512

__global__ void sort_odd_even_merge(float *data)
{
    __shared__ float s[M];
    int t = threadIdx.x;
    float *blk = data + blockIdx.x * M;
    s[t] = blk[t];
    __syncthreads();
    for (int p = 1; p < M; p <<= 1) {
        for (int k = p; k >= 1; k >>= 1) {
            for (int j = k % p; j + k < M; j += 2 * k) {
                int i = t - j;
                if (i >= 0 && i < k && t + k < M && (t / (2 * p)) == ((t + k) / (2 * p))) {
                    float a = s[t], b = s[t + k];
                    if (a > b) { s[t] = b; s[t + k] = a; }
                }
            }
            __syncthreads();
        }
    }
    blk[t] = s[t];
}
