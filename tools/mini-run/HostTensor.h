// mini-run's host-side tensors: random inputs in the element type, and the
// comparison of an output with a reference in float64.
#ifndef MINI_RUN_HOSTTENSOR_H
#define MINI_RUN_HOSTTENSOR_H

#include "mini/runtime/Half.h"
#include "mini/runtime/Manifest.h"

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace mini::run {

using rt::DType;

/// Host tensor stored in its element type, with a float view for checking.
struct HostTensor {
  DType dtype;
  std::vector<unsigned char> bytes;

  HostTensor(DType t, int64_t n) : dtype(t), bytes(static_cast<size_t>(n) * rt::dtypeBytes(t)) {}
  int64_t size() const { return static_cast<int64_t>(bytes.size() / rt::dtypeBytes(dtype)); }
  float get(int64_t i) const {
    if (dtype == DType::F32) {
      float f;
      std::memcpy(&f, bytes.data() + 4 * i, 4);
      return f;
    }
    uint16_t h;
    std::memcpy(&h, bytes.data() + 2 * i, 2);
    return dtype == DType::F16 ? rt::halfToFloat(h) : rt::bf16ToFloat(h);
  }
  void set(int64_t i, float f) {
    if (dtype == DType::F32) {
      std::memcpy(bytes.data() + 4 * i, &f, 4);
      return;
    }
    uint16_t h = dtype == DType::F16 ? rt::floatToHalf(f) : rt::floatToBf16(f);
    std::memcpy(bytes.data() + 2 * i, &h, 2);
  }
  std::vector<double> toDouble() const {
    std::vector<double> d(static_cast<size_t>(size()));
    for (int64_t i = 0; i < size(); ++i)
      d[i] = get(i);
    return d;
  }
};

struct Comparison {
  double relError = 0;        // over positions where both are finite
  int64_t nonfiniteMismatch = 0; // NaN/Inf pattern differs
  int64_t firstBad = -1;
};

inline Comparison compare(const HostTensor &out, const std::vector<double> &ref) {
  Comparison c;
  double num = 0, den = 0;
  for (int64_t i = 0; i < out.size(); ++i) {
    double o = out.get(i), r = ref[i];
    bool of = std::isfinite(o), rf = std::isfinite(r);
    if (of && rf) {
      num += (o - r) * (o - r);
      den += r * r;
      continue;
    }
    bool same = (std::isnan(o) && std::isnan(r)) || (std::isinf(o) && std::isinf(r) && (o > 0) == (r > 0));
    if (!same) {
      ++c.nonfiniteMismatch;
      if (c.firstBad < 0)
        c.firstBad = i;
    }
  }
  c.relError = den > 0 ? std::sqrt(num / den) : std::sqrt(num);
  return c;
}

/// A matmul whose operands went through the tensor cores as TF32: f16's 10
/// mantissa bits, so f16's tolerance.
constexpr double kTf32Tolerance = 2e-3;

inline double tolerance(DType t) {
  switch (t) {
  case DType::F32: return 1e-5;
  case DType::F16: return 2e-3;
  case DType::BF16: return 1e-2;
  }
  return 0;
}

/// Random inputs in [lo, hi), never all zeros; optionally with NaN and -inf planted.
inline void fillRandom(HostTensor &t, std::mt19937_64 &rng, float lo, float hi, bool nonfinite) {
  std::uniform_real_distribution<float> dist(lo, hi);
  for (int64_t i = 0; i < t.size(); ++i)
    t.set(i, dist(rng));
  if (nonfinite && t.size() > 2) {
    std::uniform_int_distribution<int64_t> pick(0, t.size() - 1);
    t.set(pick(rng), NAN);
    t.set(pick(rng), -INFINITY);
  }
}

} // namespace mini::run

#endif
