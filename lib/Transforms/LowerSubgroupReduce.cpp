// mini-lower-subgroup-reduce: gpu.subgroup_reduce -> gpu.shuffle xor
// butterflies over a 32-lane warp, by upstream's patterns (convert-gpu-to-nvvm
// lowers the op only for 32-bit integers, to redux.sync).
#include "mini/Transforms/Passes.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mini {
#define GEN_PASS_DEF_MINILOWERSUBGROUPREDUCE
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace {

constexpr unsigned kWarpLanes = 32, kShuffleBits = 32;

struct MiniLowerSubgroupReducePass
    : mini::impl::MiniLowerSubgroupReduceBase<MiniLowerSubgroupReducePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGpuLowerSubgroupReduceToShufflePatterns(patterns, kWarpLanes, kShuffleBits);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(patterns, kWarpLanes, kShuffleBits);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What the patterns leave (a value wider than a shuffle) would reach
    // convert-gpu-to-nvvm and fail there without naming the op.
    WalkResult left = getOperation()->walk([](gpu::SubgroupReduceOp op) {
      op.emitError("mini-lower-subgroup-reduce: no shuffle lowering for a ")
          << op.getType() << " reduction (at most " << kShuffleBits << " bits)";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
