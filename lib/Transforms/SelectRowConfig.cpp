// mini-select-row-config: the mapping of softmax/rmsnorm rows onto threads.
#include "mini/Transforms/Passes.h"
#include "mini/Transforms/RowConfig.h"

#include "llvm/Support/MathExtras.h"

namespace mini {
#define GEN_PASS_DEF_MINISELECTROWCONFIG
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace mini {

RowConfigAttr chooseRowConfig(RankedTensorType type) {
  MLIRContext *ctx = type.getContext();
  int64_t bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  int64_t vw = 16 / bytes;
  // At most 32 cached values per thread keeps registers well under the
  // 64-per-thread budget of a 1024-thread block.
  int64_t maxSlots = 32 / vw;
  int64_t C = type.getDimSize(type.getRank() - 1);
  if (ShapedType::isDynamic(C)) // unknown length: 8 warps, rows up to 8K cached
    return RowConfigAttr::get(ctx, vw, 8, 1, maxSlots);
  int64_t vectors = llvm::divideCeil(C, vw);
  int64_t warps = std::clamp<int64_t>(
      llvm::PowerOf2Ceil(llvm::divideCeil(vectors, 32 * maxSlots)), 1, 32);
  int64_t slots = llvm::divideCeil(vectors, 32 * warps);
  if (slots > maxSlots)
    slots = 0; // too long to cache: stream
  // A 1024-thread block leaves one block per SM and idle bandwidth while it
  // reduces; 512 threads with up to 64 cached values did better on the H100
  // (docs/PERF.md).
  if (warps == 32 && slots > 0 && 2 * slots * vw <= 64) {
    warps = 16;
    slots *= 2;
  }
  int64_t rows = std::max<int64_t>(1, 4 / warps);
  return RowConfigAttr::get(ctx, vw, warps, rows, slots);
}

RowConfigAttr getOrChooseRowConfig(Operation *rowOp) {
  if (auto config = rowOp->getAttrOfType<RowConfigAttr>("config"))
    return config;
  return chooseRowConfig(cast<RankedTensorType>(rowOp->getOperand(0).getType()));
}

} // namespace mini

namespace {
struct MiniSelectRowConfigPass
    : mini::impl::MiniSelectRowConfigBase<MiniSelectRowConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    bool overriding = vectorWidth >= 0 || warpsPerRow >= 0 || rowsPerBlock >= 0 || cacheSlots >= 0;
    WalkResult result = getOperation()->walk([&](Operation *op) {
      if (!isa<mini::SoftmaxOp, mini::RmsNormOp>(op))
        return WalkResult::advance();
      if (failed(mini::checkCountOptions(op, {{"vector-width", vectorWidth},
                                              {"warps-per-row", warpsPerRow},
                                              {"rows-per-block", rowsPerBlock},
                                              {"cache-slots", cacheSlots}})))
        return WalkResult::interrupt();
      if (op->hasAttr("config") && !overriding)
        return WalkResult::advance();
      auto type = cast<RankedTensorType>(op->getOperand(0).getType());
      mini::RowConfigAttr c = mini::chooseRowConfig(type);
      auto pick = [](int64_t option, int64_t chosen) { return option >= 0 ? option : chosen; };
      c = mini::RowConfigAttr::get(op->getContext(), pick(vectorWidth, c.getVectorWidth()),
                                   pick(warpsPerRow, c.getWarpsPerRow()),
                                   pick(rowsPerBlock, c.getRowsPerBlock()),
                                   pick(cacheSlots, c.getCacheSlots()));
      if (failed(c.verifyFor(type.getElementType(), [&] { return op->emitOpError(); })))
        return WalkResult::interrupt();
      op->setAttr("config", c);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
