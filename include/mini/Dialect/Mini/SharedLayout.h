// Where a tensor-core matmul kernel keeps its tiles in dynamic shared memory
// (MatmulConfigAttr::sharedLayout). One plan, which mini-promote-tiles lays
// the views out by and the kernel's launch asks the bytes of.
#ifndef MINI_DIALECT_MINI_SHAREDLAYOUT_H
#define MINI_DIALECT_MINI_SHAREDLAYOUT_H

#include <cstdint>

namespace mini {

/// Byte offsets. The padded stages (rows padded by kRowPad elements, so the
/// 8 rows of an ldmatrix hit distinct banks) count from the base of the
/// dynamic shared memory. TMA's swizzled stages, mbarriers and stash count
/// from the first kTmaAlign boundary at or after the base (the swizzle is
/// anchored there), which the kernel finds at run time; `totalBytes`
/// reserves the kTmaAlign bytes that shift may take.
struct MatmulSharedLayout {
  /// The padded views: every pipeline stage (cp.async), or the one stage of
  /// the scalar path for rows TMA cannot copy.
  int64_t paddedStages = 0;
  int64_t paddedA = 0, paddedB = 0, paddedBytes = 0;
  /// wmma: a 16x16 f32 epilogue tile per warp after the padded stages; -1: none.
  int64_t wmmaScratch = -1;
  /// TMA: the swizzled A stages (1024-aligned), the swizzled B stages
  /// (1024-aligned), and two mbarriers per stage (full, empty).
  bool tma = false;
  int64_t swizzledA = 0, swizzledB = 0, barriers = 0;
  /// A split tail's stash (kSplitStashBytes after the mbarriers); -1: none.
  int64_t stash = -1;
  /// Bytes from the base (not the aligned base) that no one uses once the K
  /// loop is done: the epilogue may stage C there.
  int64_t idleBytes = 0;
  /// The dynamic shared memory the kernel asks for.
  int64_t totalBytes = 0;
};

} // namespace mini

#endif
