// mini-fuse's rules, a pattern set each (Fuse.cpp runs them). Private to
// lib/Transforms.
#ifndef MINI_TRANSFORMS_FUSEPATTERNS_H
#define MINI_TRANSFORMS_FUSEPATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mini {

/// Chains of add, mul, silu, gelu, scale and cast -> mini.elementwise
/// (FuseElementwise.cpp).
void populateFuseElementwisePatterns(mlir::RewritePatternSet &patterns);

} // namespace mini

#endif
