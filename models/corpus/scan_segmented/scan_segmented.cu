// scan_segmented.cu -- lockstep false-detection corpus (written for this project).
//
// Segmented inclusive sum scan inside a block: a head flag starts a new
// segment. Hillis-Steele steps carry (value, flag) pairs: a thread adds its
// left neighbour's value only while it has not yet met a segment head, and
// ORs the flags. Reads of the neighbour happen before a barrier, writes
// after it, so each step uses only values completed in the previous step.

__global__ void scan_segmented(const float *__restrict__ vals,
                               const int *__restrict__ heads,
                               float *__restrict__ out, int n)
{
    __shared__ float sv[256];
    __shared__ int sf[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    sv[t] = (i < n) ? vals[i] : 0.0f;
    sf[t] = (i < n) ? heads[i] : 1;
    if (t == 0)
        sf[t] = 1;                            // a block starts a segment
    __syncthreads();
    for (int off = 1; off < blockDim.x; off <<= 1) {
        float v = sv[t];
        int f = sf[t];
        if (t >= off && !f) {
            v += sv[t - off];
            f |= sf[t - off];
        }
        __syncthreads();
        sv[t] = v;
        sf[t] = f;
        __syncthreads();
    }
    if (i < n)
        out[i] = sv[t];
}
