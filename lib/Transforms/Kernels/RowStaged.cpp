// Very short rows staged through shared memory: the block's rows move
// between global and shared memory like a copy (16-byte vectors over all
// threads), each thread maps its rows in between.
#include "RowStaged.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

int64_t stagedDynamicGridDivisor(RowConfigAttr cfg) {
  // A block of rows of length C <= L takes rows = max(r0, S / C rounded down
  // to its T threads) > S / C - T (S = r0 x L, the stage), so C x rows >=
  // max(C x r0, S - C x T) >= S x r0 / (r0 + T) for any C.
  int64_t r0 = cfg.getRowsPerBlock(), stage = r0 * std::max<int64_t>(cfg.cachedLength(), 1);
  return stage * r0 / (r0 + cfg.threadsPerBlock());
}

void emitStagedRows(
    KernelBuilder &kb, RowConfigAttr cfg, Value X, Value Y, Value R, Value C, Value stage,
    float fill, ValueRange columns,
    function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>, ArrayRef<SmallVector<Value>>)>
        computeRow,
    Value residual, Value sum) {
  int64_t vw = cfg.getVectorWidth(), longest = cfg.cachedLength();
  int64_t threads = cfg.threadsPerBlock();
  Type elt = cast<MemRefType>(stage.getType()).getElementType();
  auto vecType = VectorType::get({vw}, elt);
  int64_t alignment = vw * elt.getIntOrFloatBitWidth() / 8;
  std::optional<int64_t> staticC = getConstantIntValue(C);
  Value rowsPerBlock = kb.idx(cfg.getRowsPerBlock());
  if (!staticC) {
    // Short rows fill the stage, in whole rounds of the block's threads (a
    // row more than a round took a second round: f32 rows of 31, 264 rows a
    // block of 256 threads, ran 0.63x of the copy against 256 rows' 1.00x).
    Value fit = kb.div(kb.idx(cfg.getRowsPerBlock() * longest), kb.max(C, kb.idx(1)));
    fit = kb.mul(kb.div(fit, kb.idx(threads)), kb.idx(threads));
    rowsPerBlock = kb.max(fit, rowsPerBlock);
  }
  Value tid = kb.threadId();
  Value firstRow = kb.mul(kb.blockId(gpu::Dimension::x), rowsPerBlock);
  // Blocks of a dynamic length's grid past the rows have none, nor has an
  // empty row any (so every row mapped below holds its first value).
  Value rows = kb.min(rowsPerBlock, kb.sub(R, kb.min(firstRow, R)));
  if (!staticC)
    rows = kb.select(kb.ult(kb.idx(0), C), rows, kb.idx(0));
  Value start = kb.mul(firstRow, C), count = kb.mul(rows, C);
  Value vectors = kb.div(count, kb.idx(vw));
  BlockCopy block{kb, elt, vecType, vw, threads, alignment, tid, vectors, count};
  block.copy(X, start, stage, kb.idx(0), residual, sum);
  gpu::BarrierOp::create(kb.b, kb.loc);
  // Each thread's rows, `width` values each, the first `known` of them in
  // every row (the rest `fill` past C), as whole vectors where rows are (so
  // aligned): rows of 8 f16 read a value at a time put four threads of a
  // warp on each shared-memory bank (0.81x of the copy).
  auto mapRows = [&](int64_t width, int64_t known, bool vectors) {
    SmallVector<Value> inRow;
    for (int64_t j = 0; j < width; ++j)
      inRow.push_back(j < known
                          ? Value(arith::ConstantOp::create(kb.b, kb.loc, kb.b.getBoolAttr(true)))
                          : kb.ult(kb.idx(j), C));
    // The columns' values once, where they take few registers (an f32
    // layernorm's 64 for rows of 17 to 32 ran 0.58x against 0.84x).
    auto loadColumns = [&] {
      SmallVector<SmallVector<Value>> values;
      for (Value column : columns) {
        values.emplace_back();
        for (int64_t j = 0; j < width; ++j)
          values.back().push_back(kb.loadF32If(inRow[j], column, kb.idx(j), 0.0f));
      }
      return values;
    };
    bool hoist = width * int64_t(columns.size()) <= 16;
    SmallVector<SmallVector<Value>> columnValues;
    if (hoist)
      columnValues = loadColumns();
    int64_t step = vectors ? vw : 1;
    kb.forLoop(tid, rows, kb.idx(threads), {}, [&](Value row, ValueRange) {
      Value rowStart = kb.mul(row, C);
      SmallVector<Value> x;
      for (int64_t j = 0; j < width; j += step)
        llvm::append_range(
            x, kb.loadVecF32If(inRow[j], stage, kb.add(rowStart, kb.idx(j)), step, fill));
      SmallVector<Value> y = computeRow(x, inRow, hoist ? columnValues : loadColumns());
      for (int64_t j = 0; j < width; j += step)
        kb.ifThenElse(inRow[j], [&] {
          kb.storeVecF32(ArrayRef<Value>(y).slice(j, step), stage, kb.add(rowStart, kb.idx(j)));
        });
      return SmallVector<Value>{};
    });
  };
  auto mapLayout = [&](int64_t width, int64_t known) {
    if (vw == 1 || width % vw != 0)
      return mapRows(width, known, false);
    if (staticC)
      return mapRows(width, known, *staticC % vw == 0);
    Value aligned = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq,
                                          kb.rem(C, kb.idx(vw)), kb.idx(0));
    kb.ifThenElse(
        aligned, [&] { mapRows(width, known, true); }, [&] { mapRows(width, known, false); });
  };
  // A dynamic length maps with the fewest values that hold C (powers of two
  // and 1.5 times them): rows of 1 in a kernel for up to 8 would otherwise
  // pay 8 values' work each, rows of 17 32 values'. A row past the width
  // below holds more than it.
  std::function<void(int64_t, int64_t)> mapBand = [&](int64_t width, int64_t known) {
    if (width >= longest)
      return mapLayout(longest, known);
    int64_t next = width >= 4 && llvm::isPowerOf2_64(width)
                       ? width + width / 2
                       : int64_t(llvm::PowerOf2Ceil(width + 1));
    kb.ifThenElse(
        kb.ule(C, kb.idx(width)), [&] { mapLayout(width, known); },
        [&] { mapBand(next, width + 1); });
  };
  if (staticC)
    mapLayout(longest, std::min(*staticC, longest));
  else
    mapBand(std::max<int64_t>(1, longest / 8), 1);
  gpu::BarrierOp::create(kb.b, kb.loc);
  block.copy(stage, kb.idx(0), Y, start);
}

void stagedOrNot(KernelBuilder &kb, RowConfigAttr cfg, const KernelSpec &spec, int64_t staticC,
                 Value C, function_ref<void()> staged, function_ref<void()> unstaged) {
  if (!cfg.getStaged())
    return unstaged();
  if (!ShapedType::isDynamic(staticC))
    return staticC <= cfg.cachedLength() ? staged() : unstaged();
  // A path for longer rows that never run still costs registers: the band
  // of 8's kernels took 107-128 with it, 39-48 without (2-3 times the
  // blocks an SM).
  if (spec.lengthHeldByLaunch)
    return staged();
  kb.ifThenElse(kb.ule(C, kb.idx(cfg.cachedLength())), staged, unstaged);
}

} // namespace mini
