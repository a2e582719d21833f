// mini-fuse's rules, a pattern set each (Fuse.cpp runs them). Private to
// lib/Transforms.
#ifndef MINI_TRANSFORMS_FUSEPATTERNS_H
#define MINI_TRANSFORMS_FUSEPATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mini {

// What a fused kernel and its reference hold: inputs (a matmul epilogue's
// accumulator counts as one), ops in the scalar body.
constexpr size_t kMaxFusedInputs = 8, kMaxFusedBodyOps = 64;

/// The position of `v` among a fused op's `inputs`, appended if absent
/// (a tensor read twice is one input).
inline size_t inputIndex(llvm::SmallVectorImpl<mlir::Value> &inputs, mlir::Value v) {
  auto it = llvm::find(inputs, v);
  if (it != inputs.end())
    return static_cast<size_t>(it - inputs.begin());
  inputs.push_back(v);
  return inputs.size() - 1;
}

/// `v`'s defining op as an `OpTy` when `v` has no other user, else null.
template <typename OpTy> OpTy soleProducer(mlir::Value v) {
  auto op = v.getDefiningOp<OpTy>();
  return op && v.hasOneUse() ? op : OpTy();
}

/// Chains of add, mul, silu, gelu, scale and cast -> mini.elementwise
/// (FuseElementwise.cpp).
void populateFuseElementwisePatterns(mlir::RewritePatternSet &patterns);

/// An elementwise op (or a fused chain) on a matmul's result -> the
/// matmul's epilogue (FuseMatmulEpilogue.cpp); an operand of the result's
/// shape only into a matmul of static K >= `minKForFullInputs` (0: any).
void populateFuseMatmulEpiloguePatterns(mlir::RewritePatternSet &patterns,
                                        int64_t minKForFullInputs);

/// mul(silu(matmul(x, w_gate)), matmul(x, w_up)) -> one matmul with `up`
/// (FuseSwiGLU.cpp): f16/bf16, N static and a multiple of 8.
void populateFuseSwiGLUPatterns(mlir::RewritePatternSet &patterns);

/// rmsnorm / layernorm of add(x, r) (same shapes) -> the norm with a
/// residual, and its sum result where the add has other users
/// (FuseResidualNorm.cpp).
void populateFuseResidualNormPatterns(mlir::RewritePatternSet &patterns);

} // namespace mini

#endif
