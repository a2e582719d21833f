// Flash-style reference attention, deliberately a different algorithm from the
// compiled kernel: a warp scores 32 keys at once (lane j owns key j of the
// tile), then updates the online softmax once per tile.
#include "Common.cuh"

namespace mini::ref {
namespace {

constexpr int kWarps = 4, kThreads = kWarps * 32, kKeys = 32, kRowsPerBlock = 16;
constexpr int kMaxDPerLane = 8; // D <= 256

template <typename T>
__global__ void __launch_bounds__(kThreads)
    attentionKernel(const T *q, const T *k, const T *v, T *o, int64_t H, int64_t G, int64_t S,
                    int64_t T_, int D, float scale, bool causal) {
  extern __shared__ float smem[];
  const int ldk = D + 1; // padded: lane j reads row j of K without bank conflicts
  float *ks = smem;                    // [kKeys][D+1]
  float *vs = ks + kKeys * ldk;        // [kKeys][D]
  float *qs = vs + kKeys * D;          // [kWarps][D]
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int64_t h = blockIdx.y, b = blockIdx.z, g = h / (H / G);
  int64_t row0 = blockIdx.x * int64_t(kRowsPerBlock);
  const T *kb = k + (b * G + g) * T_ * D, *vb = v + (b * G + g) * T_ * D;

  // Keys any row of this block may see.
  int64_t lastRow = row0 + kRowsPerBlock - 1 < S - 1 ? row0 + kRowsPerBlock - 1 : S - 1;
  int64_t reach = lastRow + T_ - S + 1;
  int64_t kvEnd = causal ? (reach < 0 ? 0 : (reach < T_ ? reach : T_)) : T_;

  // Each warp owns rows row0 + warp + kWarps * r.
  constexpr int kRowsPerWarp = kRowsPerBlock / kWarps;
  float m[kRowsPerWarp], l[kRowsPerWarp], acc[kRowsPerWarp][kMaxDPerLane];
  for (int r = 0; r < kRowsPerWarp; ++r) {
    m[r] = -INFINITY;
    l[r] = 0;
    for (int e = 0; e < kMaxDPerLane; ++e)
      acc[r][e] = 0;
  }
  for (int64_t t0 = 0; t0 < kvEnd; t0 += kKeys) {
    __syncthreads();
    for (int n = threadIdx.x; n < kKeys * D; n += kThreads) {
      int j = n / D, d = n % D;
      bool ok = t0 + j < T_;
      ks[j * ldk + d] = ok ? toF32(kb[(t0 + j) * D + d]) : 0.f;
      vs[j * D + d] = ok ? toF32(vb[(t0 + j) * D + d]) : 0.f;
    }
    __syncthreads();
    for (int r = 0; r < kRowsPerWarp; ++r) {
      int64_t i = row0 + warp + kWarps * r;
      if (i >= S)
        continue; // warp-uniform
      const T *qi = q + ((b * H + h) * S + i) * D;
      for (int d = lane; d < D; d += 32)
        qs[warp * D + d] = toF32(qi[d]);
      __syncwarp();
      int64_t key = t0 + lane;
      float s = 0;
      for (int d = 0; d < D; ++d)
        s = fmaf(qs[warp * D + d], ks[lane * ldk + d], s);
      s *= scale;
      bool visible = key < T_ && (!causal || key <= i + T_ - S);
      if (!visible)
        s = -INFINITY;
      float mNew = nanMax(m[r], warpMax(s));
      float mUse = mNew == -INFINITY ? 0.f : mNew;
      float p = expf(s - mUse);
      float corr = expf(m[r] - mUse);
      l[r] = l[r] * corr + warpSum(p);
      m[r] = mNew;
      // Every lane runs every shuffle (lanes past D included); masked keys
      // contribute nothing, even a NaN or Inf value.
      unsigned visibleKeys = __ballot_sync(0xffffffffu, visible);
      for (int e = 0; e < kMaxDPerLane; ++e) {
        if (32 * e >= D)
          break; // uniform across the warp
        int d = lane + 32 * e;
        float a = acc[r][e] * corr;
        for (int j = 0; j < kKeys; ++j) {
          float pj = __shfl_sync(0xffffffffu, p, j);
          if (d < D && ((visibleKeys >> j) & 1u))
            a = fmaf(pj, vs[j * D + d], a);
        }
        acc[r][e] = a;
      }
      __syncwarp();
    }
  }
  for (int r = 0; r < kRowsPerWarp; ++r) {
    int64_t i = row0 + warp + kWarps * r;
    if (i >= S)
      continue;
    T *oi = o + ((b * H + h) * S + i) * D;
    // No visible key: zeros. Visible keys whose scores are all -inf: l = 0
    // and NaN (0 x 1/0), as the softmax over them.
    bool sawKey = T_ > 0 && (!causal || i + T_ - S >= 0);
    float inv = sawKey ? 1.0f / l[r] : 0.f;
    for (int e = 0; e < kMaxDPerLane; ++e) {
      int d = lane + 32 * e;
      if (d < D)
        oi[d] = fromF32<T>(acc[r][e] * inv);
    }
  }
}

} // namespace

void attention(DType t, const void *q, const void *k, const void *v, void *o, int64_t B,
               int64_t H, int64_t G, int64_t S, int64_t T, int64_t D, float scale,
               bool causal) {
  if (D < 1 || D > 32 * kMaxDPerLane)
    throw rt::Error("reference attention supports 1 <= D <= 256, got D = " + std::to_string(D));
  if (G < 1 || H % G != 0)
    throw rt::Error("reference attention: H must be a multiple of G");
  if (H > 65535 || B > 65535)
    throw rt::Error("reference attention: B and H must be <= 65535");
  size_t smemBytes = sizeof(float) * (kKeys * (D + 1) + kKeys * D + kWarps * D);
  dim3 grid(gridDim1((S + kRowsPerBlock - 1) / kRowsPerBlock, "reference attention"), H, B);
  dispatch(t, [&](auto tag) {
    using E = decltype(tag);
    auto kernel = attentionKernel<E>;
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smemBytes));
    kernel<<<grid, kThreads, smemBytes>>>(static_cast<const E *>(q), static_cast<const E *>(k),
                                          static_cast<const E *>(v), static_cast<E *>(o), H, G,
                                          S, T, int(D), scale, causal);
  });
  checkLaunch("reference attention");
}

} // namespace mini::ref
