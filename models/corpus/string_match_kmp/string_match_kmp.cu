// string_match_kmp.cu -- lockstep false-detection corpus (written for this project).
//
// Knuth-Morris-Pratt search split into chunks: the block copies the pattern
// and its failure table into shared memory, then each thread runs the KMP
// automaton over its chunk extended by m-1 characters (so matches that
// straddle chunks are found once, by the chunk where they start). The
// inner fallback loop `while (q > 0 && pat[q] != c)` reads only shared
// data written before the barrier.

#define MAXPAT 64

__global__ void string_match_kmp(const char *__restrict__ text, int n,
                                 const char *__restrict__ pat, const int *__restrict__ fail,
                                 int m, int chunk, unsigned *__restrict__ matches)
{
    __shared__ char sp[MAXPAT];
    __shared__ int sf[MAXPAT];
    for (int k = threadIdx.x; k < m; k += blockDim.x) {
        sp[k] = pat[k];
        sf[k] = fail[k];
    }
    __syncthreads();
    int start = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
    if (start >= n)
        return;
    int stop = min(start + chunk + m - 1, n);
    int q = 0;
    unsigned found = 0;
    for (int i = start; i < stop; ++i) {
        char c = text[i];
        while (q > 0 && sp[q] != c)
            q = sf[q - 1];
        if (sp[q] == c)
            ++q;
        if (q == m) {
            found++;
            q = sf[q - 1];
        }
    }
    if (found)
        atomicAdd(matches, found);
}
