// mummer_match.cu -- lockstep TBC-study kernel (written for this project).
//
// MUMmerGPU-style string matching (the thesis's MUM and MUMpp, DIVG in
// Table 3.1 of ../shared/research/001-microarch-tbc.md): one query (read) of
// `qlen` bases per thread is matched against a reference held as a suffix
// trie of bounded depth (child[node * 4 + base], -1: no child; built by
// bench/divergence/reference.py). For every start position of its query a
// thread walks the trie as far as the bases match; it keeps the longest
// match and where it starts, and skips the starts that can no longer beat
// it. The walk length depends on the data (reads are mutated substrings of
// the reference and random reads), and queries are read with a per-thread
// stride, as MUMmerGPU's are: divergent control flow and uncoalesced loads.
//
// best_out[q] = length * 65536 + start of the first longest match: the
// [expect].

__global__ void mummer_match(int nq, int qlen, int depth, const int *__restrict__ child,
                             const int *__restrict__ query, int *best_out)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nq)
        return;
    const int *s = query + q * qlen;
    int best = 0, where = 0;
    for (int i = 0; qlen - i > best; ++i) {
        int node = 0, len = 0;
        while (i + len < qlen && len < depth) {
            int next = child[node * 4 + s[i + len]];
            if (next < 0)
                break;
            node = next;
            ++len;
        }
        if (len > best) {
            best = len;
            where = i;
        }
    }
    best_out[q] = best * 65536 + where;
}
