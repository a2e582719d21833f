// mini-select-matmul-config: how a matmul is tiled and which unit does the math.
#include "Kernels/ElementwiseScalar.h"
#include "mini/Transforms/MatmulConfig.h"
#include "mini/Transforms/Passes.h"
#include "mini/runtime/LaunchRules.h"

namespace mini {
#define GEN_PASS_DEF_MINISELECTMATMULCONFIG
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace mini {

namespace {
/// The compute capability of "sm_XY" or "sm_XYZ" with an optional "a" or
/// "f" suffix, as major * 10 + minor (sm_90a: 90, sm_100a: 100); nullopt for
/// anything else.
std::optional<int64_t> computeCapability(StringRef chip) {
  StringRef digits = chip;
  if (!digits.consume_front("sm_"))
    return std::nullopt;
  if (digits.ends_with("a") || digits.ends_with("f"))
    digits = digits.drop_back();
  int64_t version;
  if ((digits.size() != 2 && digits.size() != 3) || digits.getAsInteger(10, version))
    return std::nullopt;
  return version;
}

/// Blocks a matmul of `op`'s static sizes launches with tile_m x tile_n
/// tiles, or nullopt when M, N or a batch dimension is dynamic.
std::optional<int64_t> staticBlocks(MatmulOp op, int64_t tileM, int64_t tileN) {
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  auto rhs = cast<RankedTensorType>(op.getRhs().getType());
  ArrayRef<int64_t> batchDims = lhs.getShape().drop_back(2);
  int64_t m = lhs.getShape()[lhs.getRank() - 2], n = rhs.getShape().back();
  if (ShapedType::isDynamic(m) || ShapedType::isDynamic(n) ||
      llvm::any_of(batchDims, ShapedType::isDynamic))
    return std::nullopt;
  int64_t blocks = llvm::divideCeil(m, tileM) * llvm::divideCeil(n, tileN);
  for (int64_t d : batchDims)
    blocks *= d;
  return blocks;
}
/// Whether `op`'s rows are not whole 16-byte chunks (K or N not a multiple
/// of 8) and the runtime copies them for TMA (launch::kCopyRowsMinFlops;
/// static sizes only).
bool copiesUnalignedRows(MatmulOp op) {
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  auto rhs = cast<RankedTensorType>(op.getRhs().getType());
  if (!lhs.hasStaticShape() || !rhs.hasStaticShape())
    return false;
  int64_t k = lhs.getShape().back(), n = rhs.getShape().back();
  double flops = 2.0 * n * lhs.getNumElements();
  return (k % 8 != 0 || n % 8 != 0) && flops >= launch::kCopyRowsMinFlops;
}

/// launch::launchCost of tiling `c` at `op`'s static sizes (`blocks`
/// blocks), with its stream-K tail where it has one: the rule the runtime
/// applies at launch to the size variants of dynamic sizes.
int64_t staticLaunchCost(MatmulOp op, MatmulConfigAttr c, int64_t blocks, int64_t sms,
                         int64_t rate) {
  launch::IntArith a;
  a.copiesRows = copiesUnalignedRows(op);
  int64_t work = c.getTileM() * c.getTileN();
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  int64_t k = lhs.getShape().back(),
          n = cast<RankedTensorType>(op.getRhs().getType()).getShape().back();
  if (c.getTailSplits() < 2 || ShapedType::isDynamic(k))
    return launch::launchCost(a, blocks, work, sms, rate);
  bool splittable = ((k % 8 == 0 && n % 8 == 0) || a.rowsCopied()) &&
                    llvm::all_of(lhs.getShape().drop_back(2), [](int64_t d) { return d == 1; });
  launch::TailPlan<launch::IntArith> tail = launch::planTail(
      a, blocks, llvm::divideCeil(k, c.getTileK()), splittable, sms, c.getTailSplits());
  return launch::launchCost(a, blocks, work, sms, rate, &tail);
}

/// The tiling of least staticLaunchCost among `tilings` at `op`'s static
/// sizes; none where a size that decides the grid is dynamic. A SwiGLU
/// pair's C tile is half its tile_n wide.
std::optional<MatmulConfigAttr> leastCostTiling(MatmulOp op, ArrayRef<RatedConfig> tilings,
                                                StringRef chip) {
  std::optional<RatedConfig> best;
  int64_t bestCost = 0;
  for (const RatedConfig &t : tilings) {
    int64_t storedTileN = t.config.getTileN() / (op.getUp() ? 2 : 1);
    std::optional<int64_t> blocks = staticBlocks(op, t.config.getTileM(), storedTileN);
    if (!blocks)
      return std::nullopt;
    int64_t cost = staticLaunchCost(op, t.config, *blocks, smCount(chip), t.ratePercent);
    if (!best || cost < bestCost)
      best = t, bestCost = cost;
  }
  return best->config;
}

} // namespace

MatmulConfigAttr chooseMatmulConfig(MatmulOp op, StringRef chip, bool gemv) {
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  Type elementType = lhs.getElementType();
  // A few rows of A: reading B once is the whole cost (docs/PERF.md v31).
  int64_t m = lhs.getShape()[lhs.getRank() - 2];
  bool fewRows = gemv && !ShapedType::isDynamic(m);
  bool tensorCores =
      (elementType.isF16() || elementType.isBF16()) && computeCapability(chip).value_or(0) >= 80;
  bool tensorCoreRows = tensorCores && chip.starts_with("sm_90");
  if (fewRows && m <= gemvMaxM(op, tensorCoreRows))
    return gemvDefaults(op.getContext(), elementType);
  // mma.sync m16n8k16 with bf16 needs sm_80+; wgmma is sm_90a's (0.87-1.15x
  // cuBLAS where mma.sync gives 0.65-0.90x; docs/PERF.md v29).
  if (tensorCores) {
    if (fewRows && m <= kFewRowsMaxM && tensorCoreRows) {
      if (m <= kSkinnyMaxM && !fewRowsTakeSkinnyRows(op))
        return skinnyTileConfig(op.getContext());
      bool narrow = m <= fewRowsNarrowMaxM(op);
      bool square = m >= kSquareMinM && fewRowsTakeSquareTiles(op, smCount(chip));
      return fewRowsTileConfig(op.getContext(), MatmulConfigAttr::kMaxTailSplits, narrow, square);
    }
    return tensorCoreDefaults(op, chip == "sm_90a" ? MathUnit::wgmma : MathUnit::mma_sync, chip);
  }
  // f32 stays exact on CUDA cores unless the matmul allows tf32 (sm_80+).
  if (elementType.isF32() && op.allowsTf32() && computeCapability(chip).value_or(0) >= 80)
    return tensorCoreDefaults(op, MathUnit::mma_sync, chip);
  return simtDefaults(op.getContext());
}

/// tf32's tilings (f32 operands, mma.sync m16n8k8, stages 32 deep:
/// 128-byte rows): warp tiles of 64 x 64 (128 accumulators a thread),
/// 128x256 tiles of 2 x 4 warps; on sm_90 with TMA copies in 4 stages (193
/// KiB) issued by a producer warpgroup and the stream-K tail (docs/PERF.md
/// tf32 v2: 1.10-1.20x the cp.async kernel at 4096^3 to 8192^3, and tall K
/// at cuBLAS's speed instead of 0.07x), else cp.async in 3 stages (153
/// KiB) where a block may use 163 KB or more, 128x128 tiles in 2 below
/// that; smaller cp.async tiles for sizes that give too few large ones, at
/// their rates at 4096^3 on the H200 (docs/PERF.md tf32 v1: 128x128 0.78
/// and 64x128 0.70 of the cp.async large tile, scaled by its 1/1.1 on
/// sm_90). The parts with about 99 KB take the same rate for 64x128 (not
/// measured).
static SmallVector<RatedConfig> tf32Tilings(MLIRContext *ctx, StringRef chip,
                                            std::optional<CopyKind> copy) {
  bool large = sharedBytesPerBlock(chip) >= 163 * 1024;
  auto tiling = [&](int64_t tm, int64_t tn, int64_t wm, int64_t wn, int64_t stages) {
    return MatmulConfigAttr::get(ctx, tm, tn, 32, wm, wn, stages, MathUnit::mma_sync);
  };
  if (!large)
    return {{tiling(128, 128, 2, 2, 2), 100}, {tiling(64, 128, 2, 2, 3), 70}};
  if (copy == CopyKind::tma || (!copy && chip.starts_with("sm_90")))
    return {{MatmulConfigAttr::get(ctx, 128, 256, 32, 2, 4, 4, MathUnit::mma_sync, CopyKind::tma,
                                   /*cluster_m=*/1, /*producer_warps=*/4, /*tail_splits=*/4),
             100},
            {tiling(128, 128, 2, 2, 4), 71},
            {tiling(64, 128, 2, 2, 4), 64}};
  return {{tiling(128, 256, 2, 4, 3), 100},
          {tiling(128, 128, 2, 2, 4), 78},
          {tiling(64, 128, 2, 2, 4), 70}};
}

SmallVector<RatedConfig> tensorCoreTilings(MLIRContext *ctx, MathUnit math, StringRef chip,
                                           std::optional<CopyKind> copy, bool tf32, bool midTiles) {
  // (tf32 takes mma.sync only: another unit asked for gets the 16-bit
  // tilings, which the config verifier then rejects for f32 operands.)
  if (tf32 && math == MathUnit::mma_sync)
    return tf32Tilings(ctx, chip, copy);
  // Best of the configs measured on the H100 (docs/PERF.md): on sm_90 with
  // mma_sync, TMA copies of 64-deep tiles in 4 stages (193 KiB; v11), issued
  // by a producer warpgroup (v21), on 256x128 tiles of 4x2 warps (1-1.5%
  // faster than 128x256 at the same clock with the producer; v22), the
  // last, partial wave stream-K style (+1-2% at 8192^3; v26); else
  // cp.async of 32-deep tiles in 5 stages (133 KiB) where a block may use
  // 163 KB or more (sm_80, sm_100), 3 stages (80 KiB) on the parts that allow
  // about 99 KB (sm_86, sm_89, sm_120).
  // wgmma (sm_90a; docs/PERF.md v29): 128x256 tiles of two math
  // warpgroups of 64 x 256 each, 4 stages of 48 KiB, the stream-K tail; the
  // small tiling stays mma.sync's 64x128 at its rate of 60 (scaled by the
  // large tile's 1.35x it would take 1000 x 1030 x 777, where the large
  // tile is slower: docs/PERF.md v29).
  // Between them, 128x192 and 128x128 wgmma tiles (the tail as the
  // default's) where K is static and long (keepsMidTiles): their waves fill
  // the SMs where the large tile's leave many idle (docs/PERF.md v45, v47,
  // v49). Rated by one wave's time against the large tile's: 128x192 in 5
  // stages of 40 KiB at 96 (696 TFLOP/s at 768 x 4096 x 4096, 132 tiles;
  // the large tile 726 at 1024 x 4096 x 4096, 128), 128x128 in 6 stages of
  // 32 KiB at 90 (643-653 at 512 x 4096 x 4096, 604 in 4 stages).
  if (math == MathUnit::wgmma) {
    auto wgmmaTiling = [&](int64_t tileN, int64_t stages) {
      return MatmulConfigAttr::get(ctx, 128, tileN, 64, 8, 1, stages, math, CopyKind::tma,
                                   /*cluster_m=*/1, /*producer_warps=*/4, /*tail_splits=*/4);
    };
    SmallVector<RatedConfig> tilings = {{wgmmaTiling(256, 4), 100}};
    if (midTiles) {
      tilings.push_back({wgmmaTiling(192, 5), 96});
      tilings.push_back({wgmmaTiling(128, 6), 90});
    }
    tilings.push_back(
        {MatmulConfigAttr::get(ctx, 64, 128, 64, 2, 2, 4, MathUnit::mma_sync, CopyKind::tma), 60});
    return tilings;
  }
  bool tma = copy == CopyKind::tma ||
             (!copy && chip.starts_with("sm_90") && math == MathUnit::mma_sync);
  int64_t cpAsyncStages = sharedBytesPerBlock(chip) >= 163 * 1024 ? 5 : 3;
  MatmulConfigAttr large = tma ? MatmulConfigAttr::get(ctx, 256, 128, 64, 4, 2, 4, math, CopyKind::tma,
                                                       /*cluster_m=*/1, /*producer_warps=*/4,
                                                       /*tail_splits=*/4)
                               : MatmulConfigAttr::get(ctx, 128, 256, 32, 2, 4, cpAsyncStages, math);
  // Smaller tiles of 4 warps for sizes that give too few large tiles to
  // fill the GPU, each with the rate that makes launchCost pick the fastest
  // kernel at every shape measured on the H100 (docs/PERF.md v14, v15).
  // With TMA: 64x128 tiles 64 deep in 4 stages (97 KiB), faster than the
  // cp.async 128x128 and 64x128 kernels wherever a small tile pays. Its rate
  // at 4096^3 is 0.79 of the 128x256 kernel's (measured before the producer
  // warpgroup and the 256x128 tile, each 1-6% faster), but two of its
  // blocks share an SM, so a wave of 132 blocks costs more than the model's
  // single-block wave: 1536 x 1536 x 4096 and 3000^3 need a rate below 75,
  // 512 x 4096 x 4096 one above 50; 60. With cp.async: 128x128 and 64x128
  // tiles 32 deep in 4 stages (74 and 54 KiB), at their rates at 4096^3, 0.7
  // and 0.5.
  if (tma)
    return {{large, 100}, {MatmulConfigAttr::get(ctx, 64, 128, 64, 2, 2, 4, math, CopyKind::tma), 60}};
  CopyKind smallCopy = copy.value_or(CopyKind::cp_async);
  return {{large, 100},
          {MatmulConfigAttr::get(ctx, 128, 128, 32, 2, 2, 4, math, smallCopy), 70},
          {MatmulConfigAttr::get(ctx, 64, 128, 32, 2, 2, 4, math, smallCopy), 50}};
}

MatmulConfigAttr tensorCoreDefaults(MatmulOp op, MathUnit math, StringRef chip,
                                    std::optional<CopyKind> copy, bool ownUnitOnly) {
  if (math == MathUnit::wgmma && takesOneWaveTiles(op, smCount(chip)))
    return oneWaveTileConfig(op);
  // Static sizes take the tiling of least launch cost: on the H100 at
  // M = N = K = 1024 and at M = 512, N = K = 4096, 64x128 with TMA (1.00x
  // and 0.63x of cuBLAS instead of 0.69x and 0.46x; docs/PERF.md v15).
  bool tf32 = cast<RankedTensorType>(op.getLhs().getType()).getElementType().isF32();
  SmallVector<RatedConfig> tilings =
      tensorCoreTilings(op.getContext(), math, chip, copy, tf32, keepsMidTiles(op));
  // Rows copied for TMA: a cp.async tiling would take its element path
  // (as launch::chooseVariant rules at launch).
  bool tmaOnly = tilings.front().config.usesTma() && copiesUnalignedRows(op);
  SmallVector<RatedConfig> candidates(llvm::make_filter_range(tilings, [&](const RatedConfig &t) {
    return (!tmaOnly || t.config.usesTma()) && (!ownUnitOnly || t.config.getMath() == math);
  }));
  return leastCostTiling(op, candidates, chip).value_or(tilings.front().config);
}

/// SMs of the usual part of each chip (H100 SXM, B200, A100, RTX 4090, RTX
/// 3090/A6000).
int64_t smCount(StringRef chip) {
  if (chip.starts_with("sm_90"))
    return 132;
  if (chip.starts_with("sm_100"))
    return 148;
  if (chip == "sm_80")
    return 108;
  if (chip == "sm_89")
    return 128;
  return 84;
}

int64_t sharedBytesPerBlock(StringRef chip) {
  if (chip.starts_with("sm_90") || chip.starts_with("sm_100"))
    return 227 * 1024;
  if (chip == "sm_80" || chip == "sm_87")
    return 163 * 1024;
  return 99 * 1024;
}

MatmulConfigAttr productPairConfig(MLIRContext *ctx) {
  return MatmulConfigAttr::get(ctx, 128, 256, 64, 8, 1, 4, MathUnit::wgmma, CopyKind::tma,
                               /*cluster_m=*/1, /*producer_warps=*/4, /*tail_splits=*/1);
}

SmallVector<RatedConfig> productPairTilings(MLIRContext *ctx) {
  // The narrow tiles' rate: 0.92-0.97x of the wide ones' at full waves, 88
  // picked the faster of the two at every M measured (docs/PERF.md fusion
  // v6).
  return {{productPairConfig(ctx), 100},
          {MatmulConfigAttr::get(ctx, 128, 128, 64, 8, 1, 6, MathUnit::wgmma, CopyKind::tma,
                                 /*cluster_m=*/1, /*producer_warps=*/4, /*tail_splits=*/1),
           88}};
}

MatmulConfigAttr skinnyTileConfig(MLIRContext *ctx) {
  return MatmulConfigAttr::get(ctx, 16, 64, 64, 1, 2, 6, MathUnit::mma_sync, CopyKind::tma);
}

/// B's static K and N, or kDynamic.
static std::pair<int64_t, int64_t> staticKN(MatmulOp op) {
  ArrayRef<int64_t> rhs = cast<RankedTensorType>(op.getRhs().getType()).getShape();
  return {rhs[rhs.size() - 2], rhs.back()};
}

int64_t fewRowsNarrowMaxM(MatmulOp op) {
  auto [k, n] = staticKN(op);
  if (ShapedType::isDynamic(n) || n > kNarrowMaxN)
    return 0;
  bool shortK = ShapedType::isDynamic(k) || k <= 4096;
  return n <= 1024 && shortK ? kFewRowsMaxM : 32;
}

VariantBounds fewRowsNarrowBounds(MatmulOp op) {
  if (ShapedType::isDynamic(staticKN(op).second))
    return {32, kNarrowMaxN};
  return {fewRowsNarrowMaxM(op), 0};
}

int64_t gemvMaxM(MatmulOp op, bool tensorCoreRows) {
  auto [k, n] = staticKN(op);
  bool weights = !ShapedType::isDynamic(k) && !ShapedType::isDynamic(n);
  return tensorCoreRows && weights ? 4 : kGemvMaxM;
}

/// Whether `op`'s K is static and at least `least`.
static bool staticKAtLeast(MatmulOp op, int64_t least) {
  int64_t k = staticKN(op).first;
  return !ShapedType::isDynamic(k) && k >= least;
}

bool keepsMidTiles(MatmulOp op) { return staticKAtLeast(op, kMidTilesMinK); }

bool takesOneWaveK(MatmulOp op) { return staticKAtLeast(op, kOneWaveMinK); }

MatmulConfigAttr oneWaveTileConfig(MatmulOp op) {
  int64_t tailSplits = staticKAtLeast(op, kOneWaveSplitMinK) ? 4 : 1;
  return MatmulConfigAttr::get(op.getContext(), 128, 64, 64, 8, 1, 8, MathUnit::wgmma,
                               CopyKind::tma, /*cluster_m=*/1, /*producer_warps=*/4, tailSplits);
}

/// The most rows of one-wave tiles `op` (takesOneWaveK) may take.
static int64_t oneWaveMaxRowTiles(MatmulOp op) {
  auto [k, n] = staticKN(op);
  bool wholeColumns = !ShapedType::isDynamic(n) && n % 64 == 0;
  return wholeColumns && k <= kOneWaveManyRowsMaxK ? kOneWaveManyRowTiles : kOneWaveMaxRowTiles;
}

bool takesOneWaveTiles(MatmulOp op, int64_t sms) {
  std::optional<int64_t> blocks = staticBlocks(op, 128, 64);
  if (!takesOneWaveK(op) || !blocks || *blocks > sms)
    return false;
  int64_t m = cast<RankedTensorType>(op.getLhs().getType()).getShape().drop_back().back();
  return m >= kOneWaveMinRows && m <= 128 * oneWaveMaxRowTiles(op);
}

VariantBounds oneWaveBounds(MatmulOp op, int64_t sms) {
  ArrayRef<int64_t> lhs = cast<RankedTensorType>(op.getLhs().getType()).getShape();
  if (!takesOneWaveK(op) || llvm::any_of(lhs.drop_back(2), [](int64_t d) { return d != 1; }))
    return {};
  int64_t n = staticKN(op).second;
  if (ShapedType::isDynamic(n))
    return {128, 64 * sms};
  int64_t rowTiles = std::min(oneWaveMaxRowTiles(op), sms / llvm::divideCeilSigned(n, int64_t(64)));
  return {128 * rowTiles, 0};
}

bool fewRowsTakeSkinnyRows(MatmulOp op) {
  auto [k, n] = staticKN(op);
  return !ShapedType::isDynamic(k) && !ShapedType::isDynamic(n) && n <= kNarrowMaxN;
}

MatmulConfigAttr pingpongConfig(MLIRContext *ctx) {
  // 64x256 a warpgroup (its m64n256 wgmma, as in the default's halves), 5
  // stages of 40 KiB.
  return MatmulConfigAttr::get(ctx, 64, 256, 64, 4, 1, 5, MathUnit::wgmma, CopyKind::tma,
                               /*cluster_m=*/1, /*producer_warps=*/4, /*tail_splits=*/1,
                               /*pingpong=*/1);
}

MatmulConfigAttr fewRowsTileConfig(MLIRContext *ctx, int64_t tailSplits, bool narrow, bool square) {
  if (square)
    return MatmulConfigAttr::get(ctx, 64, 64, 64, 4, 2, 8, MathUnit::mma_sync, CopyKind::tma,
                                 /*cluster_m=*/1, /*producer_warps=*/4, tailSplits);
  return MatmulConfigAttr::get(ctx, narrow ? 32 : 64, narrow ? 64 : 128, 64, 2, 4, narrow ? 8 : 4,
                               MathUnit::mma_sync, CopyKind::tma, /*cluster_m=*/1,
                               /*producer_warps=*/4, tailSplits);
}

bool fewRowsTakeSquareTiles(MatmulOp op, int64_t sms) {
  int64_t n = staticKN(op).second;
  return !ShapedType::isDynamic(n) && n >= kSquareMinN && n <= 64 * sms;
}

MatmulConfigAttr gemvDefaults(MLIRContext *ctx, Type elementType) {
  int64_t vector = 128 / elementType.getIntOrFloatBitWidth();
  return MatmulConfigAttr::get(ctx, kGemvMaxM, 4 * vector, 8, 8, 1, 0, MathUnit::gemv);
}

MatmulConfigAttr simtDefaults(MLIRContext *ctx) {
  return MatmulConfigAttr::get(ctx, 64, 64, 16, 2, 4, 1, MathUnit::simt);
}

MatmulConfigAttr getOrChooseMatmulConfig(MatmulOp op) {
  if (auto config = op.getConfigAttr())
    return config;
  return op.getUp() ? productPairConfig(op.getContext()) : chooseMatmulConfig(op, "sm_90a");
}

} // namespace mini

namespace {
/// Whether `c` verifies for operands of `elt`, reporting nothing.
bool fits(mini::MatmulConfigAttr c, Type elt) {
  ScopedDiagnosticHandler silence(c.getContext(), [](Diagnostic &) { return success(); });
  return succeeded(c.verifyFor(elt, [&] { return emitError(UnknownLoc::get(c.getContext())); }));
}

struct MiniSelectMatmulConfigPass
    : mini::impl::MiniSelectMatmulConfigBase<MiniSelectMatmulConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    tilingFixed = tileM >= 0 || tileN >= 0 || tileK >= 0 || warpsM >= 0 || warpsN >= 0 ||
                  stages >= 0 || clusterM >= 0;
    overriding = tilingFixed || !math.empty() || !copy.empty() || producerWarps >= 0 ||
                 tailSplits >= 0 || pingpong >= 0;
    // The unit and copy options, if given (an unknown word fails the pass).
    wantMath = mini::symbolizeMathUnit(math);
    copyOption = mini::symbolizeCopyKind(copy);
    if ((!math.empty() && !wantMath) || (!copy.empty() && !copyOption)) {
      getOperation()->emitError()
          << "mini-select-matmul-config: math must be simt, mma_sync, wmma, wgmma or gemv and copy "
             "cp_async or tma; got math="
          << math << " copy=" << copy;
      return signalPassFailure();
    }
    if (!precision.empty()) {
      if (precision != "tf32" && precision != "ieee") {
        getOperation()->emitError()
            << "mini-select-matmul-config: precision must be tf32 or ieee; got precision="
            << precision;
        return signalPassFailure();
      }
      // An f32 matmul's own precision wins over the option.
      getOperation()->walk([&](mini::MatmulOp op) {
        if (op.getLhs().getType().getElementType().isF32() && !op.getPrecision())
          op.setPrecision(StringRef(precision));
      });
    }
    placeProductPairs();
    WalkResult result = getOperation()->walk([&](mini::MatmulOp op) { return select(op); });
    if (result.wasInterrupted())
      signalPassFailure();
  }

private:
  /// A matmul with `up` (mini-fuse's SwiGLU rule) keeps both products in
  /// one kernel where that kernel runs (keepsProductPair). Elsewhere it
  /// splits into its two products and one mini.elementwise of silu(gate) *
  /// up followed by the epilogue.
  void placeProductPairs() {
    SmallVector<mini::MatmulOp> pairs;
    getOperation()->walk([&](mini::MatmulOp op) {
      if (op.getUp())
        pairs.push_back(op);
    });
    for (mini::MatmulOp op : pairs) {
      if (keepsProductPair(op)) {
        if (!op.getConfigAttr())
          choosePairTiling(op);
        continue;
      }
      OpBuilder b(op);
      Location loc = op.getLoc();
      auto type = cast<RankedTensorType>(op.getType());
      auto product = [&](Value rhs) { // a config written on the pair is each product's
        return mini::MatmulOp::create(b, loc, type, op.getLhs(), rhs, Value(), ValueRange{},
                                      op.getConfigAttr(), nullptr, nullptr, nullptr, nullptr,
                                      nullptr, /*precision=*/nullptr)
            .getResult();
      };
      SmallVector<Value> inputs = {product(op.getRhs()), product(op.getUp())};
      llvm::append_range(inputs, op.getEpilogueInputs());
      auto combined = mini::ElementwiseOp::create(b, loc, type, inputs);
      // An f32 argument per input.
      mini::emitProductPairBody(b, combined.getBody().front(), op);
      op.getResult().replaceAllUsesWith(combined.getResult());
      op.erase();
    }
  }

  /// The pair's tiling by its static sizes; where the grid's sizes are
  /// known only at launch, the wide tiling with the narrow one as a size
  /// variant, which the launch takes by launchCost.
  void choosePairTiling(mini::MatmulOp op) {
    MLIRContext *ctx = op.getContext();
    SmallVector<mini::RatedConfig> tilings = mini::productPairTilings(ctx);
    if (std::optional<mini::MatmulConfigAttr> c = mini::leastCostTiling(op, tilings, chip)) {
      op.setConfigAttr(*c);
      return;
    }
    SmallVector<Attribute> variants;
    SmallVector<int64_t> rates;
    for (const mini::RatedConfig &t : tilings) {
      variants.push_back(t.config);
      rates.push_back(t.ratePercent);
    }
    op.setConfigAttr(tilings.front().config);
    setSizeVariants(op, ArrayRef(variants).drop_front(), rates, {});
  }

  IntegerAttr smCountAttr(MLIRContext *ctx) {
    return IntegerAttr::get(IntegerType::get(ctx, 64), mini::smCount(chip));
  }

  /// What the launch picks from: `variants` after the op's config, `rates`
  /// the config's and then each variant's, `maxM` each variant's most M
  /// (none, or all 0: by cost) and `maxN` its most N (none, or all 0: any).
  void setSizeVariants(mini::MatmulOp op, ArrayRef<Attribute> variants, ArrayRef<int64_t> rates,
                       ArrayRef<int64_t> maxM, ArrayRef<int64_t> maxN = {}) {
    MLIRContext *ctx = op.getContext();
    op.setSizeVariantsAttr(ArrayAttr::get(ctx, variants));
    op.setSmCountAttr(smCountAttr(ctx));
    op.setTileRatesAttr(DenseI64ArrayAttr::get(ctx, rates));
    if (llvm::any_of(maxM, [](int64_t m) { return m > 0; }))
      op.setVariantMaxMAttr(DenseI64ArrayAttr::get(ctx, maxM));
    if (llvm::any_of(maxN, [](int64_t n) { return n > 0; }))
      op.setVariantMaxNAttr(DenseI64ArrayAttr::get(ctx, maxN));
  }

  /// The pair's kernel (wgmma, TMA) needs sm_90a and rows of A and B that
  /// TMA can address (K and N static multiples of 8), and takes no options
  /// (they tile the products); a static M of a few rows goes to the gemv
  /// and few-rows kernels of each product instead, which read B once.
  bool keepsProductPair(mini::MatmulOp op) {
    if (StringRef(chip) != "sm_90a" || overriding)
      return false;
    ArrayRef<int64_t> lhs = cast<RankedTensorType>(op.getLhs().getType()).getShape();
    int64_t m = lhs[lhs.size() - 2], k = lhs.back();
    int64_t n = cast<RankedTensorType>(op.getType()).getShape().back();
    auto multipleOf8 = [](int64_t v) { return !ShapedType::isDynamic(v) && v % 8 == 0; };
    if (!multipleOf8(k) || !multipleOf8(n))
      return false;
    if (!ShapedType::isDynamic(m) && m <= mini::kFewRowsMaxM)
      return false;
    mini::MatmulConfigAttr given = op.getConfigAttr();
    return !given || given.fitsProductPair();
  }

  /// Chooses `op`'s config (or keeps the one written on it), or reports why
  /// none fits and interrupts.
  WalkResult select(mini::MatmulOp op) {
    if (!mini::computeCapability(chip)) {
      op.emitOpError() << "cannot choose a config for chip '" << chip
                       << "': expected sm_ and 2 or 3 digits, optionally with an a or f "
                          "suffix (sm_80, sm_90a, sm_100a)";
      return WalkResult::interrupt();
    }
    if (failed(mini::checkCountOptions(op, {{"tile-m", tileM},
                                            {"tile-n", tileN},
                                            {"tile-k", tileK},
                                            {"warps-m", warpsM},
                                            {"warps-n", warpsN},
                                            {"stages", stages},
                                            {"cluster-m", clusterM},
                                            {"producer-warps", producerWarps},
                                            {"tail-splits", tailSplits},
                                            {"pingpong", pingpong}})))
      return WalkResult::interrupt();
    if (pingpong > 1) {
      op.emitOpError() << "cannot take option pingpong = " << static_cast<int64_t>(pingpong)
                       << ": expected 0, 1, or -1 for the default";
      return WalkResult::interrupt();
    }
    Type elt = cast<RankedTensorType>(op.getLhs().getType()).getElementType();
    if (op.getUp()) // placeProductPairs chose
      return failed(checkOnChip(op, op.getConfigAttr(), elt)) ? WalkResult::interrupt()
                                                              : WalkResult::advance();
    // A config written on the op is kept, if the chip has what it uses
    // (TMA copies and clusters are sm_90's).
    if (mini::MatmulConfigAttr given = op.getConfigAttr(); given && !overriding) {
      if (given.usesTma() && *mini::computeCapability(chip) < 90) {
        op.emitOpError() << "config copy = \"tma\" needs sm_90a (Hopper's TMA); the chip is "
                         << chip << ": use copy = \"cp_async\"";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    // Clusters share tiles through TMA multicast: cluster-m > 1 asks for TMA.
    std::optional<mini::CopyKind> wantCopy =
        !copyOption && clusterM > 1 ? mini::CopyKind::tma : copyOption;
    // Tiling options are for the tensor cores unless math=gemv asks for
    // the gemv kernel.
    bool gemvDefault = !overriding || wantMath == mini::MathUnit::gemv;
    mini::MatmulConfigAttr c =
        applyOptions(op, mini::chooseMatmulConfig(op, chip, gemvDefault), elt, wantCopy);
    if (!wantMath && c.isWgmma() && !fits(c, elt))
      c = applyOptions(op, mini::tensorCoreDefaults(op, mini::MathUnit::mma_sync, chip, wantCopy),
                       elt, wantCopy);
    if (pingpong == 1 && !c.isPingpong()) {
      op.emitOpError() << "cannot take option pingpong = 1: the ping-pong kernel is wgmma's "
                          "(sm_90a, f16 or bf16); the config chosen has math = \""
                       << mini::stringifyMathUnit(c.getMath()) << "\" on chip " << chip;
      return WalkResult::interrupt();
    }
    if (c.getMath() == mini::MathUnit::simt && wantMath != mini::MathUnit::simt) {
      op.setConfigAttr(c);
      recordLaunchChoices(op, c, wantCopy);
      return WalkResult::advance();
    }
    if (failed(checkOnChip(op, c, elt)))
      return WalkResult::interrupt();
    op.setConfigAttr(c);
    recordLaunchChoices(op, c, wantCopy);
    return WalkResult::advance();
  }

  /// The options applied to `c` (the chip's default config, or mma.sync's
  /// where they leave the default wgmma tiling unfit: stages=1, a cp.async
  /// copy, other warps, the ladder's switches).
  mini::MatmulConfigAttr applyOptions(mini::MatmulOp op, mini::MatmulConfigAttr c, Type elt,
                                      std::optional<mini::CopyKind> wantCopy) {
    // A different unit: start from its defaults, its own tilings only.
    if (wantMath && *wantMath != c.getMath())
      c = *wantMath == mini::MathUnit::simt ? mini::simtDefaults(op.getContext())
          : *wantMath == mini::MathUnit::gemv
              ? mini::gemvDefaults(op.getContext(), elt)
              : mini::tensorCoreDefaults(op, *wantMath, chip, wantCopy, /*ownUnitOnly=*/true);
    else if (wantCopy && *wantCopy != c.getCopy() && c.isTensorCore())
      c = mini::tensorCoreDefaults(op, c.getMath(), chip, wantCopy); // likewise the copies
    // (No chip default is the ping-pong: pingpong=0 keeps them.)
    if (pingpong == 1 && c.isWgmma())
      c = mini::pingpongConfig(op.getContext());
    // Options target the tensor cores.
    if (c.getMath() == mini::MathUnit::simt && wantMath != mini::MathUnit::simt)
      return c;
    auto pick = [](int64_t option, int64_t chosen) { return option >= 0 ? option : chosen; };
    // The stream-K tail goes where it runs: TMA copies with a producer
    // warpgroup and no clusters (the small tiles have no producer).
    auto options = [&](mini::CopyKind copyKind, int64_t defaultClusterM, int64_t defaultProducer) {
      int64_t cluster = pick(clusterM, defaultClusterM);
      int64_t producer = pick(producerWarps, defaultProducer);
      bool tailRuns = copyKind == mini::CopyKind::tma && producer > 0 && cluster == 1;
      return mini::MatmulConfigAttr::get(
          op.getContext(), pick(tileM, c.getTileM()), pick(tileN, c.getTileN()),
          pick(tileK, c.getTileK()), pick(warpsM, c.getWarpsM()), pick(warpsN, c.getWarpsN()),
          pick(stages, c.getStages()), c.getMath(), copyKind, cluster, producer,
          tailRuns ? pick(tailSplits, c.getTailSplits()) : 1, c.getPingpong());
    };
    // An explicit copy option is kept (and verified); a TMA default that
    // the other options no longer fit (one stage, say) falls back to
    // cp.async, without clusters or producer warps.
    mini::MatmulConfigAttr chosen =
        options(wantCopy.value_or(c.getCopy()), c.getClusterM(), c.getProducerWarps());
    if (!wantCopy && chosen.usesTma() && !chosen.tmaFits(elt))
      chosen = options(mini::CopyKind::cp_async, 1, 0);
    // Likewise a default producer warpgroup, where the warp options leave
    // other than the 8 math warps it needs.
    if (producerWarps < 0 && chosen.getProducerWarps() &&
        chosen.blockThreads() - 32 * chosen.getProducerWarps() != 256)
      chosen = options(chosen.getCopy(), chosen.getClusterM(), 0);
    return chosen;
  }

  /// The config verifies for the operands, and the chip has what it uses.
  LogicalResult checkOnChip(mini::MatmulOp op, mini::MatmulConfigAttr c, Type elt) {
    if (failed(c.verifyFor(elt, [&] { return op.emitOpError(); })))
      return failure();
    if (elt.isF32() && c.isTensorCore() && !op.allowsTf32())
      return op.emitOpError() << "matmul_config math = \"" << mini::stringifyMathUnit(c.getMath())
                              << "\" on f32 operands rounds them to tf32: the matmul needs "
                                 "precision = \"tf32\"";
    if (elt.isF32() && c.isTensorCore() && *mini::computeCapability(chip) < 80)
      return op.emitOpError() << "tf32 mma.sync needs sm_80 or later; the chip is " << chip;
    if (c.isWgmma() && StringRef(chip) != "sm_90a")
      return op.emitOpError() << "matmul_config math = \"wgmma\" needs sm_90a (wgmma is in the "
                              << "arch-specific feature set); the chip is " << chip;
    if (c.usesTma() && !StringRef(chip).starts_with("sm_90"))
      return op.emitOpError() << "matmul_config copy = \"tma\" needs sm_90 (Hopper TMA), chip is "
                              << chip;
    return success();
  }

  /// What the launch chooses from: with sizes known only at launch, the
  /// smaller tilings as variants and the rates that pick the one of least
  /// launchCost (unless options fixed the tiling), and with M known only at
  /// launch the variants taken by M, gemv, 16x64 and few-rows tiles (unless options
  /// chose the unit); the chip's SMs for a split last wave.
  void recordLaunchChoices(mini::MatmulOp op, mini::MatmulConfigAttr c,
                           std::optional<mini::CopyKind> wantCopy) {
    MLIRContext *ctx = op.getContext();
    op.removeSizeVariantsAttr();
    op.removeSmCountAttr();
    op.removeTileRatesAttr();
    op.removeVariantMaxMAttr();
    op.removeVariantMaxNAttr();
    SmallVector<Attribute> variants;
    SmallVector<int64_t> rates = {100}, maxM, maxN;
    auto add = [&](mini::MatmulConfigAttr v, int64_t rate, int64_t byM, int64_t byN = 0) {
      variants.push_back(v);
      rates.push_back(rate);
      maxM.push_back(byM);
      maxN.push_back(byN);
    };
    // (A persistent kernel's launch cost is not its grid's: no variants by
    // cost.)
    if (!tilingFixed && c.isTensorCore() && !c.isPingpong() &&
        !mini::staticBlocks(op, c.getTileM(), c.getTileN())) {
      for (const mini::RatedConfig &t : llvm::drop_begin(mini::tensorCoreTilings(
               ctx, c.getMath(), chip, wantCopy, op.getLhs().getType().getElementType().isF32(),
               mini::keepsMidTiles(op))))
        add(t.config, t.ratePercent, 0);
    }
    // M known only at launch: the launch takes the gemv kernel for M <= 8
    // (4 for static weights, gemvMaxM) and, with TMA, 16x64 tiles for M <=
    // 16 and the few-rows tiling for M <= 64, its narrow tiles first where
    // they apply (docs/PERF.md v31-v34), the few-rows tiling in place of
    // the 16x64 tiles where N is short (fewRowsTakeSkinnyRows, v41), by M
    // rather than by cost (their rates are not used).
    auto lhs = cast<RankedTensorType>(op.getLhs().getType());
    if (!tilingFixed && !wantMath && !c.isGemv() &&
        ShapedType::isDynamic(lhs.getShape()[lhs.getRank() - 2])) {
      // The 16x64 and few-rows tilings are 64 deep: TMA rows of 16-bit
      // operands only (tf32's large tile takes few rows by its tail).
      bool tensorCoreRows =
          c.usesTma() && mini::skinnyTileConfig(ctx).tmaFits(lhs.getElementType());
      add(mini::gemvDefaults(ctx, lhs.getElementType()), 100, mini::gemvMaxM(op, tensorCoreRows));
      // The few-rows and one-wave tilings are their producer and their
      // tail: not where the options turn either off (or ask for clusters,
      // which the tail does not take).
      bool producerAndTail = producerWarps != 0 && tailSplits != 1 && clusterM <= 1;
      if (tensorCoreRows) {
        // The narrow tiles come first: with N known only at launch they
        // take M <= 32 where N <= kNarrowMaxN, and the 16x64 tiles the rest.
        int64_t splits = tailSplits > 1 ? tailSplits : mini::MatmulConfigAttr::kMaxTailSplits;
        mini::VariantBounds narrow =
            producerAndTail ? mini::fewRowsNarrowBounds(op) : mini::VariantBounds{};
        if (narrow.maxM > 0)
          add(mini::fewRowsTileConfig(ctx, splits, /*narrow=*/true), 100, narrow.maxM, narrow.maxN);
        if (!producerAndTail || !mini::fewRowsTakeSkinnyRows(op))
          add(mini::skinnyTileConfig(ctx), 100, mini::kSkinnyMaxM);
        if (producerAndTail && (narrow.maxM < mini::kFewRowsMaxM || narrow.maxN > 0)) {
          // 64x64 tiles from kSquareMinM rows where they apply (N static
          // and at least 4096: the narrow tiles end by 32 rows there).
          bool square = mini::fewRowsTakeSquareTiles(op, mini::smCount(chip));
          add(mini::fewRowsTileConfig(ctx, splits), 100,
              square ? mini::kSquareMinM - 1 : mini::kFewRowsMaxM);
          if (square)
            add(mini::fewRowsTileConfig(ctx, splits, /*narrow=*/false, /*square=*/true), 100,
                mini::kFewRowsMaxM);
        }
      }
      // Past those rows, the one-wave tiles for as many rows of them as
      // fit a wave (docs/PERF.md v47, v48).
      mini::VariantBounds oneWave = mini::oneWaveBounds(op, mini::smCount(chip));
      if (c.isWgmma() && producerAndTail && oneWave.maxM > 0)
        add(mini::oneWaveTileConfig(op), 100, oneWave.maxM, oneWave.maxN);
    }
    if (!variants.empty())
      setSizeVariants(op, variants, rates, maxM, maxN);
    if ((c.getTailSplits() > 1 || c.isPingpong()) && !op.getSmCount())
      op.setSmCountAttr(smCountAttr(ctx));
  }

  bool tilingFixed = false, overriding = false;
  std::optional<mini::MathUnit> wantMath;
  std::optional<mini::CopyKind> copyOption;
};
} // namespace
