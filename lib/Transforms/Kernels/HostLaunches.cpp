// The host side of mini-lower-to-gpu (HostLaunches.h): buffers, the
// launch-time choices (size variant, stream-K tail, decode or main kernel:
// the runtime's rules of LaunchRules.h, emitted as host IR), and the
// launches.
#include "HostLaunches.h"
#include "mini/Transforms/MatmulConfig.h"
#include "mini/runtime/LaunchRules.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace mini {
namespace {

/// The launch rules (LaunchRules.h) on the host's index values: the host IR
/// computes the runtime's choices with the runtime's code.
struct HostArith {
  using Int = Value;
  using Bool = Value;
  OpBuilder &b;
  Location loc;
  const llvm::StringMap<SizeValue> &sizes;

  KernelBuilder kb() { return KernelBuilder(b, loc); }
  Value size(StringRef name) { return sizes.lookup(name).value; }
  Value c(int64_t v) { return kb().idx(v); }
  Value add(Value x, Value y) { return kb().add(x, y); }
  Value sub(Value x, Value y) { return kb().sub(x, y); }
  Value mul(Value x, Value y) { return kb().mul(x, y); }
  Value div(Value x, Value y) { return kb().div(x, y); }
  Value rem(Value x, Value y) { return kb().rem(x, y); }
  Value ceilDiv(Value x, Value y) { return arith::CeilDivUIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return kb().min(x, y); }
  Value max(Value x, Value y) { return kb().max(x, y); }
  Value ult(Value x, Value y) { return kb().ult(x, y); }
  Value ule(Value x, Value y) { return kb().ule(x, y); }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value both(Value x, Value y) { return kb().andi(x, y); }
  Value either(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value select(Value c, Value t, Value f) { return kb().select(c, t, f); }
  // This host IR passes null maps for unaligned rows (HostRecords.cpp).
  Value rowsCopied() { return arith::ConstantIntOp::create(b, loc, 0, 1); }
};
using TailPlan = launch::TailPlan<HostArith>;

/// emitLaunches()'s state: the op's buffers and kernel arguments, then one
/// method per kind of launch.
class HostLaunches {
public:
  HostLaunches(OpBuilder &b, Operation *op, const llvm::StringMap<SizeValue> &sizes,
               ArrayRef<BuiltKernel> built, const llvm::StringMap<BuiltKernel> &companions)
      : b(b), loc(op->getLoc()), op(op), sizes(sizes), built(built),
        companions(companions), rules{b, loc, sizes} {}
  void emit();

private:
  void buffersAndArguments();
  Value c(int64_t v) { return rules.c(v); }
  Value size(StringRef name) { return rules.size(name); }
  std::array<Value, 3> gridOf(const KernelSpec &spec) { return launch::gridDims(rules, spec); }
  ArrayAttr companionRecords(ArrayRef<std::pair<StringRef, const KernelSpec *>> kernels);
  Value alloc(Type elt, Value count);
  gpu::LaunchFuncOp launchOf(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                             const std::array<Value, 3> &grid, ValueRange kernelArgs);
  void launchAttention(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                       const std::array<Value, 3> &grid);
  void launch(gpu::GPUFuncOp kernel, const KernelSpec &spec, const std::array<Value, 3> &grid);
  /// The stream-K tail's plan at `grid`, where the kernel has one.
  std::optional<TailPlan> tailPlanOf(const KernelSpec &spec, const std::array<Value, 3> &grid) {
    if (!launch::hasSplitTail(spec))
      return std::nullopt;
    return launch::planSplitTail(rules, spec, grid, smsOfOp());
  }
  /// The chip's SMs as the config pass recorded them, else the H100's.
  int64_t smsOfOp() {
    auto mm = dyn_cast<MatmulOp>(op);
    return mm && mm.getSmCount() ? *mm.getSmCount() : smCount("sm_90a");
  }
  void launchSplitTiles(const KernelSpec &spec, const TailPlan &plan, ArrayRef<Value> kernelArgs);
  void launchVariants();

  OpBuilder &b;
  Location loc;
  Operation *op;
  const llvm::StringMap<SizeValue> &sizes;
  ArrayRef<BuiltKernel> built;
  const llvm::StringMap<BuiltKernel> &companions;
  SmallVector<Value> args, buffers; // the kernels' arguments; the operands' buffers
  SmallVector<Value> outs;          // the results' buffers
  HostArith rules;
};

/// The kernel's tensors are the op's operands, then its results (a norm's
/// sum after its output), then the sizes.
void HostLaunches::buffersAndArguments() {
  for (Value operand : op->getOperands()) {
    auto t = cast<RankedTensorType>(operand.getType());
    auto mt = MemRefType::get(t.getShape(), t.getElementType());
    buffers.push_back(
        bufferization::ToBufferOp::create(b, loc, mt, operand, /*read_only=*/true));
    args.push_back(flatten(b, loc, buffers.back()));
  }
  for (Value result : op->getResults()) {
    auto resultType = cast<RankedTensorType>(result.getType());
    SmallVector<Value> dynDims;
    for (int64_t i = 0; i < resultType.getRank(); ++i) {
      if (!resultType.isDynamicDim(i))
        continue;
      // Matmul's last result dim is N, from rhs; transpose's two are
      // swapped; every other dim of every op's result is the same dim of
      // operand 0 (a fused elementwise op: of its first full-shape input;
      // verified).
      int64_t rank = resultType.getRank();
      bool fromRhs = isa<MatmulOp>(op) && i == rank - 1;
      int64_t dim = i;
      if (auto transpose = dyn_cast<TransposeOp>(op))
        if (int64_t d = transpose.getSwappedDim(); i == d || i == d + 1)
          dim = 2 * d + 1 - i;
      auto fused = dyn_cast<ElementwiseOp>(op);
      Value source = fused ? fused.getShapeSource() : op->getOperand(fromRhs ? 1 : 0);
      dynDims.push_back(tensor::DimOp::create(b, loc, source, dim));
    }
    auto resultMem = MemRefType::get(resultType.getShape(), resultType.getElementType());
    outs.push_back(memref::AllocOp::create(b, loc, resultMem, dynDims));
    args.push_back(flatten(b, loc, outs.back()));
  }
  for (const std::string &s : built.front().second.sizes) // the variants share the ABI
    args.push_back(size(s));
}

/// The records of a kernel's companions (tail, decode, combine kernels)
/// ride on each of its launches: with static sizes a launch may fold away,
/// and the runtime, which makes the choice per device, still needs every
/// record.
ArrayAttr
HostLaunches::companionRecords(ArrayRef<std::pair<StringRef, const KernelSpec *>> kernels) {
  SmallVector<Attribute> records;
  for (auto [name, spec] : kernels) {
    NamedAttrList record(specToAttr(b, *spec, sizes));
    record.set("entry", b.getStringAttr(name));
    records.push_back(record.getDictionary(b.getContext()));
  }
  return b.getArrayAttr(records);
}

Value HostLaunches::alloc(Type elt, Value count) {
  return gpu::AllocOp::create(b, loc, MemRefType::get({ShapedType::kDynamic}, elt), Type(),
                              ValueRange{}, ValueRange{count}, ValueRange{},
                              /*hostShared=*/false)
      .getMemref();
}

gpu::LaunchFuncOp HostLaunches::launchOf(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                                         const std::array<Value, 3> &grid,
                                         ValueRange kernelArgs) {
  auto launchOp = gpu::LaunchFuncOp::create(
      b, loc, kernel, gpu::KernelDim3{grid[0], grid[1], grid[2]},
      gpu::KernelDim3{c(spec.block[0]), c(spec.block[1]), c(spec.block[2])},
      /*dynamicSharedMemorySize=*/
      spec.dynamicSharedBytes
          ? arith::ConstantIntOp::create(b, loc, spec.dynamicSharedBytes, 32).getResult()
          : Value(),
      kernelArgs);
  launchOp->setAttr(MiniDialect::kKernelRecordAttrName, specToAttr(b, spec, sizes));
  return launchOp;
}

/// An attention with decode kernels: the decode kernel (and, with more than
/// one split, the combine kernel on a workspace) or the main kernel, as
/// launch::planKeySplits says for the H100's SMs.
void HostLaunches::launchAttention(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                                   const std::array<Value, 3> &grid) {
  const KernelSplitKeys &sk = spec.splitKeys;
  const auto &[decodeKernel, decodeSpec] = companions.at(sk.decodeKernel);
  const auto &[combineKernel, combineSpec] = companions.at(sk.combineKernel);
  launch::KeySplitPlan<HostArith> plan = launch::planKeySplits(rules, spec, smCount("sm_90a"));
  Value useMain =
      arith::XOrIOp::create(b, loc, plan.decode, arith::ConstantIntOp::create(b, loc, 1, 1));
  auto ifMain = scf::IfOp::create(b, loc, TypeRange{}, useMain, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifMain.thenBlock()->getTerminator());
  SmallVector<Value> mainArgs(args.begin(), args.end());
  for (const KernelTensorMap &m : spec.tensorMaps) // the wgmma kernel's
    mainArgs.push_back(tensorMapArgument(b, loc, m, buffers[m.tensor]));
  launchOf(kernel, spec, grid, mainArgs)
      ->setAttr(MiniDialect::kCompanionKernelsAttrName,
                companionRecords({{sk.decodeKernel, &decodeSpec}, {sk.combineKernel, &combineSpec}}));
  b.setInsertionPoint(ifMain.elseBlock()->getTerminator());
  Value several = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c(1), plan.splits);
  Value rowsTotal =
      arith::MulIOp::create(b, loc, arith::MulIOp::create(b, loc, size("B"), size("H")), size("S"));
  Value lseFloats = arith::SelectOp::create(
      b, loc, several, arith::MulIOp::create(b, loc, plan.splits, rowsTotal), c(1));
  Value partials = alloc(b.getF32Type(), arith::MulIOp::create(b, loc, lseFloats, size("D")));
  Value lse = alloc(b.getF32Type(), lseFloats);
  SmallVector<Value> decodeArgs(args.begin(), args.end());
  decodeArgs.append({partials, lse, plan.splits});
  launchOf(decodeKernel, decodeSpec,
           {arith::MulIOp::create(b, loc, plan.rowBlocks, plan.splits), size("G"), size("B")},
           decodeArgs)
      ->setAttr(MiniDialect::kCompanionKernelsAttrName,
                companionRecords({{kernel.getName(), &spec}, {sk.combineKernel, &combineSpec}}));
  auto ifSeveral = scf::IfOp::create(b, loc, TypeRange{}, several, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPoint(ifSeveral.thenBlock()->getTerminator());
    launchOf(combineKernel, combineSpec, gridOf(combineSpec), decodeArgs);
  }
  gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, partials);
  gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, lse);
}

void HostLaunches::launch(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                          const std::array<Value, 3> &grid) {
  if (spec.splitKeys.maxSplits > 0)
    return launchAttention(kernel, spec, grid);
  SmallVector<Value> kernelArgs = args;
  for (const KernelTensorMap &m : spec.tensorMaps) // maps of inputs only
    kernelArgs.push_back(tensorMapArgument(b, loc, m, buffers[m.tensor]));
  std::optional<TailPlan> plan = tailPlanOf(spec, grid);
  if (plan)
    kernelArgs.push_back(plan->unsplitTiles);
  auto launchOp = launchOf(kernel, spec, grid, kernelArgs);
  if (!plan)
    return;
  launchOp->setAttr(
      MiniDialect::kCompanionKernelsAttrName,
      companionRecords({{spec.splitTail.kernel, &companions.at(spec.splitTail.kernel).second}}));
  launchSplitTiles(spec, *plan, kernelArgs);
}

/// The split tiles' blocks, with their workspace, when there are any.
void HostLaunches::launchSplitTiles(const KernelSpec &spec, const TailPlan &plan,
                                    ArrayRef<Value> kernelArgs) {
  Value anySplit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c(0), plan.blocks);
  auto ifSplit = scf::IfOp::create(b, loc, TypeRange{}, anySplit, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifSplit.thenBlock()->getTerminator());
  const auto &[splitKernel, splitSpec] = companions.at(spec.splitTail.kernel);
  Value blocks = plan.blocks;
  Value slots = arith::AddIOp::create(b, loc, blocks, plan.splitTiles); // slot b + t
  Value partialFloats = arith::MulIOp::create(b, loc, slots, c(splitSpec.splitTail.tileElements));
  Value partials = alloc(b.getF32Type(), partialFloats);
  Value counters = alloc(b.getI32Type(), slots); // one a group of slots (TensorCoreSplit.cpp)
  gpu::MemsetOp::create(b, loc, Type(), ValueRange{}, counters,
                        arith::ConstantIntOp::create(b, loc, 0, 32));
  SmallVector<Value> splitArgs(kernelArgs.begin(), kernelArgs.end() - 1);
  splitArgs.append({partials, counters, plan.unsplitTiles, plan.stepsPerBlock});
  launchOf(splitKernel, splitSpec, {blocks, c(1), c(1)}, splitArgs);
  gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, partials);
  gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, counters);
}

/// A kernel with size variants: the one launch::chooseVariant picks (the
/// runtime's Bundle::forSizes), through scf.index_switch.
void HostLaunches::launchVariants() {
  auto kernelAt = [&](size_t i) -> const KernelSpec & { return built[i].second; };
  Value index = launch::chooseVariant(rules, built.front().second, kernelAt);
  SmallVector<std::array<Value, 3>> grids; // before the switch, as the costs' (CSE)
  for (const BuiltKernel &entry : built)
    grids.push_back(gridOf(entry.second));
  SmallVector<int64_t> cases = llvm::to_vector(llvm::seq<int64_t>(1, built.size()));
  auto switchOp = scf::IndexSwitchOp::create(b, loc, TypeRange{}, index, cases, cases.size());
  auto fill = [&](Region &region, size_t i) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&region.emplaceBlock());
    launch(built[i].first, built[i].second, grids[i]);
    scf::YieldOp::create(b, loc);
  };
  fill(switchOp.getDefaultRegion(), 0);
  for (size_t i = 1; i < built.size(); ++i)
    fill(switchOp.getCaseRegions()[i - 1], i);
}

void HostLaunches::emit() {
  buffersAndArguments();
  if (built.size() == 1)
    launch(built[0].first, built[0].second, gridOf(built[0].second));
  else
    launchVariants();
  for (auto [result, out] : llvm::zip(op->getResults(), outs))
    result.replaceAllUsesWith(bufferization::ToTensorOp::create(
        b, loc, result.getType(), out, b.getUnitAttr(), b.getUnitAttr()));
  op->erase();
}

} // namespace

void emitLaunches(OpBuilder &b, Operation *op, const llvm::StringMap<SizeValue> &sizes,
                  ArrayRef<BuiltKernel> built, const llvm::StringMap<BuiltKernel> &companions) {
  HostLaunches(b, op, sizes, built, companions).emit();
}

} // namespace mini
