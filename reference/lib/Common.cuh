// Shared pieces of the reference kernels.
#pragma once

#include "mini/reference/Reference.h"
#include "mini/runtime/Error.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <string>

namespace mini::ref {

__device__ __forceinline__ float toF32(float v) { return v; }
__device__ __forceinline__ float toF32(__half v) { return __half2float(v); }
__device__ __forceinline__ float toF32(__nv_bfloat16 v) { return __bfloat162float(v); }

template <typename T> __device__ __forceinline__ T fromF32(float v);
template <> __device__ __forceinline__ float fromF32<float>(float v) { return v; }
template <> __device__ __forceinline__ __half fromF32<__half>(float v) { return __float2half_rn(v); }
template <> __device__ __forceinline__ __nv_bfloat16 fromF32<__nv_bfloat16>(float v) {
  return __float2bfloat16_rn(v);
}

__device__ __forceinline__ float warpSum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
/// NaN-propagating max, like the compiled kernels (arith.maximumf).
__device__ __forceinline__ float nanMax(float a, float b) {
  return (a != a || b != b) ? __int_as_float(0x7fc00000) : fmaxf(a, b);
}
__device__ __forceinline__ float warpMax(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v = nanMax(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

/// Calls F<T>() with T the CUDA type of `t`.
template <typename F> void dispatch(DType t, F &&f) {
  switch (t) {
  case DType::F16: f(__half{}); break;
  case DType::BF16: f(__nv_bfloat16{}); break;
  case DType::F32: f(float{}); break;
  }
}

inline unsigned gridDim1(int64_t n, const char *what) {
  if (n < 1 || n > 2147483647LL)
    throw rt::Error(std::string(what) + ": grid of " + std::to_string(n) + " blocks is out of range");
  return static_cast<unsigned>(n);
}

} // namespace mini::ref
