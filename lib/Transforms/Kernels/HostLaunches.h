// The host side of mini-lower-to-gpu (LowerToGPU.cpp builds the kernels):
// an op's operands as flat buffers, its output's allocation, and the
// launches of its kernels (size variants, the stream-K tail, the decode and
// combine kernels) with their manifest records (HostLaunches.cpp; the
// records, buffers and tensor maps: HostRecords.cpp). Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_HOSTLAUNCHES_H
#define MINI_TRANSFORMS_KERNELS_HOSTLAUNCHES_H

#include "KernelBuilder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/StringMap.h"

#include <array>
#include <map>
#include <memory>
#include <utility>

namespace mini {

/// A size of the op: its SSA value on the host and its static value, if any.
struct SizeValue {
  mlir::Value value;
  int64_t staticValue = mlir::ShapedType::kDynamic;
};

/// A kernel built for the op and its manifest record.
using BuiltKernel = std::pair<mlir::gpu::GPUFuncOp, KernelSpec>;

/// A flat memref<?xT> view of a buffer with identity layout.
mlir::Value flatten(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer);

/// The manifest record of one kernel, as a dictionary attribute (static
/// sizes filled in).
mlir::DictionaryAttr specToAttr(mlir::OpBuilder &b, const KernelSpec &spec,
                                const llvm::StringMap<SizeValue> &sizes);

/// The kernel parameter of tensor map `m` of `buffer` (the op's operand).
mlir::Value tensorMapArgument(mlir::OpBuilder &b, mlir::Location loc, const KernelTensorMap &m,
                              mlir::Value buffer);

/// The stream-K tail (KernelSplitTail), on the host (TensorCoreSplitHost.cpp,
/// beside the tail kernel's TensorCoreSplit.cpp), for a grid of C tiles
/// `grid` and `steps` K steps: the T tiles left over after the full waves
/// (tiles mod SMs) laid end to end, T x steps steps shared by blocks of W =
/// max(ceildiv(T x steps, SMs), min(ceildiv(steps, maxSplits), 16)) steps
/// (MatmulConfigAttr::kTailStepsEnough: steps that pay for a partial). No tail
/// (0 blocks) when that would not save a quarter of a tile (4 W > 3 steps),
/// with a batch, or with rows that are not 16-byte aligned (`aligned`: the
/// tail kernel has no scalar path). The runtime's KernelSpec::planSplitTail
/// computes the same with the device's SM count.
struct TailSplitPlan {
  mlir::Value splitTiles, unsplit, stepsPerBlock, blocks;
  mlir::Value steps; // K steps per tile
};
TailSplitPlan planTailSplits(mlir::OpBuilder &b, mlir::Location loc,
                             std::array<mlir::Value, 3> grid, mlir::Value steps,
                             mlir::Value aligned, int64_t smCount, int64_t maxSplits);

/// Replaces `op` (on tensors, sizes `sizes`) by launches at `b`'s insertion
/// point: of `built`'s only kernel, or of the cheapest of its size variants
/// at the sizes; each with the companions (`companions`, by name) its
/// record names.
void emitLaunches(mlir::OpBuilder &b, mlir::Operation *op,
                  const llvm::StringMap<SizeValue> &sizes, llvm::ArrayRef<BuiltKernel> built,
                  const llvm::StringMap<BuiltKernel> &companions);

/// Records a func.func for the manifest's "functions" (HostFunctions.cpp):
/// its arguments ("arg<i>"), results ("result<j>") and intermediates
/// ("t<k>"), each with dims that are static sizes or names of the function's
/// dynamic sizes ("arg<i>.<d>", dim d of argument i), and a launch per op in
/// order: the op's kernel, the tensors it binds (operands, then the result)
/// and its sizes as products of factors. Only for functions whose body is
/// mini ops and a return of values they compute (`create` returns null for
/// others: the runtime could not run them as launches alone).
class FunctionRecorder {
public:
  static std::unique_ptr<FunctionRecorder> create(mlir::func::FuncOp func);
  /// `op`'s launch of `kernel` (its entry; the runtime picks the variant),
  /// before `op` is lowered; ops come in program order.
  void addLaunch(mlir::Operation *op, llvm::StringRef kernel);
  /// Puts the record on the function (MiniDialect::kFunctionRecordAttrName),
  /// after the last addLaunch and before lowering replaces the ops.
  void finish();

private:
  explicit FunctionRecorder(mlir::func::FuncOp func);
  mlir::DictionaryAttr tensorRecord(mlir::Value v);
  /// Dynamic dims the ops require equal (a matmul's K, a bias's length, ...)
  /// are one size, named by the earliest argument dim among them.
  void unifyOperandDims(mlir::Operation *op);
  void unify(mlir::Attribute a, mlir::Attribute b);
  std::string canonical(llvm::StringRef name);
  mlir::Attribute canonicalize(mlir::Attribute a);

  mlir::func::FuncOp func;
  mlir::Builder b;
  llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Attribute, 4>> dims;
  llvm::DenseMap<mlir::Value, std::string> names;
  llvm::SmallVector<mlir::Attribute> buffers, launches;
  std::map<std::string, std::string> sameAs; // unify's forest
};

} // namespace mini

#endif
