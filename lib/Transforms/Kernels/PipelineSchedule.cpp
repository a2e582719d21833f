// The expansion of a software-pipeline schedule (PipelineSchedule.h).
#include "PipelineSchedule.h"

#include "KernelBuilder.h"
#include "StageLoops.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

#include <memory>

namespace mini {
namespace {

class Expander {
public:
  Expander(scf::ForOp loop, const PipelineSchedule &s)
      : loop(loop), s(s), body(loop.getBody()), b(loop), kb(b, loop.getLoc()) {}

  FailureOr<SmallVector<Value>> run() {
    for (auto [index, op] : llvm::enumerate(s.order)) {
      stages[op.op] = op.stage;
      positions[op.op] = index;
      last = std::max(last, op.stage);
    }
    if (s.slot && s.slots < 1)
      return loop.emitError("pipeline schedule: a slot value but no ring of slots");
    std::optional<int64_t> constantStep = getConstantIntValue(loop.getStep());
    if (!constantStep || *constantStep < 1)
      return loop.emitError("pipeline schedule: the loop's step must be a positive constant");
    stride = *constantStep;
    if (s.peeled && last != 1)
      return loop.emitError("pipeline schedule: a peeled schedule has two stages, got ")
             << last + 1;
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    for (Value y : yield.getOperands()) {
      Operation *def = y.getDefiningOp();
      if (!def || def->getBlock() != body || !stages.count(def))
        return yield.emitError("pipeline schedule: a loop-carried value is not made by a "
                               "scheduled op of the body");
      yieldStages.push_back(stages[def]);
      if (!s.peeled && yieldStages.back() != last)
        return def->emitError("pipeline schedule: a loop-carried value is made in stage ")
               << yieldStages.back() << "; this schedule needs stage " << last << " (the last)";
      if (s.peeled && yieldStages.back() == 1 && !s.drain)
        return def->emitError("pipeline schedule: a peeled loop's carried value is made in "
                              "stage 1 and no drain finishes the last step");
    }
    for (ScheduledOp op : s.order)
      if (failed(analyzeUses(op.op, op.stage)))
        return failure();
    SmallVector<Value> results;
    if (s.peeled)
      results = kb.ifValues(
          kb.ult(loop.getLowerBound(), loop.getUpperBound()), [&] { return expand(); },
          [&] { return SmallVector<Value>(loop.getInitArgs()); }, loop.getResultTypes());
    else
      results = expand();
    loop->replaceAllUsesWith(results);
    loop.erase();
    return results;
  }

private:
  int64_t iterArgIndex(Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == body && arg != loop.getInductionVar()
               ? static_cast<int64_t>(arg.getArgNumber()) - 1
               : -1;
  }
  bool inBody(Value v) { return definedInside(loop, v); }

  /// Calls `fn` on each value `op` (or an op nested in it) reads that the
  /// body defines outside `op`; stops at the first failure.
  LogicalResult forEachBodyValueRead(Operation *op, function_ref<LogicalResult(Value)> fn) {
    WalkResult walk = op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        if (inBody(v) && !op->isAncestor(v.getParentBlock()->getParentOp()) && failed(fn(v)))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  /// Records the carried values an op of stage `stage` reads (through the
  /// helpers cloned beside it); fails where no schedule fits.
  LogicalResult analyzeUses(Operation *op, int64_t stage) {
    return forEachBodyValueRead(op, [&](Value v) { return analyzeValue(v, op, stage); });
  }
  LogicalResult analyzeValue(Value v, Operation *user, int64_t stage) {
    if (v == loop.getInductionVar() || v == s.slot)
      return success();
    if (int64_t i = iterArgIndex(v); i >= 0) {
      if (yieldStages[i] == stage)
        return success();
      Operation *maker = body->getTerminator()->getOperand(i).getDefiningOp();
      if (s.peeled && yieldStages[i] == stage + 1 && positions[maker] < positions[user])
        return success(); // the same iteration's
      return user->emitError("pipeline schedule: loop-carried value #")
             << i << " is read in stage " << stage << " but made in stage " << yieldStages[i]
             << (s.peeled && yieldStages[i] == stage + 1 ? ", later in the order" : "");
    }
    Operation *def = v.getDefiningOp();
    if (auto it = stages.find(def); it != stages.end()) {
      int64_t distance = stage - it->second;
      if (distance < 0)
        return user->emitError("pipeline schedule: an op of stage ")
               << stage << " reads a value that stage " << it->second << " makes later";
      if (distance > 0)
        carried[v] = std::max(carried.lookup(v), distance);
      return success();
    }
    if (!isMemoryEffectFree(def) || def->getNumRegions())
      return def->emitError("pipeline schedule: an op that is not scheduled feeds one of stage ")
             << stage << "; only side-effect-free ops without regions are cloned along";
    for (Value operand : def->getOperands())
      if (inBody(operand) && failed(analyzeValue(operand, user, stage)))
        return failure();
    return success();
  }

  /// One step's clones: the body's values there, and its step and slot,
  /// built where first needed (the loop's own step aside), so that the index
  /// arithmetic sits beside its users as a hand-written loop would have it.
  struct StepClones {
    IRMapping map;
    std::function<Value()> step, slot;
  };

  /// `v` in a step's clones: mapped, from outside the loop, or a helper
  /// cloned here.
  Value materialize(Value v, StepClones &at) {
    if (Value mapped = at.map.lookupOrNull(v))
      return mapped;
    if (v == loop.getInductionVar() || v == s.slot) {
      Value value = v == s.slot ? at.slot() : at.step();
      at.map.map(v, value);
      return value;
    }
    if (!inBody(v))
      return v;
    Operation *def = v.getDefiningOp();
    for (Value operand : def->getOperands())
      materialize(operand, at);
    return b.clone(*def, at.map)->getResult(cast<OpResult>(v).getResultNumber());
  }
  void cloneFor(Operation *op, StepClones &at) {
    (void)forEachBodyValueRead(op, [&](Value v) {
      materialize(v, at);
      return success();
    });
    Operation *clone = b.clone(*op, at.map);
    if (s.adjust)
      s.adjust(clone, materialize(loop.getInductionVar(), at), part);
  }
  /// A value built once, where first asked for.
  static std::function<Value()> once(std::function<Value()> build) {
    auto value = std::make_shared<Value>();
    return [=]() {
      if (!*value)
        *value = build();
      return *value;
    };
  }

  /// Prologue, loop and drain; returns what replaces the loop's results.
  SmallVector<Value> expand() {
    SmallVector<StepClones> prologue;
    part = PipelinePart::Prologue;
    if (s.prologueAt) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(s.prologueAt);
      prologue = emitPrologue();
    } else {
      prologue = emitPrologue();
    }
    Value lb = loop.getLowerBound();
    Value start = s.peeled ? kb.add(lb, kb.idx(last * stride)) : lb;
    part = PipelinePart::Loop;
    scf::ForOp pipelined =
        kb.forLoop(start, loop.getUpperBound(), loop.getStep(), loopInit(prologue),
                   [&](Value iv, ValueRange it) { return iteration(iv, it); });
    SmallVector<Value> results(pipelined.getResults().take_front(loop.getNumResults()));
    if (!s.drain)
      return results;
    IRMapping latest;
    for (StepClones &step : prologue)
      for (auto [from, to] : step.map.getValueMap())
        latest.map(from, to);
    if (s.peeled) { // the last step's, which the loop carries to stage 1
      int64_t at = loop.getNumResults();
      for (auto [v, distance] : carried)
        latest.map(v, pipelined.getResult((at += distance) - 1));
    }
    return s.drain(b, results, s.slot ? pipelined.getResults().back() : Value(), latest);
  }

  /// Step `k` after lb.
  Value stepAfterLb(int64_t k) {
    Value lb = loop.getLowerBound();
    return isZero(lb) ? kb.idx(k * stride) : k ? kb.add(lb, kb.idx(k * stride)) : lb;
  }
  /// Step s is in slot (s / stride) mod slots (counted from lb with
  /// firstSlotZero).
  bool slotsFromZero() { return s.firstSlotZero || isZero(loop.getLowerBound()); }
  Value slotOf(Value step) {
    Value from = s.firstSlotZero ? kb.sub(step, loop.getLowerBound()) : step;
    Value index = stride == 1 ? from : kb.div(from, kb.idx(stride));
    return kb.rem(index, kb.idx(s.slots));
  }

  /// Steps lb .. lb + last - 1 of the stages before the last, the younger
  /// stages first within each round.
  SmallVector<StepClones> emitPrologue() {
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    SmallVector<StepClones> prologue(last);
    for (int64_t k = 0; k < last; ++k) {
      Value step = stepAfterLb(k);
      prologue[k].step = [step] { return step; };
      prologue[k].slot =
          once([this, k, step] { return slotsFromZero() ? kb.idx(k % s.slots) : slotOf(step); });
      for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs()))
        prologue[k].map.map(arg, k ? prologue[k - 1].map.lookupOrDefault(yield.getOperand(i))
                                   : loop.getInitArgs()[i]);
    }
    for (int64_t round = 0; round < last; ++round)
      for (int64_t stage = 0; stage <= round; ++stage)
        for (ScheduledOp op : s.order)
          if (op.stage == stage)
            cloneFor(op.op, prologue[round - stage]);
    return prologue;
  }

  /// Loop-carried: the results, each carried value's `distance` steps (the
  /// oldest first), the slot of the step of stage `last`.
  SmallVector<Value> loopInit(ArrayRef<StepClones> prologue) {
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    SmallVector<Value> init;
    for (auto [i, y] : llvm::enumerate(yield.getOperands())) {
      int64_t k = last - 1 - yieldStages[i];
      init.push_back(k >= 0 ? prologue[k].map.lookup(y) : loop.getInitArgs()[i]);
    }
    for (auto [v, distance] : carried) {
      int64_t producer = stages[v.getDefiningOp()];
      for (int64_t j = 0; j < distance; ++j)
        init.push_back(prologue[last - producer - distance + j].map.lookup(v));
    }
    if (s.slot)
      init.push_back(slotsFromZero() ? kb.idx(0) : slotOf(loop.getLowerBound()));
    return init;
  }

  /// One iteration: every stage's ops for its step, in the schedule's order.
  SmallVector<Value> iteration(Value iv, ValueRange it) {
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    int64_t numResults = loop.getNumResults();
    Value ring, next, previous;
    if (s.slot) {
      ring = it.back();
      std::tie(next, previous) = kb.ringNeighbours(ring, s.slots);
    }
    SmallVector<StepClones> maps(last + 1);
    for (int64_t stage = 0; stage <= last; ++stage) {
      int64_t ahead = last - stage;                          // steps past the oldest
      int64_t offset = (s.peeled ? -stage : ahead) * stride; // from the loop's step
      StepClones &at = maps[stage];
      at.step = once([this, iv, offset] {
        return offset > 0   ? kb.add(iv, kb.idx(offset))
               : offset < 0 ? kb.sub(iv, kb.idx(-offset))
                            : iv;
      });
      at.slot = once([this, &at, ahead, ring, next, previous] {
        return ahead == 0             ? ring
               : ahead == 1           ? next
               : ahead == s.slots - 1 ? previous
                                      : slotOf(at.step());
      });
      for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), it.take_front(numResults)))
        at.map.map(arg, value);
    }
    int64_t at = numResults;
    for (auto [v, distance] : carried) {
      int64_t producer = stages[v.getDefiningOp()];
      for (int64_t j = 0; j < distance; ++j) // read by stage producer + distance - j
        maps[producer + distance - j].map.map(v, it[at + j]);
      at += distance;
    }
    for (ScheduledOp op : s.order) {
      cloneFor(op.op, maps[op.stage]);
      // A carried value stage 1 makes, which stage 0 reads from here on.
      for (auto [i, y] : llvm::enumerate(yield.getOperands()))
        if (s.peeled && y.getDefiningOp() == op.op && yieldStages[i] == op.stage && op.stage > 0)
          maps[op.stage - 1].map.map(loop.getRegionIterArgs()[i], maps[op.stage].map.lookup(y));
    }
    SmallVector<Value> yields;
    for (auto [i, y] : llvm::enumerate(yield.getOperands()))
      yields.push_back(maps[yieldStages[i]].map.lookup(y));
    at = numResults;
    for (auto [v, distance] : carried) {
      llvm::append_range(yields, it.slice(at + 1, distance - 1));
      yields.push_back(maps[stages[v.getDefiningOp()]].map.lookup(v));
      at += distance;
    }
    if (s.slot)
      yields.push_back(next);
    return yields;
  }

  scf::ForOp loop;
  const PipelineSchedule &s;
  Block *body;
  OpBuilder b;
  KernelBuilder kb;
  DenseMap<Operation *, int64_t> stages, positions;
  PipelinePart part = PipelinePart::Prologue;
  int64_t last = 0;
  int64_t stride = 1; // the loop's step
  SmallVector<int64_t> yieldStages;
  llvm::MapVector<Value, int64_t> carried;
};

} // namespace

FailureOr<SmallVector<Value>> expandPipeline(scf::ForOp loop, const PipelineSchedule &schedule) {
  return Expander(loop, schedule).run();
}

} // namespace mini
