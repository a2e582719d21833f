// The loop forms of mini-pipeline-stages (StageLoops.h): matchers.
#include "StageLoops.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mini {

bool isZero(Value v) { return isConstantIntValue(getAsOpFoldResult(v), 0); }

bool definedInside(scf::ForOp loop, Value v) {
  return loop->isAncestor(v.getParentBlock()->getParentOp());
}

namespace {

/// Operands the loop body defines, other than the ones the pipeline
/// replaces, must be constants (which are cloned along).
bool onlyConstantsFromBody(scf::ForOp loop, Operation *op, ArrayRef<OpOperand *> replaced) {
  return llvm::all_of(op->getOpOperands(), [&](OpOperand &use) {
    Operation *def = use.get().getDefiningOp();
    return !definedInside(loop, use.get()) || llvm::is_contained(replaced, &use) ||
           (def && def->hasTrait<OpTrait::ConstantLike>());
  });
}

/// Walks the ops of a loop body, skipping constants.
struct BodyCursor {
  Block::iterator it, end;
  Operation *next() {
    while (it != end && it->hasTrait<OpTrait::ConstantLike>())
      ++it;
    return it == end ? nullptr : &*it++;
  }
};

/// The cp.async form after its first barrier: copy, wait, barrier.
bool matchAsyncCopy(scf::ForOp loop, BodyCursor &body, Operation *first, Match &m) {
  auto copy = dyn_cast_if_present<StageCopyOp>(first);
  if (!copy || !copy.getAsync() || copy.getStep() != loop.getInductionVar() ||
      !isZero(copy.getStage()) ||
      !onlyConstantsFromBody(loop, copy, {&copy.getStageMutable(), &copy.getStepMutable()}))
    return false;
  auto wait = dyn_cast_if_present<nvgpu::DeviceAsyncWaitOp>(body.next());
  Operation *barrier = body.next();
  if (!wait || wait.getAsyncDependencies() != copy.getToken() || wait.getNumGroups() != 0u ||
      !isa_and_present<gpu::BarrierOp>(barrier))
    return false;
  m.copy = copy;
  m.copyWait = wait;
  m.copyBarrier = barrier;
  m.sa = copy.getSa();
  m.sb = copy.getSb();
  return true;
}

/// The TMA form after its first barrier: one thread's copy, everyone's wait.
bool matchTmaCopy(scf::ForOp loop, BodyCursor &body, Operation *first, Match &m) {
  auto issue = dyn_cast_if_present<scf::IfOp>(first);
  if (!issue || issue.getNumResults() || issue.elseBlock() ||
      definedInside(loop, issue.getCondition()))
    return false;
  BodyCursor inIf{issue.thenBlock()->begin(), issue.thenBlock()->end()};
  auto tma = dyn_cast_if_present<StageCopyTmaOp>(inIf.next());
  if (!tma || !isa_and_present<scf::YieldOp>(inIf.next()) ||
      tma.getStep() != loop.getInductionVar() || !isZero(tma.getStage()) ||
      !onlyConstantsFromBody(loop, tma, {&tma.getStageMutable(), &tma.getStepMutable()}))
    return false;
  auto wait = dyn_cast_if_present<StageWaitOp>(body.next());
  if (!wait || wait.getReleased() || wait.getBarriers() != tma.getBarriers() ||
      !isZero(wait.getStage()) || wait.getUse() != loop.getInductionVar())
    return false;
  m.tma = tma;
  m.fullWait = wait;
  m.issuer = issue.getCondition();
  m.barriers = tma.getBarriers();
  m.clusterM = tma.getClusterM();
  m.sa = tma.getSa();
  m.sb = tma.getSb();
  return true;
}

/// The warp loads and mma ops of each slice, up to the yield (the math
/// warps' loop: up to the release).
std::optional<Match> matchSlices(scf::ForOp loop, BodyCursor &body, Match m) {
  Value acc = loop.getRegionIterArg(0);
  bool released = false;
  for (;;) {
    Operation *op = body.next();
    if (auto release = dyn_cast_if_present<StageReleaseOp>(op); release && m.consumer) {
      if (release.getBarriers() != m.barriers || !isZero(release.getStage()))
        return std::nullopt;
      m.clusterM = release.getClusterM();
      m.release = release;
      released = true;
      op = body.next(); // the yield
    }
    if (auto yield = dyn_cast_if_present<scf::YieldOp>(op)) {
      if (m.slices.empty() || yield.getOperand(0) != acc || released != m.consumer)
        return std::nullopt;
      return m;
    }
    if (released)
      return std::nullopt;
    auto a = dyn_cast_if_present<WarpLoadOp>(op);
    auto b = dyn_cast_if_present<WarpLoadOp>(body.next());
    auto mma = dyn_cast_if_present<WarpMmaOp>(body.next());
    if (m.consumer && !m.sa && a && b) {
      m.sa = a.getSource();
      m.sb = b.getSource();
    }
    if (!a || !b || !mma || mma.getA() != a || mma.getB() != b || mma.getAcc() != acc ||
        a.getSource() != m.sa || b.getSource() != m.sb || !isZero(a.getStage()) ||
        !isZero(b.getStage()) || !onlyConstantsFromBody(loop, a, &a.getStageMutable()) ||
        !onlyConstantsFromBody(loop, b, &b.getStageMutable()))
      return std::nullopt;
    m.slices.push_back({a, b, mma});
    acc = mma.getResult();
  }
}

/// The wgmma form of the math warps' loop, after its wait:
///     %r = mini.warpgroup_mma stage %c0 row %row of %sa, %sb, %acc
///     %done = mini.warpgroup_mma_wait 0 (%r)
///     mini.stage_release %bars[%c0]
///     scf.yield %done
std::optional<Match> matchWarpgroup(scf::ForOp loop, BodyCursor &body, WarpgroupMmaOp mma,
                                    Match m) {
  auto wait = dyn_cast_if_present<WarpgroupMmaWaitOp>(body.next());
  auto release = dyn_cast_if_present<StageReleaseOp>(body.next());
  auto yield = dyn_cast_if_present<scf::YieldOp>(body.next());
  if (!wait || !release || !yield || mma.getAcc() != loop.getRegionIterArg(0) ||
      !isZero(mma.getStage()) ||
      !onlyConstantsFromBody(loop, mma, {&mma.getStageMutable(), &mma.getAccMutable()}) ||
      wait.getPending() != 0 || wait.getTiles().size() != 1 || wait.getTiles()[0] != mma ||
      release.getBarriers() != m.barriers || !isZero(release.getStage()) ||
      yield.getOperand(0) != wait.getResult(0))
    return std::nullopt;
  m.wgmma = mma;
  m.wgmmaWait = wait;
  m.release = release;
  m.sa = mma.getSa();
  m.sb = mma.getSb();
  m.clusterM = release.getClusterM();
  return m;
}

} // namespace

std::optional<Match> matchStageLoop(scf::ForOp loop) {
  if (loop.getNumRegionIterArgs() != 1 ||
      !isConstantIntValue(getAsOpFoldResult(loop.getStep()), 1))
    return std::nullopt;
  BodyCursor body{loop.getBody()->begin(), loop.getBody()->end()};
  Match m;
  // The math warps' loop beside a producer: the wait comes first. Its steps
  // may start past 0 (a block that runs several loops through one ring of
  // stages): the stage and phase of a step follow from the step alone.
  if (auto wait = dyn_cast_if_present<StageWaitOp>(body.next())) {
    if (wait.getReleased() || !isZero(wait.getStage()) ||
        wait.getUse() != loop.getInductionVar() ||
        (wait.getFilledBelow() && definedInside(loop, wait.getFilledBelow())))
      return std::nullopt;
    m.consumer = true;
    m.fullWait = wait;
    m.barriers = wait.getBarriers();
    m.filledBelow = wait.getFilledBelow();
    BodyCursor afterWait = body;
    if (auto mma = dyn_cast_if_present<WarpgroupMmaOp>(afterWait.next()))
      return matchWarpgroup(loop, afterWait, mma, m);
    return matchSlices(loop, body, m);
  }
  if (!isZero(loop.getLowerBound()))
    return std::nullopt;
  body.it = loop.getBody()->begin();
  // The barrier before the copy: every warp is done reading stage 0 (with
  // clusters, every warp of every block: the copies write into all).
  Operation *top = body.next();
  bool cluster = isa_and_present<NVVM::ClusterArriveOp>(top);
  if (cluster ? !isa_and_present<NVVM::ClusterWaitOp>(body.next())
              : !isa_and_present<gpu::BarrierOp>(top))
    return std::nullopt;
  Operation *first = body.next();
  if (isa_and_present<StageCopyOp>(first)) {
    if (cluster || !matchAsyncCopy(loop, body, first, m))
      return std::nullopt;
  } else if (!matchTmaCopy(loop, body, first, m) || cluster != (m.tma.getClusterM() > 1)) {
    return std::nullopt;
  }
  return matchSlices(loop, body, m);
}


std::optional<ProducerLoop> matchProducerLoop(scf::ForOp loop) {
  if (loop.getNumRegionIterArgs() || !isConstantIntValue(getAsOpFoldResult(loop.getStep()), 1))
    return std::nullopt;
  Value kt = loop.getInductionVar();
  BodyCursor body{loop.getBody()->begin(), loop.getBody()->end()};
  auto use = dyn_cast_if_present<arith::AddIOp>(body.next());
  auto wait = dyn_cast_if_present<StageWaitOp>(body.next());
  auto copy = dyn_cast_if_present<StageCopyTmaOp>(body.next());
  if (!use || !wait || !copy || !isa_and_present<scf::YieldOp>(body.next()) ||
      use.getLhs() != kt || !isConstantIntValue(getAsOpFoldResult(use.getRhs()), 1) ||
      !use->hasOneUse() || wait.getUse() != use || !wait.getReleased() ||
      !isZero(wait.getStage()) || wait.getBarriers() != copy.getBarriers() ||
      copy.getStep() != kt || !isZero(copy.getStage()) ||
      !onlyConstantsFromBody(loop, copy, {&copy.getStageMutable(), &copy.getStepMutable()}))
    return std::nullopt;
  return ProducerLoop{wait, copy};
}


} // namespace mini
