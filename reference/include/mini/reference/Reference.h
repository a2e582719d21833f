// Hand-written CUDA reference kernels: the oracle every compiled kernel is
// checked against, and the peers the benchmarks time. All pointers are device
// pointers; launches go to the default stream; failures throw mini::rt::Error.
#ifndef MINI_REFERENCE_REFERENCE_H
#define MINI_REFERENCE_REFERENCE_H

#include "mini/runtime/Manifest.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mini::ref {

using rt::DType;

enum class MatmulVariant {
  Naive,     // one thread per output
  Tiled,     // 32x32 shared-memory tiles, f32 FMA (any dtype)
  Wmma,      // WMMA 16x16x16 tensor cores (f16/bf16)
  Pipelined, // WMMA + cp.async double-buffered shared memory (f16/bf16)
};
const char *name(MatmulVariant v);
bool supports(MatmulVariant v, DType in);

/// C[b] = A[b] B[b], f32 accumulation, row-major, batch-strided.
void matmul(MatmulVariant v, DType in, DType out, const void *a, const void *b, void *c,
            int64_t batch, int64_t M, int64_t N, int64_t K);

/// Launches a probe of mma.sync m16n8k16 throughput (f16 or bf16 operands,
/// f32 accumulators, registers only) and returns the flops it does; time it
/// to get the instruction's ceiling on this device. `sink` is a device float
/// the probe may write. The default `iters` keeps one launch near a
/// millisecond on an H100, so launch overhead does not count. `blocksPerSm`
/// blocks of 8 warps run per SM.
double mmaSyncPeakFlops(DType in, float *sink, int iters = 4096, int blocksPerSm = 4);

enum class SoftmaxVariant {
  BlockReduce, // max pass, sum pass, write pass; block reductions by warp shuffles
  Online,      // one pass computes max and sum together, then the write pass
};
const char *name(SoftmaxVariant v);
void softmax(SoftmaxVariant v, DType t, const void *x, void *y, int64_t R, int64_t C);

/// y = x * rsqrt(mean(x^2) + eps) * w; 16-byte vector loads where aligned.
void rmsnorm(DType t, const void *x, const void *w, void *y, int64_t R, int64_t C, float eps);

/// y = (x - mean) * rsqrt(var + eps) * w + b over each row (two passes for
/// the statistics).
void layernorm(DType t, const void *x, const void *w, const void *b, void *y, int64_t R,
               int64_t C, float eps);

/// Flash-style attention: tiles over keys with online softmax, causal mask
/// aligned bottom-right, GQA; never materializes S x T. Rows that see no key
/// output zeros; rows whose visible scores are all -inf output NaN.
void attention(DType t, const void *q, const void *k, const void *v, void *o, int64_t B,
               int64_t H, int64_t G, int64_t S, int64_t T, int64_t D, float scale,
               bool causal);

/// Elementwise ops, one thread per element in f32 (the oracle, not a peer).
/// y[i] = a[i] + b[i mod bn] (or *): b broadcast over a's leading dims.
void binary(bool mul, DType t, const void *a, const void *b, void *y, int64_t n, int64_t bn);
enum class UnaryOp { Silu, Gelu, GeluTanh, Scale, Cast };
const char *name(UnaryOp op);
/// y[i] = op(x[i]) for n elements; `factor` is Scale's; only Cast changes the type.
void unary(UnaryOp op, DType in, DType out, const void *x, void *y, int64_t n, float factor);
/// batch x S x T: y = -inf where j > i + T - S, else x.
void causalMask(DType t, const void *x, void *y, int64_t batch, int64_t S, int64_t T);
/// batch x R x C x inner -> batch x C x R x inner.
void transpose(DType t, const void *x, void *y, int64_t batch, int64_t R, int64_t C,
               int64_t inner = 1);

/// A fused elementwise kernel's program (KernelSpec::program) per element:
/// input j read at element i mod its `elements` (broadcast), each step in
/// f32, value `result` written to y (type `out`); at most 8 inputs and 64
/// steps.
struct ProgramInput {
  const void *ptr;
  DType dtype;
  int64_t elements;
};
void elementwiseProgram(const std::vector<rt::ProgramStep> &program, int64_t result,
                        const std::vector<ProgramInput> &inputs, void *y, DType out, int64_t n);

/// Throws mini::rt::Error naming `what` if the last launch failed; with
/// `sync`, also waits and reports asynchronous faults.
void checkLaunch(const std::string &what, bool sync = false);

} // namespace mini::ref

#endif
