// One element of an elementwise op, in f32: what the elementwise kernels
// compute per element and what mini-fuse puts in a mini.elementwise body.
// Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_ELEMENTWISESCALAR_H
#define MINI_TRANSFORMS_KERNELS_ELEMENTWISESCALAR_H

#include "mlir/IR/Builders.h"

namespace mini {

/// The value of `op` (add, mul, silu, gelu, scale, cast, causal_mask or
/// elementwise) at one element, built at `b`'s insertion point from one f32
/// value per operand (`inputs`) and, for causal_mask, the element's verdict
/// (`masked`, i1). Arith and math ops only (mini.elementwise's body set).
mlir::Value emitElementwiseScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *op,
                                  llvm::ArrayRef<mlir::Value> inputs,
                                  mlir::Value masked = nullptr);

/// SiLU of one f32 value, x / (1 + e^-x), as mini.silu computes it.
mlir::Value emitSiluScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);

/// Whether emitElementwiseScalar builds `op` from its inputs alone (every
/// elementwise op but causal_mask and transpose).
bool isScalarElementwise(mlir::Operation *op);

/// Fills `body` (f32 arguments: the gate product, the up product, then one
/// per epilogue input of `pair`, a mini.matmul with `up`) with what the
/// pair's kernel stores, silu(gate) * up through the epilogue, and its
/// mini.yield.
void emitProductPairBody(mlir::OpBuilder &b, mlir::Block &body, mlir::Operation *pair);

struct KernelSpec;
/// A scalar body (mini.elementwise's, a matmul epilogue's) as the kernel
/// record's "program" attribute, which the references interpret: values
/// 0 .. n-1 are the body's arguments, then one per step in order; a step is
/// {op, args} (addf, subf, mulf, divf, negf, exp, erf, tanh, fma) or
/// {op = "const", value}; "result" is the value yielded.
void recordProgram(mlir::Block &body, KernelSpec &spec);

} // namespace mini

#endif
