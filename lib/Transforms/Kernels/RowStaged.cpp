// Very short rows staged through shared memory: the block's rows move
// between global and shared memory like a copy (16-byte vectors over all
// threads), each thread maps its rows in between.
#include "RowStaged.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace mini {

namespace {

/// The block's `count` elements moved like a copy: `vw`-element vectors over
/// all threads, kStreamUnroll in flight each, then the last partial vector.
struct BlockCopy {
  /// With `addend` (the residual, at the same offsets as `from`), what moves
  /// is from + addend rounded to the element type, also written to `sumOut`.
  void copy(Value from, Value fromBase, Value to, Value toBase, Value addend = {},
            Value sumOut = {}) {
    kb.forLoop(tid, vectors, kb.idx(threads * kStreamUnroll), {}, [&](Value v0, ValueRange) {
      SmallVector<std::pair<Value, Value>> loaded; // (offset, vector) once all are issued
      for (int64_t u = 0; u < kStreamUnroll; ++u) {
        Value v = kb.add(v0, kb.idx(u * threads));
        Value at = kb.mul(v, kb.idx(vw));
        Value ok = kb.ult(v, vectors);
        Value vec = kb.ifValues(
            ok,
            [&] {
              Value x = loadVector(from, kb.add(fromBase, at));
              if (addend)
                x = sumOf(x, loadVector(addend, kb.add(fromBase, at)));
              return SmallVector<Value>{x};
            },
            [&] {
              return SmallVector<Value>{
                  arith::ConstantOp::create(kb.b, kb.loc, vecType, kb.b.getZeroAttr(vecType))};
            },
            TypeRange{vecType})[0];
        loaded.push_back({at, vec});
      }
      for (auto [u, entry] : llvm::enumerate(loaded))
        kb.ifThenElse(kb.ult(kb.add(v0, kb.idx(u * threads)), vectors), [&] {
          storeVector(entry.second, to, kb.add(toBase, entry.first));
          if (sumOut)
            storeVector(entry.second, sumOut, kb.add(fromBase, entry.first));
        });
      return SmallVector<Value>{};
    });
    Value e = kb.add(kb.mul(vectors, kb.idx(vw)), tid); // the last, partial vector
    kb.ifThenElse(kb.ult(e, count), [&] {
      Value v = memref::LoadOp::create(kb.b, kb.loc, from, ValueRange{kb.add(fromBase, e)});
      if (addend)
        v = sumOf(v, memref::LoadOp::create(kb.b, kb.loc, addend, ValueRange{kb.add(fromBase, e)}));
      memref::StoreOp::create(kb.b, kb.loc, v, to, ValueRange{kb.add(toBase, e)});
      if (sumOut)
        memref::StoreOp::create(kb.b, kb.loc, v, sumOut, ValueRange{kb.add(fromBase, e)});
    });
  }

  Value sumOf(Value x, Value r) {
    Type wide = isa<VectorType>(x.getType()) ? Type(VectorType::get({vw}, kb.b.getF32Type()))
                                             : Type(kb.b.getF32Type());
    if (elt.isF32())
      return arith::AddFOp::create(kb.b, kb.loc, x, r);
    Value sum = arith::AddFOp::create(kb.b, kb.loc, arith::ExtFOp::create(kb.b, kb.loc, wide, x),
                                      arith::ExtFOp::create(kb.b, kb.loc, wide, r));
    return arith::TruncFOp::create(kb.b, kb.loc, x.getType(), sum);
  }
  Value loadVector(Value mem, Value at) {
    auto load = vector::LoadOp::create(kb.b, kb.loc, vecType, mem, ValueRange{at});
    load.setAlignment(alignment);
    return load;
  }
  void storeVector(Value vec, Value mem, Value at) {
    auto store = vector::StoreOp::create(kb.b, kb.loc, vec, mem, ValueRange{at});
    store.setAlignment(alignment);
  }

  KernelBuilder &kb;
  Type elt;
  VectorType vecType;
  int64_t vw, threads, alignment;
  Value tid, vectors, count;
};

} // namespace

void emitStagedRows(KernelBuilder &kb, RowConfigAttr cfg, Value X, Value Y, Value R, Value C,
                    Value stage, float fill,
                    function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)> computeRow,
                    Value residual, Value sum) {
  int64_t rowsPerBlock = cfg.getRowsPerBlock(), vw = cfg.getVectorWidth();
  int64_t threads = cfg.threadsPerBlock();
  Type elt = cast<MemRefType>(stage.getType()).getElementType();
  auto vecType = VectorType::get({vw}, elt);
  int64_t alignment = vw * elt.getIntOrFloatBitWidth() / 8;
  Value tid = kb.threadId();
  Value firstRow = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(rowsPerBlock));
  Value rows = kb.min(kb.idx(rowsPerBlock), kb.sub(R, firstRow));
  Value start = kb.mul(firstRow, C), count = kb.mul(rows, C);
  Value vectors = kb.div(count, kb.idx(vw));
  BlockCopy block{kb, elt, vecType, vw, threads, alignment, tid, vectors, count};
  block.copy(X, start, stage, kb.idx(0), residual, sum);
  gpu::BarrierOp::create(kb.b, kb.loc);
  kb.forLoop(tid, rows, kb.idx(threads), {}, [&](Value row, ValueRange) {
    Value rowStart = kb.mul(row, C);
    SmallVector<Value> x, inRow;
    for (int64_t j = 0; j < cfg.cachedLength(); ++j) {
      inRow.push_back(kb.ult(kb.idx(j), C));
      x.push_back(kb.loadF32If(inRow.back(), stage, kb.add(rowStart, kb.idx(j)), fill));
    }
    SmallVector<Value> y = computeRow(x, inRow);
    for (auto [j, v] : llvm::enumerate(y))
      kb.storeIf(inRow[j], v, stage, kb.add(rowStart, kb.idx(j)));
    return SmallVector<Value>{};
  });
  gpu::BarrierOp::create(kb.b, kb.loc);
  block.copy(stage, kb.idx(0), Y, start);
}

void stagedOrNot(KernelBuilder &kb, RowConfigAttr cfg, int64_t staticC, Value C,
                 function_ref<void()> staged, function_ref<void()> unstaged) {
  if (!cfg.getStaged())
    return unstaged();
  if (!ShapedType::isDynamic(staticC))
    return staticC <= cfg.cachedLength() ? staged() : unstaged();
  kb.ifThenElse(kb.ule(C, kb.idx(cfg.cachedLength())), staged, unstaged);
}

} // namespace mini
