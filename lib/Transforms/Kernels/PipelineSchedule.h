// A software-pipeline schedule for a loop over steps, and its expansion.
// Private to lib/Transforms.
//
// The loop (scf.for, a constant step) works on one step per iteration; the
// step's buffers are a slot of a ring of `slots` (step s in slot
// (s / step) mod slots, or with firstSlotZero ((s - lb) / step) mod slots). The
// schedule gives each op of the body a pipeline stage (0: the youngest step in
// flight) and the order in which the pipelined body issues them, as
// upstream's scf::pipelineForLoop and Triton's loop.stage / loop.cluster do.
// In iteration j of the pipelined loop, an op of stage s works on step
// lb + j + last - s (last: the highest stage); the prologue issues each op's
// earlier steps, the younger stages first within a step of the prologue.
//
// The expansion is generic: an op's clone gets its step for the induction
// variable and its step's slot for `slot`; a value an older stage reads from
// a younger one is carried through as many iterations as the stages between
// them; side-effect-free helpers the schedule leaves out (constants, index
// arithmetic) are cloned beside each user, with the user's step; any other op
// it leaves out is dropped. What the steps past the end need is the
// schedule's business: it builds ops that are harmless there (zero-filling
// copies, waits on completed phases, guarded refills) or peels the loop.
#ifndef MINI_TRANSFORMS_KERNELS_PIPELINESCHEDULE_H
#define MINI_TRANSFORMS_KERNELS_PIPELINESCHEDULE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include <functional>

namespace mini {
using namespace mlir;

/// Where a clone goes: before the loop, or in its body.
enum class PipelinePart { Prologue, Loop };

struct ScheduledOp {
  Operation *op;
  int64_t stage;
};

struct PipelineSchedule {
  /// The body's ops in the pipelined body's order.
  SmallVector<ScheduledOp> order;
  /// The ring's size, and the body value that stands for the step's slot
  /// (optional: without it, no slot is carried and ops find their buffers
  /// from the step).
  int64_t slots = 0;
  Value slot;
  /// Predicated (false): the loop runs every step of the last stage, and the
  /// younger stages' ops must be harmless past the last step. Peeled (true,
  /// two stages): the loop stops when stage 0 reaches the last step, and
  /// `drain` finishes stage 1's work; nothing runs when there are no steps.
  /// A peeled loop's carried values may be made in either stage; one that
  /// stage 1 makes and stage 0 reads (the step before's) is read in the same
  /// iteration, so the order must put its maker first.
  bool peeled = false;
  /// Optional (required when a peeled loop's stage 1 makes a carried value):
  /// builds what follows the loop from its results, the slot of the step
  /// after the last one stage `last` worked on (with a slot value), and the latest clone of each
  /// body value (the prologue's; for a value stage 0 hands to stage 1 of a
  /// peeled loop, the last step's); returns what replaces the results.
  std::function<SmallVector<Value>(OpBuilder &, ValueRange results, Value nextSlot,
                                   const IRMapping &latest)>
      drain;
  /// Optional: adjusts a clone for the step it works on and where it goes
  /// (as upstream's annotateFn: a wait that counts the groups in flight).
  std::function<void(Operation *clone, Value step, PipelinePart part)> adjust;
  /// The loop's first step takes slot 0 whatever its lower bound (the
  /// steps' slots count from it): for buffers that must start at slot 0.
  bool firstSlotZero = false;
  /// Optional: where the prologue goes (default: just before the loop), so
  /// that what the loop reads but must not come before the prologue's waits
  /// (fragments of a tile the prologue copies) can sit between the two.
  /// Nothing between it and the loop may feed the prologue.
  Operation *prologueAt = nullptr;
};

/// Replaces `loop` by its pipelined form and returns what replaced its
/// results; fails with an error (and leaves the loop) when no expansion fits
/// the schedule: a value read in a stage before the one that makes it, an
/// unscheduled op with side effects that feeds a scheduled one, a
/// loop-carried value made outside the stage the form needs.
FailureOr<SmallVector<Value>> expandPipeline(scf::ForOp loop, const PipelineSchedule &schedule);

} // namespace mini

#endif
