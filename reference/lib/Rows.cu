#include "Common.cuh"

#include <cfloat>

namespace mini::ref {
namespace {

constexpr int kThreads = 256, kWarps = kThreads / 32;

/// Sum or max over the block; every thread gets the result.
template <bool kMax> __device__ float blockReduce(float v, float *scratch) {
  v = kMax ? warpMax(v) : warpSum(v);
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    scratch[warp] = v;
  __syncthreads();
  float r = scratch[0];
  for (int w = 1; w < kWarps; ++w)
    r = kMax ? nanMax(r, scratch[w]) : r + scratch[w];
  __syncthreads();
  return r;
}

template <typename T>
__global__ void __launch_bounds__(kThreads) softmaxBlock(const T *x, T *y, int64_t C) {
  __shared__ float scratch[kWarps];
  const T *row = x + blockIdx.x * C;
  T *out = y + blockIdx.x * C;
  float m = -INFINITY;
  for (int64_t i = threadIdx.x; i < C; i += kThreads)
    m = nanMax(m, toF32(row[i]));
  m = blockReduce<true>(m, scratch);
  float s = 0;
  for (int64_t i = threadIdx.x; i < C; i += kThreads)
    s += expf(toF32(row[i]) - m);
  s = blockReduce<false>(s, scratch);
  float inv = 1.0f / s;
  for (int64_t i = threadIdx.x; i < C; i += kThreads)
    out[i] = fromF32<T>(expf(toF32(row[i]) - m) * inv);
}

/// Merges running (max, sum) pairs: sum is relative to max.
__device__ void mergeOnline(float &m, float &s, float m2, float s2) {
  float mn = nanMax(m, m2);
  if (mn == -INFINITY)
    return; // both empty so far
  s = s * expf(m - mn) + s2 * expf(m2 - mn);
  m = mn;
}

template <typename T>
__global__ void __launch_bounds__(kThreads) softmaxOnline(const T *x, T *y, int64_t C) {
  __shared__ float sm[kWarps], ss[kWarps];
  const T *row = x + blockIdx.x * C;
  T *out = y + blockIdx.x * C;
  float m = -INFINITY, s = 0;
  for (int64_t i = threadIdx.x; i < C; i += kThreads) {
    float v = toF32(row[i]);
    float mn = nanMax(m, v);
    if (mn != -INFINITY) {
      s = s * expf(m - mn) + expf(v - mn);
      m = mn;
    }
  }
  for (int o = 16; o > 0; o >>= 1) {
    float m2 = __shfl_xor_sync(0xffffffffu, m, o), s2 = __shfl_xor_sync(0xffffffffu, s, o);
    mergeOnline(m, s, m2, s2);
  }
  int warp = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0) {
    sm[warp] = m;
    ss[warp] = s;
  }
  __syncthreads();
  m = sm[0];
  s = ss[0];
  for (int w = 1; w < kWarps; ++w)
    mergeOnline(m, s, sm[w], ss[w]);
  // A row of only -inf has s == 0 here; exp(-inf - -inf) = NaN below, as in
  // the three-pass version.
  float inv = 1.0f / s;
  for (int64_t i = threadIdx.x; i < C; i += kThreads)
    out[i] = fromF32<T>(expf(toF32(row[i]) - m) * inv);
}

template <typename T> struct alignas(16) Vec16 {
  T v[16 / sizeof(T)];
};

template <typename T>
__global__ void __launch_bounds__(kThreads) rmsnormKernel(const T *x, const T *w, T *y, int64_t C,
                                                          float eps, bool vectorized) {
  __shared__ float scratch[kWarps];
  constexpr int kVec = 16 / sizeof(T);
  const T *row = x + blockIdx.x * C;
  T *out = y + blockIdx.x * C;
  float ss = 0;
  if (vectorized) {
    auto rowV = reinterpret_cast<const Vec16<T> *>(row);
    for (int64_t i = threadIdx.x; i < C / kVec; i += kThreads) {
      Vec16<T> p = rowV[i];
#pragma unroll
      for (int e = 0; e < kVec; ++e) {
        float f = toF32(p.v[e]);
        ss = fmaf(f, f, ss);
      }
    }
  } else {
    for (int64_t i = threadIdx.x; i < C; i += kThreads) {
      float f = toF32(row[i]);
      ss = fmaf(f, f, ss);
    }
  }
  ss = blockReduce<false>(ss, scratch);
  float rstd = rsqrtf(ss / float(C) + eps);
  if (vectorized) {
    auto rowV = reinterpret_cast<const Vec16<T> *>(row);
    auto wV = reinterpret_cast<const Vec16<T> *>(w);
    auto outV = reinterpret_cast<Vec16<T> *>(out);
    for (int64_t i = threadIdx.x; i < C / kVec; i += kThreads) {
      Vec16<T> p = rowV[i], q = wV[i], r;
#pragma unroll
      for (int e = 0; e < kVec; ++e)
        r.v[e] = fromF32<T>(toF32(p.v[e]) * rstd * toF32(q.v[e]));
      outV[i] = r;
    }
  } else {
    for (int64_t i = threadIdx.x; i < C; i += kThreads)
      out[i] = fromF32<T>(toF32(row[i]) * rstd * toF32(w[i]));
  }
}

/// Two passes over the row for the mean, then the variance about it (no
/// cancellation), then the write; scalar accesses: a reference, not a peer.
template <typename T>
__global__ void __launch_bounds__(kThreads) layernormKernel(const T *x, const T *w, const T *b,
                                                            T *y, int64_t C, float eps) {
  __shared__ float scratch[kWarps];
  const T *row = x + blockIdx.x * C;
  T *out = y + blockIdx.x * C;
  float sum = 0;
  for (int64_t i = threadIdx.x; i < C; i += kThreads)
    sum += toF32(row[i]);
  float mean = blockReduce<false>(sum, scratch) / float(C);
  float ss = 0;
  for (int64_t i = threadIdx.x; i < C; i += kThreads) {
    float d = toF32(row[i]) - mean;
    ss = fmaf(d, d, ss);
  }
  float rstd = rsqrtf(blockReduce<false>(ss, scratch) / float(C) + eps);
  for (int64_t i = threadIdx.x; i < C; i += kThreads)
    out[i] = fromF32<T>((toF32(row[i]) - mean) * rstd * toF32(w[i]) + toF32(b[i]));
}

bool aligned16(const void *p) { return reinterpret_cast<uintptr_t>(p) % 16 == 0; }

} // namespace

const char *name(SoftmaxVariant v) {
  return v == SoftmaxVariant::Online ? "online" : "block-reduce";
}

void softmax(SoftmaxVariant v, DType t, const void *x, void *y, int64_t R, int64_t C) {
  dispatch(t, [&](auto tag) {
    using T = decltype(tag);
    unsigned grid = gridDim1(R, "reference softmax");
    if (v == SoftmaxVariant::Online)
      softmaxOnline<T><<<grid, kThreads>>>(static_cast<const T *>(x), static_cast<T *>(y), C);
    else
      softmaxBlock<T><<<grid, kThreads>>>(static_cast<const T *>(x), static_cast<T *>(y), C);
  });
  checkLaunch(std::string("reference softmax ") + name(v));
}

void rmsnorm(DType t, const void *x, const void *w, void *y, int64_t R, int64_t C, float eps) {
  dispatch(t, [&](auto tag) {
    using T = decltype(tag);
    int64_t vec = 16 / sizeof(T);
    bool vectorized = C % vec == 0 && aligned16(x) && aligned16(w) && aligned16(y);
    rmsnormKernel<T><<<gridDim1(R, "reference rmsnorm"), kThreads>>>(
        static_cast<const T *>(x), static_cast<const T *>(w), static_cast<T *>(y), C, eps,
        vectorized);
  });
  checkLaunch("reference rmsnorm");
}

void layernorm(DType t, const void *x, const void *w, const void *b, void *y, int64_t R,
               int64_t C, float eps) {
  dispatch(t, [&](auto tag) {
    using T = decltype(tag);
    layernormKernel<T><<<gridDim1(R, "reference layernorm"), kThreads>>>(
        static_cast<const T *>(x), static_cast<const T *>(w), static_cast<const T *>(b),
        static_cast<T *>(y), C, eps);
  });
  checkLaunch("reference layernorm");
}

} // namespace mini::ref
