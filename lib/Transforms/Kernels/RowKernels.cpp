// Row ops along the last dim, mapped by a #mini.row_config: `rows_per_block`
// rows per thread block, `threadsPerRow()` threads per row (several rows per
// warp for short rows, several warps per row for long ones), 16-byte
// (`vector_width`-element) accesses coalesced across the row's threads. A
// row whose start is not 16-byte aligned (any length not a multiple of the
// width) peels its first and last few elements as scalar accesses and takes
// vectors in between. A row that fits in `cache_slots` vectors per thread
// (registers) and `shared_slots` more (dynamic shared memory, each thread
// reading back what it wrote) is read once; a longer one is streamed
// (softmax: one online max+sum pass, then the write pass), a few vectors per
// thread in flight.
// With `cluster_blocks` > 1, the blocks of a thread block cluster share each
// row: its vectors are dealt over all their threads as over one block's.
// Reductions: warp shuffles among the row's lanes, then the row's warps meet
// in shared memory, then (with clusters) the blocks meet in distributed
// shared memory. A norm with a residual reads x + r wherever it reads x
// (RowEmitter::loadInput), writing the sum as it first reads it.
#include "RowEmitter.h"

using namespace mlir;

namespace mini {

namespace {

/// One softmax kernel's body: the row mapping (RowEmitter) and the paths
/// stagedOrNot() picks between.
struct SoftmaxEmitter {
  SoftmaxEmitter(KernelBuilder &kb, RowConfigAttr cfg, Value X, Value Y, const RowArgs &args,
                 Value cache)
      : kb(kb), cfg(cfg), X(X), Y(Y), args(args),
        row(kb, cfg, args.R, args.C, args.staticC, cfg.getStaged() ? Value() : args.smem, cache) {
    row.setInput(X);
  }

  void writeRow(ArrayRef<Value> x, Value m, Value inv, const RowAccess &a) {
    SmallVector<Value> y;
    for (Value v : x)
      y.push_back(kb.fmul(kb.exp(kb.fsub(v, m)), inv));
    row.store(y, a, Y);
  }
  Value maxOf(ArrayRef<SmallVector<Value>> x, Value m) {
    for (const SmallVector<Value> &access : x)
      for (Value v : access)
        m = kb.fmax(m, v);
    return m;
  }
  Value sumOfExp(ArrayRef<SmallVector<Value>> x, Value m, Value sum) {
    for (const SmallVector<Value> &access : x)
      for (Value v : access)
        sum = kb.fadd(sum, kb.exp(kb.fsub(v, m)));
    return sum;
  }
  /// (max, sum) of an online state after the values `x` join it.
  std::pair<Value, Value> online(ArrayRef<SmallVector<Value>> x, Value m, Value sum) {
    Value mNew = maxOf(x, m);
    Value s = sumOfExp(x, mNew, kb.fmul(sum, kb.exp(kb.fsub(m, mNew))));
    return std::make_pair(mNew, kb.select(row.isNegInf(mNew), kb.f32(0.0f), s));
  }

  /// A staged row in one thread's registers.
  SmallVector<Value> stagedRow(ArrayRef<Value> x) {
    Value m = maxOf({SmallVector<Value>(x)}, kb.f32(kNegInf));
    SmallVector<Value> e, y;
    Value sum = kb.f32(0.0f);
    // ex2.approx in place of libdevice's expf (6 more ops): a row of a few
    // values costs its arithmetic, not its bytes (rows of 1 f16: 0.68x of
    // the copy, issue-bound).
    for (Value v : x) {
      e.push_back(kb.expApprox(kb.fsub(v, m)));
      sum = kb.fadd(sum, e.back());
    }
    // The sum is >= 1 (the max's own term): an approximate reciprocal
    // (1 ulp) in place of a division, which costs more than the rest of a
    // very short row.
    Value inv = kb.rcpApprox(sum);
    for (Value v : e)
      y.push_back(kb.fmul(v, inv));
    return y;
  }
  void staged() {
    emitStagedRows(kb, cfg, X, Y, args.R, args.C, args.smem, kNegInf, {},
                   [&](ArrayRef<Value> x, ArrayRef<Value>, ArrayRef<SmallVector<Value>>) {
                     return stagedRow(x);
                   });
  }
  /// Read once: max and sum from registers (and the shared slots).
  void cached() {
    SmallVector<RowAccess> accesses = row.cachedAccesses(), shared = row.sharedAccesses();
    SmallVector<SmallVector<Value>> x = row.loadInput(accesses, kNegInf);
    Value m, sum;
    if (shared.empty()) {
      m = row.rowReduce(maxOf(x, kb.f32(kNegInf)), /*isMax=*/true, 0);
      sum = row.rowReduce(sumOfExp(x, m, kb.f32(0.0f)), /*isMax=*/false, 1);
    } else {
      // An online (max, sum) as the shared slots arrive, so that the
      // exponentials overlap the loads still in flight; the registers'
      // values join last.
      m = kb.f32(kNegInf), sum = kb.f32(0.0f);
      row.fillCache(shared, kNegInf, [&](ArrayRef<Value> xs, const RowAccess &) {
        std::tie(m, sum) = online({SmallVector<Value>(xs)}, m, sum);
      });
      std::tie(m, sum) = online(x, m, sum);
      std::tie(m, sum) = row.rowMergeOnline(m, sum);
    }
    Value inv = kb.fdiv(kb.f32(1.0f), sum);
    for (auto [a, values] : llvm::zip(accesses, x))
      writeRow(values, m, inv, a);
    for (auto [j, a] : llvm::enumerate(shared))
      writeRow(row.cached(j), m, inv, a);
  }
  /// One online pass for (max, sum), then the write pass.
  void streamed() {
    // The edges stay in registers from the first pass to the second.
    SmallVector<RowAccess> edges = row.edgeAccesses();
    SmallVector<SmallVector<Value>> xe = row.loadInput(edges, kNegInf);
    Value m0 = maxOf(xe, kb.f32(kNegInf));
    Value s0 = kb.select(row.isNegInf(m0), kb.f32(0.0f), sumOfExp(xe, m0, kb.f32(0.0f)));
    auto stats = row.streamBody({m0, s0}, [&](ArrayRef<RowAccess> accesses, ValueRange it) {
      auto [m, s] = online(row.loadInput(accesses, kNegInf), it[0], it[1]);
      return SmallVector<Value>{m, s};
    });
    auto [m, sum] = row.rowMergeOnline(stats.getResult(0), stats.getResult(1));
    Value inv = kb.fdiv(kb.f32(1.0f), sum);
    for (auto [a, values] : llvm::zip(edges, xe))
      writeRow(values, m, inv, a);
    row.streamBody(
        {},
        [&](ArrayRef<RowAccess> accesses, ValueRange) {
          SmallVector<SmallVector<Value>> x = row.loadInput(accesses, kNegInf);
          for (auto [a, values] : llvm::zip(accesses, x))
            writeRow(values, m, inv, a);
          return SmallVector<Value>{};
        },
        /*backward=*/true);
  }

  KernelBuilder &kb;
  RowConfigAttr cfg;
  Value X, Y;
  RowArgs args;
  RowEmitter row;
};

} // namespace

FailureOr<gpu::GPUFuncOp> buildSoftmaxKernel(Operation *op, RowConfigAttr cfg,
                                             gpu::GPUModuleOp module, StringRef name,
                                             KernelSpec &spec) {
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createRowKernel(b, loc, type, "softmax", cfg,
                                        {{"x", type.getElementType(), {"R", "C"}, false},
                                         {"y", type.getElementType(), {"R", "C"}, true}},
                                        module, name, spec);
  KernelBuilder kb(b, loc);
  RowArgs args = rowArgs(kb, func, type, /*firstSize=*/2);
  Value cache = rowCache(kb, cfg, type.getElementType(), spec, args.smem);
  SoftmaxEmitter e(kb, cfg, func.getArgument(0), func.getArgument(1), args, cache);
  stagedOrNot(
      kb, cfg, spec, args.staticC, args.C, [&] { e.staged(); },
      [&] { e.row.forEachRow([&] { e.cached(); }, [&] { e.streamed(); }); });
  gpu::ReturnOp::create(b, loc);
  return func;
}

FailureOr<gpu::GPUFuncOp> buildRmsNormKernel(Operation *op, RowConfigAttr cfg,
                                             gpu::GPUModuleOp module, StringRef name,
                                             KernelSpec &spec) {
  auto norm = cast<RmsNormOp>(op);
  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  NormKernel k = createNormKernel(b, op, "rmsnorm", cfg, {"w"}, module, name, spec);
  KernelBuilder kb(b, loc);
  gpu::GPUFuncOp func = k.func;
  Value X = k.x, Res = k.residual, W = k.columns[0], Y = k.y, S = k.sum;
  Value R = k.args.R, C = k.args.C, smem = k.args.smem;
  int64_t staticC = k.args.staticC;
  RowEmitter row(kb, cfg, R, C, staticC, cfg.getStaged() ? Value() : smem, k.cache);
  row.setInput(X, Res, S);
  Value eps = kb.f32(norm.getEpsilon().convertToFloat());

  auto rstdOf = [&](Value sumSquares) { // of the whole row's sum of squares
    return kb.rsqrt(kb.fadd(kb.fdiv(sumSquares, indexToF32(kb, C)), eps));
  };
  auto squares = [&](ArrayRef<SmallVector<Value>> x, Value ss) {
    for (const SmallVector<Value> &access : x)
      for (Value v : access)
        ss = kb.fma(v, v, ss);
    return ss;
  };
  auto writeRow = [&](ArrayRef<Value> x, Value rstd, const RowAccess &a) {
    kb.ifThenElse(a.ok, [&] {
      SmallVector<Value> w = row.loadColumns(a, W), y;
      for (size_t e = 0; e < x.size(); ++e)
        y.push_back(kb.fmul(kb.fmul(x[e], rstd), w[e]));
      kb.storeVecF32(y, Y, kb.add(row.base, a.offset));
    });
  };
  auto staged = [&] {
    // A multiply by 1 / C in place of a division a row.
    Value invC = kb.fdiv(kb.f32(1.0f), indexToF32(kb, C));
    emitStagedRows(
        kb, cfg, X, Y, R, C, smem, 0.0f, W,
        [&](ArrayRef<Value> x, ArrayRef<Value>, ArrayRef<SmallVector<Value>> w) {
          Value ss = squares({SmallVector<Value>(x)}, kb.f32(0.0f));
          Value rstd = kb.rsqrt(kb.fadd(kb.fmul(ss, invC), eps));
          SmallVector<Value> y;
          for (auto [v, wj] : llvm::zip(x, w[0]))
            y.push_back(kb.fmul(kb.fmul(v, rstd), wj));
          return y;
        },
        Res, S);
  };
  auto cached = [&] {
    SmallVector<RowAccess> accesses = row.cachedAccesses(), shared = row.sharedAccesses();
    SmallVector<SmallVector<Value>> x = row.loadInput(accesses, 0.0f);
    Value ss = squares(x, kb.f32(0.0f));
    row.fillCache(shared, 0.0f, [&](ArrayRef<Value> xs, const RowAccess &) {
      ss = squares({SmallVector<Value>(xs)}, ss);
    });
    Value rstd = rstdOf(row.rowReduce(ss, /*isMax=*/false, 0));
    for (auto [a, values] : llvm::zip(accesses, x))
      writeRow(values, rstd, a);
    for (auto [j, a] : llvm::enumerate(shared))
      writeRow(row.cached(j), rstd, a);
  };
  auto streamed = [&] {
    SmallVector<RowAccess> edges = row.edgeAccesses();
    SmallVector<SmallVector<Value>> xe = row.loadInput(edges, 0.0f);
    auto ssLoop = row.streamBody(
        {squares(xe, kb.f32(0.0f))}, [&](ArrayRef<RowAccess> accesses, ValueRange it) {
          return SmallVector<Value>{squares(row.loadInput(accesses, 0.0f), it[0])};
        });
    Value rstd = rstdOf(row.rowReduce(ssLoop.getResult(0), /*isMax=*/false, 0));
    for (auto [a, values] : llvm::zip(edges, xe))
      writeRow(values, rstd, a);
    row.streamBody(
        {},
        [&](ArrayRef<RowAccess> accesses, ValueRange) {
          SmallVector<SmallVector<Value>> x = row.loadInput(accesses, 0.0f, /*writeSum=*/false);
          for (auto [a, values] : llvm::zip(accesses, x))
            writeRow(values, rstd, a);
          return SmallVector<Value>{};
        },
        /*backward=*/true);
  };
  stagedOrNot(kb, cfg, spec, staticC, C, staged, [&] { row.forEachRow(cached, streamed); });
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
