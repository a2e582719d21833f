// The f32 scalar bodies of mini.elementwise and of a matmul's epilogue: the
// ops the kernels clone per element and the references interpret. Private
// to lib/Dialect/Mini.
#ifndef MINI_DIALECT_MINI_SCALARBODY_H
#define MINI_DIALECT_MINI_SCALARBODY_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"

#include <optional>

namespace mini {

/// Checks that `body` (of `op`, `what` in messages) is one block of
/// `numArgs` f32 arguments, ops of the scalar set (arith addf, subf, mulf,
/// divf, negf, constant; math exp, erf, tanh, fma) each giving one f32,
/// and a mini.yield.
mlir::LogicalResult verifyScalarBody(mlir::Operation *op, mlir::Region &body, unsigned numArgs,
                                     llvm::StringRef what);

/// Checks a matmul's epilogue inputs (`inputs`, named "epilogue input <i>")
/// against its result `result`: of its shape, or a vector of its last dim
/// (`biasInputs`: which are, for memref-level ops; null for tensor ops,
/// where the rank says). Flat memrefs have no shape to check.
mlir::LogicalResult verifyEpilogue(mlir::Operation *op, mlir::Region &body,
                                   mlir::ValueRange inputs, mlir::Type result,
                                   std::optional<llvm::ArrayRef<bool>> biasInputs);

} // namespace mini

#endif
