// mini-pipeline: mini ops on tensors -> kernels -> cubin -> kernel bundle.
// Our passes make the kernels; upstream passes do bufferization, NVVM
// conversion and ptxas (gpu-module-to-binary).
#include "mini/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace {

struct MiniPipelineOptions : public PassPipelineOptions<MiniPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target chip (sm_90a, sm_80, ...)"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> bundle{
      *this, "bundle",
      llvm::cl::desc("Directory to write the kernel bundle (cubin + "
                     "manifest.json) into; empty: write none")};
  Option<std::string> toolkit{*this, "toolkit",
                              llvm::cl::desc("CUDA toolkit with ptxas"),
                              llvm::cl::init("/usr/local/cuda")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("gpu-module-to-binary format: bin (cubin, for bundles), "
                     "isa (PTX text, to read), llvm (LLVM IR)"),
      llvm::cl::init("bin")};
  Option<bool> fuse{*this, "fuse",
                    llvm::cl::desc("Run mini-fuse first (fuse=0: every op its own kernels)"),
                    llvm::cl::init(true)};
  Option<int64_t> fuseEpilogueMinK{
      *this, "fuse-epilogue-min-k",
      llvm::cl::desc("mini-fuse's epilogue-min-k: least static K of a matmul whose epilogue "
                     "reads a tensor of its result's shape (0: any K)"),
      llvm::cl::init(8192)};
  // The matmul switches of mini-select-matmul-config (the ladder in
  // docs/PERF.md): -1 / "" keep the per-chip defaults.
  Option<std::string> matmulMath{*this, "matmul-math",
                                 llvm::cl::desc("mma_sync, wmma, wgmma (sm_90a), simt or gemv"), llvm::cl::init("")};
  Option<std::string> matmulPrecision{
      *this, "matmul-precision",
      llvm::cl::desc("tf32 or ieee: the precision of f32 matmuls that do not name one"),
      llvm::cl::init("")};
  Option<std::string> matmulCopy{*this, "matmul-copy",
                                 llvm::cl::desc("cp_async or tma (sm_90)"), llvm::cl::init("")};
  Option<int64_t> matmulStages{*this, "matmul-stages",
                               llvm::cl::desc("Shared-memory stages (0: none, simt only)"),
                               llvm::cl::init(-1)};
  Option<int64_t> matmulTileM{*this, "matmul-tile-m", llvm::cl::desc("Block tile rows"),
                              llvm::cl::init(-1)};
  Option<int64_t> matmulTileN{*this, "matmul-tile-n", llvm::cl::desc("Block tile columns"),
                              llvm::cl::init(-1)};
  Option<int64_t> matmulTileK{*this, "matmul-tile-k", llvm::cl::desc("Block tile depth"),
                              llvm::cl::init(-1)};
  Option<int64_t> matmulWarpsM{*this, "matmul-warps-m", llvm::cl::desc("Warp grid rows"),
                               llvm::cl::init(-1)};
  Option<int64_t> matmulWarpsN{*this, "matmul-warps-n", llvm::cl::desc("Warp grid columns"),
                               llvm::cl::init(-1)};
  Option<int64_t> matmulClusterM{*this, "matmul-cluster-m",
                                 llvm::cl::desc("Blocks per cluster along M (tma)"),
                                 llvm::cl::init(-1)};
  Option<int64_t> matmulProducerWarps{
      *this, "matmul-producer-warps",
      llvm::cl::desc("Warps that only issue the TMA copies: 0 or 4 (tma)"), llvm::cl::init(-1)};
  Option<int64_t> matmulTailSplits{
      *this, "matmul-tail-splits",
      llvm::cl::desc("The last, partial wave stream-K style, each block taking at least 1/S "
                     "of a tile's K steps (TMA with producer warps; 1: none)"),
      llvm::cl::init(-1)};
  Option<int64_t> matmulPingpong{
      *this, "matmul-pingpong",
      llvm::cl::desc("1: the persistent ping-pong wgmma kernel (sm_90a; K and N static "
                     "multiples of 8), 0: not"),
      llvm::cl::init(-1)};
  // The attention switches of mini-select-attention-config (the attention
  // ladder): "" / -1 keep the defaults.
  Option<std::string> attentionMath{*this, "attention-math",
                                    llvm::cl::desc("wgmma, mma_sync or simt"),
                                    llvm::cl::init("")};
  Option<int64_t> attentionWarps{*this, "attention-warps",
                                 llvm::cl::desc("Warps per block, 16 query rows each"),
                                 llvm::cl::init(-1)};
  Option<int64_t> attentionTileKeys{*this, "attention-tile-keys",
                                    llvm::cl::desc("Keys per K/V tile"), llvm::cl::init(-1)};
  Option<int64_t> attentionSplitKeys{
      *this, "attention-split-keys",
      llvm::cl::desc("Most key splits of the decode kernel (0: no decode kernel)"),
      llvm::cl::init(-1)};
};

/// The chips whose kernels the pipeline compiles and ptxas accepts. sm_90
/// without the `a` lacks what the sm_90 kernels use (TMA multicast, cluster
/// mbarrier fences, setmaxnreg): LLVM's instruction selection would abort.
LogicalResult checkChip(StringRef chip, function_ref<LogicalResult(const Twine &)> errorHandler) {
  static constexpr StringRef kChips[] = {"sm_80", "sm_86", "sm_87", "sm_89", "sm_90a"};
  if (llvm::is_contained(kChips, chip))
    return success();
  if (chip == "sm_90" || chip == "sm_90f")
    return errorHandler("mini-pipeline: chip=" + chip +
                        " lacks the sm_90a features the H100 kernels use (TMA multicast, "
                        "cluster mbarrier fences, setmaxnreg); use chip=sm_90a");
  return errorHandler("mini-pipeline: unsupported chip '" + chip +
                      "': the pipeline compiles for sm_80, sm_86, sm_87, sm_89 and sm_90a");
}

LogicalResult buildMiniPipeline(
    OpPassManager &pm, const MiniPipelineOptions &opts,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  if (failed(checkChip(opts.chip, errorHandler)))
    return failure();
  // gpu-module-to-binary only prints an error for a format it does not know
  // and succeeds: check here. (Its other spellings pass through.)
  if (!llvm::is_contained(
          {"bin", "isa", "llvm", "binary", "assembly", "fatbin", "fatbinary", "offloading"},
          StringRef(opts.format)))
    return errorHandler("mini-pipeline: unknown format '" + opts.format +
                        "': expected bin (cubin, for bundles), isa (PTX text) or llvm (LLVM IR)");
  if (!opts.bundle.empty() && opts.format != "bin")
    return errorHandler("mini-pipeline: bundle= needs format=bin, got format=" + opts.format);
  // Our passes, each from its generated options struct: the pipeline's
  // matmul-* and attention-* options are the select passes' own.
  if (opts.fuse)
    pm.addPass(mini::createMiniFuse({opts.fuseEpilogueMinK}));
  mini::MiniSelectRowConfigOptions rows;
  rows.chip = opts.chip;
  pm.addPass(mini::createMiniSelectRowConfig(rows));
  mini::MiniSelectMatmulConfigOptions matmul;
  matmul.chip = opts.chip;
  matmul.math = opts.matmulMath;
  matmul.copy = opts.matmulCopy;
  matmul.precision = opts.matmulPrecision;
  matmul.stages = opts.matmulStages;
  matmul.tileM = opts.matmulTileM;
  matmul.tileN = opts.matmulTileN;
  matmul.tileK = opts.matmulTileK;
  matmul.warpsM = opts.matmulWarpsM;
  matmul.warpsN = opts.matmulWarpsN;
  matmul.clusterM = opts.matmulClusterM;
  matmul.producerWarps = opts.matmulProducerWarps;
  matmul.tailSplits = opts.matmulTailSplits;
  matmul.pingpong = opts.matmulPingpong;
  pm.addPass(mini::createMiniSelectMatmulConfig(matmul));
  mini::MiniSelectAttentionConfigOptions attention;
  attention.chip = opts.chip;
  attention.math = opts.attentionMath;
  attention.warps = opts.attentionWarps;
  attention.tileKeys = opts.attentionTileKeys;
  attention.splitKeys = opts.attentionSplitKeys;
  pm.addPass(mini::createMiniSelectAttentionConfig(attention));
  pm.addPass(mini::createMiniLowerToGPU());
  pm.addPass(mini::createMiniPromoteTiles());
  pm.addPass(mini::createMiniPipelineStages());
  pm.addPass(mini::createMiniLowerStageCopies());
  pm.addPass(mini::createMiniLowerMma());
  // Upstream: the host side's buffers, NVVM, ptxas.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion = bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = opts.chip;
  pm.addPass(createGpuNVVMAttachTarget(target));
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(mini::createMiniLowerSubgroupReduce());
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(mini::createMiniLowerBF16MmaSync());
  kernels.addPass(createConvertNVGPUToNVVMPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createConvertNVVMToLLVMPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = opts.toolkit;
  binary.compilationTarget = opts.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  if (!opts.bundle.empty())
    pm.addPass(mini::createMiniExportBundle(mini::MiniExportBundleOptions{opts.bundle}));
  return success();
}

} // namespace

void mini::registerMiniPipeline() {
  // Registered by hand rather than through PassPipelineRegistration so that
  // bad options become an error message instead of an abort.
  registerPassPipeline(
      "mini-pipeline",
      "Compile mini ops to CUDA kernels: mini-fuse (unless fuse=0), mini-select-row-config, "
      "mini-select-matmul-config, "
      "mini-select-attention-config, mini-lower-to-gpu, mini-promote-tiles, "
      "mini-pipeline-stages, mini-lower-stage-copies, mini-lower-mma, one-shot-bufferize, "
      "nvvm-attach-target, mini-lower-subgroup-reduce, convert-gpu-to-nvvm, gpu-module-to-binary "
      "and, with "
      "bundle=DIR, mini-export-bundle",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        MiniPipelineOptions opts;
        if (failed(opts.parseFromString(optionsStr)))
          return failure();
        return buildMiniPipeline(pm, opts, errorHandler);
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(MiniPipelineOptions());
      });
}
