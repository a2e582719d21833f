// mini-fuse's residual-norm rule: rmsnorm(add(x, r), w) and
// layernorm(add(x, r), w, b) -> one row kernel that reads x and r, and
// writes the sum as well where something else reads it (a transformer's
// residual stream: h = x + attn; y = norm(h); ... h + mlp(y)).
#include "FusePatterns.h"

#include "mini/Dialect/Mini/MiniOps.h"

using namespace mlir;

namespace mini {
namespace {

template <typename NormOp> struct FuseResidualNormPattern : OpRewritePattern<NormOp> {
  using OpRewritePattern<NormOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(NormOp norm, PatternRewriter &rewriter) const override {
    if (norm.getResidual())
      return rewriter.notifyMatchFailure(norm, "already adds a residual");
    auto add = norm.getInput().template getDefiningOp<AddOp>();
    if (!add)
      return rewriter.notifyMatchFailure(norm, "the input is not a mini.add");
    if (add.getLhs().getType() != add.getRhs().getType() || add.getLhs().getType() != add.getType())
      return rewriter.notifyMatchFailure(norm, "the add broadcasts (a bias, not a residual)");
    // The sum's other readers take the norm's sum result instead: the norm
    // must come first, or it moves up to the add where its other operands
    // are already defined.
    Value h = add.getResult();
    bool othersAfterNorm = llvm::all_of(h.getUsers(), [&](Operation *user) {
      return user == norm || (user->getBlock() == norm->getBlock() && norm->isBeforeInBlock(user));
    });
    bool operandsBeforeAdd = llvm::all_of(norm->getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return v == h || !def || (def->getBlock() == add->getBlock() && def->isBeforeInBlock(add));
    });
    bool sameBlock = llvm::all_of(
        h.getUsers(), [&](Operation *user) { return user->getBlock() == add->getBlock(); });
    if (!othersAfterNorm && !(sameBlock && operandsBeforeAdd))
      return rewriter.notifyMatchFailure(norm, "the sum is read where the norm's result is not "
                                               "available");
    bool keepSum = !h.hasOneUse();
    SmallVector<Type> types = {norm.getResult().getType()};
    if (keepSum)
      types.push_back(h.getType());
    // (x, r, then the norm's other operands: one optional operand needs no
    // segment sizes.)
    SmallVector<Value> operands = {add.getLhs(), add.getRhs()};
    llvm::append_range(operands, norm->getOperands().drop_front());
    if (!othersAfterNorm)
      rewriter.setInsertionPoint(add);
    auto fused = NormOp::create(rewriter, norm.getLoc(), types, operands, norm->getAttrs());
    rewriter.replaceOp(norm, fused.getResult());
    if (keepSum)
      rewriter.replaceOp(add, fused.getSum());
    else
      rewriter.eraseOp(add);
    return success();
  }
};

} // namespace

void populateFuseResidualNormPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseResidualNormPattern<RmsNormOp>, FuseResidualNormPattern<LayerNormOp>>(
      patterns.getContext());
}

} // namespace mini
