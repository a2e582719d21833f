// mini.layernorm's row kernel: the rows mapped as rmsnorm's (RowEmitter.h),
// the mean and variance from shifted sums in one pass over the row.
#include "RowEmitter.h"

using namespace mlir;

namespace mini {

namespace {

/// One layernorm kernel's body: the row mapping (RowEmitter) and the paths
/// stagedOrNot() picks between.
struct LayerNormEmitter {
  LayerNormEmitter(KernelBuilder &kb, RowConfigAttr cfg, const NormKernel &k, float epsilon)
      : kb(kb), cfg(cfg), k(k), W(k.columns[0]), B(k.columns[1]),
        row(kb, cfg, k.args.R, k.args.C, k.args.staticC, cfg.getStaged() ? Value() : k.args.smem,
            k.cache) {
    row.setInput(k.x, k.residual, k.sum);
    eps = kb.f32(epsilon);
    n = indexToF32(kb, k.args.C);
  }

  // The statistics come from sums of x - K, K the row's first element: one
  // pass, and no cancellation where the values sit far from zero (K is
  // within a few deviations of the mean).
  Value shift() {
    Value nonEmpty =
        arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::ne, k.args.C, kb.idx(0));
    return row.inputElement(kb.andi(row.rowValid, nonEmpty), kb.idx(0), 0.0f);
  }
  using Sums = std::pair<Value, Value>;
  /// (s1, s2) += (x - K, (x - K)^2) over the accesses that are on.
  Sums accumulate(ArrayRef<SmallVector<Value>> x, ArrayRef<RowAccess> accesses, Value K,
                  Sums sums) {
    for (auto [values, a] : llvm::zip(x, accesses))
      for (Value v : values) {
        Value d = kb.select(a.ok, kb.fsub(v, K), kb.f32(0.0f));
        sums = {kb.fadd(sums.first, d), kb.fma(d, d, sums.second)};
      }
    return sums;
  }
  /// (mean, 1 / sqrt(var + eps)) from the row's sums.
  std::pair<Value, Value> stats(Value K, Value s1, Value s2) {
    Value m1 = kb.fdiv(s1, n);
    Value var = kb.fsub(kb.fdiv(s2, n), kb.fmul(m1, m1));
    var = kb.fmax(var, kb.f32(0.0f)); // rounding can take it just below 0
    return std::make_pair(kb.fadd(K, m1), kb.rsqrt(kb.fadd(var, eps)));
  }
  void writeRow(ArrayRef<Value> x, Value mean, Value rstd, const RowAccess &a) {
    kb.ifThenElse(a.ok, [&] {
      SmallVector<Value> w = row.loadColumns(a, W), bias = row.loadColumns(a, B), y;
      for (size_t e = 0; e < x.size(); ++e)
        y.push_back(kb.fma(kb.fmul(kb.fsub(x[e], mean), rstd), w[e], bias[e]));
      kb.storeVecF32(y, k.y, kb.add(row.base, a.offset));
    });
  }

  /// A short row in registers: the exact two-pass statistics.
  void staged() {
    Value invN = kb.fdiv(kb.f32(1.0f), n); // a multiply a row, not a division
    emitStagedRows(
        kb, cfg, k.x, k.y, k.args.R, k.args.C, k.args.smem, 0.0f, ValueRange{W, B},
        [&](ArrayRef<Value> x, ArrayRef<Value> inRow, ArrayRef<SmallVector<Value>> wb) {
          Value sum = kb.f32(0.0f), ss = kb.f32(0.0f);
          for (Value v : x) // past the row: 0
            sum = kb.fadd(sum, v);
          Value mean = kb.fmul(sum, invN);
          for (auto [v, in] : llvm::zip(x, inRow)) {
            Value d = kb.select(in, kb.fsub(v, mean), kb.f32(0.0f));
            ss = kb.fma(d, d, ss);
          }
          Value rstd = kb.rsqrt(kb.fadd(kb.fmul(ss, invN), eps));
          SmallVector<Value> y;
          for (auto [v, w, bias] : llvm::zip(x, wb[0], wb[1]))
            y.push_back(kb.fma(kb.fmul(kb.fsub(v, mean), rstd), w, bias));
          return y;
        },
        k.residual, k.sum);
  }
  /// The row in registers (and shared memory past them).
  void cached() {
    SmallVector<RowAccess> accesses = row.cachedAccesses(), shared = row.sharedAccesses();
    SmallVector<SmallVector<Value>> x = row.loadInput(accesses, 0.0f);
    Value K = shift();
    Sums sums = {kb.f32(0.0f), kb.f32(0.0f)};
    row.fillCache(shared, 0.0f, [&](ArrayRef<Value> xs, const RowAccess &a) {
      sums = accumulate({SmallVector<Value>(xs)}, {a}, K, sums);
    });
    sums = accumulate(x, accesses, K, sums);
    SmallVector<Value> total = row.rowSums({sums.first, sums.second}, 0);
    auto [mean, rstd] = stats(K, total[0], total[1]);
    for (auto [a, values] : llvm::zip(accesses, x))
      writeRow(values, mean, rstd, a);
    for (auto [j, a] : llvm::enumerate(shared))
      writeRow(row.cached(j), mean, rstd, a);
  }
  /// A long row read twice: the sums, then the normalized row.
  void streamed() {
    SmallVector<RowAccess> edges = row.edgeAccesses();
    SmallVector<SmallVector<Value>> xe = row.loadInput(edges, 0.0f);
    Value K = shift();
    Sums init = accumulate(xe, edges, K, {kb.f32(0.0f), kb.f32(0.0f)});
    auto loop =
        row.streamBody({init.first, init.second}, [&](ArrayRef<RowAccess> accesses, ValueRange it) {
          Sums s = accumulate(row.loadInput(accesses, 0.0f), accesses, K, {it[0], it[1]});
          return SmallVector<Value>{s.first, s.second};
        });
    SmallVector<Value> total = row.rowSums({loop.getResult(0), loop.getResult(1)}, 0);
    auto [mean, rstd] = stats(K, total[0], total[1]);
    for (auto [a, values] : llvm::zip(edges, xe))
      writeRow(values, mean, rstd, a);
    row.streamBody(
        {},
        [&](ArrayRef<RowAccess> accesses, ValueRange) {
          SmallVector<SmallVector<Value>> x = row.loadInput(accesses, 0.0f, /*writeSum=*/false);
          for (auto [a, values] : llvm::zip(accesses, x))
            writeRow(values, mean, rstd, a);
          return SmallVector<Value>{};
        },
        /*backward=*/true);
  }

  KernelBuilder &kb;
  RowConfigAttr cfg;
  const NormKernel &k;
  Value W, B, eps, n;
  RowEmitter row;
};

} // namespace

FailureOr<gpu::GPUFuncOp> buildLayerNormKernel(Operation *op, RowConfigAttr cfg,
                                               gpu::GPUModuleOp module, StringRef name,
                                               KernelSpec &spec) {
  auto norm = cast<LayerNormOp>(op);
  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  NormKernel k = createNormKernel(b, op, "layernorm", cfg, {"w", "b"}, module, name, spec);
  KernelBuilder kb(b, loc);
  LayerNormEmitter e(kb, cfg, k, norm.getEpsilon().convertToFloat());
  stagedOrNot(
      kb, cfg, spec, k.args.staticC, k.args.C, [&] { e.staged(); },
      [&] { e.row.forEachRow([&] { e.cached(); }, [&] { e.streamed(); }); });
  gpu::ReturnOp::create(b, loc);
  return k.func;
}

} // namespace mini
