// The sizes a mini op's kernels take, by name, from its operands' dims. One
// definition for the launches (HostLaunches) and the function records
// (HostFunctions). Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_OPSIZES_H
#define MINI_TRANSFORMS_KERNELS_OPSIZES_H

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"

namespace mini {

/// For each dim of a reshape's result, the input dim it carries over (the
/// k-th dynamic result dim is the k-th dynamic input dim; verified), or -1
/// where the result dim is static.
inline llvm::SmallVector<int64_t, 4> reshapeCarriedDims(ReshapeOp reshape) {
  llvm::SmallVector<int64_t, 4> inDynamic, carried;
  for (auto [i, size] : llvm::enumerate(reshape.getInput().getType().getShape()))
    if (mlir::ShapedType::isDynamic(size))
      inDynamic.push_back(i);
  size_t next = 0;
  for (int64_t size : reshape.getType().getShape())
    carried.push_back(mlir::ShapedType::isDynamic(size) ? inDynamic[next++] : -1);
  return carried;
}

/// The named sizes of `op` (its kernels' size parameters), each the product
/// of some of its operands' dims: `sc.dims(tensor, from, to)` gives the
/// product of dims [from, to) of `tensor` as a `Collector::Size` (host
/// values in mini-lower-to-gpu, factors in the function records).
template <typename Collector>
llvm::StringMap<typename Collector::Size> collectSizes(mlir::Operation *op, Collector &sc) {
  using namespace mlir;
  llvm::StringMap<typename Collector::Size> s;
  if (auto mm = dyn_cast<MatmulOp>(op)) {
    int64_t rank = cast<RankedTensorType>(mm.getLhs().getType()).getRank();
    s["batch"] = sc.dims(mm.getLhs(), 0, rank - 2);
    s["M"] = sc.dim(mm.getLhs(), rank - 2);
    s["K"] = sc.dim(mm.getLhs(), rank - 1);
    s["N"] = sc.dim(mm.getRhs(), rank - 1);
  } else if (auto attn = dyn_cast<AttentionOp>(op)) {
    s["B"] = sc.dim(attn.getQuery(), 0);
    s["H"] = sc.dim(attn.getQuery(), 1);
    s["S"] = sc.dim(attn.getQuery(), 2);
    s["D"] = sc.dim(attn.getQuery(), 3);
    s["G"] = sc.dim(attn.getKey(), 1);
    s["T"] = sc.dim(attn.getKey(), 2);
  } else if (auto mask = dyn_cast<CausalMaskOp>(op)) { // the last two dims, batched
    Value x = mask.getInput();
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    s["batch"] = sc.dims(x, 0, rank - 2);
    s["S"] = sc.dim(x, rank - 2);
    s["T"] = sc.dim(x, rank - 1);
  } else if (auto transpose = dyn_cast<TransposeOp>(op)) { // batch x R x C [x inner]
    Value x = transpose.getInput();
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank(), d = transpose.getSwappedDim();
    s["batch"] = sc.dims(x, 0, d);
    s["R"] = sc.dim(x, d);
    s["C"] = sc.dim(x, d + 1);
    if (d + 2 < rank)
      s["inner"] = sc.dims(x, d + 2, rank);
  } else { // row ops and elementwise: rows x last dim (broadcast inputs: x their dims)
    auto fused = dyn_cast<ElementwiseOp>(op);
    Value x = fused ? fused.getShapeSource() : op->getOperand(0);
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    int64_t inner = 1;
    if (isa<AddOp, MulOp, ElementwiseOp>(op))
      for (Value in : op->getOperands())
        if (int64_t r = cast<RankedTensorType>(in.getType()).getRank(); r < rank)
          inner = r;
    s["R"] = sc.dims(x, 0, rank - inner);
    s["C"] = sc.dims(x, rank - inner, rank);
  }
  return s;
}

/// collectSizes' collector of what is known at compile time: each size's
/// static value, or ShapedType::kDynamic.
struct StaticSizeCollector {
  using Size = int64_t;
  int64_t dims(mlir::Value tensor, int64_t from, int64_t to) {
    auto type = mlir::cast<mlir::RankedTensorType>(tensor.getType());
    int64_t product = 1;
    for (int64_t i = from; i < to; ++i) {
      if (type.isDynamicDim(i))
        return mlir::ShapedType::kDynamic;
      product *= type.getDimSize(i);
    }
    return product;
  }
  int64_t dim(mlir::Value tensor, int64_t i) { return dims(tensor, i, i + 1); }
};

/// The static value of each named size of `op` (kDynamic where unknown).
inline llvm::StringMap<int64_t> staticSizes(mlir::Operation *op) {
  StaticSizeCollector sc;
  return collectSizes(op, sc);
}

} // namespace mini

#endif
