#ifndef MINI_TRANSFORMS_MATMULCONFIG_H
#define MINI_TRANSFORMS_MATMULCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default tiling of a matmul with operands of `elementType` on `chip`.
MatmulConfigAttr chooseMatmulConfig(mlir::Type elementType, llvm::StringRef chip);

/// The default tensor-core tiling on `chip` with `math` = "mma_sync" or "wmma".
MatmulConfigAttr tensorCoreDefaults(mlir::MLIRContext *ctx, llvm::StringRef math,
                                    llvm::StringRef chip);
/// The default SIMT tiling: 64x64x16 tiles through shared memory.
MatmulConfigAttr simtDefaults(mlir::MLIRContext *ctx);

/// The op's config, or the default for sm_90a.
MatmulConfigAttr getOrChooseMatmulConfig(MatmulOp op);

} // namespace mini

#endif
