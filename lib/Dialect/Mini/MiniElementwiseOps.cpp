// Verifiers of the elementwise ops (MiniElementwiseOps.td).
#include "ScalarBody.h"
#include "ShapeDiagnostics.h"
#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>
#include <optional>

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
    return op->emitOpError() << "input must have rank >= " << minRank << ", got rank "
                             << in.getRank() << " (" << shapeStr(in) << ")";
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

int64_t TransposeOp::getSwappedDim() {
  std::optional<ArrayRef<int64_t>> perm = getPermutation();
  if (!perm)
    return cast<RankedTensorType>(getInput().getType()).getRank() - 2;
  for (auto [k, from] : llvm::enumerate(*perm))
    if (from != static_cast<int64_t>(k))
      return k;
  return 0; // the identity: the verifier rejects it
}

LogicalResult TransposeOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto res = cast<RankedTensorType>(getResult().getType());
  int64_t rank = in.getRank();
  if (rank < 2)
    return emitOpError() << "input must have rank >= 2, got rank " << rank << " (" << shapeStr(in)
                         << ")";
  if (std::optional<ArrayRef<int64_t>> perm = getPermutation()) {
    auto permStr = [&] {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << "[";
      llvm::interleaveComma(*perm, os);
      return s + "]";
    };
    if (static_cast<int64_t>(perm->size()) != rank)
      return emitOpError() << "permutation " << permStr() << " has " << perm->size()
                           << " entries; the input " << shapeStr(in) << " has rank " << rank;
    SmallVector<int64_t> swap = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    int64_t d = getSwappedDim();
    if (d + 1 < rank)
      std::swap(swap[d], swap[d + 1]);
    if (*perm != ArrayRef<int64_t>(swap))
      return emitOpError() << "permutation " << permStr()
                           << " must swap two adjacent dims and keep the others in place";
  }
  int64_t d = getSwappedDim();
  SmallVector<int64_t> swapped(in.getShape());
  std::swap(swapped[d], swapped[d + 1]);
  if (res.getShape() != ArrayRef<int64_t>(swapped) || res.getElementType() != in.getElementType())
    return emitOpError() << "result " << res << " must be the input " << in << " with dims " << d
                         << " and " << d + 1 << " swapped ("
                         << RankedTensorType::get(swapped, in.getElementType()) << ")";
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto res = cast<RankedTensorType>(getResult().getType());
  if (in.getElementType() != res.getElementType())
    return emitOpError() << "result element type " << res.getElementType()
                         << " differs from input element type " << in.getElementType();
  if (in.getNumDynamicDims() != res.getNumDynamicDims())
    return emitOpError() << "result " << shapeStr(res) << " has " << res.getNumDynamicDims()
                         << " dynamic dims, input " << shapeStr(in) << " has "
                         << in.getNumDynamicDims() << "; dynamic dims carry over one to one";
  auto staticProduct = [](RankedTensorType t) { // saturates: no tensor holds 2^63 elements
    int64_t p = 1;
    for (int64_t d : t.getShape())
      if (!ShapedType::isDynamic(d) && __builtin_mul_overflow(p, d, &p))
        return std::numeric_limits<int64_t>::max();
    return p;
  };
  if (staticProduct(in) != staticProduct(res))
    return emitOpError() << "result " << shapeStr(res) << " must hold as many elements as input "
                         << shapeStr(in) << ": static dims multiply to " << staticProduct(res)
                         << " against " << staticProduct(in);
  return success();
}

LogicalResult CausalMaskOp::verify() { return verifyUnary(*this, 2); }

void ElementwiseOp::build(OpBuilder &b, OperationState &state, Type result, ValueRange inputs) {
  state.addOperands(inputs);
  state.addTypes(result);
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (size_t i = 0; i < inputs.size(); ++i)
    block->addArgument(b.getF32Type(), state.location);
}

/// Each input the result's shape or one common suffix of it.
LogicalResult ElementwiseOp::verify() {
  auto res = cast<RankedTensorType>(getResult().getType());
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  if (res.getRank() < 1)
    return emitOpError() << "result must have rank >= 1, got " << shapeStr(res);
  std::optional<RankedTensorType> suffix;
  for (auto [i, v] : llvm::enumerate(getInputs())) {
    auto t = cast<RankedTensorType>(v.getType());
    bool full = t.getRank() == res.getRank();
    if (t.getRank() > res.getRank() || t.getRank() < 1)
      return emitOpError() << "input " << i << " " << shapeStr(t) << " must be the result's shape "
                           << shapeStr(res) << " or a suffix of it";
    int64_t offset = res.getRank() - t.getRank();
    for (int64_t d = 0; d < t.getRank(); ++d)
      if (full ? t.getDimSize(d) != res.getDimSize(d)
               : conflict(t.getDimSize(d), res.getDimSize(offset + d)))
        return emitOpError() << "input " << i << " " << shapeStr(t)
                             << " must be the result's shape " << shapeStr(res)
                             << " or a suffix of it";
    if (!full && suffix && suffix->getShape() != t.getShape())
      return emitOpError() << "broadcast inputs must share one shape, got " << shapeStr(*suffix)
                           << " and " << shapeStr(t) << " (input " << i << ")";
    if (!full)
      suffix = t;
  }
  if (!getShapeSource())
    return emitOpError() << "needs an input of the result's shape " << shapeStr(res);
  return success();
}

/// f32 block arguments, one per input; a body of the scalar arith/math ops
/// the kernels and the reference interpret.
LogicalResult ElementwiseOp::verifyRegions() {
  return verifyScalarBody(*this, getBody(), getInputs().size(), "body");
}

LogicalResult mini::verifyScalarBody(Operation *op, Region &region, unsigned numArgs,
                                     StringRef what) {
  if (!region.hasOneBlock())
    return op->emitOpError() << what << " must be one block";
  Block &body = region.front();
  if (body.getNumArguments() != numArgs)
    return op->emitOpError() << what << " takes " << body.getNumArguments() << " arguments, needs "
                             << numArgs;
  for (BlockArgument a : body.getArguments())
    if (!a.getType().isF32())
      return op->emitOpError() << what << " arguments must be f32, got " << a.getType();
  if (body.empty() || !isa<YieldOp>(body.back()))
    return op->emitOpError() << what << " must end in mini.yield";
  for (Operation &inner : body.without_terminator()) {
    if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp, arith::NegFOp,
             arith::ConstantOp, math::ExpOp, math::ErfOp, math::TanhOp, math::FmaOp>(inner))
      return op->emitOpError() << what << " op '" << inner.getName()
                               << "' is not one of arith.addf, subf, mulf, divf, negf, constant, "
                                  "math.exp, erf, tanh, fma";
    if (inner.getNumResults() != 1 || !inner.getResult(0).getType().isF32())
      return op->emitOpError() << what << " op '" << inner.getName() << "' must give one f32";
  }
  return success();
}

LogicalResult mini::verifyEpilogue(Operation *op, Region &body, ValueRange inputs, Type result,
                                   std::optional<ArrayRef<bool>> biasInputs) {
  if (body.empty()) {
    if (!inputs.empty())
      return op->emitOpError() << "has " << inputs.size() << " epilogue inputs but no epilogue";
    return success();
  }
  if (biasInputs && biasInputs->size() != inputs.size())
    return op->emitOpError() << "bias_inputs has " << biasInputs->size() << " entries for "
                             << inputs.size() << " epilogue inputs";
  if (auto res = dyn_cast<RankedTensorType>(result))
    for (auto [i, v] : llvm::enumerate(inputs)) {
      auto t = cast<RankedTensorType>(v.getType());
      bool same = t.getRank() == res.getRank() &&
                  llvm::all_of(llvm::seq<int64_t>(0, t.getRank()), [&](int64_t d) {
                    return !conflict(t.getDimSize(d), res.getDimSize(d));
                  });
      bool bias = t.getRank() == 1 && !conflict(t.getDimSize(0), res.getShape().back());
      if (!same && !bias)
        return op->emitOpError() << "epilogue input " << i << " " << shapeStr(t)
                                 << " must have the result's shape " << shapeStr(res)
                                 << " or be a bias of its last dim (" << dimStr(res.getShape().back())
                                 << ")";
    }
  return verifyScalarBody(op, body, inputs.size() + 1, "epilogue");
}
