// string_match.cu -- lockstep false-detection corpus (written for this project).
//
// Naive substring search: one thread per text position compares the
// pattern character by character and stops at the first mismatch (a
// data-dependent early exit over read-only text and pattern), then counts
// a match with atomicAdd and records the earliest match with atomicMin.

__global__ void string_match(const char *text, int n, const char *pat, int m,
                             unsigned *matches, int *first)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos + m > n)
        return;
    int j = 0;
    while (j < m && text[pos + j] == pat[j])
        ++j;
    if (j == m) {
        atomicAdd(matches, 1u);
        atomicMin(first, pos);
    }
}
