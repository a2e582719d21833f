#ifndef MINI_TRANSFORMS_MATMULCONFIG_H
#define MINI_TRANSFORMS_MATMULCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default tiling of `op` on `chip`, from its element type and, where
/// they are static, its sizes.
MatmulConfigAttr chooseMatmulConfig(MatmulOp op, llvm::StringRef chip);

/// The default tensor-core tiling of `op` on `chip` with `math` = "mma_sync"
/// or "wmma" and `copy` = "cp_async" or "tma" ("": the chip's default):
/// 128x256 tiles, smaller ones when static sizes give too few blocks to fill
/// the GPU.
MatmulConfigAttr tensorCoreDefaults(MatmulOp op, llvm::StringRef math, llvm::StringRef chip,
                                    llvm::StringRef copy = "");
/// The smaller tensor-core tilings (128x128 and 64x128, 4 warps, 4 stages),
/// for sizes that give too few 128x256 tiles to fill the GPU; `copy` ""
/// means cp_async (how they were measured).
llvm::SmallVector<MatmulConfigAttr> smallTileConfigs(mlir::MLIRContext *ctx,
                                                     llvm::StringRef math,
                                                     llvm::StringRef copy);
/// Blocks that count as filling `chip` (90% of its usual SM count).
int64_t fillBlocks(llvm::StringRef chip);
/// The default SIMT tiling: 64x64x16 tiles through shared memory.
MatmulConfigAttr simtDefaults(mlir::MLIRContext *ctx);

/// The op's config, or the default for sm_90a.
MatmulConfigAttr getOrChooseMatmulConfig(MatmulOp op);

} // namespace mini

#endif
