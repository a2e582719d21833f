// The function records of mini-lower-to-gpu (HostLaunches.h): what the
// manifest's "functions" say of a func.func, so that the runtime can run it
// as written, a launch per op in order, over named buffers.
#include "HostLaunches.h"
#include "OpSizes.h"

#include "mini/Dialect/Mini/MiniDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace mini {
namespace {

/// A tensor's dims: an IntegerAttr where static, else the StringAttr name
/// of the function's dynamic size it equals (a `mini.size_names` name or
/// "arg<i>.<d>").
using SymbolicDims = SmallVector<Attribute, 4>;

/// The value whose buffer `v` is: through reshapes (views) to their input.
Value viewedBuffer(Value v) {
  while (auto reshape = v.getDefiningOp<ReshapeOp>())
    v = reshape.getInput();
  return v;
}

bool isMiniComputeOp(Operation *op) {
  return isa<MatmulOp, SoftmaxOp, RmsNormOp, LayerNormOp, AttentionOp, AddOp, MulOp, SiluOp, GeluOp, ScaleOp,
             CastOp, TransposeOp, CausalMaskOp, ElementwiseOp>(op);
}

} // namespace

/// Sizes as products of factors: the collector collectSizes runs on for a
/// function record.
class SymbolicSizes {
public:
  using Size = SmallVector<Attribute>;
  SymbolicSizes(MLIRContext *ctx, const DenseMap<Value, SymbolicDims> &dims)
      : ctx(ctx), dimsOf(dims) {}

  /// The static dims multiplied into one factor (left out when 1), then the
  /// names of the dynamic ones.
  Size dims(Value tensor, int64_t from, int64_t to) {
    int64_t product = 1;
    Size names;
    for (Attribute d : ArrayRef<Attribute>(dimsOf.at(tensor)).slice(from, to - from)) {
      if (auto i = dyn_cast<IntegerAttr>(d))
        product *= i.getInt();
      else
        names.push_back(d);
    }
    Size out;
    if (product != 1 || names.empty())
      out.push_back(IntegerAttr::get(IntegerType::get(ctx, 64), product));
    llvm::append_range(out, names);
    return out;
  }
  Size dim(Value tensor, int64_t i) { return dims(tensor, i, i + 1); }

private:
  MLIRContext *ctx;
  const DenseMap<Value, SymbolicDims> &dimsOf;
};

FunctionRecorder::FunctionRecorder(func::FuncOp func) : func(func), b(func.getContext()) {}

std::unique_ptr<FunctionRecorder> FunctionRecorder::create(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return nullptr;
  bool computes = false;
  for (Operation &op : func.getBody().getOps()) {
    if (isMiniComputeOp(&op))
      computes = true;
    else if (!isa<func::ReturnOp, ReshapeOp>(op))
      return nullptr; // host code the runtime would not run
  }
  auto ret = cast<func::ReturnOp>(func.getBody().back().getTerminator());
  llvm::SmallPtrSet<Value, 4> returned;
  for (Value v : ret.getOperands())
    if (Value buffer = viewedBuffer(v);
        isa<BlockArgument>(buffer) || !returned.insert(buffer).second)
      return nullptr; // a result no launch writes, or one written twice
  if (!computes)
    return nullptr;
  auto recorder = std::unique_ptr<FunctionRecorder>(new FunctionRecorder(func));
  for (auto [i, arg] : llvm::enumerate(func.getArguments())) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      return nullptr;
    // Dynamic dims by the user's names (verified: one per dynamic dim),
    // else "arg<i>.<d>".
    auto given = func.getArgAttrOfType<ArrayAttr>(i, MiniDialect::kSizeNamesAttrName);
    SymbolicDims dims;
    for (auto [d, size] : llvm::enumerate(type.getShape())) {
      if (!ShapedType::isDynamic(size)) {
        dims.push_back(recorder->b.getI64IntegerAttr(size));
        continue;
      }
      std::string name = given ? cast<StringAttr>(given[type.getDynamicDimIndex(d)]).str()
                               : ("arg" + Twine(i) + "." + Twine(d)).str();
      recorder->firstSeen.try_emplace(name, std::make_tuple(!given, i, d));
      dims.push_back(recorder->b.getStringAttr(name));
    }
    recorder->dims[arg] = dims;
    recorder->names[arg] = "arg" + std::to_string(i);
  }
  // A returned reshape's launch writes the result through the reshape's input.
  for (auto [j, v] : llvm::enumerate(ret.getOperands()))
    recorder->names[v] = recorder->names[viewedBuffer(v)] = "result" + std::to_string(j);
  return recorder;
}

void FunctionRecorder::addView(ReshapeOp reshape) {
  Value in = reshape.getInput(), out = reshape.getResult();
  SymbolicDims outDims;
  for (auto [size, from] : llvm::zip(reshape.getType().getShape(), reshapeCarriedDims(reshape)))
    outDims.push_back(from >= 0 ? dims.at(in)[from] : b.getI64IntegerAttr(size));
  dims[out] = outDims;
  names.try_emplace(out, names.at(in));
}

DictionaryAttr FunctionRecorder::tensorRecord(Value v) {
  std::string dtype;
  llvm::raw_string_ostream(dtype) << cast<RankedTensorType>(v.getType()).getElementType();
  return b.getDictionaryAttr({b.getNamedAttr("name", b.getStringAttr(names.at(v))),
                              b.getNamedAttr("dtype", b.getStringAttr(dtype)),
                              b.getNamedAttr("dims", b.getArrayAttr(dims.at(v)))});
}

std::string FunctionRecorder::canonical(StringRef name) {
  std::string n = name.str();
  while (sameAs.count(n) && sameAs[n] != n)
    n = sameAs[n];
  return n;
}

void FunctionRecorder::unify(Attribute a, Attribute b) {
  auto x = dyn_cast<StringAttr>(a), y = dyn_cast<StringAttr>(b);
  if (!x || !y)
    return; // a static dim: the verifier has checked the other against it
  std::string rx = canonical(x.getValue()), ry = canonical(y.getValue());
  if (rx == ry)
    return;
  // A name the user gave stands for both, else the earlier argument's
  // (then dim's).
  if (firstSeen.at(ry) < firstSeen.at(rx))
    std::swap(rx, ry);
  sameAs[ry] = rx;
}

/// The dynamic dims `op`'s verifier requires equal to each other: one size.
void FunctionRecorder::unifyOperandDims(Operation *op) {
  auto d = [&](Value v) -> SymbolicDims & { return dims[v]; };
  if (auto mm = dyn_cast<MatmulOp>(op)) {
    SymbolicDims &a = d(mm.getLhs()), &bb = d(mm.getRhs());
    for (size_t i = 0; i + 2 < a.size(); ++i)
      unify(a[i], bb[i]);
    unify(a[a.size() - 1], bb[bb.size() - 2]);
    if (Value up = mm.getUp()) // of rhs's type
      for (auto [x, y] : llvm::zip(bb, d(up)))
        unify(x, y);
    // An epilogue input: a bias of N, or of the result's dims (lhs's, then N).
    for (Value in : mm.getEpilogueInputs()) {
      SymbolicDims &e = d(in);
      for (size_t i = 0; i + 1 < e.size(); ++i)
        unify(e[i], a[i]);
      unify(e.back(), bb.back());
    }
  } else if (isa<AddOp, MulOp, ElementwiseOp>(op)) {
    SymbolicDims &a = d(op->getOperand(0));
    for (Value in : op->getOperands().drop_front()) {
      SymbolicDims &bb = d(in);
      for (size_t i = 0; i < std::min(a.size(), bb.size()); ++i)
        unify(a[a.size() - std::min(a.size(), bb.size()) + i],
              bb[bb.size() - std::min(a.size(), bb.size()) + i]);
    }
  } else if (isa<RmsNormOp, LayerNormOp>(op)) {
    // The residual's dims are the input's; each per-column operand is C.
    SymbolicDims &x = d(op->getOperand(0));
    for (Value v : op->getOperands().drop_front()) {
      SymbolicDims &other = d(v);
      if (other.size() == x.size())
        for (size_t i = 0; i < x.size(); ++i)
          unify(x[i], other[i]);
      else
        unify(x.back(), other[0]);
    }
  } else if (auto attn = dyn_cast<AttentionOp>(op)) {
    SymbolicDims &q = d(attn.getQuery()), &k = d(attn.getKey()), &v = d(attn.getValue());
    unify(q[0], k[0]);
    unify(q[3], k[3]);
    for (size_t i = 0; i < k.size(); ++i)
      unify(k[i], v[i]);
  }
}

void FunctionRecorder::addLaunch(Operation *op, StringRef kernel) {
  unifyOperandDims(op);
  // The results' dims: static ones from their types, dynamic ones those of
  // the operand dim they equal (as HostLaunches allocates them).
  auto fused = dyn_cast<ElementwiseOp>(op);
  SymbolicDims from = dims.at(fused ? fused.getShapeSource() : op->getOperand(0));
  if (isa<MatmulOp>(op))
    from.back() = dims.at(op->getOperand(1)).back();
  if (auto transpose = dyn_cast<TransposeOp>(op))
    std::swap(from[transpose.getSwappedDim()], from[transpose.getSwappedDim() + 1]);
  for (Value result : op->getResults()) {
    auto type = cast<RankedTensorType>(result.getType());
    SymbolicDims resultDims;
    for (auto [i, size] : llvm::enumerate(type.getShape()))
      resultDims.push_back(ShapedType::isDynamic(size) ? from[i] : b.getI64IntegerAttr(size));
    dims[result] = resultDims;
    if (!names.count(result)) {
      names[result] = "t" + std::to_string(buffers.size());
      buffers.push_back(tensorRecord(result));
    }
  }

  SmallVector<Attribute> tensors;
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
    tensors.push_back(b.getStringAttr(names.at(v)));
  SymbolicSizes sc(b.getContext(), dims);
  SmallVector<NamedAttribute> sizes;
  for (auto &entry : collectSizes(op, sc))
    sizes.push_back(b.getNamedAttr(entry.getKey(), b.getArrayAttr(entry.getValue())));
  launches.push_back(b.getDictionaryAttr({b.getNamedAttr("kernel", b.getStringAttr(kernel)),
                                          b.getNamedAttr("tensors", b.getArrayAttr(tensors)),
                                          b.getNamedAttr("sizes", b.getDictionaryAttr(sizes))}));
}

/// `a` with each size name replaced by its canonical one (unify).
Attribute FunctionRecorder::canonicalize(Attribute a) {
  if (auto s = dyn_cast<StringAttr>(a))
    return b.getStringAttr(canonical(s.getValue()));
  if (auto arr = dyn_cast<ArrayAttr>(a)) {
    SmallVector<Attribute> out;
    for (Attribute e : arr)
      out.push_back(canonicalize(e));
    return b.getArrayAttr(out);
  }
  if (auto dict = dyn_cast<DictionaryAttr>(a)) {
    SmallVector<NamedAttribute> out;
    for (NamedAttribute n : dict) // tensor and kernel names are no size's
      out.push_back(b.getNamedAttr(n.getName(), canonicalize(n.getValue())));
    return b.getDictionaryAttr(out);
  }
  return a;
}

void FunctionRecorder::finish() {
  SmallVector<Attribute> args, results;
  for (Value arg : func.getArguments())
    args.push_back(tensorRecord(arg));
  for (Value v : func.getBody().back().getTerminator()->getOperands())
    results.push_back(tensorRecord(v));
  auto canonicalList = [&](ArrayRef<Attribute> list) {
    return cast<ArrayAttr>(canonicalize(b.getArrayAttr(list)));
  };
  func->setAttr(MiniDialect::kFunctionRecordAttrName,
                b.getDictionaryAttr({b.getNamedAttr("name", func.getSymNameAttr()),
                                     b.getNamedAttr("args", canonicalList(args)),
                                     b.getNamedAttr("results", canonicalList(results)),
                                     b.getNamedAttr("buffers", canonicalList(buffers)),
                                     b.getNamedAttr("launches", canonicalList(launches))}));
}

} // namespace mini
