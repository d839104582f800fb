// device_function.cu -- lockstep model kernel (written for this project).
//
// Calls to __noinline__ __device__ functions, so the PTX keeps .func
// definitions, .param passing and call instructions: make_span() takes three
// ints and returns a 16-byte struct (returned through an aligned .b8 param
// array); score() takes that struct by value plus an int, an unsigned char,
// a short and a double, and returns an int.

struct Span {
    int lo, hi;
    long long area;
};

__device__ __noinline__ Span make_span(int a, int b, int scale)
{
    Span s;
    s.lo = min(a, b);
    s.hi = max(a, b);
    s.area = (long long)(s.hi - s.lo) * scale;
    return s;
}

__device__ __noinline__ int score(Span s, int x, unsigned char bias,
                                  short weight, double frac)
{
    int clamped = min(max(x, s.lo), s.hi);
    return clamped * weight + bias + (int)(s.area * frac);
}

__global__ void device_function(const int *a, const int *b, int *out,
                                int scale, double frac)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int n = blockDim.x * gridDim.x;
    Span s = make_span(a[t], b[n - 1 - t], scale);
    out[t] = score(s, 3 * t, (unsigned char)(t & 7), (short)(t - 16), frac);
}
