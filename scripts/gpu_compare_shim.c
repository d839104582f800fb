// A stand-in libcuda.so.1 for `gpu_compare.py selftest --dry-run`: it checks the
// ctypes layer of `device` (call signatures, parameter bytes, JIT logs, printf
// capture) without a GPU. "Device memory" is host memory. It runs one kernel,
// vector_add (c[i] = a[i] + b[i] for i < n, over grid x block threads), from the
// parameters it is given; printf_kernel prints its f32 parameter through C
// stdio, as the driver prints device printf; other kernels leave memory alone.
// A module without ".address_size 64" is rejected with an error log, as the
// sm_90 JIT rejects 32-bit PTX.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;

enum { kInvalidPtx = 218, kNotFound = 500, kJitErrorLog = 5 };

// What the last launch asked for; like the driver, the parameters are read at the launch.
static const char* launched;
static unsigned launched_threads;
static const float* vec_a;
static const float* vec_b;
static float* vec_c;
static int vec_n;
static float print_scale;

CUresult cuInit(unsigned flags) { return flags == 0 ? 0 : 1; }
CUresult cuDriverGetVersion(int* v) { *v = 13000; return 0; }
CUresult cuDeviceGet(int* d, int ordinal) { *d = ordinal; return 0; }
CUresult cuDeviceGetName(char* name, int len, int d) { snprintf(name, (size_t)len, "libcuda shim %d", d); return 0; }
CUresult cuDeviceGetAttribute(int* v, int attr, int d) { (void)d; *v = attr == 75 ? 9 : 0; return 0; }
CUresult cuDevicePrimaryCtxRetain(void** ctx, int d) { (void)d; *ctx = (void*)16; return 0; }
CUresult cuCtxSetCurrent(void* ctx) { return ctx == (void*)16 ? 0 : 201; }

CUresult cuModuleLoadDataEx(void** mod, const char* image, unsigned n, int* opts, void** vals) {
  if (strstr(image, ".address_size 64") == NULL) {
    for (unsigned i = 0; i + 1 < n; ++i) {
      if (opts[i] == kJitErrorLog) snprintf((char*)vals[i], (size_t)(uintptr_t)vals[i + 1], "shim: 32-bit PTX");
    }
    return kInvalidPtx;
  }
  *mod = strdup(image);
  return 0;
}
CUresult cuModuleGetFunction(void** f, void* mod, const char* name) {
  if (strstr((const char*)mod, name) == NULL) return kNotFound;
  *f = strdup(name);
  return 0;
}
CUresult cuModuleGetGlobal_v2(uint64_t* p, size_t* size, void* mod, const char* name) {
  (void)mod; (void)name;
  *p = (uint64_t)(uintptr_t)calloc(1, 4096);
  *size = 4096;
  return 0;
}
CUresult cuMemAlloc_v2(uint64_t* p, size_t n) { *p = (uint64_t)(uintptr_t)malloc(n); return 0; }
CUresult cuMemFree_v2(uint64_t p) { free((void*)(uintptr_t)p); return 0; }
CUresult cuMemcpyHtoD_v2(uint64_t d, const void* s, size_t n) { memcpy((void*)(uintptr_t)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void* d, uint64_t s, size_t n) { memcpy(d, (const void*)(uintptr_t)s, n); return 0; }

CUresult cuLaunchKernel(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, void* stream, void** params, void** extra) {
  (void)shared; (void)stream; (void)extra;
  launched = (const char*)f;
  launched_threads = gx * gy * gz * bx * by * bz;
  if (strcmp(launched, "_Z10vector_addPKfS0_Pfi") == 0) {
    vec_a = *(const float**)params[0];
    vec_b = *(const float**)params[1];
    vec_c = *(float**)params[2];
    vec_n = *(const int*)params[3];
  } else if (strcmp(launched, "_Z13printf_kernelPif") == 0) {
    print_scale = *(const float*)params[1];
  }
  return 0;
}
CUresult cuLaunchCooperativeKernel(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                   unsigned bz, unsigned shared, void* stream, void** params) {
  return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params, NULL);
}
CUresult cuFuncSetAttribute(void* f, int attr, int v) { (void)f; (void)attr; (void)v; return 0; }

CUresult cuCtxSynchronize(void) {
  if (launched == NULL) return 0;
  if (strcmp(launched, "_Z10vector_addPKfS0_Pfi") == 0) {
    for (int i = 0; i < vec_n && (unsigned)i < launched_threads; ++i) vec_c[i] = vec_a[i] + vec_b[i];
  } else if (strcmp(launched, "_Z13printf_kernelPif") == 0) {
    printf("shim printf: scale %.3f\n", (double)print_scale);
  }
  launched = NULL;
  return 0;
}
CUresult cuModuleUnload(void* mod) { free(mod); return 0; }
CUresult cuGetErrorName(int code, const char** s) {
  *s = code == kInvalidPtx ? "CUDA_ERROR_INVALID_PTX" : code == kNotFound ? "CUDA_ERROR_NOT_FOUND" : "CUDA_ERROR_UNKNOWN";
  return 0;
}
CUresult cuGetErrorString(int code, const char** s) {
  *s = code == kInvalidPtx ? "a PTX JIT compilation failed" : "shim error";
  return 0;
}
