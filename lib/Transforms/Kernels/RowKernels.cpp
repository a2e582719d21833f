// Row ops along the last dim, mapped by a #mini.row_config: `rows_per_block`
// rows per thread block, `warps_per_row` warps per row, `vector_width`-element
// (16-byte) accesses coalesced across the warp. A row that fits in
// `cache_slots` vectors per thread is read once into registers; a longer one
// is streamed (softmax: one online max+sum pass, then the write pass). Rows
// whose length is not a multiple of the vector width take the same code with
// scalar accesses. Reductions: warp shuffles, then the row's warps meet in
// shared memory.
#include "KernelBuilder.h"

#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/RowConfig.h"

#include <limits>

using namespace mlir;

namespace mini {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

/// Builds the body of one row kernel: thread coordinates, reductions over a
/// row, and the dispatch between vector/scalar and cached/streamed paths.
class RowEmitter {
public:
  RowEmitter(KernelBuilder &kb, RowConfigAttr cfg, Value R, Value C, Value smem)
      : kb(kb), cfg(cfg), C(C), smem(smem), T(cfg.threadsPerRow()) {
    Value tid = kb.threadId();
    rowInBlock = kb.div(tid, kb.idx(T));
    laneInRow = kb.rem(tid, kb.idx(T));
    warpInRow = kb.div(laneInRow, kb.idx(32));
    lane = kb.rem(tid, kb.idx(32));
    Value row = kb.add(kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(cfg.getRowsPerBlock())), rowInBlock);
    rowValid = kb.ult(row, R);
    base = kb.mul(row, C);
  }

  /// Runs `body(width)` with width = vector_width when the row length is a
  /// multiple of it (so every row starts 16-byte aligned), else width = 1.
  void forEachWidth(function_ref<void(int64_t)> body) {
    int64_t vw = cfg.getVectorWidth();
    if (vw == 1)
      return body(1);
    Value aligned = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq,
                                          kb.rem(C, kb.idx(vw)), kb.idx(0));
    kb.ifThenElse(aligned, [&] { body(vw); }, [&] { body(1); });
  }

  /// Runs `cached()` when a row of `C / width` accesses fits in the register
  /// slots, else `streamed()`.
  void cachedOrStreamed(int64_t width, function_ref<void()> cached, function_ref<void()> streamed) {
    if (cfg.getCacheSlots() == 0)
      return streamed();
    Value fits = kb.ule(kb.div(C, kb.idx(width)), kb.idx(cfg.getCacheSlots() * T));
    kb.ifThenElse(fits, cached, streamed);
  }

  /// Index of access `slot` of this thread in the row, and whether it is in it.
  std::pair<Value, Value> slotAccess(int64_t slot, int64_t width) {
    Value v = kb.add(laneInRow, kb.idx(slot * T));
    Value inRow = kb.andi(rowValid, kb.ult(v, kb.div(C, kb.idx(width))));
    return {kb.mul(v, kb.idx(width)), inRow};
  }

  /// for (v = laneInRow; v < C / width; v += T): body(element offset in row).
  scf::ForOp streamRow(int64_t width, ValueRange init,
                       function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    return kb.forLoop(laneInRow, kb.div(C, kb.idx(width)), kb.idx(T), init,
                      [&](Value v, ValueRange it) { return body(kb.mul(v, kb.idx(width)), it); });
  }

  /// Sum or max over the row; `region` picks a shared-memory area so that
  /// successive reductions need no barrier between them.
  Value rowReduce(Value v, bool isMax, int64_t region) {
    v = kb.warpAllReduce(v, isMax);
    return crossWarp({v}, region, [&](ArrayRef<Value> acc, ArrayRef<Value> next) {
      return SmallVector<Value>{isMax ? kb.fmax(acc[0], next[0]) : kb.fadd(acc[0], next[0])};
    })[0];
  }

  /// Merges per-thread online-softmax states (max m, sum s relative to m).
  std::pair<Value, Value> rowMergeOnline(Value m, Value s) {
    for (int offset = 16; offset >= 1; offset /= 2) {
      auto sm = gpu::ShuffleOp::create(kb.b, kb.loc, m, kb.i32(offset), kb.i32(32), gpu::ShuffleMode::XOR);
      auto ss = gpu::ShuffleOp::create(kb.b, kb.loc, s, kb.i32(offset), kb.i32(32), gpu::ShuffleMode::XOR);
      std::tie(m, s) = mergeOnline(m, s, sm.getShuffleResult(), ss.getShuffleResult());
    }
    SmallVector<Value> r = crossWarp({m, s}, 0, [&](ArrayRef<Value> acc, ArrayRef<Value> next) {
      auto [mm, ss] = mergeOnline(acc[0], acc[1], next[0], next[1]);
      return SmallVector<Value>{mm, ss};
    });
    return {r[0], r[1]};
  }

  /// (max, sum) of two online states; an all -inf state stays (-inf, 0).
  std::pair<Value, Value> mergeOnline(Value m1, Value s1, Value m2, Value s2) {
    Value m = kb.fmax(m1, m2);
    Value s = kb.fadd(kb.fmul(s1, kb.exp(kb.fsub(m1, m))), kb.fmul(s2, kb.exp(kb.fsub(m2, m))));
    return {m, kb.select(isNegInf(m), kb.f32(0.0f), s)};
  }

  Value isNegInf(Value v) {
    return arith::CmpFOp::create(kb.b, kb.loc, arith::CmpFPredicate::OEQ, v, kb.f32(kNegInf));
  }

  KernelBuilder &kb;
  RowConfigAttr cfg;
  Value C, smem, rowInBlock, laneInRow, warpInRow, lane, rowValid, base;
  int64_t T;

private:
  /// Combines one value per warp of the row (several quantities at once)
  /// through shared memory; every thread of the row gets the result.
  SmallVector<Value> crossWarp(SmallVector<Value> vals, int64_t region,
                               function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)> combine) {
    int64_t W = cfg.getWarpsPerRow();
    if (W == 1)
      return vals;
    int64_t perRegion = W * cfg.getRowsPerBlock();
    Value rowSlot = kb.mul(rowInBlock, kb.idx(W));
    auto at = [&](int64_t quantity, Value warp) {
      return kb.add(kb.idx((region + quantity) * perRegion), kb.add(rowSlot, warp));
    };
    Value leader = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, lane, kb.idx(0));
    kb.ifThenElse(leader, [&] {
      for (size_t q = 0; q < vals.size(); ++q)
        memref::StoreOp::create(kb.b, kb.loc, vals[q], smem, ValueRange{at(q, warpInRow)});
    });
    gpu::BarrierOp::create(kb.b, kb.loc);
    auto loadWarp = [&](int64_t w) {
      SmallVector<Value> out;
      for (size_t q = 0; q < vals.size(); ++q)
        out.push_back(memref::LoadOp::create(kb.b, kb.loc, smem, ValueRange{at(q, kb.idx(w))}));
      return out;
    };
    SmallVector<Value> acc = loadWarp(0);
    for (int64_t w = 1; w < W; ++w)
      acc = combine(acc, loadWarp(w));
    return acc;
  }
};

/// Shared memory: two reduction regions of one float per warp of each row.
int64_t sharedWords(RowConfigAttr cfg) {
  return cfg.getWarpsPerRow() == 1 ? 0 : 2 * cfg.getWarpsPerRow() * cfg.getRowsPerBlock();
}

void rowSpec(KernelSpec &spec, StringRef op, RowConfigAttr cfg, Builder &b) {
  spec.op = op.str();
  spec.sizes = {"R", "C"};
  spec.grid[0] = {{"R"}, cfg.getRowsPerBlock()};
  spec.block[0] = cfg.threadsPerBlock();
  spec.attrs.set("vector_width", b.getI64IntegerAttr(cfg.getVectorWidth()));
  spec.attrs.set("warps_per_row", b.getI64IntegerAttr(cfg.getWarpsPerRow()));
  spec.attrs.set("rows_per_block", b.getI64IntegerAttr(cfg.getRowsPerBlock()));
  spec.attrs.set("cache_slots", b.getI64IntegerAttr(cfg.getCacheSlots()));
}

Value indexToF32(KernelBuilder &kb, Value v) {
  Value i64 = arith::IndexCastUIOp::create(kb.b, kb.loc, kb.b.getI64Type(), v);
  return arith::UIToFPOp::create(kb.b, kb.loc, kb.b.getF32Type(), i64);
}

} // namespace

FailureOr<gpu::GPUFuncOp> buildSoftmaxKernel(Operation *op, gpu::GPUModuleOp module,
                                             StringRef name, KernelSpec &spec) {
  Type elt = cast<RankedTensorType>(op->getOperand(0).getType()).getElementType();
  RowConfigAttr cfg = getOrChooseRowConfig(op);
  OpBuilder b(op->getContext());
  rowSpec(spec, "softmax", cfg, b);
  spec.tensors = {{"x", elt, {"R", "C"}, false}, {"y", elt, {"R", "C"}, true}};

  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, sharedWords(cfg));
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value X = func.getArgument(0), Y = func.getArgument(1);
  Value smem = cfg.getWarpsPerRow() > 1 ? Value(func.getWorkgroupAttributions()[0]) : Value();
  RowEmitter row(kb, cfg, func.getArgument(2), func.getArgument(3), smem);

  row.forEachWidth([&](int64_t width) {
    auto writeRow = [&](ArrayRef<Value> x, Value m, Value inv, Value at, Value ok) {
      SmallVector<Value> y;
      for (Value v : x)
        y.push_back(kb.fmul(kb.exp(kb.fsub(v, m)), inv));
      kb.ifThenElse(ok, [&] { kb.storeVecF32(y, Y, kb.add(row.base, at)); });
    };
    row.cachedOrStreamed(
        width,
        [&] { // the row in registers: read once, max and sum from registers
          SmallVector<SmallVector<Value>> x;
          SmallVector<std::pair<Value, Value>> where;
          Value m = kb.f32(kNegInf);
          for (int64_t s = 0; s < cfg.getCacheSlots(); ++s) {
            where.push_back(row.slotAccess(s, width));
            x.push_back(kb.loadVecF32If(where[s].second, X, kb.add(row.base, where[s].first), width, kNegInf));
            for (Value v : x[s])
              m = kb.fmax(m, v);
          }
          m = row.rowReduce(m, /*isMax=*/true, 0);
          Value sum = kb.f32(0.0f);
          for (auto &slot : x)
            for (Value v : slot)
              sum = kb.fadd(sum, kb.exp(kb.fsub(v, m)));
          Value inv = kb.fdiv(kb.f32(1.0f), row.rowReduce(sum, /*isMax=*/false, 1));
          for (int64_t s = 0; s < cfg.getCacheSlots(); ++s)
            writeRow(x[s], m, inv, where[s].first, where[s].second);
        },
        [&] { // streamed: one online pass for (max, sum), then the write pass
          auto stats = row.streamRow(width, {kb.f32(kNegInf), kb.f32(0.0f)}, [&](Value at, ValueRange it) {
            SmallVector<Value> x = kb.loadVecF32If(row.rowValid, X, kb.add(row.base, at), width, kNegInf);
            Value mx = x[0];
            for (Value v : ArrayRef<Value>(x).drop_front())
              mx = kb.fmax(mx, v);
            Value mNew = kb.fmax(it[0], mx);
            Value s = kb.fmul(it[1], kb.exp(kb.fsub(it[0], mNew)));
            for (Value v : x)
              s = kb.fadd(s, kb.exp(kb.fsub(v, mNew)));
            return SmallVector<Value>{mNew, kb.select(row.isNegInf(mNew), kb.f32(0.0f), s)};
          });
          auto [m, sum] = row.rowMergeOnline(stats.getResult(0), stats.getResult(1));
          Value inv = kb.fdiv(kb.f32(1.0f), sum);
          row.streamRow(width, {}, [&](Value at, ValueRange) {
            SmallVector<Value> x = kb.loadVecF32If(row.rowValid, X, kb.add(row.base, at), width, kNegInf);
            writeRow(x, m, inv, at, row.rowValid);
            return SmallVector<Value>{};
          });
        });
  });
  gpu::ReturnOp::create(b, loc);
  return func;
}

FailureOr<gpu::GPUFuncOp> buildRmsNormKernel(Operation *op, gpu::GPUModuleOp module,
                                             StringRef name, KernelSpec &spec) {
  auto norm = cast<RmsNormOp>(op);
  Type elt = cast<RankedTensorType>(norm.getInput().getType()).getElementType();
  RowConfigAttr cfg = getOrChooseRowConfig(op);
  OpBuilder b(op->getContext());
  rowSpec(spec, "rmsnorm", cfg, b);
  spec.tensors = {{"x", elt, {"R", "C"}, false}, {"w", elt, {"C"}, false}, {"y", elt, {"R", "C"}, true}};
  spec.attrs.set("epsilon", norm.getEpsilonAttr());

  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, sharedWords(cfg));
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value X = func.getArgument(0), W = func.getArgument(1), Y = func.getArgument(2);
  Value C = func.getArgument(4);
  Value smem = cfg.getWarpsPerRow() > 1 ? Value(func.getWorkgroupAttributions()[0]) : Value();
  RowEmitter row(kb, cfg, func.getArgument(3), C, smem);
  Value eps = kb.f32(norm.getEpsilon().convertToFloat());

  row.forEachWidth([&](int64_t width) {
    auto rstdOf = [&](Value sumSquares) {
      Value ss = row.rowReduce(sumSquares, /*isMax=*/false, 0);
      return kb.rsqrt(kb.fadd(kb.fdiv(ss, indexToF32(kb, C)), eps));
    };
    auto writeRow = [&](ArrayRef<Value> x, Value rstd, Value at, Value ok) {
      kb.ifThenElse(ok, [&] {
        SmallVector<Value> w = kb.loadVecF32(W, at, width), y;
        for (size_t e = 0; e < x.size(); ++e)
          y.push_back(kb.fmul(kb.fmul(x[e], rstd), w[e]));
        kb.storeVecF32(y, Y, kb.add(row.base, at));
      });
    };
    row.cachedOrStreamed(
        width,
        [&] {
          SmallVector<SmallVector<Value>> x;
          SmallVector<std::pair<Value, Value>> where;
          Value ss = kb.f32(0.0f);
          for (int64_t s = 0; s < cfg.getCacheSlots(); ++s) {
            where.push_back(row.slotAccess(s, width));
            x.push_back(kb.loadVecF32If(where[s].second, X, kb.add(row.base, where[s].first), width, 0.0f));
            for (Value v : x[s])
              ss = kb.fma(v, v, ss);
          }
          Value rstd = rstdOf(ss);
          for (int64_t s = 0; s < cfg.getCacheSlots(); ++s)
            writeRow(x[s], rstd, where[s].first, where[s].second);
        },
        [&] {
          auto ssLoop = row.streamRow(width, {kb.f32(0.0f)}, [&](Value at, ValueRange it) {
            Value ss = it[0];
            for (Value v : kb.loadVecF32If(row.rowValid, X, kb.add(row.base, at), width, 0.0f))
              ss = kb.fma(v, v, ss);
            return SmallVector<Value>{ss};
          });
          Value rstd = rstdOf(ssLoop.getResult(0));
          row.streamRow(width, {}, [&](Value at, ValueRange) {
            SmallVector<Value> x = kb.loadVecF32If(row.rowValid, X, kb.add(row.base, at), width, 0.0f);
            writeRow(x, rstd, at, row.rowValid);
            return SmallVector<Value>{};
          });
        });
  });
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
