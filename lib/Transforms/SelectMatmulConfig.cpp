// mini-select-matmul-config: how a matmul is tiled and which unit does the math.
#include "mini/Transforms/MatmulConfig.h"
#include "mini/Transforms/Passes.h"

namespace mini {
#define GEN_PASS_DEF_MINISELECTMATMULCONFIG
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace mini {

namespace {
int majorVersion(StringRef chip) {
  return chip.starts_with("sm_") && chip.size() >= 5 ? chip[3] - '0' : 0;
}
} // namespace

MatmulConfigAttr chooseMatmulConfig(Type elementType, StringRef chip) {
  // mma.sync m16n8k16 with bf16 needs sm_80+.
  if ((elementType.isF16() || elementType.isBF16()) && majorVersion(chip) >= 8)
    return tensorCoreDefaults(elementType.getContext(), "mma_sync", chip);
  return simtDefaults(elementType.getContext());
}

MatmulConfigAttr tensorCoreDefaults(MLIRContext *ctx, StringRef math, StringRef chip) {
  // Best of the configs measured on the H100 (docs/PERF.md): 5 stages
  // (133 KiB of shared memory) where a block may use 227 KB (sm_90) or 163 KB
  // (sm_80); 3 stages (80 KiB) on the sm_8x parts that allow about 99 KB.
  bool bigSharedMemory = chip.starts_with("sm_90") || chip == "sm_80";
  return MatmulConfigAttr::get(ctx, 128, 256, 32, 2, 4, bigSharedMemory ? 5 : 3, math);
}

MatmulConfigAttr simtDefaults(MLIRContext *ctx) {
  return MatmulConfigAttr::get(ctx, 64, 64, 16, 2, 4, 1, "simt");
}

MatmulConfigAttr getOrChooseMatmulConfig(MatmulOp op) {
  if (auto config = op.getConfigAttr())
    return config;
  return chooseMatmulConfig(cast<RankedTensorType>(op.getLhs().getType()).getElementType(),
                            "sm_90a");
}

} // namespace mini

namespace {
struct MiniSelectMatmulConfigPass
    : mini::impl::MiniSelectMatmulConfigBase<MiniSelectMatmulConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    bool overriding = !math.empty() || tileM >= 0 || tileN >= 0 || tileK >= 0 ||
                      warpsM >= 0 || warpsN >= 0 || stages >= 0;
    WalkResult result = getOperation()->walk([&](mini::MatmulOp op) {
      if (op.getConfigAttr() && !overriding)
        return WalkResult::advance();
      Type elt = cast<RankedTensorType>(op.getLhs().getType()).getElementType();
      mini::MatmulConfigAttr c = mini::chooseMatmulConfig(elt, chip);
      if (!math.empty() && math != c.getMath()) // a different unit: start from its defaults
        c = math == "simt" ? mini::simtDefaults(op.getContext())
                           : mini::tensorCoreDefaults(op.getContext(), math, chip);
      if (c.getMath() == "simt" && math != "simt") { // options target the tensor cores
        op.setConfigAttr(c);
        return WalkResult::advance();
      }
      auto pick = [](int64_t option, int64_t chosen) { return option >= 0 ? option : chosen; };
      c = mini::MatmulConfigAttr::get(op.getContext(), pick(tileM, c.getTileM()),
                                      pick(tileN, c.getTileN()), pick(tileK, c.getTileK()),
                                      pick(warpsM, c.getWarpsM()), pick(warpsN, c.getWarpsN()),
                                      pick(stages, c.getStages()), c.getMath());
      if (failed(c.verifyFor(elt, [&] { return op.emitOpError(); })))
        return WalkResult::interrupt();
      op.setConfigAttr(c);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
