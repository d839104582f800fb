// cascade_detect.cu -- lockstep TBC-study kernel (written for this project).
//
// A detection cascade over a 1-D signal, one window per thread, standing
// for the thesis's face detection (FCDT, a Viola-Jones cascade, DIVG in
// Table 3.1 of ../shared/research/001-microarch-tbc.md). Three nested loops,
// two of them data-dependent: the stages (a window leaves at the first stage
// whose score is below that stage's threshold), the stage's features
// (stage_len[s], fixed per stage), and for each feature a run over the
// signal from the window's offset while the samples stay at or above the
// feature's level (at most 8). Early rejection and variable runs make the
// windows of a warp run different numbers of stages and steps.
//
// out[w] = stages passed * 65536 + score of the passed stages: the [expect].

__global__ void cascade_detect(int nwin, int nstages, const int *__restrict__ sig,
                               const int *__restrict__ stage_len, const int *__restrict__ feat,
                               const int *__restrict__ thresh, int *out)
{
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= nwin)
        return;
    int f = 0, passed = 0, score = 0;
    for (int s = 0; s < nstages; ++s) {
        int sum = 0;
        for (int k = 0; k < stage_len[s]; ++k, ++f) {
            const int *p = sig + w + feat[3 * f];       // offset, level, weight
            int level = feat[3 * f + 1], run = 0;
            while (run < 8 && p[run] >= level)
                ++run;
            sum += run * feat[3 * f + 2];
        }
        if (sum < thresh[s])
            break;                                      // rejected
        ++passed;
        score += sum;
    }
    out[w] = passed * 65536 + score;
}
