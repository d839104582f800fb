// math_mix.cu -- lockstep model kernel (written for this project).
//
// A sampler of arithmetic the PTX front end and the value semantics must
// cover, one thread per input element:
//   iout: __brev, __clz, __ffs, __popc, __byte_perm (prmt), bit-field
//         extract and insert idioms, __mul24, __umulhi, __funnelshift_l, __sad
//   wout: 64-bit results (stored as signed): 32x32->64 wide multiply,
//         __umul64hi, 64-bit shifts
//   fout: sqrtf, fmaf, __saturatef, floorf, float <-> int conversions
//   dout: double arithmetic, sqrt, fma, float -> double, int64 -> double
//   hout: __half and __half2 arithmetic (cuda_fp16.h)
//   bout: __nv_bfloat16 conversions and arithmetic (cuda_bf16.h), as bits
//   aout: approximate intrinsics (__fdividef, __expf, __sinf, rsqrtf):
//         results depend on the hardware approximation, not checked exactly
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void math_mix(const unsigned *u, const float *f, const double *d,
                         unsigned *iout, long long *wout, float *fout,
                         double *dout, __half *hout, unsigned short *bout,
                         float *aout)
{
    int t = threadIdx.x;
    unsigned x = u[t] * 0x01000193u + 0x9e3779b9u;  // spread the bits of iota
    float a = f[t];
    double g = d[t];

    unsigned *io = iout + 10 * t;
    io[0] = __brev(x);
    io[1] = __clz(x >> (t & 31));
    io[2] = __ffs(x & ~0xffu) + __popc(x);
    io[3] = __byte_perm(x, 0x76543210u, 0x5140u);
    io[4] = (x >> 7) & 0x3ffu;                      // bit-field extract
    io[5] = (x & ~(0xffu << 12)) | ((t & 0xffu) << 12); // bit-field insert
    io[6] = __mul24(x, t + 3);
    io[7] = __umulhi(x, 0x9e3779b9u);
    io[8] = __funnelshift_l(x, ~x, t & 31);
    io[9] = __sad((int)x, t * 1000, 7u);

    long long *wo = wout + 3 * t;
    wo[0] = (unsigned long long)x * (unsigned)(t + 1000003);
    wo[1] = __umul64hi(((unsigned long long)x << 32) | t, 0x9e3779b97f4a7c15ull);
    wo[2] = ((unsigned long long)x << (t & 63)) ^ (((long long)(int)x) >> 3);

    float *fo = fout + 5 * t;
    fo[0] = sqrtf(a);
    fo[1] = fmaf(a, 0.5f, 0.25f);
    fo[2] = __saturatef(a / 32.0f);
    fo[3] = floorf(a * 0.3f);
    fo[4] = (float)(__float2int_rn(a * 2.5f) + (int)(unsigned)(a * 3.0f));

    double *dd = dout + 4 * t;
    dd[0] = g * g + 1.0;
    dd[1] = sqrt(g);
    dd[2] = fma(g, (double)a, -0.5);
    dd[3] = (double)(long long)(g * 1e12);

    __half h = __float2half(a * 0.25f);
    __half2 h2 = __floats2half2_rn(a, 1.0f);
    __half2 r2 = __hfma2(h2, h2, __float2half2_rn(0.5f));
    hout[3 * t + 0] = __hadd(h, __float2half(1.5f));
    hout[3 * t + 1] = __low2half(r2);
    hout[3 * t + 2] = __hmul(__high2half(r2), h);

    __nv_bfloat16 b = __float2bfloat16(a * 1.5f);
    bout[2 * t + 0] = __bfloat16_as_ushort(b);
    bout[2 * t + 1] = __bfloat16_as_ushort(__hadd(b, __float2bfloat16(0.5f)));

    aout[3 * t + 0] = __fdividef(a, 3.0f);
    aout[3 * t + 1] = __expf(a * 0.1f) + __sinf(a);
    aout[3 * t + 2] = rsqrtf(a + 1.0f);
}
