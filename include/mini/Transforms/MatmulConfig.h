#ifndef MINI_TRANSFORMS_MATMULCONFIG_H
#define MINI_TRANSFORMS_MATMULCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default tiling of `op` on `chip`, from its element type and, where
/// they are static, its sizes: the gemv kernel for a static M of at most
/// kGemvMaxM, on sm_90 the skinny tiling for one of at most kSkinnyMaxM and
/// the few-rows tiling for one of at most kFewRowsMaxM (unless `gemv` is
/// false).
MatmulConfigAttr chooseMatmulConfig(MatmulOp op, llvm::StringRef chip, bool gemv = true);

/// The most rows of A the default gemv kernel takes (its tile_m); a matmul
/// of more runs on the tensor cores (or the SIMT kernel).
constexpr int64_t kGemvMaxM = 8;
/// The most rows of A the gemv kernel takes where the skinny or few-rows
/// tensor-core tilings would take the rest (`tensorCoreRows`: 16-bit
/// operands on sm_90 by TMA): kGemvMaxM, but 4 where N and K are static (a
/// model's weights). Past 4 rows the gemv kernel's CUDA-core math, not B's
/// bytes, sets its time: at M = 5-8 the tensor-core tilings ran 1.06x its
/// speed at N = K = 4096, 1.4x at K = 11008 and 2.0x at N = 14336, with
/// distinct weights each launch (docs/PERF.md v44); with N or K dynamic the
/// 16x64 tiles at N = 4096 ran 0.75x, so gemv keeps its 8 there.
int64_t gemvMaxM(MatmulOp op, bool tensorCoreRows);
/// The most rows of A the skinny tensor-core tiling takes by default (a
/// static M, or the launch of a size variant); more take the cost model's.
constexpr int64_t kSkinnyMaxM = 16;
/// The skinny tiling (sm_90): 16x64 tiles, 64 deep, 6 TMA stages, mma.sync
/// on 1 x 2 warps, for gemvMaxM < M <= kSkinnyMaxM, one row of tiles (B read
/// once): 0.75x cuBLAS at 16 x 4096 x 4096 and 1.15x at 16 x 11008 x 4096,
/// against 0.64x and 0.88x for the default tilings. Past 16 rows each row
/// of tiles reads B again (64 x 14336 x 4096: 0.42x), docs/PERF.md v32.
/// Where fewRowsTakeSkinnyRows holds, the few-rows tiling takes them instead.
MatmulConfigAttr skinnyTileConfig(mlir::MLIRContext *ctx);
/// A SwiGLU pair's kernel (mini.matmul with `up`, sm_90a): the wgmma
/// default's 128x256 tiles, 4 stages and producer warpgroup, each tile the
/// gate's 128 columns beside the up's, without the stream-K tail.
MatmulConfigAttr productPairConfig(mlir::MLIRContext *ctx);
/// The persistent ping-pong wgmma kernel's config (config pingpong = 1).
MatmulConfigAttr pingpongConfig(mlir::MLIRContext *ctx);
/// The most rows of A the few-rows tiling takes by default (a static M, or
/// the launch of a size variant).
constexpr int64_t kFewRowsMaxM = 64;
/// The few-rows tiling (sm_90), for kSkinnyMaxM < M <= kFewRowsMaxM: one row
/// of 64x128 tiles (B read once), mma.sync on 2 x 4 warps fed by a producer
/// warpgroup through 4 TMA stages, and the stream-K tail splitting the K
/// loop of the few tiles over the SMs (split-K). 1.07-1.38x the default
/// tilings' speed from 17 x 4096 x 4096 to 64 x 14336 x 4096 (0.74-1.11x
/// cuBLAS; docs/PERF.md v33), where those leave few blocks. `narrow`: 32x64
/// tiles in 8 stages (of 12 KiB), the same otherwise (fewRowsNarrowMaxM
/// and fewRowsNarrowBounds say where). `square`: 64x64 tiles on 4 x 2 warps
/// in 8 stages (of 16 KiB; fewRowsTakeSquareTiles says where). `tailSplits`:
/// the tail's (matmul-tail-splits), by default the most a tile may take.
MatmulConfigAttr fewRowsTileConfig(mlir::MLIRContext *ctx,
                                   int64_t tailSplits = MatmulConfigAttr::kMaxTailSplits,
                                   bool narrow = false, bool square = false);
/// Whether the few-rows tiling takes 64x64 tiles for kSquareMinM <= M <=
/// kFewRowsMaxM: where N is static, at least kSquareMinN and at most 64
/// columns a block of `sms` (one wave of column tiles). Measured
/// (docs/PERF.md v51): 1.10x the 64x128 tiles' speed at 48-64 x 4096 x
/// 4096 and 64 x 8192 x 8192, 1.05-1.07x at bf16 48-64 x 4096 x 11008;
/// 0.79-0.87x at N = 11008-14336 (more column tiles than SMs), 0.89x at N =
/// 1024 (where the narrow tiles take 64 rows), and 0.90x at 33 x 4096 x
/// 11008 (M at launch), 1.0x at 33 x 4096 x 4096.
constexpr int64_t kSquareMinN = 4096;
constexpr int64_t kSquareMinM = 48;
bool fewRowsTakeSquareTiles(MatmulOp op, int64_t sms);
/// The widest N the narrow few-rows tiles (32x64) take: at most 128 of
/// them in a row, one each for 132 SMs with their K loops split. With 8
/// stages, past N = 4096 (docs/PERF.md v46, N known only at launch, K =
/// 4096, M = 9-32): 1.08-1.21x the 16x64 or 64x128 tiles' speed at N =
/// 6144, 1.15-1.30x at 8192, but 0.71-0.96x at 11008.
constexpr int64_t kNarrowMaxN = 8192;
/// Whether the few-rows tiling also takes gemvMaxM < M <= kSkinnyMaxM, in place of
/// the skinny one: where N and K are static and N <= kNarrowMaxN, the N /
/// 64 skinny tiles leave SMs idle that the few-rows tiling's split K fills.
/// Measured at M = 9-16 (docs/PERF.md v41): 1.26-1.82x the skinny tiles'
/// speed at K = 4096, N = 1024-4096 (narrow tiles), 1.7-1.9x at N = 4096,
/// K = 11008-14336 (64x128 tiles); and at N = 6144-8192 (v46, narrow
/// tiles in 8 stages) 1.15-1.21x; at N = 11008 the skinny tiles are
/// 1.3-1.5x faster.
bool fewRowsTakeSkinnyRows(MatmulOp op);
/// Whether `op` may take the 128x192 and 128x128 wgmma tilings between the
/// large tile and the small one (tensorCoreTilings' `midTiles`): where K is
/// static and at least kMidTilesMinK. The 128x128 tiles ran 1.16-1.36x the
/// default's speed at M = 128-512 (N = 4096-14336), 300 x 520 x 8204 and
/// 256 x 256 x 65536; at K = 776 the cost model would take them over the
/// 64x128 tiles, 0.80x their speed (docs/PERF.md v45). At K = 2048 the mid
/// tiles ran 1.17-1.75x the cost model's pick without them at 384-1000 rows
/// (v49); at K = 1024, 1.19-1.61x at 512-3000 rows and 0.98-1.01x at
/// 2048-4096 rows (v50).
constexpr int64_t kMidTilesMinK = 1024;
bool keepsMidTiles(MatmulOp op);
/// Whether `op` may take the one-wave tiling: K static and at least
/// kOneWaveMinK (measured from 1024: docs/PERF.md v50).
constexpr int64_t kOneWaveMinK = 1024;
bool takesOneWaveK(MatmulOp op);
/// The most rows of A the few-rows tiling takes narrow (32x64) tiles for, 0 for
/// none: where N is static and at most kNarrowMaxN, 64x128 tiles leave too few
/// of them (N / 128) to split over 132 SMs; 32 rows, or 64 where N is at most
/// 1024 and K at most 4096 (or known only at launch). Measured (docs/PERF.md
/// v34, K = 4096, 4 stages): 1.03-1.17x the 64x128 tiles' speed for M = 17-64
/// at N = 1024 and 1.05-1.27x for M = 17-32 at N = 2048-4096 (0.90-0.98x to
/// 1.02-1.12x at M = 48-64 there), but 5-35% slower at N = 6144. In 8 stages
/// (v46) they ran 1.14-1.17x their speed in 4 at M = 8-32, N = K = 4096, and
/// 1.08-1.12x the 64x128 tiles' at M = 16-32, N = 4096, K = 11008-14336 (0.80x
/// at M = 64).
int64_t fewRowsNarrowMaxM(MatmulOp op);
/// The most M, and N (0: any), at which a launch of `op` takes the narrow
/// few-rows tiles as its size variant: fewRowsNarrowMaxM's M where N is
/// static; with N known only at launch, M <= 32 where N <= kNarrowMaxN
/// (v46: 1.08-2.5x the 16x64 and 64x128 tiles at M = 9-32, N = 1024-8192,
/// K = 1024-14336, but 0.94x at 16 x 4096 x 1024).
struct VariantBounds {
  int64_t maxM = 0, maxN = 0;
};
VariantBounds fewRowsNarrowBounds(MatmulOp op);
/// The one-wave tiling (sm_90a, where takesOneWaveK): 128x64 wgmma tiles in
/// 8 stages of 24 KiB, with the default's tail where K is at least
/// kOneWaveSplitMinK (at 128 x 4096 x 2048 its aligned split ran 0.78x the
/// whole tiles: docs/PERF.md v50), for matmuls whose 128x64 tiles
/// all fit one wave (a block an SM). There every block streams its slice of B
/// once and 8 stages keep more of it in flight than the larger tiles' split:
/// 1.03-1.43x the cost model's pick at M = 128 and 256, N = 4096, K =
/// 4096-14336, 1.18-1.35x at 128-256 x 1024 x 4096 and 256 x 256 x 65536,
/// 1.34x at 512 x 2048 x 4096 and 640 x 1536 x 4096. Past one wave their
/// split tail ran slower than two whole waves (384 x 4096 x 4096: 324
/// against 417 TFLOP/s) and than the 128x128 tiles (384 x 4096 x 14336, 1000
/// x 1032 x 8192: 0.75-0.81x), so they are taken by bound, not by launch
/// cost. On more than kOneWaveMaxRowTiles rows of tiles with a partial
/// column of tiles the 128x128 tiles won (1000 x 1000 x 4096: 0.85x). And
/// where M is less than kOneWaveMinRows, its one row of tiles, A's box partly
/// past M (the rows cannot move up: TensorCoreEmitter::boxRow), ran its
/// blocks at 0.5-0.8x the speed of full ones: 0.68-0.90x the 128x128 tiles
/// at M = 65-80 with K = 11008-14336 (docs/PERF.md v47, v48).
MatmulConfigAttr oneWaveTileConfig(MatmulOp op);
constexpr int64_t kOneWaveSplitMinK = 4096;
constexpr int64_t kOneWaveMaxRowTiles = 5;
constexpr int64_t kOneWaveMinRows = 112;
/// Where N is a whole number of the tiles' 64 columns and K at most
/// kOneWaveManyRowsMaxK, up to kOneWaveManyRowTiles rows of tiles: 1.28-1.32x
/// the 128x128 tiles' split at 768-1024 x 1024 x 4096 (M = 1000 too), 1.9x
/// at 1024 x 1024 x 2048, 1.65x at 1024^3; the same at 1024 x 1024 x 8192;
/// but 0.86x at 1024 x 1000 x 4096 (a partial column of tiles) and 0.74x at
/// 1024 x 1024 x 32768, where the 128x256 tiles' split reads half the bytes
/// (docs/PERF.md v50).
constexpr int64_t kOneWaveManyRowTiles = 8;
constexpr int64_t kOneWaveManyRowsMaxK = 8192;
/// Whether `op`, of static sizes, takes the one-wave tiling: takesOneWaveK,
/// kOneWaveMinRows <= M <= 128 x kOneWaveMaxRowTiles (or
/// kOneWaveManyRowTiles, above), and its 128x64 tiles (batch included) at
/// most `sms`.
bool takesOneWaveTiles(MatmulOp op, int64_t sms);
/// The most M, and N (0: any), at which a launch of `op` (M known only at
/// launch, no batch, takesOneWaveK) takes the one-wave tiling as its size
/// variant: as many rows of tiles (up to kOneWaveMaxRowTiles, or
/// kOneWaveManyRowTiles as for static sizes) as fit `sms`
/// beside N / 64 columns of them (N static), or one row where N <= 64 x
/// `sms` (N at launch); none (maxM 0) else.
VariantBounds oneWaveBounds(MatmulOp op, int64_t sms);
/// The default gemv tiling for operands of `elementType`: kGemvMaxM rows,
/// 4 lanes of 16-byte vectors per B row, 8 vectors in flight per thread,
/// 8 warps.
MatmulConfigAttr gemvDefaults(mlir::MLIRContext *ctx, mlir::Type elementType);

/// A tensor-core tiling and its rate in launch::launchCost (LaunchRules.h),
/// in percent of the chip's large default tile's.
struct RatedConfig {
  MatmulConfigAttr config;
  int64_t ratePercent;
};

/// A SwiGLU pair's tilings: productPairConfig, then 128x128 tiles (C tiles
/// of 128 x 64, 6 stages of 32 KiB) for M of too few row tiles to fill the
/// wide tiles' last wave. Static sizes take the one of least launch cost,
/// others the first with the rest as size variants.
llvm::SmallVector<RatedConfig> productPairTilings(mlir::MLIRContext *ctx);

/// The tensor-core tilings a matmul chooses from by size, on `chip` with
/// a tensor-core `math` and `copy` (none: the chip's default): 256x128
/// tiles, then 64x128, with TMA; or 128x256, 128x128 and 64x128 with
/// cp.async; wgmma: 128x256, with `midTiles` 128x192 and 128x128 wgmma
/// tiles (keepsMidTiles), then mma.sync's 64x128. `tf32` (f32 operands):
/// mma.sync's own tilings of cp.async stages, whatever `math` and `copy` say.
llvm::SmallVector<RatedConfig> tensorCoreTilings(mlir::MLIRContext *ctx, MathUnit math,
                                                 llvm::StringRef chip,
                                                 std::optional<CopyKind> copy = std::nullopt,
                                                 bool tf32 = false, bool midTiles = false);
/// The default tensor-core tiling of `op`: the first of tensorCoreTilings
/// when a size that decides the grid is dynamic, else the one of least
/// launch::launchCost; with `ownUnitOnly`, among those of `math` alone
/// (wgmma's end on mma.sync's small tile).
MatmulConfigAttr tensorCoreDefaults(MatmulOp op, MathUnit math, llvm::StringRef chip,
                                    std::optional<CopyKind> copy = std::nullopt,
                                    bool ownUnitOnly = false);
/// SMs of the usual part of `chip` (H100 SXM: 132).
int64_t smCount(llvm::StringRef chip);
/// The shared memory one block of `chip` may opt in to (sm_90, sm_100: 227
/// KB; sm_80, sm_87: 163 KB; else 99 KB); an SM has 1 KB more.
int64_t sharedBytesPerBlock(llvm::StringRef chip);
/// The default SIMT tiling: 64x64x16 tiles through shared memory.
MatmulConfigAttr simtDefaults(mlir::MLIRContext *ctx);

/// The op's config, or the default for sm_90a.
MatmulConfigAttr getOrChooseMatmulConfig(MatmulOp op);

} // namespace mini

#endif
