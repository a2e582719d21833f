// mini-select-attention-config: tensor cores or CUDA cores for attention, and
// the tensor-core kernel's rows per block and keys per tile.
#include "mini/Transforms/AttentionConfig.h"
#include "mini/Transforms/Passes.h"

namespace mini {
#define GEN_PASS_DEF_MINISELECTATTENTIONCONFIG
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace mini {

// Up to 64 key splits: a decode step of B x G = 8 row blocks then fills the
// H100 (33 splits: 7.9 TFLOP/s against 6.8 with 16; docs/PERF.md, attention
// v3).
constexpr int64_t kSplitKeys = 64;

/// The op's head dimension D (Q's last).
static int64_t headDim(AttentionOp op) {
  return cast<RankedTensorType>(op.getQuery().getType()).getDimSize(3);
}

AttentionConfigAttr simtAttentionConfig(MLIRContext *ctx) {
  return AttentionConfigAttr::get(ctx, MathUnit::simt, 4, 64, true, kSplitKeys);
}

AttentionConfigAttr chooseAttentionConfig(AttentionOp op, StringRef chip) {
  auto q = cast<RankedTensorType>(op.getQuery().getType());
  int64_t d = q.getDimSize(3);
  Type elt = q.getElementType();
  if (!(elt.isF16() || elt.isBF16()) || ShapedType::isDynamic(d) || d % 8 != 0 ||
      d > AttentionConfigAttr::kMaxMmaHeadDim)
    return simtAttentionConfig(op.getContext());
  if (chip != "sm_90a")
    return mmaSyncAttentionConfig(op);
  // sm_90a: wgmma, two consumer warpgroups of 64 rows, 128-key tiles; past
  // D = 128, 64 (O's accumulators take half the registers). H100,
  // docs/PERF.md attention v4: 1.1-2.7x mma_sync. Up to D = 64, three
  // warpgroups (v5: 1.07-1.16x two); with causal, whose diagonal tiles need
  // more registers, on 96-key tiles (128 spill 248 bytes; 96 spills 24 at
  // D = 64 and is still 1.06-1.07x 64-key tiles at S = T = 4096 and 8192,
  // H200, docs/PERF.md attention v16).
  bool wide = d <= 64;
  int64_t keys = d > 128 ? 64 : wide && op.getCausal() ? 96 : 128;
  int64_t warps = wide ? 12 : 8;
  return AttentionConfigAttr::get(op.getContext(), MathUnit::wgmma, warps, keys, true, kSplitKeys);
}

AttentionConfigAttr mmaSyncAttentionConfig(AttentionOp op) {
  int64_t d = headDim(op);
  MLIRContext *ctx = op.getContext();
  // Past D = 64 without a mask, 32-key tiles: 3 blocks of 4 warps fit an SM
  // (H100, docs/PERF.md attention v2: 291 against 277 TFLOP/s at D = 128;
  // with causal, whose rare paths need more registers, 64-key tiles: 217
  // against 201). Past D = 128, O's accumulators take half the registers:
  // Q's fragments are re-read per tile.
  if (d > 128)
    return AttentionConfigAttr::get(ctx, MathUnit::mma_sync, 4, 32, false, kSplitKeys);
  int64_t keys = d > 64 && !op.getCausal() ? 32 : 64;
  return AttentionConfigAttr::get(ctx, MathUnit::mma_sync, 4, keys, true, kSplitKeys);
}

AttentionConfigAttr shortSequenceAttentionConfig(AttentionOp op, AttentionConfigAttr config) {
  int64_t d = headDim(op);
  if (!config.isWgmma() || AttentionConfigAttr::paddedHeadDim(d) > 128)
    return {};
  // With causal, two one-warpgroup blocks an SM overlap one block's serial
  // part (Q's first wait, the diagonal tile, the epilogue) with the other's
  // key loop: H200, 1.18x at S = T = 512 and 1.04-1.07x at 1024 (D = 128),
  // 1.01-1.03x at D = 64, but 0.87-0.95x from T = 3001 on, where reading
  // each K/V tile for 64 rows instead of 128 costs more (docs/PERF.md,
  // attention v14); at 1536-2053 0.94-1.02x (v16). Up to D = 64 three such
  // blocks fit an SM: 1.18-1.30x two at S = T = 256-1024, and 1.00-1.13x
  // the config's up to T = 8192 (shortSequenceMaxKeys), 0.95x at 16384
  // (v17).
  if (config.getWarps() == 4)
    return {};
  auto oneGroup = [&] {
    return AttentionConfigAttr::get(op.getContext(), MathUnit::wgmma, 4, 64, config.getKeepQ(),
                                    config.getSplitKeys());
  };
  if (op.getCausal())
    return oneGroup();
  // Without causal up to D = 64, one warpgroup at three blocks an SM where
  // three warpgroups run long sequences faster: 1.02-1.11x two warpgroups
  // (v16's short kernel) at S, T = 256-1024; three round S up to 192-row
  // blocks. From S = 2048 on 0.93x three (H200, docs/PERF.md attention
  // v17); shortSequenceMaxRows bounds S too.
  return config.getWarps() == 12 ? oneGroup() : AttentionConfigAttr();
}

int64_t shortSequenceMaxKeys(AttentionOp op) {
  int64_t d = headDim(op);
  bool narrowHead = AttentionConfigAttr::paddedHeadDim(d) <= 64;
  return op.getCausal() && narrowHead ? 8 * AttentionOp::kShortKeys : AttentionOp::kShortKeys;
}

int64_t shortSequenceMaxRows(AttentionOp op) {
  // Without causal the short kernel wins by S's rounding, not T's length: at
  // S = 4096 T = 1024 it ran 0.94x the config's (attention v16).
  return op.getCausal() ? 0 : AttentionOp::kShortKeys;
}

AttentionConfigAttr getOrChooseAttentionConfig(AttentionOp op) {
  if (AttentionConfigAttr config = op.getConfigAttr())
    return config;
  return chooseAttentionConfig(op);
}

} // namespace mini

namespace {
struct MiniSelectAttentionConfigPass
    : mini::impl::MiniSelectAttentionConfigBase<MiniSelectAttentionConfigPass> {
  using Base::Base;

  /// wgmma, setmaxnreg and TMA need sm_90a.
  WalkResult checkChip(mini::AttentionOp op, mini::AttentionConfigAttr c) {
    if (!c.isWgmma() || chip == "sm_90a")
      return WalkResult::advance();
    op->emitOpError() << "config: math = \"wgmma\" needs chip sm_90a, got chip " << chip;
    return WalkResult::interrupt();
  }

  void runOnOperation() override {
    bool overriding = !math.empty() || warps >= 0 || tileKeys >= 0 || keepQ >= 0 ||
                      splitKeys >= 0;
    std::optional<mini::MathUnit> wantMath = mini::symbolizeMathUnit(math);
    if (!math.empty() && !wantMath) {
      getOperation()->emitError()
          << "mini-select-attention-config: math must be simt, mma_sync or wgmma; got math="
          << math;
      return signalPassFailure();
    }
    WalkResult result = getOperation()->walk([&](mini::AttentionOp op) {
      if (failed(mini::checkCountOptions(op, {{"warps", warps},
                                              {"tile-keys", tileKeys},
                                              {"keep-q", keepQ},
                                              {"split-keys", splitKeys}})))
        return WalkResult::interrupt();
      if (op.getConfigAttr() && !overriding)
        return checkChip(op, op.getConfigAttr());
      mini::AttentionConfigAttr c = mini::chooseAttentionConfig(op, chip);
      // Another math than the chip's default: that math's tiling.
      if (wantMath && *wantMath != c.getMath())
        c = *wantMath == mini::MathUnit::mma_sync ? mini::mmaSyncAttentionConfig(op)
            : *wantMath == mini::MathUnit::wgmma  ? mini::chooseAttentionConfig(op, "sm_90a")
                                                  : mini::simtAttentionConfig(op.getContext());
      auto pick = [](int64_t option, int64_t chosen) { return option >= 0 ? option : chosen; };
      c = mini::AttentionConfigAttr::get(op.getContext(), wantMath.value_or(c.getMath()),
                                         pick(warps, c.getWarps()),
                                         pick(tileKeys, c.getTileKeys()),
                                         keepQ >= 0 ? keepQ != 0 : c.getKeepQ(),
                                         pick(splitKeys, c.getSplitKeys()));
      auto q = cast<RankedTensorType>(op.getQuery().getType());
      if (failed(c.verifyFor(q.getElementType(), q.getDimSize(3),
                             [&] { return op->emitOpError(); })))
        return WalkResult::interrupt();
      op.setConfigAttr(c);
      // Only beside the chosen tiling: options and a config of one's own
      // mean one kernel.
      if (!overriding)
        if (mini::AttentionConfigAttr s = mini::shortSequenceAttentionConfig(op, c))
          op.setShortConfigAttr(s);
      return checkChip(op, c);
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
