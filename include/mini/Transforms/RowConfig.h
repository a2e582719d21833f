#ifndef MINI_TRANSFORMS_ROWCONFIG_H
#define MINI_TRANSFORMS_ROWCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default row configuration for `R` rows (kDynamic: unknown) of `C`
/// elements of `elementType` (`exactLength`: of exactly C, else of up to C);
/// rows too long for registers are kept in up to `sharedBudget` bytes of
/// shared memory where they fit (0: streamed).
RowConfigAttr chooseRowConfig(mlir::Type elementType, int64_t C, bool exactLength = true,
                              int64_t R = mlir::ShapedType::kDynamic, int64_t sharedBudget = 0);

/// The shared memory a row kernel may keep its row in on `chip` (a block's
/// opt-in maximum, less a little for the reductions; 0 for an unknown chip).
int64_t rowCacheBudget(llvm::StringRef chip);

/// An H100's SMs, their shared memory, and rows enough for two blocks on
/// each.
constexpr int64_t kSMs = 132;
constexpr int64_t kSharedPerSM = 228 * 1024;
constexpr int64_t kManyRows = 2 * kSMs;

/// The default for rows of `type` (last dim = row length); for a dynamic
/// length, the last of lengthVariantConfigs.
RowConfigAttr chooseRowConfig(mlir::RankedTensorType type, int64_t sharedBudget = 0);

/// For rows of dynamic length: the configs a launch chooses from by length,
/// the defaults for rows of up to 8 (f32: 4), 16, ..., 32768 elements, then
/// 16 warps that stream longer rows.
llvm::SmallVector<RowConfigAttr> lengthVariantConfigs(mlir::Type elementType);

/// The op's config, or the default for its input.
RowConfigAttr getOrChooseRowConfig(mlir::Operation *rowOp);

} // namespace mini

#endif
