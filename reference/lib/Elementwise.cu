// Reference kernels of the elementwise ops: one thread per element, in f32,
// written for obviousness rather than speed (they are the oracle).
#include "Common.cuh"

#include <cmath>

namespace mini::ref {
namespace {

constexpr int kThreads = 256;

unsigned gridFor(int64_t n, const char *what) { return gridDim1((n + kThreads - 1) / kThreads, what); }

__device__ __forceinline__ int64_t globalIndex() {
  return int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
}

template <typename T>
__global__ void binaryKernel(bool mul, const T *a, const T *b, T *y, int64_t n, int64_t bn) {
  int64_t i = globalIndex();
  if (i >= n)
    return;
  float x = toF32(a[i]), z = toF32(b[i % bn]);
  y[i] = fromF32<T>(mul ? x * z : x + z);
}

__device__ float unaryOp(UnaryOp op, float x, float factor) {
  switch (op) {
  case UnaryOp::Silu: return x / (1.0f + expf(-x));
  case UnaryOp::Gelu: return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
  case UnaryOp::GeluTanh:
    return 0.5f * x * (1.0f + tanhf(0.79788456080286536f * (x + 0.044715f * x * x * x)));
  case UnaryOp::Scale: return x * factor;
  case UnaryOp::Cast: return x;
  }
  return x;
}

template <typename In, typename Out>
__global__ void unaryKernel(UnaryOp op, const In *x, Out *y, int64_t n, float factor) {
  int64_t i = globalIndex();
  if (i < n)
    y[i] = fromF32<Out>(unaryOp(op, toF32(x[i]), factor));
}

template <typename T>
__global__ void causalMaskKernel(const T *x, T *y, int64_t n, int64_t S, int64_t T_) {
  int64_t idx = globalIndex();
  if (idx >= n)
    return;
  int64_t j = idx % T_, i = (idx / T_) % S;
  y[idx] = j > i + T_ - S ? fromF32<T>(-INFINITY) : x[idx];
}

template <typename T>
__global__ void transposeKernel(const T *x, T *y, int64_t n, int64_t R, int64_t C) {
  int64_t idx = globalIndex();
  if (idx >= n)
    return;
  int64_t c = idx % C, r = (idx / C) % R, z = idx / (R * C);
  y[(z * C + c) * R + r] = x[idx];
}

} // namespace

const char *name(UnaryOp op) {
  switch (op) {
  case UnaryOp::Silu: return "silu";
  case UnaryOp::Gelu: return "gelu";
  case UnaryOp::GeluTanh: return "gelu_tanh";
  case UnaryOp::Scale: return "scale";
  case UnaryOp::Cast: return "cast";
  }
  return "?";
}

void binary(bool mul, DType t, const void *a, const void *b, void *y, int64_t n, int64_t bn) {
  dispatch(t, [&](auto tag) {
    using T = decltype(tag);
    binaryKernel<T><<<gridFor(n, "reference add/mul"), kThreads>>>(
        mul, static_cast<const T *>(a), static_cast<const T *>(b), static_cast<T *>(y), n, bn);
  });
  checkLaunch(mul ? "reference mul" : "reference add");
}

void unary(UnaryOp op, DType in, DType out, const void *x, void *y, int64_t n, float factor) {
  dispatch(in, [&](auto inTag) {
    dispatch(out, [&](auto outTag) {
      using In = decltype(inTag);
      using Out = decltype(outTag);
      unaryKernel<In, Out><<<gridFor(n, "reference unary op"), kThreads>>>(
          op, static_cast<const In *>(x), static_cast<Out *>(y), n, factor);
    });
  });
  checkLaunch(std::string("reference ") + name(op));
}

void causalMask(DType t, const void *x, void *y, int64_t batch, int64_t S, int64_t T) {
  dispatch(t, [&](auto tag) {
    using E = decltype(tag);
    int64_t n = batch * S * T;
    causalMaskKernel<E><<<gridFor(n, "reference causal_mask"), kThreads>>>(
        static_cast<const E *>(x), static_cast<E *>(y), n, S, T);
  });
  checkLaunch("reference causal_mask");
}

void transpose(DType t, const void *x, void *y, int64_t batch, int64_t R, int64_t C) {
  dispatch(t, [&](auto tag) {
    using E = decltype(tag);
    int64_t n = batch * R * C;
    transposeKernel<E><<<gridFor(n, "reference transpose"), kThreads>>>(
        static_cast<const E *>(x), static_cast<E *>(y), n, R, C);
  });
  checkLaunch("reference transpose");
}

} // namespace mini::ref
