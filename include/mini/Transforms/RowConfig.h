#ifndef MINI_TRANSFORMS_ROWCONFIG_H
#define MINI_TRANSFORMS_ROWCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default row configuration for `R` rows (kDynamic: unknown) of `C`
/// elements of `elementType` (`exactLength`: of exactly C, else of up to C).
RowConfigAttr chooseRowConfig(mlir::Type elementType, int64_t C, bool exactLength = true,
                              int64_t R = mlir::ShapedType::kDynamic);

/// Rows enough for two blocks on each SM of an H100 (132 SMs).
constexpr int64_t kManyRows = 264;

/// The default for rows of `type` (last dim = row length); for a dynamic
/// length, the last of lengthVariantConfigs.
RowConfigAttr chooseRowConfig(mlir::RankedTensorType type);

/// For rows of dynamic length: the configs a launch chooses from by length,
/// the defaults for rows of up to 8 (f32: 4), 16, ..., 32768 elements, then
/// 16 warps that stream longer rows.
llvm::SmallVector<RowConfigAttr> lengthVariantConfigs(mlir::Type elementType);

/// The op's config, or the default for its input.
RowConfigAttr getOrChooseRowConfig(mlir::Operation *rowOp);

} // namespace mini

#endif
