// The host side of mini-lower-to-gpu (HostLaunches.h): buffers, the
// launch-time choices the host IR makes (size variant, stream-K tail,
// decode or main kernel; the runtime makes the same ones from the
// manifest), and the launches.
#include "HostLaunches.h"
#include "mini/Transforms/MatmulConfig.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace mini {
namespace {

/// The decode kernels' plan (KernelSplitKeys), on the host: the decode
/// kernel runs where its row blocks (S x H / G rows per K/V head) are fewer
/// than the main kernel's of `mainRows` rows (GQA rows packed: less work;
/// the wgmma kernel's 128-row blocks run at about twice the speed per row)
/// or the main kernel's do not fill the `smCount` SMs; then with as many key splits as keep the
/// blocks within two per SM (a few past a wave cost a second), at most
/// maxSplits and at least two tiles each. The
/// runtime's KernelSpec::planSplitKeys computes the same with the device's
/// SM count.
struct KeySplitPlan {
  Value decode, rowBlocks, splits;
};
KeySplitPlan planKeySplits(OpBuilder &b, Location loc, const llvm::StringMap<SizeValue> &sizes,
                           const KernelSplitKeys &sk, int64_t mainRows, int64_t smCount) {
  KernelBuilder kb(b, loc);
  auto ceilDiv = [&](Value x, Value y) {
    return arith::CeilDivUIOp::create(b, loc, x, y).getResult();
  };
  auto size = [&](StringRef name) { return sizes.lookup(name).value; };
  Value rows = kb.idx(sk.rows), sms = kb.idx(smCount);
  Value batchHeads = kb.mul(size("B"), size("H"));
  Value mainBlocks = kb.mul(batchHeads, ceilDiv(size("S"), kb.idx(mainRows)));
  KeySplitPlan plan;
  plan.rowBlocks = ceilDiv(kb.mul(size("S"), kb.div(size("H"), size("G"))), rows);
  Value decodeBlocks = kb.mul(kb.mul(size("B"), size("G")), plan.rowBlocks);
  plan.decode = arith::OrIOp::create(b, loc, kb.ult(decodeBlocks, mainBlocks),
                                     kb.ult(mainBlocks, sms));
  Value useful = arith::MaxUIOp::create(
      b, loc, kb.div(ceilDiv(size("T"), kb.idx(sk.tileKeys)), kb.idx(2)), kb.idx(1));
  Value wanted = arith::MaxUIOp::create(b, loc, kb.div(kb.mul(sms, kb.idx(2)), decodeBlocks),
                                        kb.idx(1));
  plan.splits = kb.min(kb.min(wanted, useful), kb.idx(sk.maxSplits));
  return plan;
}

/// emitLaunches()'s state: the op's buffers and kernel arguments, then one
/// method per kind of launch.
class HostLaunches {
public:
  HostLaunches(OpBuilder &b, Operation *op, const llvm::StringMap<SizeValue> &sizes,
               ArrayRef<BuiltKernel> built, const llvm::StringMap<BuiltKernel> &companions)
      : b(b), loc(op->getLoc()), op(op), sizes(sizes), built(built), companions(companions) {}
  void emit();

private:
  void buffersAndArguments();
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  KernelBuilder kb() { return KernelBuilder(b, loc); }
  Value size(StringRef name) { return sizes.lookup(name).value; }
  std::array<Value, 3> gridOf(const KernelSpec &spec);
  ArrayAttr companionRecords(ArrayRef<std::pair<StringRef, const KernelSpec *>> kernels);
  Value alloc(Type elt, Value count);
  gpu::LaunchFuncOp launchOf(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                             const std::array<Value, 3> &grid, ValueRange kernelArgs);
  void launchAttention(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                       const std::array<Value, 3> &grid);
  void launch(gpu::GPUFuncOp kernel, const KernelSpec &spec, const std::array<Value, 3> &grid);
  /// The stream-K tail's plan at `grid`, where the kernel has one.
  std::optional<TailSplitPlan> tailPlanOf(const KernelSpec &spec,
                                          const std::array<Value, 3> &grid);
  /// The chip's SMs as the config pass recorded them, else the H100's.
  int64_t smsOfOp() {
    auto mm = dyn_cast<MatmulOp>(op);
    return mm && mm.getSmCount() ? *mm.getSmCount() : smCount("sm_90a");
  }
  void launchSplitTiles(const KernelSpec &spec, const TailSplitPlan &plan,
                        ArrayRef<Value> kernelArgs);
  void launchCheapestVariant();
  void launchByLength();
  void launchVariant(Value index, ArrayRef<std::array<Value, 3>> grids);

  OpBuilder &b;
  Location loc;
  Operation *op;
  const llvm::StringMap<SizeValue> &sizes;
  ArrayRef<BuiltKernel> built;
  const llvm::StringMap<BuiltKernel> &companions;
  SmallVector<Value> args, buffers; // the kernels' arguments; the operands' buffers
  SmallVector<Value> outs;          // the results' buffers
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
      // Matmul's last result dim is N, from rhs; transpose's last two are
      // swapped; every other dim of every op's result is the same dim of
      // operand 0 (a fused elementwise op: of its first full-shape input;
      // verified).
      int64_t rank = resultType.getRank();
      bool fromRhs = isa<MatmulOp>(op) && i == rank - 1;
      int64_t dim = isa<TransposeOp>(op) && i >= rank - 2 ? 2 * rank - 3 - i : i;
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

std::array<Value, 3> HostLaunches::gridOf(const KernelSpec &spec) {
  std::array<Value, 3> grid;
  for (int i = 0; i < 3; ++i) {
    Value extent = c(1);
    for (const std::string &s : spec.grid[i].sizes)
      extent = arith::MulIOp::create(b, loc, extent, size(s));
    grid[i] = arith::CeilDivUIOp::create(b, loc, extent, c(spec.grid[i].div));
    if (int64_t cluster = spec.grid[i].cluster; cluster > 1)
      grid[i] = arith::MulIOp::create(
          b, loc, arith::CeilDivUIOp::create(b, loc, grid[i], c(cluster)), c(cluster));
  }
  return grid;
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
/// planKeySplits says.
void HostLaunches::launchAttention(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                                   const std::array<Value, 3> &grid) {
  const KernelSplitKeys &sk = spec.splitKeys;
  const auto &[decodeKernel, decodeSpec] = companions.at(sk.decodeKernel);
  const auto &[combineKernel, combineSpec] = companions.at(sk.combineKernel);
  KeySplitPlan plan = planKeySplits(b, loc, sizes, sk, spec.grid[0].div, smCount("sm_90a"));
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

std::optional<TailSplitPlan> HostLaunches::tailPlanOf(const KernelSpec &spec,
                                                      const std::array<Value, 3> &grid) {
  const KernelSplitTail &st = spec.splitTail;
  if (st.maxSplits <= 1)
    return std::nullopt;
  Value aligned = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (const std::string &name : st.aligned)
    aligned = arith::AndIOp::create(
        b, loc, aligned,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              arith::RemUIOp::create(b, loc, size(name), c(8)), c(0)));
  Value steps = arith::CeilDivUIOp::create(b, loc, size(st.depth), c(st.tileK));
  TailSplitPlan plan = planTailSplits(b, loc, grid, steps, aligned, smsOfOp(), st.maxSplits);
  plan.steps = steps;
  return plan;
}

void HostLaunches::launch(gpu::GPUFuncOp kernel, const KernelSpec &spec,
                          const std::array<Value, 3> &grid) {
  if (spec.splitKeys.maxSplits > 0)
    return launchAttention(kernel, spec, grid);
  SmallVector<Value> kernelArgs = args;
  for (const KernelTensorMap &m : spec.tensorMaps) // maps of inputs only
    kernelArgs.push_back(tensorMapArgument(b, loc, m, buffers[m.tensor]));
  std::optional<TailSplitPlan> plan = tailPlanOf(spec, grid);
  if (plan)
    kernelArgs.push_back(plan->unsplit);
  auto launchOp = launchOf(kernel, spec, grid, kernelArgs);
  if (!plan)
    return;
  launchOp->setAttr(
      MiniDialect::kCompanionKernelsAttrName,
      companionRecords({{spec.splitTail.kernel, &companions.at(spec.splitTail.kernel).second}}));
  launchSplitTiles(spec, *plan, kernelArgs);
}

/// The split tiles' blocks, with their workspace, when there are any.
void HostLaunches::launchSplitTiles(const KernelSpec &spec, const TailSplitPlan &plan,
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
  Value counters = alloc(b.getI32Type(), plan.splitTiles);
  gpu::MemsetOp::create(b, loc, Type(), ValueRange{}, counters,
                        arith::ConstantIntOp::create(b, loc, 0, 32));
  SmallVector<Value> splitArgs(kernelArgs.begin(), kernelArgs.end() - 1);
  splitArgs.append({partials, counters, plan.unsplit, plan.stepsPerBlock});
  launchOf(splitKernel, splitSpec, {blocks, c(1), c(1)}, splitArgs);
  gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, partials);
  gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, counters);
}

/// Size variants: the first whose max_m is at least M (the gemv kernel,
/// small tiles), else the kernel of least cost, ceil(blocks / sm_count) *
/// work per block * 100 / rate, the first on a tie (Bundle::forSizes in the
/// runtime computes the same).
void HostLaunches::launchCheapestVariant() {
  const KernelSpec &first = built.front().second;
  SmallVector<std::array<Value, 3>> grids;
  SmallVector<std::pair<size_t, int64_t>> byM; // variants that run by M
  Value best, bestIndex;
  for (auto [i, entry] : llvm::enumerate(built)) {
    const KernelSpec &spec = entry.second;
    grids.push_back(gridOf(spec));
    if (auto maxM = dyn_cast_or_null<IntegerAttr>(spec.attrs.get("max_m"))) {
      byM.push_back({i, maxM.getInt()});
      continue;
    }
    const std::array<Value, 3> &g = grids.back();
    Value blocks = arith::MulIOp::create(b, loc, arith::MulIOp::create(b, loc, g[0], g[1]), g[2]);
    Value waves = arith::CeilDivUIOp::create(b, loc, blocks, c(first.smCount));
    int64_t workPerBlock = spec.grid[0].div * spec.grid[1].div * spec.grid[2].div;
    Value cost = arith::DivUIOp::create(
        b, loc, arith::MulIOp::create(b, loc, waves, c(workPerBlock * 100)),
        c(first.tileRates[i]));
    // With a stream-K tail, the last wave costs the fraction of a tile's
    // steps its blocks take (KernelSpec::launchCost computes the same).
    if (std::optional<TailSplitPlan> tail = tailPlanOf(spec, g)) {
      Value fullWaves = arith::DivUIOp::create(b, loc, tail->unsplit, c(first.smCount));
      Value tailSteps = kb().add(kb().mul(fullWaves, tail->steps),
                                 kb().add(tail->stepsPerBlock, c(MatmulConfigAttr::kTailPartialSteps)));
      Value split = arith::DivUIOp::create(
          b, loc, kb().mul(tailSteps, c(workPerBlock * 100)),
          kb().mul(tail->steps, c(first.tileRates[i])));
      cost = arith::SelectOp::create(b, loc, kb().ult(c(0), tail->blocks), split, cost);
    }
    if (i == 0) {
      best = cost, bestIndex = c(0);
      continue;
    }
    Value cheaper = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, cost, best);
    best = arith::SelectOp::create(b, loc, cheaper, cost, best);
    bestIndex = arith::SelectOp::create(b, loc, cheaper, c(i), bestIndex);
  }
  for (auto [i, maxM] : llvm::reverse(byM)) // the first that fits wins
    bestIndex = arith::SelectOp::create(b, loc, kb().ule(size("M"), c(maxM)), c(i), bestIndex);
  launchVariant(bestIndex, grids);
}

/// Length variants of a row op: the first kernel whose max length holds the
/// row length C, 0 for any (Bundle::forSizes in the runtime does the same).
void HostLaunches::launchByLength() {
  const KernelSpec &first = built.front().second;
  Value length = size("C");
  Value index = c(built.size() - 1);
  for (int64_t i = static_cast<int64_t>(built.size()) - 2; i >= 0; --i)
    index = arith::SelectOp::create(b, loc, kb().ule(length, c(first.maxLengths[i])), c(i), index);
  SmallVector<std::array<Value, 3>> grids;
  for (const BuiltKernel &entry : built)
    grids.push_back(gridOf(entry.second));
  launchVariant(index, grids);
}

/// Launches kernel `index` of `built` (with its grid of `grids`).
void HostLaunches::launchVariant(Value index, ArrayRef<std::array<Value, 3>> grids) {
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
  else if (!built[0].second.maxLengths.empty())
    launchByLength();
  else
    launchCheapestVariant();
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
