#include "mini/reference/Cpu.h"

#include <cmath>
#include <limits>
#include <string>

namespace mini::ref::cpu {

void matmul(const double *a, const double *b, double *c, int64_t batch, int64_t M, int64_t N,
            int64_t K) {
  for (int64_t z = 0; z < batch; ++z)
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        double acc = 0;
        for (int64_t k = 0; k < K; ++k)
          acc += a[(z * M + i) * K + k] * b[(z * K + k) * N + j];
        c[(z * M + i) * N + j] = acc;
      }
}

namespace {
/// Max that propagates NaN, like the kernels.
double nanMax(double a, double b) { return (std::isnan(a) || std::isnan(b)) ? NAN : std::fmax(a, b); }
} // namespace

void softmax(const double *x, double *y, int64_t R, int64_t C) {
  for (int64_t r = 0; r < R; ++r) {
    const double *row = x + r * C;
    double m = -std::numeric_limits<double>::infinity();
    for (int64_t i = 0; i < C; ++i)
      m = nanMax(m, row[i]);
    double s = 0;
    for (int64_t i = 0; i < C; ++i)
      s += std::exp(row[i] - m);
    for (int64_t i = 0; i < C; ++i)
      y[r * C + i] = std::exp(row[i] - m) / s;
  }
}

void rmsnorm(const double *x, const double *w, double *y, int64_t R, int64_t C, double eps) {
  for (int64_t r = 0; r < R; ++r) {
    double ss = 0;
    for (int64_t i = 0; i < C; ++i)
      ss += x[r * C + i] * x[r * C + i];
    double rstd = 1.0 / std::sqrt(ss / static_cast<double>(C) + eps);
    for (int64_t i = 0; i < C; ++i)
      y[r * C + i] = x[r * C + i] * rstd * w[i];
  }
}

void layernorm(const double *x, const double *w, const double *b, double *y, int64_t R,
               int64_t C, double eps) {
  for (int64_t r = 0; r < R; ++r) {
    const double *row = x + r * C;
    double mean = 0, var = 0;
    for (int64_t i = 0; i < C; ++i)
      mean += row[i];
    mean /= static_cast<double>(C);
    for (int64_t i = 0; i < C; ++i)
      var += (row[i] - mean) * (row[i] - mean);
    double rstd = 1.0 / std::sqrt(var / static_cast<double>(C) + eps);
    for (int64_t i = 0; i < C; ++i)
      y[r * C + i] = (row[i] - mean) * rstd * w[i] + b[i];
  }
}

void attention(const double *q, const double *k, const double *v, double *o, int64_t B,
               int64_t H, int64_t G, int64_t S, int64_t T, int64_t D, double scale,
               bool causal) {
  std::vector<double> s(T);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < H; ++h) {
      int64_t g = h / (H / G);
      const double *kb = k + (b * G + g) * T * D, *vb = v + (b * G + g) * T * D;
      for (int64_t i = 0; i < S; ++i) {
        const double *qi = q + ((b * H + h) * S + i) * D;
        double *oi = o + ((b * H + h) * S + i) * D;
        int64_t visible = causal ? std::min<int64_t>(T, std::max<int64_t>(0, i + T - S + 1)) : T;
        for (int64_t d = 0; d < D; ++d)
          oi[d] = 0;
        if (visible == 0)
          continue;
        double m = -std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j < visible; ++j) {
          double acc = 0;
          for (int64_t d = 0; d < D; ++d)
            acc += qi[d] * kb[j * D + d];
          s[j] = acc * scale;
          m = nanMax(m, s[j]);
        }
        double l = 0;
        for (int64_t j = 0; j < visible; ++j) {
          s[j] = std::exp(s[j] - m);
          l += s[j];
        }
        for (int64_t j = 0; j < visible; ++j)
          for (int64_t d = 0; d < D; ++d)
            oi[d] += s[j] / l * vb[j * D + d];
      }
    }
}

void binary(bool mul, const double *a, const double *b, double *y, int64_t n, int64_t bn) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = mul ? a[i] * b[i % bn] : a[i] + b[i % bn];
}

void unary(const char *op, const double *x, double *y, int64_t n, double factor) {
  std::string name(op);
  for (int64_t i = 0; i < n; ++i) {
    double v = x[i];
    if (name == "silu")
      y[i] = v / (1 + std::exp(-v));
    else if (name == "gelu")
      y[i] = 0.5 * v * (1 + std::erf(v / std::sqrt(2.0)));
    else if (name == "gelu_tanh")
      y[i] = 0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v)));
    else if (name == "scale")
      y[i] = v * factor;
    else
      y[i] = v;
  }
}

void causalMask(const double *x, double *y, int64_t batch, int64_t S, int64_t T) {
  for (int64_t z = 0; z < batch; ++z)
    for (int64_t i = 0; i < S; ++i)
      for (int64_t j = 0; j < T; ++j) {
        int64_t at = (z * S + i) * T + j;
        y[at] = j > i + T - S ? -std::numeric_limits<double>::infinity() : x[at];
      }
}

void transpose(const double *x, double *y, int64_t batch, int64_t R, int64_t C, int64_t inner) {
  for (int64_t z = 0; z < batch; ++z)
    for (int64_t r = 0; r < R; ++r)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t i = 0; i < inner; ++i)
          y[((z * C + c) * R + r) * inner + i] = x[((z * R + r) * C + c) * inner + i];
}

void elementwiseProgram(const std::vector<std::string> &ops,
                        const std::vector<std::vector<int64_t>> &args,
                        const std::vector<double> &values, int64_t result,
                        const std::vector<const double *> &inputs,
                        const std::vector<int64_t> &elements, double *y, int64_t n) {
  std::vector<double> v(inputs.size() + ops.size());
  for (int64_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < inputs.size(); ++j)
      v[j] = inputs[j][i % elements[j]];
    for (size_t s = 0; s < ops.size(); ++s) {
      const std::string &op = ops[s];
      auto a = [&](size_t k) { return v[static_cast<size_t>(args[s][k])]; };
      double r = op == "const" ? values[s]
                 : op == "addf" ? a(0) + a(1)
                 : op == "subf" ? a(0) - a(1)
                 : op == "mulf" ? a(0) * a(1)
                 : op == "divf" ? a(0) / a(1)
                 : op == "negf" ? -a(0)
                 : op == "exp"  ? std::exp(a(0))
                 : op == "erf"  ? std::erf(a(0))
                 : op == "tanh" ? std::tanh(a(0))
                                : a(0) * a(1) + a(2); // fma
      v[inputs.size() + s] = r;
    }
    y[i] = v[static_cast<size_t>(result)];
  }
}

} // namespace mini::ref::cpu
