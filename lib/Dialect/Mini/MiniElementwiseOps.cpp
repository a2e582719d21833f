// Verifiers of the elementwise ops (MiniElementwiseOps.td).
#include "ShapeDiagnostics.h"
#include "mini/Dialect/Mini/MiniOps.h"

#include <cmath>

using namespace mlir;
using namespace mini;

/// `b`'s shape is `a`'s or a suffix of it; one element type throughout.
static LogicalResult verifyBinary(Operation *op) {
  auto a = cast<RankedTensorType>(op->getOperand(0).getType());
  auto b = cast<RankedTensorType>(op->getOperand(1).getType());
  auto res = cast<RankedTensorType>(op->getResult(0).getType());
  if (a.getRank() < 1 || b.getRank() < 1)
    return op->emitOpError() << "operands must have rank >= 1, got lhs " << shapeStr(a)
                             << " and rhs " << shapeStr(b);
  if (b.getRank() > a.getRank())
    return op->emitOpError() << "rhs " << shapeStr(b) << " has more dims than lhs " << shapeStr(a)
                             << "; rhs must be lhs's shape or a suffix of it";
  int64_t offset = a.getRank() - b.getRank();
  for (int64_t i = 0; i < b.getRank(); ++i)
    if (conflict(a.getDimSize(offset + i), b.getDimSize(i)))
      return op->emitOpError() << "rhs dim " << i << " (" << dimStr(b.getDimSize(i))
                               << ") differs from lhs dim " << offset + i << " ("
                               << dimStr(a.getDimSize(offset + i)) << "); rhs " << shapeStr(b)
                               << " must be lhs " << shapeStr(a) << " or a suffix of it";
  if (a.getElementType() != b.getElementType())
    return op->emitOpError() << "rhs element type " << b.getElementType()
                             << " differs from lhs element type " << a.getElementType();
  return verifySameShapeAndType(op, a, res, "lhs");
}

LogicalResult AddOp::verify() { return verifyBinary(*this); }
LogicalResult MulOp::verify() { return verifyBinary(*this); }

/// Same shape and element type as the input, of rank >= `minRank`.
static LogicalResult verifyUnary(Operation *op, int64_t minRank = 1) {
  auto in = cast<RankedTensorType>(op->getOperand(0).getType());
  auto res = cast<RankedTensorType>(op->getResult(0).getType());
  if (in.getRank() < minRank)
    return op->emitOpError() << "input must have rank >= " << minRank << ", got " << shapeStr(in);
  return verifySameShapeAndType(op, in, res, "input");
}

LogicalResult SiluOp::verify() { return verifyUnary(*this); }

LogicalResult GeluOp::verify() {
  if (getApproximate() != "none" && getApproximate() != "tanh")
    return emitOpError() << "approximate must be \"none\" or \"tanh\", got \"" << getApproximate()
                         << "\"";
  return verifyUnary(*this);
}

LogicalResult ScaleOp::verify() {
  float factor = getFactor().convertToFloat();
  if (!std::isfinite(factor))
    return emitOpError() << "factor must be finite, got " << factor;
  return verifyUnary(*this);
}

LogicalResult CastOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  if (in.getRank() < 1)
    return emitOpError() << "input must have rank >= 1, got " << shapeStr(in);
  return verifySameShape(*this, in, cast<RankedTensorType>(getResult().getType()), "input");
}

LogicalResult TransposeOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto res = cast<RankedTensorType>(getResult().getType());
  if (in.getRank() < 2)
    return emitOpError() << "input must have rank >= 2, got " << shapeStr(in);
  SmallVector<int64_t> swapped(in.getShape());
  std::swap(swapped[in.getRank() - 1], swapped[in.getRank() - 2]);
  if (res.getShape() != ArrayRef<int64_t>(swapped) || res.getElementType() != in.getElementType())
    return emitOpError() << "result " << res << " must be the input " << in
                         << " with its last two dims swapped ("
                         << RankedTensorType::get(swapped, in.getElementType()) << ")";
  return success();
}

LogicalResult CausalMaskOp::verify() { return verifyUnary(*this, 2); }
