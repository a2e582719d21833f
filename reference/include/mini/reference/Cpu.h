// float64 CPU references: the ground truth for the reference kernels' own tests
// and for small problems in mini-run. Same semantics as the ops' documentation.
#ifndef MINI_REFERENCE_CPU_H
#define MINI_REFERENCE_CPU_H

#include <cstdint>
#include <string>
#include <vector>

namespace mini::ref::cpu {

void matmul(const double *a, const double *b, double *c, int64_t batch, int64_t M, int64_t N,
            int64_t K);
void softmax(const double *x, double *y, int64_t R, int64_t C);
void rmsnorm(const double *x, const double *w, double *y, int64_t R, int64_t C, double eps);
void layernorm(const double *x, const double *w, const double *b, double *y, int64_t R,
               int64_t C, double eps);
void attention(const double *q, const double *k, const double *v, double *o, int64_t B,
               int64_t H, int64_t G, int64_t S, int64_t T, int64_t D, double scale,
               bool causal);
/// y[i] = a[i] + b[i mod bn], or * with `mul`.
void binary(bool mul, const double *a, const double *b, double *y, int64_t n, int64_t bn);
/// silu, gelu ("gelu" exact, "gelu_tanh"), scale (by `factor`), cast (identity).
void unary(const char *op, const double *x, double *y, int64_t n, double factor);
void causalMask(const double *x, double *y, int64_t batch, int64_t S, int64_t T);
/// batch x R x C x inner -> batch x C x R x inner.
void transpose(const double *x, double *y, int64_t batch, int64_t R, int64_t C, int64_t inner = 1);
/// A fused elementwise program (KernelSpec::program) in float64: input j
/// (`inputs[j]`, `elements[j]` values) read at element i mod its size.
void elementwiseProgram(const std::vector<std::string> &ops,
                        const std::vector<std::vector<int64_t>> &args,
                        const std::vector<double> &values, int64_t result,
                        const std::vector<const double *> &inputs,
                        const std::vector<int64_t> &elements, double *y, int64_t n);

} // namespace mini::ref::cpu

#endif
