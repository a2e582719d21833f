#ifndef MINI_TRANSFORMS_ROWCONFIG_H
#define MINI_TRANSFORMS_ROWCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default row configuration for `R` rows (kDynamic: unknown) of `C`
/// elements of `elementType` (`exactLength`: of exactly C, else of up to C)
/// on an H100; with `cacheChip`, for that chip, where rows too long for
/// registers are kept in shared memory when they fit (else streamed).
/// `cluster` >= 1: each row is shared by the blocks of clusters of that
/// many (a known length only), each block's part mapped as a row; else the
/// heuristic's choice.
RowConfigAttr chooseRowConfig(mlir::Type elementType, int64_t C, bool exactLength = true,
                              int64_t R = mlir::ShapedType::kDynamic,
                              llvm::StringRef cacheChip = {}, int64_t cluster = 0);

/// The default for rows of `type` (last dim = row length); for a dynamic
/// length, the last of lengthVariantConfigs.
RowConfigAttr chooseRowConfig(mlir::RankedTensorType type, llvm::StringRef cacheChip = {},
                              int64_t cluster = 0);

/// For rows of dynamic length: the configs a launch chooses from by length,
/// the defaults for rows of up to 8 (f32: 4), 16, ..., 32768 elements, then
/// 16 warps that stream longer rows: on sm_90a (`chip`), first by clusters
/// of 8, 4 and 2 blocks a row for counts of rows that leave SMs idle
/// (rowVariantMaxRows), then by one block a row.
llvm::SmallVector<RowConfigAttr> lengthVariantConfigs(mlir::Type elementType,
                                                      llvm::StringRef chip = {});

/// The most rows a length variant streaming rows by clusters of `cluster`
/// blocks takes (a wave of an H100's SMs); 0 (any count) for the others.
int64_t rowVariantMaxRows(RowConfigAttr variant);

/// The op's config, or the default for its input.
RowConfigAttr getOrChooseRowConfig(mlir::Operation *rowOp);

} // namespace mini

#endif
