// mini-fuse's SwiGLU rule (FusePatterns.h): mul(silu(matmul(x, w_gate)),
// matmul(x, w_up)) -> one mini.matmul with `up`, which computes both
// products from the same A tiles and writes only silu(gate) * up. Runs
// before the epilogue rule, which would otherwise take the silu into the
// gate matmul and hide the pair.
#include "FusePatterns.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace mini {
namespace {

/// A plain product (no epilogue, no pair, no chosen config) used only by
/// the pattern.
bool isPlainProduct(MatmulOp mm) {
  return mm && !mm.hasEpilogue() && !mm.getUp() && !mm.getConfigAttr() && !mm.getSizeVariantsAttr();
}

struct FuseSwiGLUPattern : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MulOp mul, PatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(mul.getType());
    for (auto [gateSide, upSide] : {std::pair{0, 1}, std::pair{1, 0}}) {
      auto silu = soleProducer<SiluOp>(mul->getOperand(gateSide));
      if (!silu)
        continue;
      auto gate = soleProducer<MatmulOp>(silu.getInput());
      auto up = soleProducer<MatmulOp>(mul->getOperand(upSide));
      if (!isPlainProduct(gate) || !isPlainProduct(up) || gate == up)
        continue;
      auto gateType = cast<RankedTensorType>(gate.getType());
      auto wType = cast<RankedTensorType>(gate.getRhs().getType());
      if (gate.getLhs() != up.getLhs() || up.getRhs().getType() != wType ||
          up.getType() != gateType || silu.getType() != gateType ||
          gateType.getShape() != resultType.getShape())
        return rewriter.notifyMatchFailure(mul, "the products differ in A or in shapes");
      if (!isa<Float16Type, BFloat16Type>(wType.getElementType()))
        return rewriter.notifyMatchFailure(mul, "the products are not f16 or bf16");
      // The weights' rows start 16-byte aligned (TMA reads them).
      int64_t n = wType.getShape().back();
      if (ShapedType::isDynamic(n) || n % 8 != 0)
        return rewriter.notifyMatchFailure(mul, "N is dynamic or not a multiple of 8");
      auto fused = MatmulOp::create(rewriter, mul.getLoc(), resultType, gate.getLhs(),
                                    gate.getRhs(), up.getRhs(), ValueRange{}, nullptr, nullptr,
                                    nullptr, nullptr, nullptr, nullptr, /*precision=*/nullptr);
      rewriter.replaceOp(mul, fused.getResult());
      rewriter.eraseOp(silu);
      rewriter.eraseOp(gate);
      rewriter.eraseOp(up);
      return success();
    }
    return rewriter.notifyMatchFailure(mul, "not silu(matmul) * matmul, each used only here");
  }
};

} // namespace

void populateFuseSwiGLUPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseSwiGLUPattern>(patterns.getContext());
}

} // namespace mini
