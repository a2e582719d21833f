// mini-fuse's matmul-epilogue rule (FusePatterns.h): an elementwise op whose
// operand is a matmul's result, used only there, joins the matmul's
// epilogue, so the kernel applies it to the f32 accumulators before the
// store and the product is never written and read back. Repeated, it takes
// a whole chain: bias, activation, scale, residual, cast.
#include "FusePatterns.h"
#include "Kernels/ElementwiseScalar.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace mini {
namespace {

/// consumer(..., matmul(a, b), ...) -> matmul(a, b) with an epilogue: the
/// matmul's (if any) followed by the consumer's element. The consumer's
/// other operands become epilogue inputs: each of the result's shape or a
/// vector of its last dim (a bias along N; the result's shape only at a
/// static K of at least minKForFullInputs); anything else (a broadcast over
/// a batch) stays unfused, as does a matmul result of another shape than
/// the consumer's (the consumer broadcasts it) or with other users.
struct FuseMatmulEpiloguePattern : RewritePattern {
  FuseMatmulEpiloguePattern(MLIRContext *ctx, int64_t minKForFullInputs)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, ctx),
        minKForFullInputs(minKForFullInputs) {}
  int64_t minKForFullInputs;

  /// Whether `mm`'s epilogue may read a tensor of its result's shape.
  bool takesFullInputs(MatmulOp mm) const {
    if (minKForFullInputs <= 0)
      return true;
    int64_t k = cast<RankedTensorType>(mm.getLhs().getType()).getShape().back();
    return !ShapedType::isDynamic(k) && k >= minKForFullInputs;
  }

  LogicalResult matchAndRewrite(Operation *consumer, PatternRewriter &rewriter) const override {
    if (!isScalarElementwise(consumer))
      return failure();
    auto resultType = cast<RankedTensorType>(consumer->getResult(0).getType());
    for (OpOperand &use : consumer->getOpOperands()) {
      auto mm = use.get().getDefiningOp<MatmulOp>();
      if (!mm || !use.get().hasOneUse() ||
          mm.getResult().getType().getShape() != resultType.getShape())
        continue;
      SmallVector<Value> inputs(mm.getEpilogueInputs());
      SmallVector<size_t> consumerArgs;
      bool fusable = true;
      for (OpOperand &o : consumer->getOpOperands()) {
        if (o.getOperandNumber() == use.getOperandNumber()) {
          consumerArgs.push_back(SIZE_MAX);
          continue;
        }
        auto t = cast<RankedTensorType>(o.get().getType());
        bool bias = t.getRank() == 1 && t.getShape() == resultType.getShape().take_back();
        fusable &= bias || (t.getShape() == resultType.getShape() && takesFullInputs(mm));
        consumerArgs.push_back(inputIndex(inputs, o.get()));
      }
      if (!fusable || inputs.size() + 1 > kMaxFusedInputs)
        continue;
      auto fused = MatmulOp::create(
          rewriter, consumer->getLoc(), resultType, mm.getLhs(), mm.getRhs(), mm.getUp(), inputs,
          mm.getConfigAttr(), mm.getSizeVariantsAttr(), mm.getSmCountAttr(), mm.getTileRatesAttr(),
          mm.getVariantMaxMAttr(), mm.getVariantMaxNAttr(), mm.getPrecisionAttr());
      fused->setDiscardableAttrs(mm->getDiscardableAttrDictionary());
      Block *body = rewriter.createBlock(&fused.getEpilogue());
      for (size_t i = 0; i <= inputs.size(); ++i)
        body->addArgument(rewriter.getF32Type(), consumer->getLoc());
      // The matmul's epilogue so far (its inputs are the first ones), then
      // the consumer's element on its value.
      Value element = body->getArgument(0);
      if (mm.hasEpilogue()) {
        Block &old = mm.getEpilogue().front();
        IRMapping map;
        map.map(old.getArguments(), body->getArguments().take_front(old.getNumArguments()));
        for (Operation &op : old.without_terminator())
          rewriter.clone(op, map);
        element = map.lookup(cast<YieldOp>(old.getTerminator()).getValue());
      }
      SmallVector<Value> args;
      for (size_t i : consumerArgs)
        args.push_back(i == SIZE_MAX ? element : body->getArgument(i + 1));
      Value result = emitElementwiseScalar(rewriter, consumer->getLoc(), consumer, args);
      YieldOp::create(rewriter, consumer->getLoc(), result);
      if (body->getOperations().size() > kMaxFusedBodyOps + 1) {
        rewriter.eraseOp(fused);
        continue;
      }
      rewriter.replaceOp(consumer, fused.getResult());
      rewriter.eraseOp(mm);
      return success();
    }
    return failure();
  }
};

} // namespace

void populateFuseMatmulEpiloguePatterns(RewritePatternSet &patterns, int64_t minKForFullInputs) {
  patterns.add<FuseMatmulEpiloguePattern>(patterns.getContext(), minKForFullInputs);
}

} // namespace mini
