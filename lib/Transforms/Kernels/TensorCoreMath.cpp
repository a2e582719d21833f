// Tensor-core matmul: the warp ops of the math, on the warp's share of the
// block tile (mini-lower-mma turns them into mma.sync or WMMA fragments).
#include "TensorCoreEmitter.h"

namespace mini::tensorcore {

std::pair<Value, Value> groupedTile(KernelBuilder &kb, Value index, Value tilesM, Value tilesN) {
  Value perGroup = kb.mul(tilesN, kb.idx(kGroupRows));
  Value firstRow = kb.mul(kb.div(index, perGroup), kb.idx(kGroupRows));
  Value groupRows = kb.min(kb.sub(tilesM, firstRow), kb.idx(kGroupRows));
  Value inGroup = kb.rem(index, perGroup);
  return {kb.add(firstRow, kb.rem(inGroup, groupRows)), kb.div(inGroup, groupRows)};
}

TensorCoreEmitter::Fragments TensorCoreEmitter::loadFragments(Value stage, int64_t kk) {
  MLIRContext *ctx = kb.b.getContext();
  auto aType = WarpTileType::get(ctx, "a", {t.warpTileM(), mmaDepth()}, elt);
  auto bType = WarpTileType::get(ctx, "b", {mmaDepth(), t.warpTileN()}, elt);
  bool swizzled = tma.has_value();
  return {WarpLoadOp::create(kb.b, kb.loc, aType, sa, stage, warpRow, kb.idx(kk), swizzled),
          WarpLoadOp::create(kb.b, kb.loc, bType, sb, stage, kb.idx(kk), warpCol, swizzled)};
}

Value TensorCoreEmitter::multiplyTile(Value stage, Value acc) {
  for (int64_t kk = 0; kk < t.tk; kk += mmaDepth())
    acc = multiply(loadFragments(stage, kk), acc);
  return acc;
}

Value TensorCoreEmitter::multiplyTileWgmma(Value stage, Value groupRow, Value acc) {
  Value issued = WarpgroupMmaOp::create(kb.b, kb.loc, acc.getType(), sa, sb, stage, groupRow, acc);
  return WarpgroupMmaWaitOp::create(kb.b, kb.loc, TypeRange{acc.getType()}, 0,
                                    ValueRange{issued})
      .getResult(0);
}

Value TensorCoreEmitter::boxRow(Value tileRow0) {
  if (!boxedRows)
    return tileRow0;
  // Tiles wholly past M (a cluster's spare blocks) stay where they are:
  // they store nothing.
  Value tm = kb.idx(t.tm);
  Value moves = kb.andi(kb.ule(tm, M), kb.ult(tileRow0, M));
  return kb.select(moves, kb.min(tileRow0, kb.sub(M, tm)), tileRow0);
}

Value TensorCoreEmitter::firstOwnRow() {
  if (!boxedRows)
    return Value();
  return kb.mul(arith::CeilDivUIOp::create(kb.b, kb.loc, row0, kb.idx(t.tm)), kb.idx(t.tm));
}

void TensorCoreEmitter::epilogue(Value acc, Value C, Value cBase, Value scratch, bool pairs,
                                 bool anyCols) {
  Value col = warpCol;
  if (t.upPair) { // the warp's columns of C are half those of its product pair
    acc = WarpSwigluOp::create(kb.b, kb.loc, storedAccType(), acc);
    col = kb.div(warpCol, kb.idx(2));
  }
  auto store =
      WarpStoreOp::create(kb.b, kb.loc, acc, C, cBase, kb.add(row0, warpRow), kb.add(col0, col), M,
                          N, firstOwnRow(), scratch, pairs && !scratch, anyCols && scratch,
                          cEpilogue.inputs, cEpilogue.biasAttr(kb.b.getContext()));
  cEpilogue.cloneInto(store.getEpilogue());
}

} // namespace mini::tensorcore
