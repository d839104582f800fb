// photon_mc.cu -- lockstep TBC-study kernel (written for this project).
//
// Monte Carlo photon transport through a slab (MCML-like), one photon
// stream per thread, each with its own linear congruential generator; the
// Monte Carlo member of the DIVG set (its random early exits are what make
// such kernels divergent; ../shared/research/001-microarch-tbc.md Table 3.1,
// LIBOR being the thesis's coherent Monte Carlo). A photon of weight 65536
// takes random steps in depth; each step deposits 1/16 of its weight; it
// leaves early when it escapes through the surface (reflected), passes the
// far side (transmitted), or loses Russian roulette (weight below 2048: it
// survives with probability 1/8 and 8 times the weight). At most 256 steps.
//
// Each thread's totals (absorbed, reflected, transmitted weight) are its
// own: the [expect].

__global__ void photon_mc(int nphot, int depth, int *absorbed, int *reflected, int *transmitted)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned s = (unsigned)t * 2654435761u + 12345u;
    int ab = 0, re = 0, tr = 0;
    for (int p = 0; p < nphot; ++p) {
        int z = 0, w = 65536;
        for (int step = 0; step < 256; ++step) {
            s = s * 1664525u + 1013904223u;
            int r = (int)(s >> 16);
            z += (r & 127) - 56;
            if (z < 0) {
                re += w;                                // escaped: reflected
                break;
            }
            if (z >= depth) {
                tr += w;                                // through the slab
                break;
            }
            int da = w >> 4;
            w -= da;
            ab += da;
            if (w < 2048) {                             // Russian roulette
                if ((r >> 12) & 7)
                    break;
                w <<= 3;
            }
        }
    }
    absorbed[t] = ab;
    reflected[t] = re;
    transmitted[t] = tr;
}
