// mini-fuse: chains of mini ops become fewer kernels, a rewrite pattern per
// rule (the rules: Passes.td).
#include "FusePatterns.h"

#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mini {
#define GEN_PASS_DEF_MINIFUSE
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

/// matmul(softmax([causal_mask](scale(matmul(q, transpose(k))))), v) ->
/// mini.attention(q, k, v) {scale, causal}. The scales (on q, on the scores
/// before or, when positive, after the mask) multiply; with none the scale
/// is 1, not attention's default 1/sqrt(D). A cast may sit between the
/// softmax and the last matmul (scores in f32, P in the operands' type).
struct FuseAttentionPattern : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulOp pv, PatternRewriter &rewriter) const override {
    if (pv.hasEpilogue())
      return rewriter.notifyMatchFailure(pv, "has an epilogue");
    Value p = pv.getLhs();
    if (auto cast = soleProducer<CastOp>(p))
      p = cast.getInput();
    auto softmax = soleProducer<SoftmaxOp>(p);
    if (!softmax)
      return rewriter.notifyMatchFailure(pv, "lhs is not a softmax used only here");
    Value scores = softmax.getInput();
    float scale = 1.0f;
    bool causal = false;
    auto takeScale = [&](bool afterMask) {
      auto s = soleProducer<ScaleOp>(scores);
      if (!s)
        return true;
      float factor = s.getFactor().convertToFloat();
      if (afterMask && !(factor > 0)) // -inf * factor must stay -inf
        return false;
      scale *= factor;
      scores = s.getInput();
      return true;
    };
    if (!takeScale(/*afterMask=*/true))
      return rewriter.notifyMatchFailure(pv, "a scale of a masked score that is not > 0");
    if (auto mask = soleProducer<CausalMaskOp>(scores)) {
      causal = true;
      scores = mask.getInput();
      takeScale(/*afterMask=*/false);
    }
    auto qk = soleProducer<MatmulOp>(scores);
    if (!qk || qk.hasEpilogue())
      return rewriter.notifyMatchFailure(pv, "the scores are not a matmul used only there");
    auto kt = soleProducer<TransposeOp>(qk.getRhs());
    if (!kt || kt.getSwappedDim() != cast<RankedTensorType>(kt.getType()).getRank() - 2)
      return rewriter.notifyMatchFailure(
          pv, "the scores' rhs is not a transpose of the last two dims used only there");
    Value q = qk.getLhs(), k = kt.getInput(), v = pv.getRhs();
    if (auto qs = soleProducer<ScaleOp>(q)) {
      scale *= qs.getFactor().convertToFloat();
      q = qs.getInput();
    }
    auto qType = cast<RankedTensorType>(q.getType());
    auto kType = cast<RankedTensorType>(k.getType());
    auto vType = cast<RankedTensorType>(v.getType());
    auto oType = cast<RankedTensorType>(pv.getType());
    if (qType.getRank() != 4 || kType.getRank() != 4 || vType.getRank() != 4)
      return rewriter.notifyMatchFailure(pv, "q, k and v are not B x H x S|T x D");
    if (qType.isDynamicDim(3) || kType.getElementType() != qType.getElementType() ||
        vType.getElementType() != qType.getElementType() ||
        oType.getElementType() != qType.getElementType())
      return rewriter.notifyMatchFailure(pv, "a dynamic head dim or mixed element types");
    if (vType.getShape()[3] != qType.getShape()[3])
      return rewriter.notifyMatchFailure(pv, "v's head dim is not q's");
    if (!std::isfinite(scale))
      return rewriter.notifyMatchFailure(pv, "the scales' product is not finite");
    auto attention = rewriter.replaceOpWithNewOp<AttentionOp>(
        pv, oType, q, k, v, rewriter.getF32FloatAttr(scale),
        causal ? rewriter.getUnitAttr() : UnitAttr(), AttentionConfigAttr(), AttentionConfigAttr());
    (void)attention;
    return success();
  }
};

struct MiniFusePass : mini::impl::MiniFuseBase<MiniFusePass> {
  using MiniFuseBase::MiniFuseBase;
  void runOnOperation() override {
    // Attention first: its scale would otherwise join the scores' matmul
    // as an epilogue and hide the pattern; then residual norms, whose add
    // would otherwise become an elementwise kernel or an epilogue (the norm
    // reads the sum's operands for free: it reads its input anyway).
    RewritePatternSet attention(&getContext());
    attention.add<FuseAttentionPattern>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(attention))))
      return signalPassFailure();
    // SwiGLU before the epilogue rule, which would take the silu.
    RewritePatternSet swiglu(&getContext());
    populateFuseSwiGLUPatterns(swiglu);
    if (failed(applyPatternsGreedily(getOperation(), std::move(swiglu))))
      return signalPassFailure();
    RewritePatternSet norms(&getContext());
    populateFuseResidualNormPatterns(norms);
    if (failed(applyPatternsGreedily(getOperation(), std::move(norms))))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateFuseElementwisePatterns(patterns);
    populateFuseMatmulEpiloguePatterns(patterns, epilogueMinK);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
