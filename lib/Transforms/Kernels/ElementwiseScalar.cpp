// One element of an elementwise op in f32 (ElementwiseScalar.h).
#include "ElementwiseScalar.h"
#include "KernelBuilder.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/IRMapping.h"

#include <limits>

using namespace mlir;

namespace mini {

bool isScalarElementwise(Operation *op) {
  return isa<AddOp, MulOp, SiluOp, GeluOp, ScaleOp, CastOp, ElementwiseOp>(op);
}

Value emitSiluScalar(OpBuilder &b, Location loc, Value x) {
  // x / (1 + e^-x): -inf gives NaN, as x * sigmoid(x) does. An approximate
  // division (2 ulp; IEEE division's slow path costs a matmul epilogue more
  // than the rest of the element).
  Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(b, loc, x, arith::AddFOp::create(b, loc, one, e),
                               arith::FastMathFlags::afn);
}

Value emitElementwiseScalar(OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> inputs,
                            Value masked) {
  auto f32 = [&](double v) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(static_cast<float>(v)));
  };
  Value x = inputs[0];
  if (isa<AddOp>(op))
    return arith::AddFOp::create(b, loc, x, inputs[1]);
  if (isa<MulOp>(op))
    return arith::MulFOp::create(b, loc, x, inputs[1]);
  if (isa<SiluOp>(op))
    return emitSiluScalar(b, loc, x);
  if (auto gelu = dyn_cast<GeluOp>(op)) {
    Value half = arith::MulFOp::create(b, loc, x, f32(0.5));
    Value t;
    if (gelu.isTanh()) {
      Value cube = arith::MulFOp::create(b, loc, arith::MulFOp::create(b, loc, x, x), x);
      Value inner = arith::MulFOp::create(b, loc, f32(0.7978845608028654),
                                          math::FmaOp::create(b, loc, cube, f32(0.044715), x));
      t = math::TanhOp::create(b, loc, inner);
    } else {
      t = math::ErfOp::create(b, loc, arith::MulFOp::create(b, loc, x, f32(0.7071067811865476)));
    }
    return math::FmaOp::create(b, loc, half, t, half);
  }
  if (auto scale = dyn_cast<ScaleOp>(op))
    return arith::MulFOp::create(b, loc, x, f32(scale.getFactor().convertToDouble()));
  if (isa<CausalMaskOp>(op))
    return arith::SelectOp::create(b, loc, masked, f32(-std::numeric_limits<double>::infinity()),
                                   x);
  if (auto fused = dyn_cast<ElementwiseOp>(op)) {
    Block &body = fused.getBody().front();
    IRMapping map;
    map.map(body.getArguments(), inputs);
    for (Operation &inner : body.without_terminator())
      b.clone(inner, map);
    return map.lookup(cast<YieldOp>(body.getTerminator()).getValue());
  }
  return x; // cast: widened on load, narrowed on store
}

void emitProductPairBody(OpBuilder &b, Block &body, Operation *pair) {
  auto op = cast<MatmulOp>(pair);
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(&body);
  Value value = arith::MulFOp::create(b, loc, emitSiluScalar(b, loc, body.getArgument(0)),
                                      body.getArgument(1));
  if (op.hasEpilogue()) {
    Block &old = op.getEpilogue().front();
    IRMapping map;
    map.map(old.getArgument(0), value);
    for (unsigned i = 1; i < old.getNumArguments(); ++i)
      map.map(old.getArgument(i), body.getArgument(i + 1));
    for (Operation &o : old.without_terminator())
      b.clone(o, map);
    value = map.lookup(cast<YieldOp>(old.getTerminator()).getValue());
  }
  YieldOp::create(b, loc, value);
}

void recordProgram(Block &body, KernelSpec &spec) {
  Builder b(body.getTerminator()->getContext()); // the body may be detached
  DenseMap<Value, int64_t> index;
  for (BlockArgument a : body.getArguments())
    index[a] = a.getArgNumber();
  SmallVector<Attribute> steps;
  for (Operation &inner : body.without_terminator()) {
    SmallVector<NamedAttribute> step;
    if (auto c = dyn_cast<arith::ConstantOp>(inner)) {
      step = {b.getNamedAttr("op", b.getStringAttr("const")),
              b.getNamedAttr("value", cast<FloatAttr>(c.getValue()))};
    } else {
      SmallVector<int64_t> args;
      for (Value v : inner.getOperands())
        args.push_back(index.at(v));
      StringRef name = inner.getName().stripDialect();
      step = {b.getNamedAttr("op", b.getStringAttr(name)),
              b.getNamedAttr("args", b.getI64ArrayAttr(args))};
    }
    index[inner.getResult(0)] = body.getNumArguments() + steps.size();
    steps.push_back(b.getDictionaryAttr(step));
  }
  spec.attrs.set("program", b.getArrayAttr(steps));
  spec.attrs.set("result",
                 b.getI64IntegerAttr(index.at(cast<YieldOp>(body.getTerminator()).getValue())));
}

} // namespace mini
