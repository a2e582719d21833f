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
/// The default SIMT tiling: 64x64x16 tiles through shared memory.
MatmulConfigAttr simtDefaults(mlir::MLIRContext *ctx);

/// The op's config, or the default for sm_90a.
MatmulConfigAttr getOrChooseMatmulConfig(MatmulOp op);

} // namespace mini

#endif
