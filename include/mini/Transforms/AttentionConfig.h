#ifndef MINI_TRANSFORMS_ATTENTIONCONFIG_H
#define MINI_TRANSFORMS_ATTENTIONCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default config of `op`: tensor cores (mma_sync) for f16 and bf16 with
/// a static D that is a multiple of 8 up to 256, else CUDA cores.
AttentionConfigAttr chooseAttentionConfig(AttentionOp op);

/// The op's config, or the default.
AttentionConfigAttr getOrChooseAttentionConfig(AttentionOp op);

} // namespace mini

#endif
