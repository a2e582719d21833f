// mini-pipeline-stages: the K loops mini-promote-tiles emits (one step per
// iteration, everything in stage 0 of the buffers; StageLoops.h has their
// forms) -> software pipelines over all the stages of their buffers.
//
// Each form gets a schedule (PipelineSchedule.h): its body rewritten into
// ops that are right for any step, each with a pipeline stage, in the
// pipelined body's order; the generic expansion builds the prologue, the
// loop and the drain. What the measurements earned is in the schedules:
// the fragments of each 16-deep slice load while the previous slice's mma
// ops run, across steps too (the wait for step kt + 1 comes before the last
// slice of step kt); waits past the last step name a completed phase
// instead of branching; a stage goes back to the copies only after the mma
// that reads its last fragments; the wgmma loop is CUTLASS's mainloop.
//
// A producer warpgroup's copy loop is not pipelined: it copies step kt into
// slot kt mod stages (pipelineProducer).
#include "Kernels/KernelBuilder.h"
#include "Kernels/PipelineSchedule.h"
#include "Kernels/StageLoops.h"
#include "mini/Transforms/Passes.h"

namespace mini {
#define GEN_PASS_DEF_MINIPIPELINESTAGES
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

/// The schedules of the loop forms (StageLoops.h): each rewrites the body
/// into ops that are right for any step (the stage operands read the slot,
/// waits name their step's phase) and lists them with their pipeline stage.
class Scheduler {
public:
  Scheduler(scf::ForOp loop, Match &m, int64_t stages)
      : loop(loop), m(m), stages(stages), b(loop.getBody(), loop.getBody()->begin()),
        kb(b, loop.getLoc()) {
    s.slots = stages;
    s.slot = kb.idx(0);
  }

  LogicalResult run() {
    if (m.wgmma)
      warpgroup();
    else if (m.copy)
      asyncCopies();
    else
      barrierStages();
    return failure(failed(expandPipeline(loop, s)));
  }

private:
  Value step() { return loop.getInductionVar(); }
  void add(Operation *op, int64_t stage) { s.order.push_back({op, stage}); }

  /// The slices' loads and mma ops, the math of stage `math`; the first
  /// slice's loads are those of the next step (stage math - 1), issued before
  /// the last mma, after `beforeNext`.
  void slices(int64_t math, function_ref<void()> beforeNext) {
    int64_t numSlices = m.slices.size();
    for (Slice &slice : m.slices)
      for (WarpLoadOp load : {slice.a, slice.b})
        load.getStageMutable().set(s.slot);
    for (int64_t i = 0; i < numSlices; ++i) {
      if (i + 1 < numSlices) {
        add(m.slices[i + 1].a, math);
        add(m.slices[i + 1].b, math);
      } else {
        beforeNext();
        add(m.slices[0].a, math - 1);
        add(m.slices[0].b, math - 1);
      }
      add(m.slices[i].mma, math);
    }
  }

  /// cp.async: the copy of step kt + stages - 1 (zeros past the end), the
  /// wait and barrier for step kt + 1 while stages - 2 younger groups stay in
  /// flight, the math of step kt. No cp.async may be left writing shared
  /// memory when the block exits (or the epilogue reuses it).
  void asyncCopies() {
    m.copy.getStageMutable().set(s.slot);
    cast<nvgpu::DeviceAsyncWaitOp>(m.copyWait).setNumGroups(stages - 2);
    add(m.copy, 0);
    slices(stages - 1, [&] {
      add(m.copyWait, stages - 2);
      add(m.copyBarrier, stages - 2);
    });
    s.adjust = [](Operation *clone, Value step, PipelinePart) {
      if (auto copy = dyn_cast<StageCopyOp>(clone))
        copy.setInterior(!isZero(step)); // step 0 holds the K residue
    };
    Value token = m.copy.getToken();
    Location loc = loop.getLoc();
    s.drain = [token, loc](OpBuilder &b, ValueRange results, Value, const IRMapping &prologue) {
      nvgpu::DeviceAsyncWaitOp::create(b, loc, prologue.lookup(token), b.getI32IntegerAttr(0));
      return SmallVector<Value>(results);
    };
  }

  /// Stages of mbarriers: TMA copies issued by one thread, or a producer
  /// warpgroup's (the consumer form). Each thread waits for the full
  /// barrier of step kt + 1 before the last slice of step kt, and releases
  /// step kt's stage after the mma that reads its last fragments: ldmatrix
  /// may still be reading the stage when the next instruction issues, and a
  /// release right after it let a refill land under it (docs/PERF.md v27).
  void barrierStages() {
    m.fullWait.getStageMutable().set(s.slot);
    m.fullWait.getFilledBelowMutable().clear();
    if (!m.release) {
      b.setInsertionPoint(loop.getBody()->getTerminator());
      m.release = StageReleaseOp::create(b, loop.getLoc(), m.barriers, s.slot, m.clusterM);
    }
    m.release.getStageMutable().set(s.slot);
    Operation *refill = m.tma ? tmaRefill() : nullptr;
    int64_t math = m.consumer ? 1 : stages - 1;
    slices(math, [&] {
      if (refill && stages == 2) // the refill is step kt + 1: issued before its wait
        add(refill, 0);
      b.setInsertionPoint(m.fullWait);
      m.fullWait.getUseMutable().set(useOrDone());
      add(m.fullWait, math - 1);
    });
    add(m.release, math);
    if (refill && stages > 2)
      add(refill, 0);
  }

  /// The phase of the step's stage to wait for: step / stages, or past the
  /// last step filled one more, a phase that has already completed (that of
  /// step - stages, or a fresh barrier's "-1"), so that the wait returns at
  /// once. The wait needs no branch around it: ptxas ends a block at a
  /// branch by waiting for every ldmatrix in flight (docs/PERF.md v23). A
  /// consumer loop that is not the block's last names `filled_below`: there
  /// the producer may have filled the step already, and the parity of "one
  /// more" would be that of the phase under way, a wait that never returns.
  Value useOrDone() {
    Value filledBelow = m.filledBelow ? m.filledBelow : loop.getUpperBound();
    Value past = arith::IndexCastUIOp::create(
        b, loop.getLoc(), b.getIndexType(),
        arith::CmpIOp::create(b, loop.getLoc(), arith::CmpIPredicate::uge, step(), filledBelow));
    return kb.add(past, kb.div(step(), kb.idx(stages)));
  }

  /// The TMA copy of step kt + stages - 1 into the stage step kt - 1 used,
  /// by the issuing thread once every thread has released that stage, after
  /// issuing its own math for step kt, so that it rarely waits (waiting at
  /// the top of the step cost 0-10%, docs/PERF.md v11); none past the end.
  Operation *tmaRefill() {
    b.setInsertionPoint(loop.getBody()->getTerminator());
    auto refill = scf::IfOp::create(b, loop.getLoc(),
                                    kb.andi(m.issuer, kb.ult(step(), loop.getUpperBound())), false);
    b.setInsertionPointToStart(refill.thenBlock());
    // The stage held step kt - 1 when the step of the math, kt, is past 0
    // (a signed test: the prologue's copies come before step 0's math).
    Value math = kb.sub(step(), kb.idx(stages - 1));
    Value afterFirst =
        arith::CmpIOp::create(b, loop.getLoc(), arith::CmpIPredicate::sgt, math, kb.idx(0));
    kb.ifThenElse(afterFirst, [&] {
      Value previousUse = kb.div(kb.sub(math, kb.idx(1)), kb.idx(stages));
      StageWaitOp::create(b, loop.getLoc(), m.tma.getBarriers(), s.slot, previousUse,
                          /*released=*/true);
    });
    m.tma->moveBefore(refill.thenBlock()->getTerminator());
    m.tma.getStageMutable().set(s.slot);
    return refill;
  }

  /// The wgmma loop, CUTLASS's mainloop: stage 0 waits for step kt's stage
  /// and issues its batch, stage 1 waits until only that batch is in flight
  /// and releases step kt - 1's stage. Peeled: the last step's wait and
  /// release follow the loop (a stream-K block's next loop refills that
  /// stage).
  void warpgroup() {
    b.setInsertionPoint(m.fullWait);
    m.fullWait.getStageMutable().set(s.slot);
    m.fullWait.getUseMutable().set(kb.div(step(), kb.idx(stages)));
    m.fullWait.getFilledBelowMutable().clear();
    m.wgmma.getStageMutable().set(s.slot);
    m.release.getStageMutable().set(s.slot);
    b.setInsertionPoint(m.wgmmaWait);
    auto oneInFlight = WarpgroupMmaWaitOp::create(b, loop.getLoc(), TypeRange{}, 1, ValueRange{});
    loop.getBody()->getTerminator()->setOperand(0, m.wgmma.getResult());
    add(m.fullWait, 0);
    add(m.wgmma, 0);
    add(oneInFlight, 1);
    add(m.release, 1);
    s.peeled = true;
    Location loc = loop.getLoc();
    Value barriers = m.barriers;
    int64_t clusterM = m.clusterM;
    Operation *afterIssue = loop->getNextNode();
    if (afterIssue && !afterIssue->hasAttr(kAfterIssueAttrName))
      afterIssue = nullptr;
    s.drain = [=](OpBuilder &b, ValueRange results, Value lastSlot, const IRMapping &) {
      if (afterIssue) { // every step's wait is done: the last batch may still run
        afterIssue->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
        afterIssue->removeAttr(kAfterIssueAttrName);
      }
      Value done = WarpgroupMmaWaitOp::create(b, loc, TypeRange{results[0].getType()}, 0,
                                              ValueRange{results[0]})
                       .getResult(0);
      StageReleaseOp::create(b, loc, barriers, lastSlot, clusterM);
      return SmallVector<Value>{done};
    };
  }

  scf::ForOp loop;
  Match &m;
  int64_t stages;
  OpBuilder b;
  KernelBuilder kb;
  PipelineSchedule s;
};

void pipelineProducer(scf::ForOp loop, ProducerLoop p, int64_t stages) {
  OpBuilder b(p.wait);
  KernelBuilder kb(b, loop.getLoc());
  Value kt = loop.getInductionVar();
  Value stage = kb.rem(kt, kb.idx(stages));
  Operation *oldUse = p.wait.getUse().getDefiningOp();
  p.wait.getStageMutable().set(stage);
  p.wait.getUseMutable().set(kb.add(kb.div(kt, kb.idx(stages)), kb.idx(1)));
  p.copy.getStageMutable().set(stage);
  oldUse->erase();
}

/// The loops whose mbarrier stages are shared with a loop of none of the
/// forms (each such loop warned about). Loops that share a ring of stages
/// (a producer's and the math warps') rotate through it together or not at
/// all: one pipelined beside one left on stage 0 waits forever.
DenseSet<Operation *> sharingUnmatchedStages(Operation *root,
                                             const DenseSet<Operation *> &matched) {
  llvm::MapVector<Value, llvm::SetVector<Operation *>> loopsOf;
  root->walk([&](Operation *op) {
    Value barriers;
    if (auto wait = dyn_cast<StageWaitOp>(op))
      barriers = wait.getBarriers();
    else if (auto copy = dyn_cast<StageCopyTmaOp>(op))
      barriers = copy.getBarriers();
    else if (auto release = dyn_cast<StageReleaseOp>(op))
      barriers = release.getBarriers();
    if (auto loop = op->getParentOfType<scf::ForOp>(); barriers && loop)
      loopsOf[barriers].insert(loop);
  });
  DenseSet<Operation *> left;
  for (auto &[barriers, loops] : loopsOf) {
    auto isMatched = [&](Operation *loop) { return matched.contains(loop); };
    if (llvm::all_of(loops, isMatched) || llvm::none_of(loops, isMatched))
      continue;
    for (Operation *loop : loops) {
      left.insert(loop);
      if (!isMatched(loop))
        loop->emitWarning("is in none of the loop forms of mini-pipeline-stages but shares its "
                          "stages with loops that are: all of them stay on stage 0, unpipelined");
    }
  }
  return left;
}

struct MiniPipelineStagesPass : mini::impl::MiniPipelineStagesBase<MiniPipelineStagesPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, Match>> loops;
    DenseSet<Operation *> matched;
    getOperation()->walk([&](scf::ForOp loop) {
      if (std::optional<Match> m = matchStageLoop(loop)) {
        loops.emplace_back(loop, *m);
        matched.insert(loop);
      }
    });
    SmallVector<std::pair<scf::ForOp, ProducerLoop>> producers;
    getOperation()->walk([&](scf::ForOp loop) {
      if (std::optional<ProducerLoop> p = matchProducerLoop(loop)) {
        producers.emplace_back(loop, *p);
        matched.insert(loop);
      }
    });
    DenseSet<Operation *> left = sharingUnmatchedStages(getOperation(), matched);
    llvm::erase_if(loops, [&](auto &l) { return left.contains(l.first); });
    llvm::erase_if(producers, [&](auto &p) { return left.contains(p.first); });
    auto stagesOf = [](Value sa, Value sb) {
      int64_t stages = cast<MemRefType>(sa.getType()).getDimSize(0);
      return cast<MemRefType>(sb.getType()).getDimSize(0) >= stages ? stages : 0;
    };
    for (auto &[loop, p] : producers)
      if (int64_t stages = stagesOf(p.copy.getSa(), p.copy.getSb()); stages >= 2)
        pipelineProducer(loop, p, stages);
    for (auto &[loop, m] : loops)
      if (int64_t stages = stagesOf(m.sa, m.sb);
          stages >= 2 && failed(Scheduler(loop, m, stages).run()))
        return signalPassFailure();
  }
};

} // namespace
