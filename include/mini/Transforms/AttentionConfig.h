#ifndef MINI_TRANSFORMS_ATTENTIONCONFIG_H
#define MINI_TRANSFORMS_ATTENTIONCONFIG_H

#include "mini/Dialect/Mini/MiniOps.h"

namespace mini {

/// The default config of `op` on `chip` ("": any): tensor cores for f16 and
/// bf16 with a static D that is a multiple of 8 up to 256 (wgmma on sm_90a
/// where it is faster, else mma_sync), else CUDA cores.
AttentionConfigAttr chooseAttentionConfig(AttentionOp op, llvm::StringRef chip = "");

/// The config for short sequences (at most shortSequenceMaxKeys keys)
/// beside `config`, or null: beside a wgmma config of two or three
/// warpgroups up to D = 128, with causal one warpgroup's (two blocks an SM,
/// three up to D = 64); without causal up to D = 64 (three warpgroups) one
/// warpgroup's at three blocks an SM.
AttentionConfigAttr shortSequenceAttentionConfig(AttentionOp op, AttentionConfigAttr config);
/// The most keys (T) at which a launch runs the short_config's kernel of
/// `op`: AttentionOp::kShortKeys, eight times as many with causal up to
/// D = 64.
int64_t shortSequenceMaxKeys(AttentionOp op);
/// The most query rows (S) at which a launch runs the short_config's kernel
/// of `op`; 0: any.
int64_t shortSequenceMaxRows(AttentionOp op);

/// The mma_sync config of `op` (f16 or bf16, D a static multiple of 8 up
/// to 256): the decode kernel's, whatever the main kernel's math.
AttentionConfigAttr mmaSyncAttentionConfig(AttentionOp op);

/// The CUDA-core config.
AttentionConfigAttr simtAttentionConfig(mlir::MLIRContext *ctx);

/// The op's config, or the default.
AttentionConfigAttr getOrChooseAttentionConfig(AttentionOp op);

} // namespace mini

#endif
