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

/// Replaces `op` (on tensors, sizes `sizes`) by launches at `b`'s insertion
/// point: of `built`'s only kernel, or of the size variant the runtime's
/// rule picks at the sizes (LaunchRules.h); each with the companions (`companions`, by name) its
/// record names.
void emitLaunches(mlir::OpBuilder &b, mlir::Operation *op,
                  const llvm::StringMap<SizeValue> &sizes, llvm::ArrayRef<BuiltKernel> built,
                  const llvm::StringMap<BuiltKernel> &companions);

/// Records a func.func for the manifest's "functions" (HostFunctions.cpp):
/// its arguments ("arg<i>"), results ("result<j>") and intermediates
/// ("t<k>"), each with dims that are static sizes or names of the function's
/// dynamic sizes (an argument's `mini.size_names`, else "arg<i>.<d>", dim d
/// of argument i), and a launch per op in
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
  /// A reshape: its result names the input's buffer, with its own dims.
  void addView(ReshapeOp reshape);
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
  /// Each size name's first place: (generated, not given; argument; dim).
  std::map<std::string, std::tuple<bool, size_t, size_t>> firstSeen;
};

} // namespace mini

#endif
