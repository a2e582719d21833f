// mini-lower-to-gpu: each mini op -> one gpu.func kernel + a gpu.launch_func on
// flat buffers. The kernel bodies are built in Kernels/; this file owns the
// host side (sizes, buffers, launch shape) and the manifest record.
#include "Kernels/KernelBuilder.h"
#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/AttentionConfig.h"
#include "mini/Transforms/MatmulConfig.h"
#include "mini/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mini {
#define GEN_PASS_DEF_MINILOWERTOGPU
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

constexpr StringLiteral kKernelModuleName = "mini_kernels";

/// A size of the op: its SSA value on the host and its static value, if any.
struct SizeValue {
  Value value;
  int64_t staticValue = ShapedType::kDynamic;
};

class SizeCollector {
public:
  SizeCollector(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// Product of dims [from, to) of `tensor`; 1 for an empty range.
  SizeValue dims(Value tensor, int64_t from, int64_t to) {
    auto type = cast<RankedTensorType>(tensor.getType());
    SizeValue acc;
    acc.staticValue = 1;
    for (int64_t i = from; i < to; ++i) {
      int64_t d = type.getDimSize(i);
      Value v = ShapedType::isDynamic(d)
                    ? Value(tensor::DimOp::create(b, loc, tensor, i))
                    : Value(arith::ConstantIndexOp::create(b, loc, d));
      acc.value = acc.value ? Value(arith::MulIOp::create(b, loc, acc.value, v)) : v;
      acc.staticValue = ShapedType::isDynamic(d) || ShapedType::isDynamic(acc.staticValue)
                            ? ShapedType::kDynamic
                            : acc.staticValue * d;
    }
    if (!acc.value) // empty range
      acc.value = arith::ConstantIndexOp::create(b, loc, 1);
    return acc;
  }
  SizeValue dim(Value tensor, int64_t i) { return dims(tensor, i, i + 1); }

private:
  OpBuilder &b;
  Location loc;
};

/// The named sizes of `op`, in terms of its operands.
llvm::StringMap<SizeValue> collectSizes(Operation *op, SizeCollector &sc) {
  llvm::StringMap<SizeValue> s;
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
  } else { // softmax, rmsnorm: rows x last dim
    Value x = op->getOperand(0);
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    s["R"] = sc.dims(x, 0, rank - 1);
    s["C"] = sc.dim(x, rank - 1);
  }
  return s;
}

/// A flat memref<?xT> view of a buffer with identity layout.
Value flatten(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  ReassociationIndices all;
  for (int64_t i = 0; i < type.getRank(); ++i)
    all.push_back(i);
  Value flat = buffer;
  if (type.getRank() != 1)
    flat = memref::CollapseShapeOp::create(b, loc, buffer, ArrayRef<ReassociationIndices>{all});
  auto dynType = MemRefType::get({ShapedType::kDynamic}, type.getElementType());
  if (flat.getType() != dynType)
    flat = memref::CastOp::create(b, loc, dynType, flat);
  return flat;
}

/// The manifest record of one kernel, as a dictionary attribute.
DictionaryAttr specToAttr(OpBuilder &b, const KernelSpec &spec,
                          const llvm::StringMap<SizeValue> &sizes) {
  auto strs = [&](ArrayRef<std::string> v) {
    SmallVector<Attribute> out;
    for (const std::string &s : v)
      out.push_back(b.getStringAttr(s));
    return b.getArrayAttr(out);
  };
  SmallVector<Attribute> tensors, grid;
  for (const KernelTensor &t : spec.tensors) {
    std::string dtype;
    llvm::raw_string_ostream(dtype) << t.elementType;
    tensors.push_back(b.getDictionaryAttr({
        b.getNamedAttr("name", b.getStringAttr(t.name)),
        b.getNamedAttr("dtype", b.getStringAttr(dtype)),
        b.getNamedAttr("dims", strs(t.dims)),
        b.getNamedAttr("output", b.getBoolAttr(t.isOutput))}));
  }
  for (const GridDim &g : spec.grid) {
    SmallVector<NamedAttribute> dim = {b.getNamedAttr("sizes", strs(g.sizes)),
                                       b.getNamedAttr("div", b.getI64IntegerAttr(g.div))};
    if (g.cluster > 1)
      dim.push_back(b.getNamedAttr("cluster", b.getI64IntegerAttr(g.cluster)));
    grid.push_back(b.getDictionaryAttr(dim));
  }
  SmallVector<NamedAttribute> staticSizes;
  for (const std::string &name : spec.sizes)
    staticSizes.push_back(b.getNamedAttr(
        name, b.getI64IntegerAttr(ShapedType::isDynamic(sizes.lookup(name).staticValue)
                                      ? -1
                                      : sizes.lookup(name).staticValue)));
  SmallVector<NamedAttribute> record;
  if (!spec.tensorMaps.empty()) {
    SmallVector<Attribute> maps;
    for (const KernelTensorMap &m : spec.tensorMaps)
      maps.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("tensor", b.getStringAttr(spec.tensors[m.tensor].name)),
           b.getNamedAttr("box", b.getI64ArrayAttr(m.box)),
           b.getNamedAttr("swizzle", b.getI64IntegerAttr(m.swizzle))}));
    record.push_back(b.getNamedAttr("tensor_maps", b.getArrayAttr(maps)));
  }
  if (const KernelSplitTail &st = spec.splitTail; st.maxSplits > 1) {
    SmallVector<NamedAttribute> split = {
        b.getNamedAttr("max_splits", b.getI64IntegerAttr(st.maxSplits)),
        b.getNamedAttr("depth", b.getStringAttr(st.depth)),
        b.getNamedAttr("tile_k", b.getI64IntegerAttr(st.tileK)),
        b.getNamedAttr("tile_elements", b.getI64IntegerAttr(st.tileElements)),
        b.getNamedAttr("aligned", strs(st.aligned))};
    if (st.splitBlocks)
      split.push_back(b.getNamedAttr("split_blocks", b.getBoolAttr(true)));
    else
      split.push_back(b.getNamedAttr("kernel", b.getStringAttr(st.kernel)));
    record.push_back(b.getNamedAttr("split_tail", b.getDictionaryAttr(split)));
  }
  if (const KernelSplitKeys &sk = spec.splitKeys; sk.maxSplits > 0) {
    SmallVector<NamedAttribute> split = {
        b.getNamedAttr("max_splits", b.getI64IntegerAttr(sk.maxSplits)),
        b.getNamedAttr("rows", b.getI64IntegerAttr(sk.rows)),
        b.getNamedAttr("tile_keys", b.getI64IntegerAttr(sk.tileKeys))};
    if (sk.part.empty())
      split.append({b.getNamedAttr("decode_kernel", b.getStringAttr(sk.decodeKernel)),
                    b.getNamedAttr("combine_kernel", b.getStringAttr(sk.combineKernel))});
    else
      split.push_back(b.getNamedAttr("part", b.getStringAttr(sk.part)));
    record.push_back(b.getNamedAttr("split_keys", b.getDictionaryAttr(split)));
  }
  if (!spec.sizeVariants.empty()) {
    record.push_back(b.getNamedAttr("size_variants", strs(spec.sizeVariants)));
    record.push_back(b.getNamedAttr("sm_count", b.getI64IntegerAttr(spec.smCount)));
    record.push_back(b.getNamedAttr("tile_rates", b.getI64ArrayAttr(spec.tileRates)));
  }
  record.append({
      b.getNamedAttr("op", b.getStringAttr(spec.op)),
      b.getNamedAttr("tensors", b.getArrayAttr(tensors)),
      b.getNamedAttr("sizes", strs(spec.sizes)),
      b.getNamedAttr("static_sizes", b.getDictionaryAttr(staticSizes)),
      b.getNamedAttr("grid", b.getArrayAttr(grid)),
      b.getNamedAttr("block", b.getI64ArrayAttr({spec.block[0], spec.block[1], spec.block[2]})),
      b.getNamedAttr("dynamic_shared_bytes", b.getI64IntegerAttr(spec.dynamicSharedBytes)),
      b.getNamedAttr("attrs", spec.attrs.getDictionary(b.getContext()))});
  return b.getDictionaryAttr(record);
}

/// The kernel parameter of tensor map `m` of `buffer` (the op's operand):
/// upstream's host-side TMA descriptor (nvgpu.tma.create.descriptor, whose
/// runtime call encodes a CUtensorMap in device memory), cast to the pointer
/// it lowers to. Leading dims beyond the box's become boxes of 1.
Value tensorMapArgument(OpBuilder &b, Location loc, const KernelTensorMap &m, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> box(type.getRank(), 1);
  for (int64_t i = 1; i <= std::min<int64_t>(type.getRank(), m.box.size()); ++i)
    box[type.getRank() - i] = m.box[m.box.size() - i];
  auto swizzle = m.swizzle == 128  ? nvgpu::TensorMapSwizzleKind::SWIZZLE_128B
                 : m.swizzle == 64 ? nvgpu::TensorMapSwizzleKind::SWIZZLE_64B
                 : m.swizzle == 32 ? nvgpu::TensorMapSwizzleKind::SWIZZLE_32B
                                   : nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE;
  auto smemBox = MemRefType::get(box, type.getElementType(), MemRefLayoutAttrInterface(),
                                 gpu::AddressSpaceAttr::get(b.getContext(),
                                                            gpu::AddressSpace::Workgroup));
  auto descType = nvgpu::TensorMapDescriptorType::get(
      b.getContext(), smemBox, swizzle, nvgpu::TensorMapL2PromoKind::L2PROMO_128B,
      nvgpu::TensorMapOOBKind::OOB_ZERO, nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  Value unranked = memref::CastOp::create(
      b, loc, UnrankedMemRefType::get(type.getElementType(), type.getMemorySpace()), buffer);
  SmallVector<Value> boxValues;
  for (int64_t d : box)
    boxValues.push_back(arith::ConstantIndexOp::create(b, loc, d));
  Value desc = nvgpu::TmaCreateDescriptorOp::create(b, loc, descType, unranked, boxValues);
  return UnrealizedConversionCastOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                                            desc)
      .getResult(0);
}

/// The stream-K tail (KernelSplitTail), on the host, for a grid of C tiles
/// `grid` and `steps` K steps: the T tiles left over after the full waves
/// (tiles mod SMs) laid end to end, T x steps steps shared by blocks of W =
/// max(ceildiv(T x steps, SMs), ceildiv(steps, maxSplits)) steps. No tail
/// (0 blocks) when that would not save a quarter of a tile (4 W > 3 steps),
/// with a batch, or with rows that are not 16-byte aligned (`aligned`: the
/// tail kernel has no scalar path). The runtime's KernelSpec::planSplitTail
/// computes the same with the device's SM count.
struct TailSplitPlan {
  Value splitTiles, unsplit, stepsPerBlock, blocks;
};
TailSplitPlan planTailSplits(OpBuilder &b, Location loc, std::array<Value, 3> grid, Value steps,
                             Value aligned, int64_t smCount, int64_t maxSplits) {
  KernelBuilder kb(b, loc);
  auto ceilDiv = [&](Value x, Value y) {
    return arith::CeilDivUIOp::create(b, loc, x, y).getResult();
  };
  Value tiles = kb.mul(kb.mul(grid[0], grid[1]), grid[2]);
  Value tail = kb.rem(tiles, kb.idx(smCount));
  Value total = kb.mul(tail, steps);
  Value width = arith::MaxUIOp::create(b, loc, ceilDiv(total, kb.idx(smCount)),
                                       ceilDiv(steps, kb.idx(maxSplits)));
  Value worth = kb.ule(kb.mul(width, kb.idx(4)), kb.mul(steps, kb.idx(3)));
  Value split = kb.andi(kb.andi(aligned, worth),
                        kb.andi(kb.ult(kb.idx(0), tail),
                                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, grid[2],
                                                      kb.idx(1))));
  TailSplitPlan plan;
  plan.splitTiles = kb.select(split, tail, kb.idx(0));
  plan.unsplit = kb.sub(tiles, plan.splitTiles);
  plan.stepsPerBlock = width;
  plan.blocks = kb.select(split, ceilDiv(total, kb.select(split, width, kb.idx(1))), kb.idx(0));
  return plan;
}

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

/// `base`, or `base`_<n> with the first n that no symbol of `kernels` has.
std::string uniqueKernelName(gpu::GPUModuleOp kernels, const std::string &base) {
  std::string name = base;
  for (int n = 1; kernels.lookupSymbol(name); ++n)
    name = base + "_" + std::to_string(n);
  return name;
}

/// Builds the kernel(s) of `op`: one, or for a matmul with size variants one
/// per config (the op's first, named `name`; then `name`_<tile_m>x<tile_n>);
/// a config with tail_splits adds its tail kernel, and an attention config
/// with split_keys its decode and combine kernels (`companions`, by name:
/// the kernel's name and "_split", "_decode", "_combine").
LogicalResult buildKernels(Operation *op, gpu::GPUModuleOp kernels, StringRef name,
                           std::vector<std::pair<gpu::GPUFuncOp, KernelSpec>> &built,
                           llvm::StringMap<std::pair<gpu::GPUFuncOp, KernelSpec>> &companions) {
  auto add = [&](StringRef kernelName, auto buildFn) {
    KernelSpec spec;
    FailureOr<gpu::GPUFuncOp> kernel = buildFn(kernelName, spec);
    if (succeeded(kernel))
      built.push_back({*kernel, std::move(spec)});
    return kernel;
  };
  if (auto attn = dyn_cast<AttentionOp>(op)) {
    if (failed(add(name, [&](StringRef n, KernelSpec &spec) {
          return buildAttentionKernel(op, kernels, n, spec);
        })))
      return failure();
    AttentionConfigAttr cfg = getOrChooseAttentionConfig(attn);
    if (!cfg.isTensorCore() || cfg.getSplitKeys() < 1)
      return success();
    std::string decodeName = uniqueKernelName(kernels, name.str() + "_decode");
    std::string combineName = uniqueKernelName(kernels, name.str() + "_combine");
    KernelSpec decode, combine;
    if (failed(buildAttentionDecodeKernels(op, kernels, decodeName, decode, combineName, combine,
                                           built.front().second)))
      return failure();
    auto lookup = [&](StringRef n) { return kernels.lookupSymbol<gpu::GPUFuncOp>(n); };
    companions[decodeName] = {lookup(decodeName), std::move(decode)};
    companions[combineName] = {lookup(combineName), std::move(combine)};
    return success();
  }
  auto mm = dyn_cast<MatmulOp>(op);
  if (!mm)
    return add(name, [&](StringRef n, KernelSpec &spec) {
      FailureOr<gpu::GPUFuncOp> kernel =
          TypeSwitch<Operation *, FailureOr<gpu::GPUFuncOp>>(op)
              .Case([&](SoftmaxOp) { return buildSoftmaxKernel(op, kernels, n, spec); })
              .Case([&](RmsNormOp) { return buildRmsNormKernel(op, kernels, n, spec); });
      return kernel;
    });
  SmallVector<MatmulConfigAttr> configs = {getOrChooseMatmulConfig(mm)};
  if (ArrayAttr variants = mm.getSizeVariantsAttr())
    llvm::append_range(configs, variants.getAsRange<MatmulConfigAttr>());
  for (auto [i, cfg] : llvm::enumerate(configs)) {
    std::string kernelName =
        i == 0 ? name.str()
               : uniqueKernelName(kernels, (name + "_" + Twine(cfg.getTileM()) + "x" +
                                            Twine(cfg.getTileN())).str());
    if (failed(add(kernelName, [&](StringRef n, KernelSpec &spec) {
          return cfg.isTensorCore() ? buildMatmulMmaKernel(op, cfg, kernels, n, spec)
                                    : buildMatmulKernel(op, kernels, n, spec);
        })))
      return failure();
    if (cfg.getTailSplits() > 1) {
      std::string splitName = uniqueKernelName(kernels, kernelName + "_split");
      KernelSpec splitSpec;
      FailureOr<gpu::GPUFuncOp> split =
          buildMatmulMmaKernel(op, cfg, kernels, splitName, splitSpec, /*splitBlocks=*/true);
      if (failed(split))
        return failure();
      built.back().second.splitTail.kernel = splitName;
      companions[splitName] = {*split, std::move(splitSpec)};
    }
  }
  if (built.size() > 1) {
    for (auto &variant : llvm::drop_begin(built))
      built.front().second.sizeVariants.push_back(variant.first.getName().str());
    built.front().second.smCount = *mm.getSmCount();
    llvm::append_range(built.front().second.tileRates, *mm.getTileRates());
  }
  return success();
}

LogicalResult lowerOp(Operation *op, gpu::GPUModuleOp kernels, StringRef name) {
  std::vector<std::pair<gpu::GPUFuncOp, KernelSpec>> built;
  llvm::StringMap<std::pair<gpu::GPUFuncOp, KernelSpec>> companions;
  if (failed(buildKernels(op, kernels, name, built, companions)))
    return failure();

  OpBuilder b(op);
  Location loc = op->getLoc();
  SizeCollector sc(b, loc);
  llvm::StringMap<SizeValue> sizes = collectSizes(op, sc);

  // Operands in the kernel's tensor order are the op's operands; the single
  // output comes last.
  SmallVector<Value> args, buffers;
  for (Value operand : op->getOperands()) {
    auto t = cast<RankedTensorType>(operand.getType());
    auto mt = MemRefType::get(t.getShape(), t.getElementType());
    buffers.push_back(
        bufferization::ToBufferOp::create(b, loc, mt, operand, /*read_only=*/true));
    args.push_back(flatten(b, loc, buffers.back()));
  }
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<Value> dynDims;
  for (int64_t i = 0; i < resultType.getRank(); ++i) {
    if (!resultType.isDynamicDim(i))
      continue;
    // Matmul's last result dim is N, from rhs; every other dim of every op's
    // result is the same dim of operand 0 (verified).
    bool fromRhs = isa<MatmulOp>(op) && i == resultType.getRank() - 1;
    dynDims.push_back(tensor::DimOp::create(b, loc, op->getOperand(fromRhs ? 1 : 0), i));
  }
  auto resultMem = MemRefType::get(resultType.getShape(), resultType.getElementType());
  Value out = memref::AllocOp::create(b, loc, resultMem, dynDims);
  args.push_back(flatten(b, loc, out));
  const KernelSpec &first = built.front().second;
  for (const std::string &s : first.sizes) // the variants share the ABI
    args.push_back(sizes.lookup(s).value);

  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  auto gridOf = [&](const KernelSpec &spec) {
    std::array<Value, 3> grid;
    for (int i = 0; i < 3; ++i) {
      Value extent = c(1);
      for (const std::string &s : spec.grid[i].sizes)
        extent = arith::MulIOp::create(b, loc, extent, sizes.lookup(s).value);
      grid[i] = arith::CeilDivUIOp::create(b, loc, extent, c(spec.grid[i].div));
      if (int64_t cluster = spec.grid[i].cluster; cluster > 1)
        grid[i] = arith::MulIOp::create(
            b, loc, arith::CeilDivUIOp::create(b, loc, grid[i], c(cluster)), c(cluster));
    }
    return grid;
  };
  // The records of a kernel's companions (tail, decode, combine kernels)
  // ride on each of its launches: with static sizes a launch may fold
  // away, and the runtime, which makes the choice per device, still needs
  // every record.
  auto companionRecords = [&](ArrayRef<std::pair<StringRef, const KernelSpec *>> kernels) {
    SmallVector<Attribute> records;
    for (auto [name, spec] : kernels) {
      NamedAttrList record(specToAttr(b, *spec, sizes));
      record.set("entry", b.getStringAttr(name));
      records.push_back(record.getDictionary(b.getContext()));
    }
    return b.getArrayAttr(records);
  };
  auto alloc = [&](Type elt, Value count) {
    return gpu::AllocOp::create(b, loc, MemRefType::get({ShapedType::kDynamic}, elt), Type(),
                                ValueRange{}, ValueRange{count}, ValueRange{},
                                /*hostShared=*/false)
        .getMemref();
  };
  auto launchOf = [&](gpu::GPUFuncOp kernel, const KernelSpec &spec,
                      const std::array<Value, 3> &grid, ValueRange kernelArgs) {
    auto launchOp = gpu::LaunchFuncOp::create(
        b, loc, kernel, gpu::KernelDim3{grid[0], grid[1], grid[2]},
        gpu::KernelDim3{c(spec.block[0]), c(spec.block[1]), c(spec.block[2])},
        /*dynamicSharedMemorySize=*/
        spec.dynamicSharedBytes
            ? arith::ConstantIntOp::create(b, loc, spec.dynamicSharedBytes, 32).getResult()
            : Value(),
        kernelArgs);
    launchOp->setAttr("mini.kernel", specToAttr(b, spec, sizes));
    return launchOp;
  };
  // An attention with decode kernels: the decode kernel (and, with more
  // than one split, the combine kernel on a workspace) or the main kernel,
  // as planKeySplits says.
  auto launchAttention = [&](gpu::GPUFuncOp kernel, const KernelSpec &spec,
                             const std::array<Value, 3> &grid) {
    const KernelSplitKeys &sk = spec.splitKeys;
    const auto &[decodeKernel, decodeSpec] = companions.at(sk.decodeKernel);
    const auto &[combineKernel, combineSpec] = companions.at(sk.combineKernel);
    KeySplitPlan plan = planKeySplits(b, loc, sizes, sk, spec.grid[0].div, smCount("sm_90a"));
    Value useMain = arith::XOrIOp::create(b, loc, plan.decode,
                                          arith::ConstantIntOp::create(b, loc, 1, 1));
    auto ifMain = scf::IfOp::create(b, loc, TypeRange{}, useMain, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifMain.thenBlock()->getTerminator());
    SmallVector<Value> mainArgs(args.begin(), args.end());
    for (const KernelTensorMap &m : spec.tensorMaps) // the wgmma kernel's
      mainArgs.push_back(tensorMapArgument(b, loc, m, buffers[m.tensor]));
    launchOf(kernel, spec, grid, mainArgs)
        ->setAttr("mini.companion_kernels",
                  companionRecords({{sk.decodeKernel, &decodeSpec}, {sk.combineKernel, &combineSpec}}));
    b.setInsertionPoint(ifMain.elseBlock()->getTerminator());
    auto size = [&](StringRef name) { return sizes.lookup(name).value; };
    Value several = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c(1), plan.splits);
    Value rowsTotal = arith::MulIOp::create(
        b, loc, arith::MulIOp::create(b, loc, size("B"), size("H")), size("S"));
    Value lseFloats = arith::SelectOp::create(
        b, loc, several, arith::MulIOp::create(b, loc, plan.splits, rowsTotal), c(1));
    Value partials = alloc(b.getF32Type(), arith::MulIOp::create(b, loc, lseFloats, size("D")));
    Value lse = alloc(b.getF32Type(), lseFloats);
    SmallVector<Value> decodeArgs(args.begin(), args.end());
    decodeArgs.append({partials, lse, plan.splits});
    launchOf(decodeKernel, decodeSpec,
             {arith::MulIOp::create(b, loc, plan.rowBlocks, plan.splits), size("G"), size("B")},
             decodeArgs)
        ->setAttr("mini.companion_kernels",
                  companionRecords({{kernel.getName(), &spec}, {sk.combineKernel, &combineSpec}}));
    auto ifSeveral = scf::IfOp::create(b, loc, TypeRange{}, several, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPoint(ifSeveral.thenBlock()->getTerminator());
      launchOf(combineKernel, combineSpec, gridOf(combineSpec), decodeArgs);
    }
    gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, partials);
    gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, lse);
  };
  auto launch = [&](gpu::GPUFuncOp kernel, const KernelSpec &spec,
                    const std::array<Value, 3> &grid) {
    if (spec.splitKeys.maxSplits > 0)
      return launchAttention(kernel, spec, grid);
    SmallVector<Value> kernelArgs = args;
    for (const KernelTensorMap &m : spec.tensorMaps) // maps of inputs only
      kernelArgs.push_back(tensorMapArgument(b, loc, m, buffers[m.tensor]));
    std::optional<TailSplitPlan> plan;
    if (const KernelSplitTail &st = spec.splitTail; st.maxSplits > 1) {
      // The chip's SMs as the config pass recorded them, else the H100's.
      auto mm = dyn_cast<MatmulOp>(op);
      int64_t sms = mm && mm.getSmCount() ? *mm.getSmCount() : smCount("sm_90a");
      Value aligned = arith::ConstantIntOp::create(b, loc, 1, 1);
      for (const std::string &size : st.aligned)
        aligned = arith::AndIOp::create(
            b, loc, aligned,
            arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::eq,
                arith::RemUIOp::create(b, loc, sizes.lookup(size).value, c(8)), c(0)));
      Value steps = arith::CeilDivUIOp::create(b, loc, sizes.lookup(st.depth).value, c(st.tileK));
      plan = planTailSplits(b, loc, grid, steps, aligned, sms, st.maxSplits);
      kernelArgs.push_back(plan->unsplit);
    }
    auto launchOp = launchOf(kernel, spec, grid, kernelArgs);
    if (!plan)
      return;
    launchOp->setAttr("mini.companion_kernels",
                      companionRecords({{spec.splitTail.kernel,
                                         &companions.at(spec.splitTail.kernel).second}}));
    // The split tiles' blocks, with their workspace, when there are any.
    Value anySplit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c(0), plan->blocks);
    auto ifSplit = scf::IfOp::create(b, loc, TypeRange{}, anySplit, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifSplit.thenBlock()->getTerminator());
      const auto &[splitKernel, splitSpec] = companions.at(spec.splitTail.kernel);
      Value blocks = plan->blocks;
      Value slots = arith::AddIOp::create(b, loc, blocks, plan->splitTiles); // slot b + t
      Value partialFloats =
          arith::MulIOp::create(b, loc, slots, c(splitSpec.splitTail.tileElements));
      Value partials = alloc(b.getF32Type(), partialFloats);
      Value counters = alloc(b.getI32Type(), plan->splitTiles);
      gpu::MemsetOp::create(b, loc, Type(), ValueRange{}, counters,
                            arith::ConstantIntOp::create(b, loc, 0, 32));
      SmallVector<Value> splitArgs(kernelArgs.begin(), kernelArgs.end() - 1);
      splitArgs.append({partials, counters, plan->unsplit, plan->stepsPerBlock});
      launchOf(splitKernel, splitSpec, {blocks, c(1), c(1)}, splitArgs);
      gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, partials);
      gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, counters);
    }
  };
  if (built.size() == 1) {
    launch(built[0].first, first, gridOf(first));
  } else {
    // Size variants: the kernel of least cost, ceil(blocks / sm_count) *
    // work per block * 100 / rate, the first on a tie (Bundle::forSizes in
    // the runtime computes the same).
    SmallVector<std::array<Value, 3>> grids;
    Value best, bestIndex;
    for (auto [i, entry] : llvm::enumerate(built)) {
      const KernelSpec &spec = entry.second;
      grids.push_back(gridOf(spec));
      const std::array<Value, 3> &g = grids.back();
      Value blocks =
          arith::MulIOp::create(b, loc, arith::MulIOp::create(b, loc, g[0], g[1]), g[2]);
      Value waves = arith::CeilDivUIOp::create(b, loc, blocks, c(first.smCount));
      int64_t workPerBlock = spec.grid[0].div * spec.grid[1].div * spec.grid[2].div;
      Value cost = arith::DivUIOp::create(
          b, loc, arith::MulIOp::create(b, loc, waves, c(workPerBlock * 100)),
          c(first.tileRates[i]));
      if (i == 0) {
        best = cost, bestIndex = c(0);
        continue;
      }
      Value cheaper = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, cost, best);
      best = arith::SelectOp::create(b, loc, cheaper, cost, best);
      bestIndex = arith::SelectOp::create(b, loc, cheaper, c(i), bestIndex);
    }
    SmallVector<int64_t> cases = llvm::to_vector(llvm::seq<int64_t>(1, built.size()));
    auto switchOp = scf::IndexSwitchOp::create(b, loc, TypeRange{}, bestIndex, cases,
                                               cases.size());
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

  Value result = bufferization::ToTensorOp::create(b, loc, resultType, out,
                                                   b.getUnitAttr(), b.getUnitAttr());
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
  return success();
}

/// A dimension fixed to 0 leaves the kernel nothing to do and no launch
/// the runtime can make (it rejects sizes fixed to 0): an error here, named,
/// rather than a failure deep in the lowering.
LogicalResult checkNoEmptyDims(Operation *op) {
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
    if (auto type = dyn_cast<RankedTensorType>(v.getType()))
      if (llvm::is_contained(type.getShape(), 0))
        return op->emitOpError("lowering to GPU needs no dimension fixed to 0; got ") << type;
  return success();
}

struct MiniLowerToGPUPass : mini::impl::MiniLowerToGPUBase<MiniLowerToGPUPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<MatmulOp, SoftmaxOp, RmsNormOp, AttentionOp>(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;

    OpBuilder b(module.getBodyRegion());
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(), b.getUnitAttr());
    auto kernels = module.lookupSymbol<gpu::GPUModuleOp>(kKernelModuleName);
    if (!kernels) {
      b.setInsertionPointToEnd(module.getBody());
      kernels = gpu::GPUModuleOp::create(b, module.getLoc(), kKernelModuleName);
    }
    for (Operation *op : ops) {
      if (failed(checkNoEmptyDims(op)))
        return signalPassFailure();
      // Kernel names: <func>_<op>, uniqued by the symbol table.
      auto func = op->getParentOfType<FunctionOpInterface>();
      std::string base = (func ? func.getName().str() + "_" : std::string()) +
                         op->getName().stripDialect().str();
      if (failed(lowerOp(op, kernels, uniqueKernelName(kernels, base))))
        return signalPassFailure();
    }
  }
};

} // namespace
