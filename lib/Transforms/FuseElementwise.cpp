// mini-fuse's elementwise rule (FusePatterns.h): a chain of add, mul, silu,
// gelu, scale and cast ops becomes one mini.elementwise, one kernel that
// reads each input once and writes once.
#include "FusePatterns.h"
#include "Kernels/ElementwiseScalar.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace mini {
namespace {

/// consumer(..., producer(...), ...) -> elementwise(...) where the producer's
/// result has the consumer's shape and no other user; the inputs of both
/// (each once) in order of appearance; the body the producer's element,
/// then the consumer's on it. Refused where the broadcast inputs would not
/// share one shape, or past kMaxFusedInputs inputs or kMaxFusedBodyOps body ops.
struct FuseElementwiseChainPattern : RewritePattern {
  explicit FuseElementwiseChainPattern(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *consumer, PatternRewriter &rewriter) const override {
    if (!isScalarElementwise(consumer))
      return failure();
    auto resultType = cast<RankedTensorType>(consumer->getResult(0).getType());
    for (OpOperand &use : consumer->getOpOperands()) {
      Operation *producer = use.get().getDefiningOp();
      if (!producer || !isScalarElementwise(producer) || !use.get().hasOneUse() ||
          cast<RankedTensorType>(use.get().getType()).getShape() != resultType.getShape())
        continue;
      SmallVector<Value> inputs;
      SmallVector<size_t> producerArgs, consumerArgs;
      for (Value v : producer->getOperands())
        producerArgs.push_back(inputIndex(inputs, v));
      for (OpOperand &o : consumer->getOpOperands())
        consumerArgs.push_back(o.getOperandNumber() == use.getOperandNumber()
                                   ? SIZE_MAX
                                   : inputIndex(inputs, o.get()));
      if (inputs.size() > kMaxFusedInputs || !oneBroadcastShape(inputs, resultType))
        continue;
      auto fused = ElementwiseOp::create(rewriter, consumer->getLoc(), resultType, inputs);
      Block &body = fused.getBody().front();
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&body);
      SmallVector<Value> args;
      for (size_t i : producerArgs)
        args.push_back(body.getArgument(i));
      Value element = emitElementwiseScalar(rewriter, producer->getLoc(), producer, args);
      args.clear();
      for (size_t i : consumerArgs)
        args.push_back(i == SIZE_MAX ? element : body.getArgument(i));
      Value result = emitElementwiseScalar(rewriter, consumer->getLoc(), consumer, args);
      YieldOp::create(rewriter, consumer->getLoc(), result);
      if (body.getOperations().size() > kMaxFusedBodyOps + 1) {
        rewriter.eraseOp(fused);
        continue;
      }
      rewriter.replaceOp(consumer, fused.getResult());
      return success();
    }
    return failure();
  }

  /// Whether every input that is not of `result`'s shape has one shape.
  static bool oneBroadcastShape(ArrayRef<Value> inputs, RankedTensorType result) {
    std::optional<ArrayRef<int64_t>> shape;
    for (Value v : inputs) {
      auto t = cast<RankedTensorType>(v.getType());
      if (t.getRank() == result.getRank())
        continue;
      if (shape && *shape != t.getShape())
        return false;
      shape = t.getShape();
    }
    return true;
  }
};

} // namespace

void populateFuseElementwisePatterns(RewritePatternSet &patterns) {
  patterns.add<FuseElementwiseChainPattern>(patterns.getContext());
}

} // namespace mini
