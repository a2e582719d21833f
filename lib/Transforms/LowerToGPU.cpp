// mini-lower-to-gpu: each mini op -> one gpu.func kernel + a gpu.launch_func on
// flat buffers. The kernel bodies are built in Kernels/; this file collects
// the op's sizes and builds its kernels; Kernels/HostLaunches.cpp emits the
// buffers, the launches and their manifest records.
#include "Kernels/HostLaunches.h"
#include "Kernels/OpSizes.h"
#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/AttentionConfig.h"
#include "mini/Transforms/MatmulConfig.h"
#include "mini/Transforms/Passes.h"
#include "mini/Transforms/RowConfig.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mini {
#define GEN_PASS_DEF_MINILOWERTOGPU
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

constexpr StringLiteral kKernelModuleName = "mini_kernels";

class SizeCollector {
public:
  using Size = SizeValue;
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

/// `base`, or `base`_<n> with the first n that no symbol of `kernels` has.
std::string uniqueKernelName(gpu::GPUModuleOp kernels, const std::string &base) {
  std::string name = base;
  for (int n = 1; kernels.lookupSymbol(name); ++n)
    name = base + "_" + std::to_string(n);
  return name;
}

/// The kernels of a row op: one for its config, and with length variants
/// one more each (`name`_c<max length>, `name`_c<max length>_unaligned for
/// a staged one before an unstaged one, `name`_long_r<max rows> for few long
/// rows, the last `name`_long).
LogicalResult buildRowKernels(Operation *op, gpu::GPUModuleOp kernels, StringRef name,
                              std::vector<std::pair<gpu::GPUFuncOp, KernelSpec>> &built) {
  SmallVector<RowConfigAttr> configs = {getOrChooseRowConfig(op)};
  if (auto variants = op->getAttrOfType<ArrayAttr>("length_variants"))
    llvm::append_range(configs, variants.getAsRange<RowConfigAttr>());
  auto unalignedOnly = [&](size_t i) {
    return i + 1 < configs.size() && configs[i].stagesUnalignedBefore(configs[i + 1]);
  };
  for (auto [i, cfg] : llvm::enumerate(configs)) {
    bool last = i + 1 == configs.size();
    std::string suffix =
        last ? std::string("_long")
        : cfg.getClusterBlocks() > 1
            ? "_long_r" + std::to_string(rowVariantMaxRows(cfg))
            : "_c" + std::to_string(cfg.cachedLength()) + (unalignedOnly(i) ? "_unaligned" : "");
    std::string kernelName = i == 0 ? name.str() : uniqueKernelName(kernels, name.str() + suffix);
    KernelSpec spec;
    spec.lengthHeldByLaunch = !last;
    FailureOr<gpu::GPUFuncOp> kernel =
        isa<SoftmaxOp>(op)   ? buildSoftmaxKernel(op, cfg, kernels, kernelName, spec)
        : isa<RmsNormOp>(op) ? buildRmsNormKernel(op, cfg, kernels, kernelName, spec)
                             : buildLayerNormKernel(op, cfg, kernels, kernelName, spec);
    if (failed(kernel))
      return failure();
    built.push_back({*kernel, std::move(spec)});
  }
  if (configs.size() > 1) {
    KernelSpec &first = built.front().second;
    for (auto [i, entry] : llvm::enumerate(built)) {
      if (i > 0)
        first.sizeVariants.push_back(entry.first.getName().str());
      first.maxLengths.push_back(i + 1 == built.size() ? 0 : configs[i].cachedLength());
      first.maxRows.push_back(i + 1 == built.size() ? 0 : rowVariantMaxRows(configs[i]));
      first.unalignedOnly.push_back(unalignedOnly(i) ? configs[i].getVectorWidth() : 0);
    }
    if (llvm::all_of(first.maxRows, [](int64_t r) { return r == 0; }))
      first.maxRows.clear();
    if (llvm::all_of(first.unalignedOnly, [](int64_t w) { return w == 0; }))
      first.unalignedOnly.clear();
  }
  return success();
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
    // With a short_config: its kernel where T <= shortSequenceMaxKeys (and
    // S <= shortSequenceMaxRows), the config's otherwise. Where the static
    // sizes decide, that kernel alone under the op's name; else both, the
    // short one first (as the row ops order their kernels by length).
    AttentionConfigAttr cfg = getOrChooseAttentionConfig(attn);
    AttentionConfigAttr shortCfg = attn.getShortConfigAttr();
    int64_t keys = cast<RankedTensorType>(attn.getKey().getType()).getDimSize(2);
    int64_t rows = cast<RankedTensorType>(attn.getQuery().getType()).getDimSize(2);
    int64_t shortKeys = shortSequenceMaxKeys(attn);
    int64_t shortRows = shortSequenceMaxRows(attn); // 0: any S
    auto past = [](int64_t size, int64_t most) {
      return most > 0 && !ShapedType::isDynamic(size) && size > most;
    };
    auto known = [](int64_t size, int64_t most) {
      return most == 0 || !ShapedType::isDynamic(size);
    };
    SmallVector<AttentionConfigAttr, 2> mainCfgs;
    if (!shortCfg || past(keys, shortKeys) || past(rows, shortRows))
      mainCfgs = {cfg};
    else if (known(keys, shortKeys) && known(rows, shortRows))
      mainCfgs = {shortCfg};
    else
      mainCfgs = {shortCfg, cfg};
    for (auto [i, mainCfg] : llvm::enumerate(mainCfgs)) {
      std::string mainName = i == 0 ? name.str() : uniqueKernelName(kernels, name.str() + "_long");
      if (failed(add(mainName, [&](StringRef n, KernelSpec &spec) {
            return mainCfg == shortCfg ? buildAttentionMmaKernel(op, mainCfg, kernels, n, spec)
                                       : buildAttentionKernel(op, kernels, n, spec);
          })))
        return failure();
      if (i > 0) {
        KernelSpec &first = built.front().second;
        first.sizeVariants.push_back(mainName);
        first.maxLengths = {shortKeys, 0};
        if (shortRows > 0)
          first.maxRows = {shortRows, 0};
      }
    }
    if (!cfg.isTensorCore() || cfg.getSplitKeys() < 1)
      return success();
    std::string decodeName = uniqueKernelName(kernels, name.str() + "_decode");
    std::string combineName = uniqueKernelName(kernels, name.str() + "_combine");
    KernelSpec decode, combine;
    if (failed(buildAttentionDecodeKernels(op, kernels, decodeName, decode, combineName, combine)))
      return failure();
    for (auto [entry, mainCfg] : llvm::zip_equal(built, mainCfgs))
      linkAttentionDecode(entry.second, mainCfg, decode, decodeName, combineName);
    auto lookup = [&](StringRef n) { return kernels.lookupSymbol<gpu::GPUFuncOp>(n); };
    companions[decodeName] = {lookup(decodeName), std::move(decode)};
    companions[combineName] = {lookup(combineName), std::move(combine)};
    return success();
  }
  if (isa<SoftmaxOp, RmsNormOp, LayerNormOp>(op))
    return buildRowKernels(op, kernels, name, built);
  auto mm = dyn_cast<MatmulOp>(op);
  if (!mm)
    return failed(add(name, [&](StringRef n, KernelSpec &spec) {
             return buildElementwiseKernel(op, kernels, n, spec);
           }))
               ? failure()
               : success();
  SmallVector<MatmulConfigAttr> configs = {getOrChooseMatmulConfig(mm)};
  if (ArrayAttr variants = mm.getSizeVariantsAttr())
    llvm::append_range(configs, variants.getAsRange<MatmulConfigAttr>());
  // mini-select-matmul-config splits a pair that its kernel cannot take.
  for (MatmulConfigAttr cfg : configs)
    if (mm.getUp() && !cfg.fitsProductPair())
      return mm.emitOpError("with up (a SwiGLU pair) needs configs that fit the pair's kernel "
                            "(wgmma, TMA, a producer warpgroup, warps_n = 1, no clusters, no "
                            "tail, tile_n a multiple of 128); got ")
             << cfg;
  for (auto [i, cfg] : llvm::enumerate(configs)) {
    // A variant with a stream-K tail is named apart from a plain one of its
    // tile (the few-rows tiling beside the cost model's 64x128).
    std::string suffix = cfg.isGemv() ? std::string("gemv")
                                      : (Twine(cfg.getTileM()) + "x" + Twine(cfg.getTileN()) +
                                         (cfg.getTailSplits() > 1 ? "_streamk" : ""))
                                            .str();
    std::string kernelName =
        i == 0 ? name.str() : uniqueKernelName(kernels, (name + "_" + suffix).str());
    if (failed(add(kernelName, [&](StringRef n, KernelSpec &spec) {
          if (cfg.isGemv())
            return buildMatmulGemvKernel(op, cfg, kernels, n, spec);
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
    std::optional<ArrayRef<int64_t>> maxM = mm.getVariantMaxM(), maxN = mm.getVariantMaxN();
    for (auto [i, variant] : llvm::enumerate(llvm::drop_begin(built))) {
      built.front().second.sizeVariants.push_back(variant.first.getName().str());
      if (maxM && (*maxM)[i] > 0)
        variant.second.attrs.set("max_m", OpBuilder(op).getI64IntegerAttr((*maxM)[i]));
      if (maxN && (*maxN)[i] > 0)
        variant.second.attrs.set("max_n", OpBuilder(op).getI64IntegerAttr((*maxN)[i]));
    }
    built.front().second.smCount = *mm.getSmCount();
    llvm::append_range(built.front().second.tileRates, *mm.getTileRates());
  }
  return success();
}

LogicalResult lowerOp(Operation *op, gpu::GPUModuleOp kernels, StringRef name) {
  std::vector<BuiltKernel> built;
  llvm::StringMap<BuiltKernel> companions;
  if (failed(buildKernels(op, kernels, name, built, companions)))
    return failure();
  OpBuilder b(op);
  SizeCollector sc(b, op->getLoc());
  emitLaunches(b, op, collectSizes(op, sc), built, companions);
  return success();
}

/// A reshape launches nothing: upstream's tensor.reshape, whose shape is
/// the result's static dims and the input's dynamic ones in order.
void lowerReshape(ReshapeOp reshape) {
  OpBuilder b(reshape);
  Location loc = reshape.getLoc();
  SmallVector<Value> shape;
  for (auto [size, from] : llvm::zip(reshape.getType().getShape(), reshapeCarriedDims(reshape)))
    shape.push_back(from >= 0 ? tensor::DimOp::create(b, loc, reshape.getInput(), from).getResult()
                              : arith::ConstantIndexOp::create(b, loc, size).getResult());
  Value shapeTensor = tensor::FromElementsOp::create(b, loc, shape);
  reshape.replaceAllUsesWith(
      tensor::ReshapeOp::create(b, loc, reshape.getType(), reshape.getInput(), shapeTensor)
          .getResult());
  reshape.erase();
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
      if (isa<MatmulOp, SoftmaxOp, RmsNormOp, LayerNormOp, AttentionOp, AddOp, MulOp, SiluOp,
              GeluOp, ScaleOp, CastOp, TransposeOp, CausalMaskOp, ElementwiseOp, ReshapeOp>(op))
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
    // Kernel names (<func>_<op>, uniqued) and the function records first:
    // the records read the ops' tensors, which lowering replaces.
    llvm::StringSet<> taken;
    auto uniqueName = [&](const std::string &base) {
      std::string name = base;
      for (int n = 1; kernels.lookupSymbol(name) || taken.contains(name); ++n)
        name = base + "_" + std::to_string(n);
      taken.insert(name);
      return name;
    };
    SmallVector<std::string> names;
    llvm::MapVector<Operation *, std::unique_ptr<FunctionRecorder>> recorders;
    for (Operation *op : ops) {
      if (failed(checkNoEmptyDims(op)))
        return signalPassFailure();
      auto func = op->getParentOfType<func::FuncOp>();
      auto view = dyn_cast<ReshapeOp>(op);
      names.push_back(view ? std::string()
                           : uniqueName((func ? func.getName().str() + "_" : std::string()) +
                                        op->getName().stripDialect().str()));
      if (func && !recorders.count(func))
        recorders[func] = FunctionRecorder::create(func);
      if (auto it = recorders.find(func); it != recorders.end() && it->second) {
        if (view)
          it->second->addView(view);
        else
          it->second->addLaunch(op, names.back());
      }
    }
    for (auto &[func, recorder] : recorders)
      if (recorder)
        recorder->finish();
    for (auto [op, name] : llvm::zip(ops, names)) {
      if (auto view = dyn_cast<ReshapeOp>(op))
        lowerReshape(view);
      else if (failed(lowerOp(op, kernels, name)))
        return signalPassFailure();
    }
  }
};

} // namespace
