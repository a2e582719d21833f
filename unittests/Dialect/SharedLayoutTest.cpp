// MatmulConfigAttr::sharedLayout: the shared-memory plan of the tensor-core
// matmul kernels (mini-promote-tiles lays out its views by it, the launch
// asks for its totalBytes). Pure: no IR beyond the attribute.
#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using mini::CopyKind;
using mini::MathUnit;
using mini::MatmulConfigAttr;

namespace {

class SharedLayoutTest : public ::testing::Test {
protected:
  SharedLayoutTest() { context.loadDialect<mini::MiniDialect>(); }
  MLIRContext context;
};

TEST_F(SharedLayoutTest, CpAsyncStagesArePaddedAndBackToBack) {
  // 5 stages of 128x(32+8) A and 32x(256+8) B halves: 133 KiB.
  auto cfg = MatmulConfigAttr::get(&context, 128, 256, 32, 2, 4, 5, MathUnit::mma_sync);
  mini::MatmulSharedLayout l = cfg.sharedLayout(2);
  EXPECT_FALSE(l.tma);
  EXPECT_EQ(l.paddedStages, 5);
  EXPECT_EQ(l.paddedA, 0);
  EXPECT_EQ(l.paddedB, 5 * 128 * 40 * 2);
  EXPECT_EQ(l.paddedBytes, 5 * 128 * 40 * 2 + 5 * 32 * 264 * 2);
  EXPECT_EQ(l.wmmaScratch, -1);
  EXPECT_EQ(l.stash, -1);
  EXPECT_EQ(l.idleBytes, l.paddedBytes);
  EXPECT_EQ(l.totalBytes, 135680);
  EXPECT_EQ(cfg.sharedMemoryBytes(Float16Type::get(&context)), 135680);
}

TEST_F(SharedLayoutTest, WmmaScratchFollowsTheStages) {
  auto cfg = MatmulConfigAttr::get(&context, 128, 128, 32, 2, 2, 4, MathUnit::wmma);
  mini::MatmulSharedLayout l = cfg.sharedLayout(2);
  EXPECT_EQ(l.wmmaScratch, l.paddedBytes);
  EXPECT_EQ(l.totalBytes, l.paddedBytes + 4 * 16 * 16 * 4); // a 16x16 f32 tile per warp
}

TEST_F(SharedLayoutTest, WgmmaTmaStagesAreAlignedWithBarriersAndStashAfter) {
  auto cfg = MatmulConfigAttr::get(&context, 128, 256, 64, 8, 1, 4, MathUnit::wgmma, CopyKind::tma,
                                   /*cluster_m=*/1, /*producer_warps=*/4, /*tail_splits=*/4);
  mini::MatmulSharedLayout l = cfg.sharedLayout(2);
  EXPECT_TRUE(l.tma);
  EXPECT_EQ(l.paddedStages, 1); // the scalar path's one stage
  EXPECT_EQ(l.swizzledA, 0);
  EXPECT_EQ(l.swizzledB, 4 * 128 * 64 * 2);
  EXPECT_EQ(l.barriers, l.swizzledB + 4 * 256 * 64 * 2);
  EXPECT_EQ(l.stash, l.barriers + 4 * 2 * 8);
  EXPECT_EQ(l.idleBytes, 4 * (128 + 256) * 64 * 2);
  // The shift to the aligned base, then everything up to the stash's end.
  EXPECT_EQ(l.totalBytes, MatmulConfigAttr::kTmaAlign + l.stash + MatmulConfigAttr::kSplitStashBytes);
  EXPECT_EQ(l.totalBytes, 197824);
}

TEST_F(SharedLayoutTest, SwizzledBStartsOnTheNextAlignedBoundary) {
  // 3 stages of 64 x 32 halves: 12 KiB of A, a boundary already.
  auto cfg = MatmulConfigAttr::get(&context, 64, 64, 32, 2, 2, 3, MathUnit::mma_sync, CopyKind::tma);
  EXPECT_EQ(cfg.sharedLayout(2).swizzledB, 12288);
  // 3 stages of 48 x 16 halves: 4608 bytes of A, B at 5120.
  auto odd = MatmulConfigAttr::get(&context, 48, 64, 16, 1, 2, 3, MathUnit::mma_sync, CopyKind::tma);
  EXPECT_EQ(odd.sharedLayout(2).swizzledB, 5120);
  EXPECT_EQ(odd.sharedLayout(2).barriers, 5120 + 3 * 64 * 16 * 2);
}

/// Every config that verifies: regions inside the total, disjoint, and TMA's
/// alignment kept.
TEST_F(SharedLayoutTest, EveryVerifiedConfigFits) {
  Type f16 = Float16Type::get(&context);
  ScopedDiagnosticHandler silence(&context, [](Diagnostic &) { return success(); });
  int checked = 0;
  for (int64_t tm : {64, 128, 256})
    for (int64_t tn : {64, 128, 256})
      for (int64_t tk : {16, 32, 64})
        for (int64_t stages : {1, 2, 3, 4, 5})
          for (auto [math, copy, wm, wn, producer, tail] :
               {std::tuple{MathUnit::mma_sync, CopyKind::cp_async, 2, 4, 0, 1},
                std::tuple{MathUnit::wmma, CopyKind::cp_async, 2, 2, 0, 1},
                std::tuple{MathUnit::mma_sync, CopyKind::tma, 4, 2, 4, 4},
                std::tuple{MathUnit::wgmma, CopyKind::tma, 8, 1, 4, 4}}) {
            auto cfg = MatmulConfigAttr::get(&context, tm, tn, tk, wm, wn, stages, math, copy, 1,
                                             producer, tail);
            if (failed(cfg.verifyFor(f16, [&] { return emitError(UnknownLoc::get(&context)); })))
              continue;
            ++checked;
            mini::MatmulSharedLayout l = cfg.sharedLayout(2);
            SCOPED_TRACE(testing::Message() << tm << "x" << tn << "x" << tk << " " << stages
                                            << " stages " << mini::stringifyMathUnit(math).str() << " "
                                            << mini::stringifyCopyKind(copy).str());
            EXPECT_LE(l.paddedBytes, l.totalBytes);
            EXPECT_LE(l.idleBytes, l.totalBytes);
            EXPECT_LE(l.totalBytes, MatmulConfigAttr::kMaxSharedBytes);
            if (!l.tma) {
              EXPECT_EQ(l.paddedStages, stages);
              continue;
            }
            int64_t aBytes = stages * tm * tk * 2, bBytes = stages * tn * tk * 2;
            EXPECT_EQ(l.swizzledB % MatmulConfigAttr::kTmaAlign, 0);
            EXPECT_GE(l.swizzledB, l.swizzledA + aBytes);
            EXPECT_GE(l.barriers, l.swizzledB + bBytes);
            EXPECT_EQ(l.barriers % 8, 0);
            int64_t end = l.stash >= 0 ? l.stash + MatmulConfigAttr::kSplitStashBytes
                                       : l.barriers + 16 * stages;
            if (l.stash >= 0)
              EXPECT_GE(l.stash, l.barriers + 16 * stages);
            EXPECT_LE(MatmulConfigAttr::kTmaAlign + end, l.totalBytes);
            // The epilogue's staging from the unaligned base stays below the barriers.
            EXPECT_LE(l.idleBytes, l.barriers);
          }
  EXPECT_GT(checked, 40);
}

} // namespace

// AttentionConfigAttr::decodeStages: the decode kernel's K/V ring.
TEST(AttentionDecodeStagesTest, ShortTilesTakeWhatTwoBlocksAnSmLeave) {
  MLIRContext context;
  context.loadDialect<mini::MiniDialect>();
  Type f16 = Float16Type::get(&context);
  auto config = [&](int64_t keys, bool keepQ) {
    return mini::AttentionConfigAttr::get(&context, MathUnit::mma_sync, 4, keys, keepQ, 64);
  };
  // 32-key tiles at D = 128: Q's 64 rows and 4 stages of K and V, 87040
  // bytes (a fifth stage would not leave room for two blocks).
  EXPECT_EQ(config(32, true).decodeStages(f16, 128), 4);
  EXPECT_EQ(config(32, true).sharedMemoryBytes(f16, 128, 4), 87040);
  // D = 256, Q re-read: 3 stages would take 135168 bytes, past two blocks'
  // 115712: back to the main kernel's 2.
  EXPECT_EQ(config(32, false).decodeStages(f16, 256), 2);
  // 64-key tiles keep 2 whatever fits.
  EXPECT_EQ(config(64, true).decodeStages(f16, 64), 2);
  EXPECT_EQ(config(64, true).decodeStages(f16, 128), 2);
}
