// What the wgmma attention kernel's two files share (AttentionWgmmaKernel.cpp:
// shared memory, barriers, producer and consumer loops;
// AttentionWgmmaProducts.cpp: the two products and their operands). Private
// to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_ATTENTIONWGMMA_H
#define MINI_TRANSFORMS_KERNELS_ATTENTIONWGMMA_H

#include "AttentionMmaEmitter.h"
#include "Wgmma.h"

namespace mini::wgmma {

constexpr int64_t kStages = AttentionConfigAttr::kStages;
constexpr int64_t kBoxCols = AttentionConfigAttr::kWgmmaBoxCols;
// mbarriers after the operands: Q's full and empty, then per stage K's
// full, V's full, K's empty and V's empty (K's stage is free once S = Q Kt
// is done, before V's).
constexpr int64_t kQFull = 0, kQEmpty = 1, kKFull = 2, kVFull = 2 + kStages,
                  kKEmpty = 2 + 2 * kStages, kVEmpty = 2 + 3 * kStages;
static_assert(kVEmpty + kStages == AttentionConfigAttr::kWgmmaBarriers,
              "sharedMemoryBytes() counts every mbarrier");

/// Byte offsets from the 1024-byte aligned base: each consumer warpgroup's
/// Q, K's stages, V's stages, the mbarriers, and the consumers' O buffer
/// where it fits (oBytes > 0; else each group stages O in its Q tile).
struct Layout {
  int64_t boxes, qBytes, stageBytes, kAt, vAt, barriersAt, oAt, oBytes;
  Layout(AttentionConfigAttr cfg, int64_t D)
      : boxes(AttentionConfigAttr::wgmmaBoxes(D)), qBytes(AttentionConfigAttr::wgmmaQBytes(D)),
        stageBytes(cfg.wgmmaStageBytes(D)), kAt(cfg.getWarps() / 4 * qBytes),
        vAt(kAt + kStages * stageBytes), barriersAt(vAt + kStages * stageBytes),
        oAt(barriersAt + llvm::alignTo(8 * AttentionConfigAttr::kWgmmaBarriers, 128)),
        oBytes(cfg.wgmmaOutputBytes(D)) {}
};

} // namespace mini::wgmma

#endif
