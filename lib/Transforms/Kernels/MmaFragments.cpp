// Warp tiles as mma.sync or WMMA fragments: ldmatrix or WMMA loads from the
// staged tiles, the mma ops, and the stores to C.
//
// The staged mma.sync store converts each warp's accumulators through shared
// memory into 16-byte row chunks: full, coalesced stores instead of 4-byte
// pieces (which left the store queue throttling, docs/PERF.md v9). Every
// store is masked at the edges of C.
#include "MmaFragments.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace mini {
namespace {
Value callIntrinsic(KernelBuilder &kb, Type result, StringRef name, ValueRange args) {
  auto call = LLVM::CallIntrinsicOp::create(kb.b, kb.loc, result, kb.b.getStringAttr(name), args);
  return call.getResult(0);
}
/// Appends the first n fields of the LLVM struct v to args.
void appendFields(KernelBuilder &kb, SmallVectorImpl<Value> &args, Value v, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    args.push_back(LLVM::ExtractValueOp::create(kb.b, kb.loc, v, i));
}
} // namespace

MmaFragments::MmaFragments(bool wmma, Type operandElement, OpBuilder &entry, Location loc)
    : wmma(wmma), element(operandElement) {
  KernelBuilder kb(entry, loc);
  tid = kb.threadId();
  lane = kb.rem(tid, kb.idx(32));
}

Type MmaFragments::structType(Type field, int64_t n) const {
  return LLVM::LLVMStructType::getLiteral(element.getContext(), SmallVector<Type>(n, field));
}

void MmaFragments::fragmentTypes(WarpTileType tile, SmallVectorImpl<Type> &out) const {
  MLIRContext *ctx = element.getContext();
  Type elt = tile.getElementType();
  int64_t blocksM = tile.getRows() / 16, blocksN = tile.getCols() / fragCols();
  if (tile.isAccumulator()) {
    Type frag = intrinsics() ? structType(Float32Type::get(ctx), 8)
                : wmma       ? Type(gpu::MMAMatrixType::get({16, 16}, elt, "COp"))
                             : Type(VectorType::get({2, 2}, elt));
    out.append(blocksM * blocksN, frag);
    return;
  }
  bool isA = tile.isA();
  // tf32 (m16n8k8): one 32-bit element a register.
  int64_t perRegister = tf32() ? 1 : 2;
  Type frag = intrinsics() ? structType(IntegerType::get(ctx, 32), 4)
              : wmma       ? Type(gpu::MMAMatrixType::get({16, 16}, elt, isA ? "AOp" : "BOp"))
                           : Type(VectorType::get({isA ? 4 : 2, perRegister}, elt));
  out.append(isA ? blocksM : blocksN, frag);
}

SmallVector<Value> MmaFragments::zero(KernelBuilder &kb, WarpTileType acc) {
  SmallVector<Type> types;
  fragmentTypes(acc, types);
  Value zero;
  if (intrinsics())
    zero = LLVM::ZeroOp::create(kb.b, kb.loc, types.front());
  else if (wmma)
    zero = gpu::SubgroupMmaConstantMatrixOp::create(kb.b, kb.loc, types.front(), kb.f32(0.0f));
  else
    zero = arith::ConstantOp::create(kb.b, kb.loc, types.front(),
                                     DenseElementsAttr::get(cast<VectorType>(types.front()), 0.0f));
  return SmallVector<Value>(types.size(), zero);
}

SmallVector<Value> MmaFragments::indices(KernelBuilder &kb, Value source, Value stage, Value row,
                                         Value col, bool swizzled) {
  if (!swizzled)
    return {stage, row, col};
  // TMA's swizzle XORs the 16-byte chunk index of a row with bits 7 and up
  // of the row's byte offset, (row * rowBytes / 128) mod (rowBytes / 16), so
  // the 8 rows one ldmatrix 8x8 matrix reads sit in 8 distinct chunk
  // positions: no bank conflicts, without padding.
  auto type = cast<MemRefType>(source.getType());
  int64_t boxCols = type.getShape().back();
  int64_t eltBytes = type.getElementTypeBitWidth() / 8, rowBytes = boxCols * eltBytes;
  auto swizzle = [&](Value c) {
    Value chunkXor = kb.rem(kb.div(kb.mul(row, kb.idx(rowBytes)), kb.idx(128)),
                            kb.idx(rowBytes / 16));
    Value chunk = kb.idx(MatmulConfigAttr::chunkElements(eltBytes));
    return arith::XOrIOp::create(kb.b, kb.loc, c, kb.mul(chunkXor, chunk)).getResult();
  };
  if (type.getRank() == 3) // [stages, rows, cols]
    return {stage, row, swizzle(col)};
  // [stages, boxes, rows, box cols]
  Value box = kb.div(col, kb.idx(boxCols));
  return {stage, box, row, swizzle(kb.rem(col, kb.idx(boxCols)))};
}

SmallVector<Value> MmaFragments::load(KernelBuilder &kb, WarpTileType tile, Value source,
                                      Value stage, Value row, Value col, bool swizzled) {
  return wmma ? loadWmma(kb, tile, source, stage, row, col)
              : loadMmaSync(kb, tile, source, stage, row, col, swizzled);
}

// The address is built in i32 bytes, not as nvgpu.ldmatrix's memref index:
// LLVM turned that index into an `or` of the stage's offset with each
// load's own constant, then a shift and an add, two or three instructions
// per ldmatrix in the math loop (docs/PERF.md v28). Here the lane's offset
// does not depend on the stage (LLVM hoists it out of the loop), the
// stage's base is one add per stage and lane offset, and the rows are the
// immediate ptxas folds into the instruction.
Value MmaFragments::ldmatrixSwizzled(KernelBuilder &kb, VectorType type, Value source,
                                     Value stage, Value row, int64_t rowImmediate, Value col,
                                     bool transpose) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  auto memType = cast<MemRefType>(source.getType());
  int64_t eltBytes = memType.getElementTypeBitWidth() / 8;
  int64_t boxCols = memType.getShape().back();
  int64_t rowBytes = boxCols * eltBytes;
  int64_t stageBytes = eltBytes;
  for (int64_t d : memType.getShape().drop_front())
    stageBytes *= d;
  auto toI32 = [&](Value v) {
    return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), v).getResult();
  };
  // The lane's offset in a stage, at rows `row` (a multiple of 16 rows more
  // would not change the swizzle: that goes in the immediate).
  SmallVector<Value> at = indices(kb, source, kb.idx(0), row, col, /*swizzled=*/true);
  Value laneBytes = kb.idx(0);
  for (auto [i, index] : llvm::enumerate(ArrayRef(at).drop_front())) {
    int64_t stride = eltBytes;
    for (int64_t d : memType.getShape().drop_front(i + 2))
      stride *= d;
    laneBytes = kb.add(laneBytes, kb.mul(index, kb.idx(stride)));
  }
  Value base = toI32(memref::ExtractAlignedPointerAsIndexOp::create(b, loc, source));
  Value stageBase = arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, toI32(stage), kb.i32(stageBytes)));
  Value address = arith::AddIOp::create(b, loc, stageBase, toI32(laneBytes));
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value ptr = LLVM::IntToPtrOp::create(b, loc, ptrType, address);
  if (int64_t immediate = rowImmediate * rowBytes)
    ptr = LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), ptr,
                              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(immediate)});
  auto i32 = b.getI32Type();
  Type structType = LLVM::LLVMStructType::getLiteral(b.getContext(), {i32, i32, i32, i32});
  Value four = NVVM::LdMatrixOp::create(
      b, loc, structType, ptr, /*num=*/4,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8), NVVM::LdStMatrixEltType::B16);
  auto pairType = VectorType::get({2}, type.getElementType());
  Value out = arith::ConstantOp::create(
      b, loc, type,
      DenseElementsAttr::get(
          type, APFloat::getZero(cast<FloatType>(type.getElementType()).getFloatSemantics())));
  for (int64_t i = 0; i < 4; ++i) {
    Value word = LLVM::ExtractValueOp::create(b, loc, four, i);
    out = vector::InsertOp::create(b, loc, LLVM::BitcastOp::create(b, loc, pairType, word), out,
                                   i);
  }
  return out;
}

// tf32's m16n8k8 fragments (PTX ISA, "mma.m16n8k8" .tf32): A register i
// of lane (g = lane / 4, t = lane % 4) holds row g + 8 (i % 2), column
// t + 4 (i / 2), which is what ldmatrix x4 of 32-bit words gives from four
// 8 x 4 matrices; B registers 0 and 1 hold rows t and t + 4 of column g,
// from two scalar loads (ldmatrix's transpose moves 16-bit halves, not
// words), conflict-free in B rows padded by 8 words (rowPadB); in TMA's
// swizzled stages two lanes of a load share a bank.
SmallVector<Value> MmaFragments::loadTf32(KernelBuilder &kb, WarpTileType tile, Value source,
                                          Value stage, Value row, Value col, bool swizzled) {
  Type elt = tile.getElementType();
  SmallVector<Value> frags;
  if (tile.isA()) {
    Value laneRow = kb.rem(lane, kb.idx(16));
    Value c = kb.add(col, kb.mul(kb.div(lane, kb.idx(16)), kb.idx(4)));
    auto x4 = VectorType::get({4, 1}, elt);
    for (int64_t mi = 0; mi < tile.getRows() / 16; ++mi)
      frags.push_back(nvgpu::LdMatrixOp::create(
          kb.b, kb.loc, x4, source,
          indices(kb, source, stage, kb.add(row, kb.add(kb.idx(mi * 16), laneRow)), c, swizzled),
          /*transpose=*/false, /*numTiles=*/4));
    return frags;
  }
  Value g = kb.div(lane, kb.idx(4)), t = kb.rem(lane, kb.idx(4));
  auto fragType = VectorType::get({2, 1}, elt);
  Value zero =
      arith::ConstantOp::create(kb.b, kb.loc, fragType, DenseElementsAttr::get(fragType, 0.0f));
  for (int64_t ni = 0; ni < tile.getCols() / 8; ++ni) {
    Value c = kb.add(col, kb.add(kb.idx(ni * 8), g));
    Value frag = zero;
    for (int64_t r = 0; r < 2; ++r) {
      Value word = memref::LoadOp::create(
          kb.b, kb.loc, source,
          indices(kb, source, stage, kb.add(row, kb.add(t, kb.idx(4 * r))), c, swizzled));
      frag = vector::InsertOp::create(kb.b, kb.loc, word, frag, ArrayRef<int64_t>{r, 0});
    }
    frags.push_back(frag);
  }
  return frags;
}

SmallVector<Value> MmaFragments::loadMmaSync(KernelBuilder &kb, WarpTileType tile, Value source,
                                             Value stage, Value row, Value col, bool swizzled) {
  if (tf32())
    return loadTf32(kb, tile, source, stage, row, col, swizzled);
  Type elt = tile.getElementType();
  Value laneRow = kb.rem(lane, kb.idx(16));
  Value laneCol = kb.mul(kb.div(lane, kb.idx(16)), kb.idx(8));
  auto x4 = VectorType::get({4, 2}, elt);
  // Swizzled stages: rows that are a constant multiple of 16 become the
  // ldmatrix immediate (ldmatrixSwizzled).
  int64_t rowImmediate = 0;
  if (std::optional<int64_t> c = getConstantIntValue(row); swizzled && c) {
    rowImmediate = *c / 16 * 16;
    row = kb.idx(*c - rowImmediate);
  }
  SmallVector<Value> frags;
  if (tile.isA()) {
    for (int64_t mi = 0; mi < tile.getRows() / 16; ++mi) {
      Value c = kb.add(col, laneCol);
      if (swizzled) {
        frags.push_back(ldmatrixSwizzled(kb, x4, source, stage, kb.add(row, laneRow),
                                         rowImmediate + mi * 16, c, /*transpose=*/false));
        continue;
      }
      Value r = kb.add(row, kb.add(kb.idx(mi * 16), laneRow));
      frags.push_back(nvgpu::LdMatrixOp::create(kb.b, kb.loc, x4, source,
                                                indices(kb, source, stage, r, c, swizzled),
                                                /*transpose=*/false, /*numTiles=*/4));
    }
    return frags;
  }
  // B fragments two n-tiles at a time: ldmatrix.x4.trans, lanes 16-31
  // addressing the second tile; registers 0-1 and 2-3 are the two 16x8
  // fragments.
  auto fragType = VectorType::get({2, 2}, elt);
  auto zero = DenseElementsAttr::get(
      fragType, APFloat::getZero(cast<FloatType>(elt).getFloatSemantics()));
  for (int64_t ni = 0; ni < tile.getCols() / 8; ni += 2) {
    Value c = kb.add(col, kb.add(kb.idx(ni * 8), laneCol));
    Value r = kb.add(row, laneRow);
    Value four = swizzled ? ldmatrixSwizzled(kb, x4, source, stage, r, rowImmediate, c,
                                             /*transpose=*/true)
                          : nvgpu::LdMatrixOp::create(kb.b, kb.loc, x4, source,
                                                      indices(kb, source, stage, r, c, swizzled),
                                                      /*transpose=*/true, /*numTiles=*/4)
                                .getResult();
    for (int64_t half = 0; half < 2; ++half) {
      Value frag = arith::ConstantOp::create(kb.b, kb.loc, fragType, zero);
      for (int64_t r = 0; r < 2; ++r)
        frag = vector::InsertOp::create(
            kb.b, kb.loc, vector::ExtractOp::create(kb.b, kb.loc, four, 2 * half + r), frag, r);
      frags.push_back(frag);
    }
  }
  return frags;
}

SmallVector<Value> MmaFragments::loadWmma(KernelBuilder &kb, WarpTileType tile, Value source,
                                          Value stage, Value row, Value col) {
  SmallVector<Type> types;
  fragmentTypes(tile, types);
  int64_t ld = cast<MemRefType>(source.getType()).getShape().back();
  bool isA = tile.isA();
  SmallVector<Value> frags;
  for (auto [i, type] : llvm::enumerate(types)) {
    Value r = isA ? kb.add(row, kb.idx(i * 16)) : row;
    Value c = isA ? col : kb.add(col, kb.idx(i * 16));
    if (intrinsics()) {
      std::string name = ("llvm.nvvm.wmma.m16n16k16.load." + Twine(isA ? "a" : "b") +
                           ".row.stride.bf16.p3")
                             .str();
      frags.push_back(callIntrinsic(kb, type, name,
                                    {kb.sharedPointer(source, {stage, r, c}), kb.i32(ld)}));
      continue;
    }
    frags.push_back(gpu::SubgroupMmaLoadMatrixOp::create(kb.b, kb.loc, type, source,
                                                         ValueRange{stage, r, c},
                                                         kb.b.getIndexAttr(ld), UnitAttr()));
  }
  return frags;
}

SmallVector<Value> MmaFragments::swiglu(KernelBuilder &kb, WarpTileType acc, ValueRange frags) {
  // Fragment ni holds columns 8 ni .. 8 ni + 7, so column j + cols / 2 is
  // in fragment ni + fragsN / 2 of the same lane, at the same place.
  int64_t fragsN = acc.getCols() / fragCols(), half = fragsN / 2;
  SmallVector<Value> out;
  for (int64_t mi = 0; mi < acc.getRows() / 16; ++mi)
    for (int64_t ni = 0; ni < half; ++ni) {
      Value gate = frags[mi * fragsN + ni], up = frags[mi * fragsN + ni + half];
      Value result = gate;
      for (int64_t i = 0; i < 2; ++i)
        for (int64_t j = 0; j < 2; ++j) {
          Value g = vector::ExtractOp::create(kb.b, kb.loc, gate, ArrayRef<int64_t>{i, j});
          Value u = vector::ExtractOp::create(kb.b, kb.loc, up, ArrayRef<int64_t>{i, j});
          Value h = arith::MulFOp::create(kb.b, kb.loc, approximateSilu(kb.b, kb.loc, g), u);
          result = vector::InsertOp::create(kb.b, kb.loc, h, result, ArrayRef<int64_t>{i, j});
        }
      out.push_back(result);
    }
  return out;
}

SmallVector<Value> MmaFragments::multiply(KernelBuilder &kb, WarpTileType acc, ValueRange a,
                                          ValueRange b, ValueRange c) {
  SmallVector<Value> out(c.begin(), c.end());
  int64_t fragsN = acc.getCols() / fragCols();
  for (auto [mi, am] : llvm::enumerate(a))
    for (auto [ni, bn] : llvm::enumerate(b)) {
      Value &d = out[mi * fragsN + ni];
      if (intrinsics()) {
        SmallVector<Value> args;
        appendFields(kb, args, am, 4);
        appendFields(kb, args, bn, 4);
        appendFields(kb, args, d, 8);
        d = callIntrinsic(kb, d.getType(), "llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16", args);
      } else if (wmma) {
        d = gpu::SubgroupMmaComputeOp::create(kb.b, kb.loc, d.getType(), am, bn, d, UnitAttr(),
                                              UnitAttr());
      } else {
        d = nvgpu::MmaSyncOp::create(kb.b, kb.loc, am, bn, d,
                                     ArrayRef<int64_t>{16, 8, tf32() ? 8 : 16}, tf32());
      }
    }
  return out;
}

Value MmaFragments::storedRow(KernelBuilder &kb, Value r, Value rows, Value firstRow) {
  Value below = kb.ult(r, rows);
  if (!firstRow)
    return below;
  return kb.andi(below, kb.ule(firstRow, r));
}

void MmaFragments::store(KernelBuilder &kb, WarpTileType acc, ValueRange frags, const Store &s) {
  if (wmma)
    return storeWmma(kb, acc, frags, s);
  if (s.scratch)
    return storeStaged(kb, acc, frags, s);
  storeMmaSync(kb, acc, frags, s);
}

void MmaFragments::storeWmma(KernelBuilder &kb, WarpTileType acc, ValueRange frags,
                             const Store &s) {
  // Through a 16x16 f32 scratch tile per warp: lane l writes row l/2,
  // columns (l%2)*8 .. +8.
  Value warp = kb.div(tid, kb.idx(32));
  Value lr = kb.div(lane, kb.idx(2)), lc = kb.mul(kb.rem(lane, kb.idx(2)), kb.idx(8));
  int64_t fragsN = acc.getCols() / 16;
  for (auto [i, frag] : llvm::enumerate(frags)) {
    int64_t mi = i / fragsN, ni = i % fragsN;
    if (intrinsics()) {
      SmallVector<Value> args = {kb.sharedPointer(s.scratch, {warp, kb.idx(0), kb.idx(0)})};
      appendFields(kb, args, frag, 8);
      args.push_back(kb.i32(16));
      LLVM::CallIntrinsicOp::create(
          kb.b, kb.loc, kb.b.getStringAttr("llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p3"),
          args);
    } else {
      gpu::SubgroupMmaStoreMatrixOp::create(kb.b, kb.loc, frag, s.scratch,
                                            ValueRange{warp, kb.idx(0), kb.idx(0)},
                                            kb.b.getIndexAttr(16), UnitAttr());
    }
    NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
    Value r = kb.add(s.row, kb.add(kb.idx(mi * 16), lr));
    Value c0 = kb.add(s.col, kb.add(kb.idx(ni * 16), lc));
    SmallVector<MatmulEpilogue::Group> groups;
    for (int64_t j = 0; j < 8; ++j) {
      Value c = kb.add(c0, kb.idx(j));
      Value v = memref::LoadOp::create(kb.b, kb.loc, s.scratch,
                                       ValueRange{warp, lr, kb.add(lc, kb.idx(j))});
      groups.push_back({{v},
                        kb.add(s.offset, kb.add(kb.mul(r, s.cols), c)),
                        c,
                        kb.andi(s.rowIn(kb, r), kb.ult(c, s.cols))});
    }
    s.epilogue.store(kb, groups, s.dest);
    NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
  }
}

/// Pairs a lane takes through a fused epilogue at once in the unstaged
/// store (all of a 16 x 256 tile's would load 128 inputs beside the 128
/// accumulators: the ping-pong kernel spilled).
constexpr size_t kUnstagedEpilogueGroups = 8;

void MmaFragments::storeMmaSync(KernelBuilder &kb, WarpTileType acc, ValueRange frags,
                                const Store &s) {
  SmallVector<MatmulEpilogue::Group> groups;
  auto flush = [&] {
    s.epilogue.store(kb, groups, s.dest);
    groups.clear();
  };
  auto group = [&](Value r, Value c, SmallVector<Value, 4> vals) {
    groups.push_back({std::move(vals), kb.add(s.offset, kb.add(kb.mul(r, s.cols), c)), c,
                      kb.andi(s.rowIn(kb, r), kb.ult(c, s.cols))});
    if (s.epilogue && groups.size() == kUnstagedEpilogueGroups)
      flush();
  };
  // mma.sync m16n8 accumulator: lane l holds rows l/4 and l/4 + 8, columns
  // 2*(l%4) and 2*(l%4) + 1.
  Value lr = kb.div(lane, kb.idx(4)), lc = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
  int64_t fragsN = acc.getCols() / 8;
  for (auto [f, frag] : llvm::enumerate(frags))
    for (int64_t i = 0; i < 2; ++i) {
      int64_t mi = f / fragsN, ni = f % fragsN;
      Value r = kb.add(s.row, kb.add(kb.idx(mi * 16 + 8 * i), lr));
      Value c = kb.add(s.col, kb.add(kb.idx(ni * 8), lc));
      Value v0 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 0});
      Value v1 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 1});
      if (s.pairs) {
        group(r, c, {v0, v1});
        continue;
      }
      group(r, c, {v0});
      group(r, kb.add(c, kb.idx(1)), {v1});
    }
  if (!groups.empty())
    flush();
}

/// Chunks of 4 f32 a lane takes through a fused epilogue at once.
constexpr size_t kStagedEpilogueChunks = 8;

void MmaFragments::storeStaged(KernelBuilder &kb, WarpTileType acc, ValueRange frags,
                               const Store &s) {
  // The scratch is in C's type, or f32 with an epilogue: it then runs on
  // the chunks read back (16 bytes of f32, the accumulators unrounded),
  // where each lane's inputs are consecutive and the accumulators already
  // gone from the registers.
  Type stagedElt = cast<MemRefType>(s.scratch.getType()).getElementType();
  int64_t chunk = 16 / (stagedElt.getIntOrFloatBitWidth() / 8), stride = stagedRowStride(acc);
  Value warp = kb.div(tid, kb.idx(32));
  Value warpBase = kb.mul(warp, kb.idx(stagedSliceElements(acc)));
  Value lr = kb.div(lane, kb.idx(4)), lc = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
  int64_t fragsN = acc.getCols() / 8, chunksPerRow = acc.getCols() / chunk;
  auto vecType = VectorType::get({chunk}, stagedElt);
  for (int64_t mi = 0; mi < acc.getRows() / 16; ++mi) {
    // mma.sync m16n8 accumulator: lane l holds rows l/4 and l/4 + 8,
    // columns 2*(l%4) and 2*(l%4) + 1.
    for (int64_t ni = 0; ni < fragsN; ++ni)
      for (int64_t i = 0; i < 2; ++i) {
        Value frag = frags[mi * fragsN + ni];
        Value v0 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 0});
        Value v1 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 1});
        Value at = kb.add(warpBase, kb.add(kb.mul(kb.add(lr, kb.idx(8 * i)), kb.idx(stride)),
                                           kb.add(lc, kb.idx(ni * 8))));
        kb.storeVecF32({v0, v1}, s.scratch, at);
      }
    NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
    auto chunks = [&] {
      // With an epilogue, a batch of chunks at a time: read back, inputs
      // loaded, bodies, stores (the whole slab's chunks at once would not fit
      // the registers beside the loads).
      SmallVector<MatmulEpilogue::Group> groups;
      auto flush = [&] {
        s.epilogue.store(kb, groups, s.dest);
        groups.clear();
      };
      // A lane's chunk `c` of the batch from chunk `first` (null: 0).
      auto chunkAt = [&](Value first, int64_t c) {
        Value id = kb.add(lane, kb.idx(32 * c));
        if (first)
          id = kb.add(id, first);
        Value row = kb.div(id, kb.idx(chunksPerRow));
        Value col = kb.mul(kb.rem(id, kb.idx(chunksPerRow)), kb.idx(chunk));
        auto load = vector::LoadOp::create(
            kb.b, kb.loc, vecType, s.scratch,
            ValueRange{kb.add(warpBase, kb.add(kb.mul(row, kb.idx(stride)), col))});
        load.setAlignment(16);
        Value r = kb.add(s.row, kb.add(kb.idx(mi * 16), row));
        Value cc = kb.add(s.col, col);
        Value inside = kb.andi(s.rowIn(kb, r), kb.ult(cc, s.cols));
        Value at = kb.add(s.offset, kb.add(kb.mul(r, s.cols), cc));
        if (!s.epilogue) {
          kb.ifThenElse(inside, [&] {
            vector::StoreOp::create(kb.b, kb.loc, load, s.dest, ValueRange{at}).setAlignment(16);
          });
          return;
        }
        MatmulEpilogue::Group g{{}, at, cc, inside};
        for (int64_t e = 0; e < chunk; ++e)
          g.acc.push_back(vector::ExtractOp::create(kb.b, kb.loc, load, e));
        groups.push_back(std::move(g));
        if (groups.size() == kStagedEpilogueChunks)
          flush();
      };
      int64_t perLane = 16 * chunksPerRow / 32, batch = kStagedEpilogueChunks;
      // With an epilogue, a loop over batches where there are several (as
      // in storeShiftedRows: unrolled, the bodies outgrow the instruction
      // cache).
      if (s.epilogue && perLane > batch && perLane % batch == 0) {
        kb.forLoop(kb.idx(0), kb.idx(32 * perLane), kb.idx(32 * batch), {},
                   [&](Value first, ValueRange) {
                     for (int64_t c = 0; c < batch; ++c)
                       chunkAt(first, c);
                     return SmallVector<Value>{};
                   });
        return;
      }
      for (int64_t c = 0; c < perLane; ++c)
        chunkAt(Value(), c);
      if (!groups.empty())
        flush();
    };
    if (s.anyCols)
      kb.ifThenElse(arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq,
                                          kb.rem(s.cols, kb.idx(chunk)), kb.idx(0)),
                    chunks,
                    [&] { storeShiftedRows(kb, s, mi, chunk, chunksPerRow, stride, warpBase); });
    else
      chunks();
    NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
  }
}

/// The staged slab `mi` of a warp (16 rows) into C whose rows are not whole
/// chunks: row r's chunks start at its first chunk boundary in C, `head`
/// elements in (each row its own). Lane slot j of a row takes the chunk at
/// columns head + chunk * j, stored as one vector; the row's last slot
/// (which would run past the warp tile) takes the head's elements and the
/// tail's instead, one by one, as does a chunk cut by C's last column. A
/// fused epilogue runs on the chunks read back (the scratch then in f32).
void MmaFragments::storeShiftedRows(KernelBuilder &kb, const Store &s, int64_t mi, int64_t chunk,
                                    int64_t chunksPerRow, int64_t stride, Value warpBase) {
  Type stagedElt = cast<MemRefType>(s.scratch.getType()).getElementType();
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(kb.b, kb.loc, p, x, y).getResult();
  };
  // Lane slots `first` + lane of the slab's 16 x chunksPerRow.
  auto slot = [&](Value first) {
    Value id = kb.add(lane, first);
    Value row = kb.div(id, kb.idx(chunksPerRow));
    Value j = kb.rem(id, kb.idx(chunksPerRow));
    Value r = kb.add(s.row, kb.add(kb.idx(mi * 16), row));
    Value rowStart = kb.add(s.offset, kb.add(kb.mul(r, s.cols), s.col));
    Value head = kb.rem(kb.sub(kb.idx(chunk), kb.rem(rowStart, kb.idx(chunk))), kb.idx(chunk));
    Value edge = kb.andi(cmp(arith::CmpIPredicate::ne, head, kb.idx(0)),
                         cmp(arith::CmpIPredicate::eq, j, kb.idx(chunksPerRow - 1)));
    Value inner =
        arith::XOrIOp::create(kb.b, kb.loc, edge, arith::ConstantIntOp::create(kb.b, kb.loc, 1, 1));
    Value start = kb.add(kb.mul(j, kb.idx(chunk)), kb.select(edge, kb.idx(0), head));
    Value rowIn = s.rowIn(kb, r);
    SmallVector<Value> values, cols;
    for (int64_t e = 0; e < chunk; ++e) {
      // The edge slot's first `head` elements are the row's first.
      Value col =
          kb.select(kb.andi(edge, kb.ult(kb.idx(e), head)), kb.idx(e), kb.add(start, kb.idx(e)));
      cols.push_back(col);
      values.push_back(memref::LoadOp::create(
          kb.b, kb.loc, s.scratch,
          ValueRange{kb.add(warpBase, kb.add(kb.mul(row, kb.idx(stride)), col))}));
    }
    Value whole =
        kb.andi(kb.andi(rowIn, inner), kb.ule(kb.add(s.col, kb.add(start, kb.idx(chunk))), s.cols));
    if (s.epilogue) {
      // With an epilogue (the scratch in f32): the slot's elements are one
      // group whatever its columns, inputs read element by element (a whole
      // chunk's columns start anywhere; the edge slot's are the row's head
      // and tail), so every lane runs the body once, then stores its chunk
      // as one vector or element by element. With the body in each branch
      // instead, a warp ran it twice: its edge lanes apart.
      MatmulEpilogue::Group g{{values.begin(), values.end()}, Value(), Value(), Value()};
      for (int64_t e = 0; e < chunk; ++e) {
        Value col = kb.add(s.col, cols[e]);
        g.elements.push_back({kb.add(rowStart, cols[e]), col, kb.andi(rowIn, kb.ult(col, s.cols))});
      }
      SmallVector<Value> out = s.epilogue.apply(kb, {g}).front();
      kb.ifThenElse(
          whole, [&] { kb.storeVecF32(out, s.dest, kb.add(rowStart, start)); },
          [&] {
            for (auto [e, element] : llvm::enumerate(g.elements))
              kb.ifThenElse(element.inside,
                            [&, e = e] { kb.storeVecF32({out[e]}, s.dest, element.at); });
          });
      return;
    }
    kb.ifThenElse(
        whole,
        [&] {
          auto vecType = VectorType::get({chunk}, stagedElt);
          Value vec = vector::FromElementsOp::create(kb.b, kb.loc, vecType, values);
          vector::StoreOp::create(kb.b, kb.loc, vec, s.dest, ValueRange{kb.add(rowStart, start)})
              .setAlignment(16);
        },
        [&] {
          for (int64_t e = 0; e < chunk; ++e)
            kb.ifThenElse(kb.andi(rowIn, kb.ult(kb.add(s.col, cols[e]), s.cols)), [&] {
              memref::StoreOp::create(kb.b, kb.loc, values[e], s.dest,
                                      ValueRange{kb.add(rowStart, cols[e])});
            });
        });
  };
  int64_t slots = 16 * chunksPerRow;
  if (!s.epilogue) {
    for (int64_t first = 0; first < slots; first += 32)
      slot(kb.idx(first));
    return;
  }
  // With an epilogue, a loop: unrolled, a wgmma tile's slab (32 slots a
  // lane, each with the body and its element path) doubled the kernel's
  // code (20 K PTX instructions for epi_f16's, 10 K with the loop): epi_f16
  // at 4096 x 4095 x 4096 took 366 us against 229 us aligned (ncu).
  kb.forLoop(kb.idx(0), kb.idx(slots), kb.idx(32), {}, [&](Value first, ValueRange) {
    slot(first);
    return SmallVector<Value>{};
  });
}

} // namespace mini
