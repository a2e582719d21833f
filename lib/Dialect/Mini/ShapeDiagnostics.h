// Shape strings and checks the verifiers of the mini ops share. Private to
// lib/Dialect/Mini.
#ifndef MINI_DIALECT_MINI_SHAPEDIAGNOSTICS_H
#define MINI_DIALECT_MINI_SHAPEDIAGNOSTICS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mini {
using mlir::Operation;
using mlir::RankedTensorType;
using mlir::ShapedType;
using mlir::StringRef;
using mlir::success;

/// "4x?x8" for diagnostics.
inline std::string shapeStr(RankedTensorType type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      type.getShape(), os,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          os << '?';
        else
          os << d;
      },
      "x");
  if (type.getRank() == 0)
    os << "scalar";
  return s;
}

inline std::string dimStr(int64_t d) {
  return ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
}

/// Two sizes conflict only when both are static and differ.
inline bool conflict(int64_t a, int64_t b) {
  return !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b;
}

/// Checks that `result` has the same shape as `input`, dim by dim. `what`
/// names the input operand in the message, `resultName` the other tensor.
inline mlir::LogicalResult verifySameShape(Operation *op, RankedTensorType input,
                                           RankedTensorType result, StringRef what,
                                           StringRef resultName = "result") {
  if (input.getRank() != result.getRank())
    return op->emitOpError() << resultName << " rank " << result.getRank() << " differs from "
                             << what << " rank " << input.getRank();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(input.getShape(), result.getShape())))
    if (std::get<0>(pair) != std::get<1>(pair))
      return op->emitOpError() << resultName << " shape " << shapeStr(result) << " differs from "
                               << what << " shape " << shapeStr(input) << " at dim " << i;
  return success();
}

/// As verifySameShape, and the same element type.
inline mlir::LogicalResult verifySameShapeAndType(Operation *op, RankedTensorType input,
                                                  RankedTensorType result, StringRef what,
                                                  StringRef resultName = "result") {
  if (mlir::failed(verifySameShape(op, input, result, what, resultName)))
    return mlir::failure();
  if (input.getElementType() != result.getElementType())
    return op->emitOpError() << resultName << " element type " << result.getElementType()
                             << " differs from " << what << " element type "
                             << input.getElementType();
  return success();
}

} // namespace mini

#endif
