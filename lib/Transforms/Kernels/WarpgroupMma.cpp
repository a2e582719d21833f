// mini.warpgroup_mma and mini.warpgroup_mma_wait on mma.sync-shaped
// accumulator fragments: a warp's quarter of an m64nN wgmma accumulator holds
// the same elements in the same registers as its 16 x N tile of m16n8
// fragments (per 8 columns: rows r and r + 8, two adjacent columns each), so
// the fragments go into the wgmma chain as they are and come out the same
// way; only the epilogue's loads and the stages differ from mma.sync.
#include "MmaFragments.h"
#include "Wgmma.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace mini {

namespace {

/// The f32 values of m16n8 accumulator fragments, in wgmma's register order.
SmallVector<Value> scalars(KernelBuilder &kb, ValueRange frags) {
  SmallVector<Value> values;
  for (Value frag : frags)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t e = 0; e < 2; ++e)
        values.push_back(vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, e}));
  return values;
}

SmallVector<Value> fragments(KernelBuilder &kb, ArrayRef<Value> values) {
  auto type = VectorType::get({2, 2}, kb.b.getF32Type());
  SmallVector<Value> frags;
  for (size_t f = 0; f < values.size() / 4; ++f)
    frags.push_back(vector::FromElementsOp::create(kb.b, kb.loc, type, values.slice(4 * f, 4)));
  return frags;
}

/// The shared-memory address (i32) of `stages[stage]` plus `bytes`.
Value stageAddress(KernelBuilder &kb, Value stages, Value stage, Value bytes) {
  auto type = cast<MemRefType>(stages.getType());
  int64_t stageBytes = type.getNumElements() / type.getDimSize(0) *
                       type.getElementTypeBitWidth() / 8;
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(kb.b, kb.loc, stages);
  Value at = kb.add(base, kb.add(kb.mul(stage, kb.idx(stageBytes)), bytes));
  return arith::IndexCastUIOp::create(kb.b, kb.loc, kb.b.getI32Type(), at);
}

} // namespace

SmallVector<Value> MmaFragments::warpgroupMma(KernelBuilder &kb, WarpTileType acc,
                                              ValueRange frags, Value sa, Value sb, Value stage,
                                              Value row) {
  using namespace wgmma;
  OpBuilder &b = kb.b;
  auto saType = cast<MemRefType>(sa.getType());
  int64_t depth = saType.getDimSize(2), n = acc.getCols();
  // A is K-major: 8-row atoms 1024 bytes apart, the warpgroup's rows `row`
  // on. B is N-major (transposed): its 64-column boxes `depth` rows apart.
  Value aDesc = descriptor(b, kb.loc, stageAddress(kb, sa, stage, kb.mul(row, kb.idx(kRowBytes))),
                           16, kAtomBytes);
  Value bDesc = descriptor(b, kb.loc, stageAddress(kb, sb, stage, kb.idx(0)), depth * kRowBytes,
                           kAtomBytes);
  SmallVector<Value> values = scalars(kb, frags);
  Type structType =
      LLVM::LLVMStructType::getLiteral(b.getContext(), SmallVector<Type>(n / 2, b.getF32Type()));
  Value d = LLVM::UndefOp::create(b, kb.loc, structType);
  for (auto [i, v] : llvm::enumerate(values))
    d = LLVM::InsertValueOp::create(b, kb.loc, d, v, i);
  auto eltType = saType.getElementType().isF16() ? NVVM::WGMMATypes::f16 : NVVM::WGMMATypes::bf16;
  NVVM::WgmmaFenceAlignedOp::create(b, kb.loc);
  for (int64_t k = 0; k < depth / 16; ++k)
    d = NVVM::WgmmaMmaAsyncOp::create(
        b, kb.loc, structType, d, offsetDescriptor(b, kb.loc, aDesc, k * 32),
        offsetDescriptor(b, kb.loc, bDesc, k * 16 * kRowBytes),
        NVVM::MMAShapeAttr::get(b.getContext(), 64, n, 16), eltType, eltType,
        NVVM::WGMMATypes::f32, NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
        NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row, NVVM::MMALayout::row, nullptr);
  NVVM::WgmmaGroupSyncAlignedOp::create(b, kb.loc);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = LLVM::ExtractValueOp::create(b, kb.loc, d, i);
  return fragments(kb, values);
}

SmallVector<SmallVector<Value>> MmaFragments::warpgroupWait(KernelBuilder &kb, int64_t pending,
                                                            ArrayRef<ValueRange> tiles) {
  NVVM::WgmmaWaitGroupSyncOp::create(kb.b, kb.loc, pending);
  SmallVector<SmallVector<Value>> done;
  for (ValueRange frags : tiles) {
    SmallVector<Value> values = scalars(kb, frags);
    wgmma::pinRegisters(kb.b, kb.loc, values);
    done.push_back(fragments(kb, values));
  }
  return done;
}

} // namespace mini
