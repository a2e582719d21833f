// The loop forms mini-pipeline-stages pipelines, as the passes that make
// them emit them (mini-promote-tiles: one step per iteration, everything in
// stage 0), and their matchers. Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_STAGELOOPS_H
#define MINI_TRANSFORMS_KERNELS_STAGELOOPS_H

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace mini {
using namespace mlir;

/// One 16-deep slice of the step: the warp's A and B tiles and their mma.
struct Slice {
  WarpLoadOp a, b;
  WarpMmaOp mma;
};

/// A loop the pass pipelines, in one of these forms:
///   scf.for %kt = 0 to %n step 1 iter_args(%acc) {
///     gpu.barrier
///     %t = mini.stage_copy ... [%c0] step %kt {async}
///     nvgpu.device_async_wait %t {numGroups = 0}
///     gpu.barrier
///     (mini.warp_load [%c0, ..] x 2, mini.warp_mma)+
///     scf.yield %last_mma
///   }
/// or, TMA (the first barrier a cluster barrier when cluster_m > 1):
///   scf.for %kt = 0 to %n step 1 iter_args(%acc) {
///     gpu.barrier
///     scf.if %issuer { mini.stage_copy_tma ... [%c0] step %kt barriers %bars }
///     mini.stage_wait %bars[%c0] use %kt
///     (mini.warp_load [%c0, ..] x 2, mini.warp_mma)+
///     scf.yield %last_mma
///   }
/// or the math warps' loop beside a producer warpgroup's (from any step):
///   scf.for %kt = %lb to %n step 1 iter_args(%acc) {
///     mini.stage_wait %bars[%c0] use %kt [filled_below %end]
///     (mini.warp_load [%c0, ..] x 2, mini.warp_mma)+
///     mini.stage_release %bars[%c0]
///     scf.yield %last_mma
///   }
/// or that loop with wgmma (`wgmma` set, no slices):
///   scf.for %kt = %lb to %n step 1 iter_args(%acc) {
///     mini.stage_wait %bars[%c0] use %kt [filled_below %end]
///     %r = mini.warpgroup_mma stage %c0 row %row of %sa, %sb, %acc
///     %done = mini.warpgroup_mma_wait 0 (%r)
///     mini.stage_release %bars[%c0]
///     scf.yield %done
///   }
struct Match {
  StageCopyOp copy;
  Operation *copyWait = nullptr, *copyBarrier = nullptr; // cp.async: the wait and barrier after it
  StageCopyTmaOp tma;
  StageWaitOp fullWait;   // TMA, either form: the wait for the step's stage
  StageReleaseOp release; // the consumer's
  Value issuer; // TMA: the condition of the thread that issues the copies
  Value barriers; // TMA, either form
  uint64_t clusterM = 1;
  bool consumer = false; // the math warps' loop beside a producer's
  Value filledBelow;     // the consumer's: the producer fills past the loop up to it
  Value sa, sb;
  SmallVector<Slice> slices;
  WarpgroupMmaOp wgmma; // the consumer's wgmma form: its batch per step
  WarpgroupMmaWaitOp wgmmaWait; // and the wait for it
};

/// Marks an op right after a wgmma consumer loop that needs only the loop's
/// waits for its steps, not its last batch done (the ping-pong's turn to
/// the other warpgroup): mini-pipeline-stages moves it before the drain.
/// Its operands must be defined before the loop.
constexpr llvm::StringLiteral kAfterIssueAttrName = "mini.after_issue";

/// A producer warpgroup's copy loop (from any step, like the math loop):
///   scf.for %kt = %lb to %n step 1 {
///     mini.stage_wait %bars[%c0] use %kt + 1 released
///     mini.stage_copy_tma ... [%c0] step %kt barriers %bars
///   }
/// becomes the copy of step kt into stage kt mod stages once its use
/// kt / stages - 1 is released (use kt / stages + 1: the parity is the same,
/// and the first use of each stage waits for nothing).
struct ProducerLoop {
  StageWaitOp wait;
  StageCopyTmaOp copy;
};

/// The loop's form, or nullopt when it is none of them.
std::optional<Match> matchStageLoop(scf::ForOp loop);
std::optional<ProducerLoop> matchProducerLoop(scf::ForOp loop);

bool isZero(Value v);
bool definedInside(scf::ForOp loop, Value v);

} // namespace mini

#endif
