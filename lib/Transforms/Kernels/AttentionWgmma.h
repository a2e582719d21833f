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
// is done, before V's) and V's scanned (causal: the producer's scanning
// warps checked a masked tile's V for NaN and Inf). After them, per stage a
// word per scanning warp: 1 + the tile's greatest key whose V row holds NaN
// or Inf among those the warp read, or 0.
constexpr int64_t kQFull = 0, kQEmpty = 1, kKFull = 2, kVFull = 2 + kStages,
                  kKEmpty = 2 + 2 * kStages, kVEmpty = 2 + 3 * kStages, kVScanned = 2 + 4 * kStages;
constexpr int64_t kScanWarps = AttentionConfigAttr::kWgmmaScanWarps;
constexpr int64_t kScanWordsAt = 8 * AttentionConfigAttr::kWgmmaBarriers; // from the mbarriers
static_assert(kVScanned + kStages == AttentionConfigAttr::kWgmmaBarriers,
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
        oAt(barriersAt + AttentionConfigAttr::kWgmmaSyncBytes), oBytes(cfg.wgmmaOutputBytes(D)) {}
};

} // namespace mini::wgmma

#endif
