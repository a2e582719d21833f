// mini-select-row-config: the mapping of softmax/rmsnorm/layernorm rows onto threads.
#include "mini/Transforms/MatmulConfig.h"
#include "mini/Transforms/Passes.h"
#include "mini/Transforms/RowConfig.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>

namespace mini {
#define GEN_PASS_DEF_MINISELECTROWCONFIG
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace mini {

/// The SMs that clusters of `cluster` blocks can fill at once: on the H100,
/// clusters of 4 or 8 blocks a whole SM each fit 120 of the 132 (30 and 15
/// of them, cudaOccupancyMaxActiveClusters): the GPCs' SM counts are not
/// all multiples of 4.
static int64_t clusterSMs(StringRef chip, int64_t cluster) {
  return cluster >= 4 && chip.starts_with("sm_90") ? 120 : smCount(chip);
}

/// Whether `blocks` blocks, `perWave` at a time, leave the last of several
/// waves mostly idle (under 75% full): a mapping that holds its blocks to
/// the end then loses to one with more, smaller blocks.
static bool lastWaveMostlyIdle(int64_t blocks, int64_t perWave) {
  double waves = double(blocks) / double(perWave);
  return waves > 1 && waves / std::ceil(waves) < 0.75;
}

/// A config that keeps `R` rows of `vectors` 16-byte vectors in shared
/// memory (and a few registers), read once, or none where they do not fit
/// `chip`'s shared memory (less 3 KB for the reductions): 16 warps (two
/// blocks an SM where a row takes under half of it), else 32 with 16 values
/// a thread in registers. A block holds its row to the end, so few blocks
/// fit an SM: none either where a static row count leaves the last of
/// several waves mostly idle (under one wave, every block runs at once
/// either way; rmsnorm, 334 rows of 50257 f16, 1.27 waves of two blocks an
/// SM: 0.69x of the copy against 0.78x streamed; 500 rows of 40009, 1.89
/// waves: 0.91x against 0.79x). `R` counts blocks, in clusters of `cluster`.
static RowConfigAttr sharedCachedConfig(MLIRContext *ctx, int64_t vw, int64_t vectors,
                                        StringRef chip, int64_t R, int64_t cluster) {
  int64_t budget = sharedBytesPerBlock(chip) - 3 * 1024;
  int64_t sharedPerSM = sharedBytesPerBlock(chip) + 1024;
  for (int64_t warps : {16, 32}) {
    int64_t threads = 32 * warps, regSlots = warps == 32 ? 16 / vw : 0;
    int64_t shared = llvm::divideCeil(std::max<int64_t>(vectors - regSlots * threads, 0), threads);
    int64_t bytes = shared * threads * 16;
    if (bytes > budget)
      continue;
    if (!ShapedType::isDynamic(R) && R > 0) {
      int64_t perWave =
          clusterSMs(chip, cluster) * std::min(sharedPerSM / (bytes + 1024), 2048 / threads);
      if (lastWaveMostlyIdle(R, perWave))
        return {};
    }
    return RowConfigAttr::get(ctx, vw, warps, 1, regSlots, 1, false, shared);
  }
  return {};
}

/// Blocks of a cluster that share each of `R` rows of `rowBytes`: where a
/// static count of long rows (64 KB and more) leaves over half of an sm_90a
/// chip's SMs idle, as many as fill them, up to the portable cluster of 8
/// (16 rows of 1M f16 on 16 SMs ran at 0.15-0.31x of the copy); else 1.
static int64_t clusterBlocksFor(int64_t R, int64_t rowBytes, StringRef chip) {
  if (chip != "sm_90a" || ShapedType::isDynamic(R) || R < 1 || rowBytes < 64 * 1024)
    return 1;
  return std::clamp<int64_t>(int64_t(llvm::bit_floor(uint64_t(smCount(chip) / R))), 1, 8);
}

/// Blocks of a cluster that share each f32 row of `C` elements too long
/// for one block's registers (over 32 values a thread of 1024), so that
/// each block keeps its part (up to 16384 values) in registers, two blocks
/// an SM, and the row is read once: 2, 4 or 8 on sm_90a, the fewest that
/// do (f32 rows of 50257 and 128256, one block a row in shared memory or
/// streamed: 0.65-0.70x of the copy; split over 4 and 8 blocks: 0.85-0.88x;
/// docs/PERF.md rows v8); else 1. Not f16/bf16: half the bytes a register
/// per block, where 2 to 8 blocks a row of 131072 ran 0.59-0.81x against
/// one block's 0.77-0.82x.
static int64_t cachedClusterBlocksFor(Type elementType, int64_t C, int64_t R, StringRef chip) {
  constexpr int64_t kBlockRegisterValues = 32 * 1024, kPartValues = 16384;
  if (chip != "sm_90a" || elementType.getIntOrFloatBitWidth() != 32 || C <= kBlockRegisterValues)
    return 1;
  for (int64_t cluster : {2, 4, 8}) {
    if (llvm::divideCeil(C, cluster) > kPartValues)
      continue;
    // Not where a static row count leaves the last of several waves mostly
    // idle (67 rows of 100003, 2.2 waves: 0.72x against one block's 0.77x).
    if (!ShapedType::isDynamic(R) && lastWaveMostlyIdle(R * cluster, 2 * clusterSMs(chip, cluster)))
      return 1;
    return cluster;
  }
  return 1;
}

/// The mapping of `R` rows of `C` elements onto one block each; with
/// `cluster` > 1, the rows are the parts of rows that the blocks of clusters
/// of that many share.
static RowConfigAttr chooseBlockConfig(Type elementType, int64_t C, bool exactLength, int64_t R,
                                       StringRef cacheChip, int64_t cluster = 1);

RowConfigAttr chooseRowConfig(Type elementType, int64_t C, bool exactLength, int64_t R,
                              StringRef cacheChip, int64_t cluster) {
  int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
  if (cluster < 1) {
    cluster = clusterBlocksFor(R, C * bytes, cacheChip);
    if (cluster == 1 && exactLength)
      cluster = cachedClusterBlocksFor(elementType, C, R, cacheChip);
  }
  if (!exactLength || cluster == 1)
    return chooseBlockConfig(elementType, C, exactLength, R, cacheChip);
  // Each block maps its part of the row as a row of that length.
  int64_t blocks = ShapedType::isDynamic(R) ? R : R * cluster;
  RowConfigAttr c = chooseBlockConfig(elementType, llvm::divideCeil(C, cluster), true, blocks,
                                      cacheChip, cluster);
  return RowConfigAttr::get(elementType.getContext(), c.getVectorWidth(), c.getWarpsPerRow(),
                            c.getRowsPerBlock(), c.getCacheSlots(), c.getRowsPerWarp(),
                            c.getStaged(), c.getSharedSlots(), cluster);
}

/// Very short rows that do not start 16-byte aligned (or may not): a thread
/// per row, the block's rows staged through shared memory (about 32 KB of
/// them: 128 to 16384 rows of `length`) so that global memory sees 16-byte
/// vectors spread over the block, as a copy does. (Aligned ones do as well
/// with a vector or a few per thread, unstaged.)
static RowConfigAttr stagedConfig(MLIRContext *ctx, int64_t vw, int64_t bytes, int64_t length) {
  int64_t rows =
      std::clamp<int64_t>(int64_t(llvm::bit_floor(uint64_t(32768 / bytes / length))), 128, 16384);
  return RowConfigAttr::get(ctx, vw, 1, rows, llvm::divideCeil(length, vw), 32, /*staged=*/true);
}

/// Unaligned rows up to this long are staged too: rows of 33 to 63 values
/// peeled by 2 to 8 lanes each ran 0.56-0.95x of the copy, staged
/// 0.71-1.07x (docs/PERF.md rows v10).
static constexpr int64_t kStagedUnalignedLength = 64;

static RowConfigAttr chooseBlockConfig(Type elementType, int64_t C, bool exactLength, int64_t R,
                                       StringRef cacheChip, int64_t cluster) {
  MLIRContext *ctx = elementType.getContext();
  int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
  int64_t vw = 16 / bytes;
  // At most 32 cached values per thread keeps registers well under the
  // 64-per-thread budget of a 1024-thread block.
  int64_t maxSlots = 32 / vw;
  int64_t vectors = llvm::divideCeil(std::max<int64_t>(C, 1), vw); // empty rows: as of 1
  int64_t threads = std::clamp<int64_t>(
      llvm::PowerOf2Ceil(llvm::divideCeil(vectors, maxSlots)), 1, 1024);
  bool unaligned = exactLength && C % vw != 0;
  if ((threads == 1 && (!exactLength || unaligned)) || (unaligned && C <= kStagedUnalignedLength))
    return stagedConfig(ctx, vw, bytes, exactLength ? std::max<int64_t>(C, 1) : vectors * vw);
  if (threads < 32) {
    // Short rows: a warp shares out 32 / threads rows, 256 threads a block;
    // a row of known length gets a vector a thread (rows of 64 f16: 8
    // threads x 1 vector ran 0.95x of the copy, 2 x 4 0.88x; docs/PERF.md
    // rows v5).
    if (exactLength)
      threads = std::min<int64_t>(32, llvm::PowerOf2Ceil(vectors));
    int64_t slots = llvm::divideCeil(vectors, threads);
    return RowConfigAttr::get(ctx, vw, 1, 256 / threads, slots, 32 / threads);
  }
  int64_t warps = threads / 32;
  int64_t slots = llvm::divideCeil(vectors, 32 * warps);
  if (slots > maxSlots) {
    // Too long for registers: read once through shared memory where the row
    // fits (rows of 50257 f16 streamed twice ran 0.76x of the copy).
    if (!cacheChip.empty())
      if (RowConfigAttr c = sharedCachedConfig(ctx, vw, vectors, cacheChip, R, cluster))
        return c;
    slots = 0; // else stream
    // With rows enough for two blocks an SM, 8 warps a row keep more blocks
    // (and their loads) in flight than 32 (rows of 50257: 0.72x of the copy
    // against 0.50x); fewer rows need the warps (docs/PERF.md rows v5).
    if (!ShapedType::isDynamic(R) && R >= 2 * smCount(cacheChip.empty() ? "sm_90a" : cacheChip))
      return RowConfigAttr::get(ctx, vw, 8, 1, 0);
    // Parts of rows streamed by a cluster's blocks: 16 warps (16 rows of 1M
    // f16 by 8 blocks each: 0.59x of the copy against 0.49x with 32 warps
    // and 0.54x with 8; docs/PERF.md rows v7).
    if (cluster > 1)
      return RowConfigAttr::get(ctx, vw, 16, 1, 0);
  }
  // A 1024-thread block leaves one block per SM and idle bandwidth while it
  // reduces; 512 threads with up to 64 cached values did better on the H100
  // (docs/PERF.md).
  if (warps == 32 && slots > 0 && 2 * slots * vw <= 64) {
    warps = 16;
    slots *= 2;
  }
  int64_t rows = std::max<int64_t>(1, 4 / warps);
  return RowConfigAttr::get(ctx, vw, warps, rows, slots);
}

RowConfigAttr chooseRowConfig(RankedTensorType type, StringRef cacheChip, int64_t cluster) {
  int64_t C = type.getDimSize(type.getRank() - 1);
  if (ShapedType::isDynamic(C)) // the widest of lengthVariantConfigs
    return lengthVariantConfigs(type.getElementType()).back();
  int64_t R = 1;
  for (int64_t d : type.getShape().drop_back())
    R = ShapedType::isDynamic(d) || ShapedType::isDynamic(R) ? ShapedType::kDynamic : R * d;
  return chooseRowConfig(type.getElementType(), C, /*exactLength=*/true, R, cacheChip, cluster);
}

SmallVector<RowConfigAttr> lengthVariantConfigs(Type elementType, StringRef chip) {
  SmallVector<RowConfigAttr> configs;
  // A band per power of two, so that a row fills most of its kernel's slots.
  // (Rows shorter than a vector share the first band.)
  int64_t vw = 128 / elementType.getIntOrFloatBitWidth();
  MLIRContext *ctx = elementType.getContext();
  for (int64_t C = vw; C <= 32768; C *= 2) {
    RowConfigAttr band = chooseRowConfig(elementType, C, /*exactLength=*/false);
    // Before the first unstaged band, a staged one for its rows that are not
    // a whole number of vectors (the launch picks it by C % vw).
    if (!band.getStaged() && C <= kStagedUnalignedLength)
      configs.push_back(stagedConfig(ctx, vw, 16 / vw, C));
    configs.push_back(band);
  }
  // Longer rows stream, by 16 warps (without the registers of a cached
  // path, so more blocks fit an SM; docs/PERF.md rows v5); few of them by
  // the blocks of a cluster (docs/PERF.md rows v7).
  if (chip == "sm_90a")
    for (int64_t cluster : {8, 4, 2})
      configs.push_back(RowConfigAttr::get(ctx, vw, 16, 1, 0, 1, false, 0, cluster));
  configs.push_back(RowConfigAttr::get(ctx, vw, 16, 1, 0));
  return configs;
}

int64_t rowVariantMaxRows(RowConfigAttr variant) {
  int64_t cluster = variant.getClusterBlocks();
  return cluster == 1 ? 0 : smCount("sm_90a") / cluster;
}

RowConfigAttr getOrChooseRowConfig(Operation *rowOp) {
  if (auto config = rowOp->getAttrOfType<RowConfigAttr>("config"))
    return config;
  return chooseRowConfig(cast<RankedTensorType>(rowOp->getOperand(0).getType()));
}

} // namespace mini

namespace {
struct MiniSelectRowConfigPass
    : mini::impl::MiniSelectRowConfigBase<MiniSelectRowConfigPass> {
  using Base::Base;

  /// Clusters are sm_90's: in `c` and in the op's length variants.
  LogicalResult checkClusters(Operation *op, mini::RowConfigAttr c) {
    SmallVector<mini::RowConfigAttr> configs = {c};
    if (auto variants = op->getAttrOfType<ArrayAttr>("length_variants"))
      llvm::append_range(configs, variants.getAsRange<mini::RowConfigAttr>());
    for (mini::RowConfigAttr config : configs)
      if (config && config.getClusterBlocks() > 1 && chip != "sm_90a")
        return op->emitOpError() << "row_config cluster_blocks = " << config.getClusterBlocks()
                                 << " needs thread block clusters (sm_90a); the chip is " << chip;
    return success();
  }

  void runOnOperation() override {
    bool overriding = vectorWidth >= 0 || warpsPerRow >= 0 || rowsPerBlock >= 0 ||
                      cacheSlots >= 0 || rowsPerWarp >= 0 || sharedSlots >= 0 || clusterBlocks >= 0;
    WalkResult result = getOperation()->walk([&](Operation *op) {
      if (!isa<mini::SoftmaxOp, mini::RmsNormOp, mini::LayerNormOp>(op))
        return WalkResult::advance();
      if (failed(mini::checkCountOptions(op, {{"vector-width", vectorWidth},
                                              {"warps-per-row", warpsPerRow},
                                              {"rows-per-block", rowsPerBlock},
                                              {"cache-slots", cacheSlots},
                                              {"rows-per-warp", rowsPerWarp},
                                              {"shared-slots", sharedSlots},
                                              {"cluster-blocks", clusterBlocks}})))
        return WalkResult::interrupt();
      if (op->hasAttr("config") && !overriding)
        return succeeded(checkClusters(op, op->getAttrOfType<mini::RowConfigAttr>("config")))
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      auto type = cast<RankedTensorType>(op->getOperand(0).getType());
      if (!overriding && type.isDynamicDim(type.getRank() - 1)) {
        // A kernel per band of lengths, chosen at launch.
        SmallVector<mini::RowConfigAttr> configs =
            mini::lengthVariantConfigs(type.getElementType(), chip);
        op->setAttr("config", configs.front());
        SmallVector<Attribute> rest(configs.begin() + 1, configs.end());
        op->setAttr("length_variants", ArrayAttr::get(op->getContext(), rest));
        return WalkResult::advance();
      }
      // A cluster size given maps each block's part of the row anew.
      mini::RowConfigAttr c = mini::chooseRowConfig(type, chip, clusterBlocks);
      auto pick = [](int64_t option, int64_t chosen) { return option >= 0 ? option : chosen; };
      // A warp count given alone means whole warps per row, rows per warp
      // alone a warp per row or less; a new thread mapping without a row
      // count gets the heuristic's block size for it.
      int64_t warps = pick(warpsPerRow, rowsPerWarp > 1 ? 1 : c.getWarpsPerRow());
      int64_t perWarp = pick(rowsPerWarp, warpsPerRow >= 0 ? 1 : c.getRowsPerWarp());
      int64_t rows = c.getRowsPerBlock();
      if (warps != c.getWarpsPerRow() || perWarp != c.getRowsPerWarp())
        rows = perWarp > 1 ? 8 * perWarp : std::max<int64_t>(1, 4 / warps);
      int64_t vw = pick(vectorWidth, c.getVectorWidth()), slots = pick(cacheSlots, c.getCacheSlots());
      rows = pick(rowsPerBlock, rows);
      // Staging stays where the overrides leave a config it can take, the
      // shared slots where they leave the thread mapping.
      bool staged = c.getStaged() && perWarp == 32 && slots >= 1 && rows % vw == 0;
      bool sameMapping = vw == c.getVectorWidth() && warps == c.getWarpsPerRow() &&
                         perWarp == c.getRowsPerWarp() && rows == c.getRowsPerBlock();
      int64_t shared = pick(sharedSlots, sameMapping ? c.getSharedSlots() : 0);
      c = mini::RowConfigAttr::get(op->getContext(), vw, warps, rows, slots, perWarp, staged,
                                   shared, pick(clusterBlocks, c.getClusterBlocks()));
      op->removeAttr("length_variants"); // options give one config
      if (failed(c.verifyFor(
              type.getElementType(), [&] { return op->emitOpError(); },
              type.getDimSize(type.getRank() - 1))) ||
          failed(checkClusters(op, c)))
        return WalkResult::interrupt();
      op->setAttr("config", c);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
