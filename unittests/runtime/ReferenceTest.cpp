// The reference kernels against float64 CPU references on small, odd shapes.
// Needs a GPU; skips with the reason otherwise.
#include "mini/reference/Cpu.h"
#include "mini/reference/Reference.h"
#include "mini/runtime/Half.h"
#include "mini/runtime/Runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

using namespace mini;
using rt::DType;

namespace {

class ReferenceTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string reason;
    if (rt::deviceCount(&reason) == 0)
      GTEST_SKIP() << "no GPU: " << reason;
    device = std::make_unique<rt::Device>(0);
  }

  /// Random values in [lo, hi), rounded to `t`; returns the device copy and
  /// fills `exact` with the rounded values.
  rt::DeviceBuffer upload(DType t, size_t n, std::vector<double> &exact, float lo = -1, float hi = 1) {
    std::uniform_real_distribution<float> dist(lo, hi);
    std::vector<unsigned char> bytes(n * rt::dtypeBytes(t));
    exact.resize(n);
    for (size_t i = 0; i < n; ++i) {
      float f = dist(rng);
      if (t == DType::F32) {
        std::memcpy(&bytes[4 * i], &f, 4);
        exact[i] = f;
      } else {
        uint16_t h = t == DType::F16 ? rt::floatToHalf(f) : rt::floatToBf16(f);
        std::memcpy(&bytes[2 * i], &h, 2);
        exact[i] = t == DType::F16 ? rt::halfToFloat(h) : rt::bf16ToFloat(h);
      }
    }
    rt::DeviceBuffer buf(bytes.size());
    buf.upload(bytes.data());
    return buf;
  }

  rt::DeviceBuffer poisoned(DType t, size_t n) {
    rt::DeviceBuffer buf(n * rt::dtypeBytes(t));
    buf.fill(0xFF);
    return buf;
  }

  /// norm(out - want) / norm(want); NaN anywhere in `out` fails.
  double relError(DType t, const rt::DeviceBuffer &buf, const std::vector<double> &want) {
    std::vector<unsigned char> bytes(buf.bytes());
    buf.download(bytes.data());
    double num = 0, den = 0;
    for (size_t i = 0; i < want.size(); ++i) {
      double v;
      if (t == DType::F32) {
        float f;
        std::memcpy(&f, &bytes[4 * i], 4);
        v = f;
      } else {
        uint16_t h;
        std::memcpy(&h, &bytes[2 * i], 2);
        v = t == DType::F16 ? rt::halfToFloat(h) : rt::bf16ToFloat(h);
      }
      if (!std::isfinite(v))
        return INFINITY;
      num += (v - want[i]) * (v - want[i]);
      den += want[i] * want[i];
    }
    return std::sqrt(num / den);
  }

  static double tol(DType t) { return t == DType::F32 ? 1e-5 : t == DType::F16 ? 2e-3 : 1e-2; }

  std::unique_ptr<rt::Device> device;
  std::mt19937_64 rng{std::random_device{}()};
};

TEST_F(ReferenceTest, MatmulVariantsMatchFloat64) {
  const int64_t batch = 2, M = 37, N = 53, K = 71;
  for (DType in : {DType::F16, DType::BF16, DType::F32}) {
    std::vector<double> a, b, want(batch * M * N);
    rt::DeviceBuffer da = upload(in, batch * M * K, a), db = upload(in, batch * K * N, b);
    ref::cpu::matmul(a.data(), b.data(), want.data(), batch, M, N, K);
    for (auto v : {ref::MatmulVariant::Naive, ref::MatmulVariant::Tiled, ref::MatmulVariant::Wmma,
                   ref::MatmulVariant::Pipelined}) {
      if (!ref::supports(v, in))
        continue;
      for (DType out : {DType::F32, in}) {
        rt::DeviceBuffer dc = poisoned(out, batch * M * N);
        ref::matmul(v, in, out, (void *)da.ptr(), (void *)db.ptr(), (void *)dc.ptr(), batch, M, N, K);
        device->synchronize();
        EXPECT_LT(relError(out, dc, want), tol(out))
            << ref::name(v) << " " << rt::dtypeName(in) << "->" << rt::dtypeName(out);
      }
    }
  }
}

TEST_F(ReferenceTest, MatmulPipelinedHandlesAlignedAndUnalignedRows) {
  // K, N multiples of 8 take the 16-byte cp.async path; others the scalar one.
  for (auto [M, N, K] : {std::tuple<int64_t, int64_t, int64_t>{128, 128, 128}, {65, 72, 40}, {33, 17, 9}}) {
    std::vector<double> a, b, want(M * N);
    rt::DeviceBuffer da = upload(DType::F16, M * K, a), db = upload(DType::F16, K * N, b);
    ref::cpu::matmul(a.data(), b.data(), want.data(), 1, M, N, K);
    rt::DeviceBuffer dc = poisoned(DType::F32, M * N);
    ref::matmul(ref::MatmulVariant::Pipelined, DType::F16, DType::F32, (void *)da.ptr(), (void *)db.ptr(),
                (void *)dc.ptr(), 1, M, N, K);
    device->synchronize();
    EXPECT_LT(relError(DType::F32, dc, want), 1e-5) << M << "x" << N << "x" << K;
  }
}

TEST_F(ReferenceTest, SoftmaxVariantsMatchFloat64) {
  for (DType t : {DType::F16, DType::BF16, DType::F32})
    for (auto [R, C] : {std::pair<int64_t, int64_t>{3, 1}, {5, 7}, {4, 1000}, {2, 5000}}) {
      std::vector<double> x, want(R * C);
      rt::DeviceBuffer dx = upload(t, R * C, x, -8, 8);
      ref::cpu::softmax(x.data(), want.data(), R, C);
      for (auto v : {ref::SoftmaxVariant::BlockReduce, ref::SoftmaxVariant::Online}) {
        rt::DeviceBuffer dy = poisoned(t, R * C);
        ref::softmax(v, t, (void *)dx.ptr(), (void *)dy.ptr(), R, C);
        device->synchronize();
        EXPECT_LT(relError(t, dy, want), tol(t)) << ref::name(v) << " " << rt::dtypeName(t) << " " << R << "x" << C;
      }
    }
}

TEST_F(ReferenceTest, RmsNormMatchesFloat64VectorizedAndScalar) {
  for (DType t : {DType::F16, DType::BF16, DType::F32})
    for (auto [R, C] : {std::pair<int64_t, int64_t>{3, 64}, {5, 67}, {2, 4096}, {1, 1}}) {
      std::vector<double> x, w, want(R * C);
      rt::DeviceBuffer dx = upload(t, R * C, x), dw = upload(t, C, w);
      ref::cpu::rmsnorm(x.data(), w.data(), want.data(), R, C, 1e-6);
      rt::DeviceBuffer dy = poisoned(t, R * C);
      ref::rmsnorm(t, (void *)dx.ptr(), (void *)dw.ptr(), (void *)dy.ptr(), R, C, 1e-6f);
      device->synchronize();
      EXPECT_LT(relError(t, dy, want), tol(t)) << rt::dtypeName(t) << " " << R << "x" << C;
    }
}

TEST_F(ReferenceTest, LayerNormMatchesFloat64OffZero) {
  // Values far from zero (mean 100, spread 1): the variance about the mean.
  for (DType t : {DType::F16, DType::BF16, DType::F32})
    for (auto [R, C] : {std::pair<int64_t, int64_t>{3, 64}, {5, 67}, {2, 4096}, {1, 1}}) {
      std::vector<double> x, w, b, want(R * C);
      rt::DeviceBuffer dx = upload(t, R * C, x, 99, 101), dw = upload(t, C, w),
                       db = upload(t, C, b);
      ref::cpu::layernorm(x.data(), w.data(), b.data(), want.data(), R, C, 1e-5);
      rt::DeviceBuffer dy = poisoned(t, R * C);
      ref::layernorm(t, (void *)dx.ptr(), (void *)dw.ptr(), (void *)db.ptr(), (void *)dy.ptr(), R,
                     C, 1e-5f);
      device->synchronize();
      EXPECT_LT(relError(t, dy, want), tol(t)) << rt::dtypeName(t) << " " << R << "x" << C;
    }
}

TEST_F(ReferenceTest, AttentionMatchesFloat64) {
  struct Case { int64_t B, H, G, S, T, D; bool causal; };
  for (DType t : {DType::F16, DType::BF16, DType::F32})
    for (Case c : {Case{1, 2, 2, 5, 5, 64, false}, Case{2, 4, 2, 33, 33, 64, true},
                   Case{1, 4, 1, 1, 70, 128, true}, Case{1, 2, 1, 40, 9, 48, true},
                   Case{1, 2, 2, 9, 40, 128, false}}) {
      std::vector<double> q, k, v, want(c.B * c.H * c.S * c.D);
      rt::DeviceBuffer dq = upload(t, c.B * c.H * c.S * c.D, q);
      rt::DeviceBuffer dk = upload(t, c.B * c.G * c.T * c.D, k), dv = upload(t, c.B * c.G * c.T * c.D, v);
      double scale = 1.0 / std::sqrt(double(c.D));
      ref::cpu::attention(q.data(), k.data(), v.data(), want.data(), c.B, c.H, c.G, c.S, c.T, c.D, scale, c.causal);
      rt::DeviceBuffer dout = poisoned(t, want.size());
      ref::attention(t, (void *)dq.ptr(), (void *)dk.ptr(), (void *)dv.ptr(), (void *)dout.ptr(), c.B, c.H, c.G,
                     c.S, c.T, c.D, float(scale), c.causal);
      device->synchronize();
      EXPECT_LT(relError(t, dout, want), tol(t))
          << rt::dtypeName(t) << " S=" << c.S << " T=" << c.T << " D=" << c.D << " causal=" << c.causal;
    }
}

TEST_F(ReferenceTest, AttentionRowsWithoutKeysAndWithOnlyMinusInfScores) {
  // Causal, S = 6 > T = 4: rows 0 and 1 see no key (zeros). Row 2 sees key 0
  // only and q[2][0] = -inf against k[0][0] > 0 makes its one score -inf:
  // softmax over it is NaN, in the float64 reference and on the GPU alike.
  const int64_t S = 6, T = 4, D = 32;
  std::vector<float> q(S * D), k(T * D), v(T * D);
  for (size_t i = 0; i < q.size(); ++i)
    q[i] = 0.25f - 0.01f * float(i % 37);
  for (size_t i = 0; i < k.size(); ++i) {
    k[i] = 0.5f - 0.02f * float(i % 23);
    v[i] = -0.5f + 0.03f * float(i % 29);
  }
  k[0] = 0.75f;
  q[2 * D] = -INFINITY;
  std::vector<double> qd(q.begin(), q.end()), kd(k.begin(), k.end()), vd(v.begin(), v.end());
  std::vector<double> want(S * D);
  ref::cpu::attention(qd.data(), kd.data(), vd.data(), want.data(), 1, 1, 1, S, T, D, 0.125, true);
  rt::DeviceBuffer dq(q.size() * 4), dk(k.size() * 4), dv(v.size() * 4);
  dq.upload(q.data());
  dk.upload(k.data());
  dv.upload(v.data());
  rt::DeviceBuffer dout = poisoned(DType::F32, want.size());
  ref::attention(DType::F32, (void *)dq.ptr(), (void *)dk.ptr(), (void *)dv.ptr(), (void *)dout.ptr(), 1, 1, 1,
                 S, T, D, 0.125f, true);
  device->synchronize();
  std::vector<float> got(want.size());
  dout.download(got.data());
  for (int64_t i = 0; i < S; ++i)
    for (int64_t d = 0; d < D; ++d) {
      double w = want[i * D + d];
      float g = got[i * D + d];
      if (i < 2)
        EXPECT_EQ(w, 0.0) << "row " << i;
      if (i == 2)
        EXPECT_TRUE(std::isnan(w)) << "float64 reference, row 2";
      if (std::isnan(w))
        EXPECT_TRUE(std::isnan(g)) << "row " << i << " d " << d;
      else
        EXPECT_NEAR(g, w, 1e-5) << "row " << i << " d " << d;
    }
}

} // namespace
