#ifndef MINI_TRANSFORMS_ROWCONFIG_H
#define MINI_TRANSFORMS_ROWCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default row configuration for rows of `type` (last dim = row length).
RowConfigAttr chooseRowConfig(mlir::RankedTensorType type);

/// The op's config, or the default for its input.
RowConfigAttr getOrChooseRowConfig(mlir::Operation *rowOp);

} // namespace mini

#endif
