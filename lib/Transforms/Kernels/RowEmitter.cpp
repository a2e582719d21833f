// The row kernels' shared helpers (RowEmitter.h).
#include "RowEmitter.h"

using namespace mlir;

namespace mini {

/// Workgroup memory of a row kernel: a staged config's rows, or one f32
/// slot per warp for the cross-warp reductions.
static SmallVector<MemRefType> rowWorkgroup(RowConfigAttr cfg, Type elementType, int64_t staticC) {
  if (cfg.getSharedSlots() > 0)
    return {}; // the reduction slots follow the cache (rowCache)
  if (cfg.getStaged()) {
    int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
    return {workgroupMemRef({cfg.stagedSharedBytes(elementType, staticC) / bytes}, elementType)};
  }
  if (int64_t words = reductionWords(cfg))
    return {workgroupMemRef({words}, Float32Type::get(elementType.getContext()))};
  return {};
}

/// The spec fields every row kernel shares: op, sizes, grid, block, config.
static void rowSpec(KernelSpec &spec, StringRef op, RowConfigAttr cfg, int64_t staticC,
                    Builder &b) {
  spec.op = op.str();
  spec.sizes = {"R", "C"};
  spec.grid[0] = {{"R"}, cfg.getRowsPerBlock()};
  if (cfg.getStaged() && ShapedType::isDynamic(staticC)) // blocks take rows by their length
    spec.grid[0] = {{"R", "C"}, stagedDynamicGridDivisor(cfg)};
  spec.block[0] = cfg.threadsPerBlock();
  spec.attrs.set("vector_width", b.getI64IntegerAttr(cfg.getVectorWidth()));
  spec.attrs.set("warps_per_row", b.getI64IntegerAttr(cfg.getWarpsPerRow()));
  spec.attrs.set("rows_per_block", b.getI64IntegerAttr(cfg.getRowsPerBlock()));
  spec.attrs.set("cache_slots", b.getI64IntegerAttr(cfg.getCacheSlots()));
  spec.attrs.set("rows_per_warp", b.getI64IntegerAttr(cfg.getRowsPerWarp()));
  spec.attrs.set("staged", b.getBoolAttr(cfg.getStaged()));
  spec.attrs.set("shared_slots", b.getI64IntegerAttr(cfg.getSharedSlots()));
  if (int64_t cluster = cfg.getClusterBlocks(); cluster > 1) {
    spec.attrs.set("cluster_blocks", b.getI64IntegerAttr(cluster));
    spec.grid[1] = {{}, 1, cluster}; // the blocks that share a row
  }
}

gpu::GPUFuncOp createRowKernel(OpBuilder &b, Location loc, RankedTensorType type, StringRef op,
                               RowConfigAttr cfg, ArrayRef<KernelTensor> tensors,
                               gpu::GPUModuleOp module, StringRef name, KernelSpec &spec) {
  int64_t staticC = type.getDimSize(type.getRank() - 1);
  rowSpec(spec, op, cfg, staticC, b);
  spec.tensors.assign(tensors.begin(), tensors.end());
  Type elt = type.getElementType();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, rowWorkgroup(cfg, elt, staticC));
  if (int64_t cluster = cfg.getClusterBlocks(); cluster > 1) { // a plain launch forms the clusters
    func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                  b.getDenseI32ArrayAttr({1, static_cast<int32_t>(cluster), 1}));
    // A row split so that each block keeps up to 32 values a thread in
    // registers pays only with two blocks an SM: .minnctapersm 2 holds
    // ptxas to the registers that leaves (7 f32 slots of 16 warps took 69
    // registers, one block an SM: 0.56x of the copy; docs/PERF.md rows v8).
    int64_t values = cfg.getCacheSlots() * cfg.getVectorWidth();
    if (values > 0 && values <= 32 && cfg.getSharedSlots() == 0 && cfg.threadsPerBlock() == 512)
      func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(), b.getI32IntegerAttr(2));
  }
  // A staged kernel of a dynamic length with over 32 values a thread (the
  // staged band of 64) asks for blocks enough for 512 threads an SM, so
  // that ptxas keeps to 128 registers: a norm's took 176-255, one block an
  // SM (docs/PERF.md rows v10).
  if (cfg.getStaged() && ShapedType::isDynamic(staticC) &&
      cfg.getCacheSlots() * cfg.getVectorWidth() > 32)
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  b.getI32IntegerAttr(512 / cfg.threadsPerBlock()));
  b.setInsertionPointToStart(&func.getBody().front());
  return func;
}

NormKernel createNormKernel(OpBuilder &b, Operation *norm, StringRef op, RowConfigAttr cfg,
                            ArrayRef<StringRef> columns, gpu::GPUModuleOp module, StringRef name,
                            KernelSpec &spec) {
  auto type = cast<RankedTensorType>(norm->getOperand(0).getType());
  Type elt = type.getElementType();
  bool hasResidual = norm->getNumOperands() > 1 + columns.size(),
       hasSum = norm->getNumResults() > 1;
  SmallVector<KernelTensor> tensors = {{"x", elt, {"R", "C"}, false}};
  if (hasResidual)
    tensors.push_back({"r", elt, {"R", "C"}, false});
  for (StringRef c : columns)
    tensors.push_back({c.str(), elt, {"C"}, false});
  tensors.push_back({"y", elt, {"R", "C"}, true});
  if (hasSum)
    tensors.push_back({"s", elt, {"R", "C"}, true});
  NormKernel k;
  k.func = createRowKernel(b, norm->getLoc(), type, op, cfg, tensors, module, name, spec);
  spec.attrs.set("epsilon", norm->getAttr("epsilon"));
  unsigned next = 0;
  auto arg = [&](bool present = true) { return present ? k.func.getArgument(next++) : Value(); };
  k.x = arg();
  k.residual = arg(hasResidual);
  for (size_t i = 0; i < columns.size(); ++i)
    k.columns.push_back(arg());
  k.y = arg();
  k.sum = arg(hasSum);
  KernelBuilder kb(b, norm->getLoc());
  k.args = rowArgs(kb, k.func, type, /*firstSize=*/next);
  k.cache = rowCache(kb, cfg, elt, spec, k.args.smem);
  return k;
}

Value rowCache(KernelBuilder &kb, RowConfigAttr cfg, Type elementType, KernelSpec &spec,
               Value &smem) {
  int64_t cacheBytes = cfg.cacheSharedBytes(elementType);
  if (cacheBytes == 0)
    return Value();
  // The reduction slots go after the cache in the same dynamic shared
  // memory: beside a static workgroup buffer, the dynamic area's base came
  // out at the buffer's address (misaligned, the two overlapping).
  int64_t words = reductionWords(cfg);
  spec.dynamicSharedBytes = cacheBytes + 4 * words;
  Value raw = gpu::DynamicSharedMemoryOp::create(
      kb.b, kb.loc, workgroupMemRef({ShapedType::kDynamic}, kb.b.getI8Type()));
  if (words > 0)
    smem = memref::ViewOp::create(kb.b, kb.loc, workgroupMemRef({words}, kb.b.getF32Type()), raw,
                                  kb.idx(cacheBytes), ValueRange{});
  int64_t elements = cacheBytes / (elementType.getIntOrFloatBitWidth() / 8);
  return memref::ViewOp::create(kb.b, kb.loc, workgroupMemRef({elements}, elementType), raw,
                                kb.idx(0), ValueRange{});
}

RowArgs rowArgs(KernelBuilder &kb, gpu::GPUFuncOp func, RankedTensorType type, unsigned firstSize) {
  RowArgs a;
  a.R = func.getArgument(firstSize);
  a.staticC = type.getDimSize(type.getRank() - 1);
  a.C =
      ShapedType::isDynamic(a.staticC) ? Value(func.getArgument(firstSize + 1)) : kb.idx(a.staticC);
  if (!func.getWorkgroupAttributions().empty())
    a.smem = func.getWorkgroupAttributions()[0];
  return a;
}

Value indexToF32(KernelBuilder &kb, Value v) {
  Value i64 = arith::IndexCastUIOp::create(kb.b, kb.loc, kb.b.getI64Type(), v);
  return arith::UIToFPOp::create(kb.b, kb.loc, kb.b.getF32Type(), i64);
}

} // namespace mini
