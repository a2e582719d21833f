// mini-pipeline-stages: a K loop that copies each step into stage 0 and
// multiplies it (copy, wait, multiply) -> a software pipeline over all the
// stages of its buffers.
//
// Steps kt+1 .. kt+stages-1 are in flight while step kt is multiplied, and
// the fragments of each 16-deep slice are loaded while the previous slice's
// mma ops run, across steps too: the wait and barrier for step kt+1 come
// before the last slice of step kt. (nvgpu.device_async_wait lowers to
// cp.async.wait_group N; its token operand only orders the IR.)
//
// TMA steps (mini.stage_copy_tma, one issuing thread) are ordered by the
// stages' mbarriers instead of block barriers: each thread waits for the
// full barrier of the step it reads and releases the stage after the mma
// that uses its last fragments; the issuing thread waits for that release
// before it refills. Past the last step, the wait for step kt+1 names a
// phase that has completed, so it returns at once and needs no branch.
// With a producer warpgroup, the copies are a loop of their own (the
// producer's) and the math warps' loop only waits and releases: the
// producer loop moves step kt to stage kt mod stages, and the math loop is
// pipelined as above. These two may start at a step past 0, continuing the
// ring of stages of an earlier pair of loops (a stream-K block's second
// tile); the math loop that is not the last then names, in `filled_below`,
// the steps the producer fills beyond it.
//
// A wgmma math loop (mini.warpgroup_mma, completed by a wait for it at once)
// becomes CUTLASS's mainloop: the first step issued before the loop, then
// each step waits for its stage, issues its batch, waits until only that
// batch is in flight and releases the previous step's stage.
#include "Kernels/KernelBuilder.h"
#include "Kernels/StageLoops.h"
#include "mini/Transforms/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

namespace mini {
#define GEN_PASS_DEF_MINIPIPELINESTAGES
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

class Pipeliner {
public:
  Pipeliner(scf::ForOp loop, Match m, int64_t stages)
      : loop(loop), m(m), stages(stages), b(loop), kb(b, loop.getLoc()) {}

  void run() {
    if (m.wgmma)
      return runWarpgroup();
    Location loc = loop.getLoc();
    Value numK = loop.getUpperBound();
    // The stage of the first step (0 but in a consumer loop from lb > 0).
    Value firstStage = isZero(loop.getLowerBound())
                           ? kb.idx(0)
                           : kb.rem(loop.getLowerBound(), kb.idx(stages));
    // Past the last step, the wait for the next names a completed phase
    // unless the producer fills that step too.
    Value filledBelow = m.filledBelow ? m.filledBelow : numK;
    bool tma = static_cast<bool>(m.barriers);
    Value token = prologue(numK, firstStage);
    // Carried: the accumulator, the fragments of the next slice, the stage
    // of step kt.
    SmallVector<Value> init = {loop.getInitArgs()[0]};
    llvm::append_range(init, load(m.slices[0], firstStage));
    init.push_back(firstStage);
    int64_t numSlices = m.slices.size();
    scf::ForOp pipelined = kb.forLoop(
        loop.getLowerBound(), numK, loop.getStep(), init, [&](Value kt, ValueRange it) {
          // Step kt is in `stage`; the refill goes to the stage step kt - 1
          // used.
          Value stage = it.back();
          auto [nextStage, refillStage] = kb.ringNeighbours(stage, stages);
          Value refillStep = kb.add(kt, kb.idx(stages - 1));
          // cp.async: every warp passed the barrier after its last read of
          // that stage; past the end, zeros.
          Value refill = tma ? Value() : copy(refillStage, refillStep, /*interior=*/true);
          Value acc = it[0];
          SmallVector<Value> frags(it.slice(1, 2));
          for (int64_t i = 0; i < numSlices; ++i) {
            SmallVector<Value> nextFrags;
            if (i + 1 < numSlices) {
              nextFrags = load(m.slices[i + 1], stage);
            } else {
              if (m.tma && stages == 2) // step kt + 1 is the refill: issue it first
                refillTma(kt, refillStage, refillStep, numK);
              if (tma) {
                Value next = kb.add(kt, kb.idx(1));
                waitFull(nextStage, useOrDone(next, filledBelow));
              } else {
                waitForStep(refill);
              }
              nextFrags = load(m.slices[0], nextStage);
            }
            acc = WarpMmaOp::create(b, loc, acc.getType(), frags[0], frags[1], acc);
            frags = nextFrags;
          }
          // The stage goes back to the copies only after the mma that reads
          // its last fragments: ldmatrix may still be reading the stage
          // when the next instruction issues, and a release right after it
          // let a refill land under it (docs/PERF.md v27).
          if (tma)
            release(stage);
          if (m.tma && stages > 2)
            refillTma(kt, refillStage, refillStep, numK);
          SmallVector<Value> next = {acc};
          llvm::append_range(next, frags);
          next.push_back(nextStage);
          return next;
        });
    // No cp.async may be left writing shared memory when the block exits
    // (or the epilogue reuses it). Every TMA step was waited for in the loop.
    if (!tma)
      nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(0));
    loop.getResult(0).replaceAllUsesWith(pipelined.getResult(0));
    loop.erase();
  }

private:
  /// Steps 0 .. stages - 2 in flight (the K residue in step 0; a producer
  /// warpgroup issues them in its own loop), then the wait for the first
  /// step. cp.async: the token of the last group.
  Value prologue(Value numK, Value firstStage) {
    if (!m.barriers) {
      Value token;
      for (int64_t s = 0; s + 1 < stages; ++s)
        token = copy(kb.idx(s), kb.idx(s), /*interior=*/s > 0);
      waitForStep(token);
      return token;
    }
    if (m.tma)
      kb.ifThenElse(m.issuer, [&] {
        for (int64_t s = 0; s + 1 < stages; ++s)
          ifLess(kb.idx(s), numK, [&] { copyTma(kb.idx(s), kb.idx(s)); });
      });
    Value lb = loop.getLowerBound();
    Value firstUse = isZero(lb) ? kb.idx(0) : kb.div(lb, kb.idx(stages));
    ifLess(lb, numK, [&] { waitFull(firstStage, firstUse); });
    return Value();
  }

  /// The wgmma loop: step lb's batch before the loop; in it, step kt's wait
  /// and batch, then a wait that leaves only that batch in flight, so that
  /// step kt - 1's stage can go back to the producer. Every step's stage is
  /// released once, the last after the final wait (a stream-K block's next
  /// loop refills it).
  void runWarpgroup() {
    Location loc = loop.getLoc();
    Value lb = loop.getLowerBound(), ub = loop.getUpperBound(), init = loop.getInitArgs()[0];
    Type accType = init.getType();
    Value firstStage = isZero(lb) ? kb.idx(0) : kb.rem(lb, kb.idx(stages));
    auto issue = [&](Value stage, Value acc) {
      return cloneAt(m.wgmma, {{&m.wgmma.getStageMutable(), stage},
                               {&m.wgmma.getAccMutable(), acc}})
          ->getResult(0);
    };
    SmallVector<Value> result = kb.ifValues(
        kb.ult(lb, ub),
        [&] {
          waitFull(firstStage, isZero(lb) ? kb.idx(0) : kb.div(lb, kb.idx(stages)));
          Value first = issue(firstStage, init);
          scf::ForOp steps = kb.forLoop(
              kb.add(lb, kb.idx(1)), ub, loop.getStep(), {first, firstStage},
              [&](Value kt, ValueRange it) {
                Value previous = it[1];
                Value stage = kb.ringNeighbours(previous, stages).first;
                waitFull(stage, kb.div(kt, kb.idx(stages)));
                Value acc = issue(stage, it[0]);
                WarpgroupMmaWaitOp::create(b, loc, TypeRange{}, 1, ValueRange{});
                release(previous);
                return SmallVector<Value>{acc, stage};
              });
          Value done = WarpgroupMmaWaitOp::create(b, loc, TypeRange{accType}, 0,
                                                  ValueRange{steps.getResult(0)})
                           .getResult(0);
          release(steps.getResult(1));
          return SmallVector<Value>{done};
        },
        [&] { return SmallVector<Value>{init}; }, TypeRange{accType});
    loop.getResult(0).replaceAllUsesWith(result[0]);
    loop.erase();
  }

  /// A clone of `op` at the builder whose operands `replaced` take new
  /// values (only those uses: the same value may be another operand too),
  /// with the constants it took from the loop body cloned along.
  Operation *cloneAt(Operation *op, ArrayRef<std::pair<OpOperand *, Value>> replaced) {
    auto isReplaced = [&](OpOperand &use) {
      return llvm::any_of(replaced, [&](auto r) { return r.first == &use; });
    };
    IRMapping map;
    for (OpOperand &use : op->getOpOperands())
      if (!isReplaced(use) && !map.contains(use.get()) && definedInside(loop, use.get()))
        map.map(use.get(), b.clone(*use.get().getDefiningOp())->getResult(0));
    Operation *clone = b.clone(*op, map);
    for (auto [use, value] : replaced)
      clone->setOperand(use->getOperandNumber(), value);
    return clone;
  }
  Value copy(Value stage, Value step, bool interior) {
    auto op = cast<StageCopyOp>(cloneAt(
        m.copy, {{&m.copy.getStageMutable(), stage}, {&m.copy.getStepMutable(), step}}));
    op.setInterior(interior);
    return op.getToken();
  }
  void copyTma(Value stage, Value step) {
    cloneAt(m.tma, {{&m.tma.getStageMutable(), stage}, {&m.tma.getStepMutable(), step}});
  }
  SmallVector<Value> load(Slice slice, Value stage) {
    SmallVector<Value> frags;
    for (WarpLoadOp op : {slice.a, slice.b})
      frags.push_back(cloneAt(op, {{&op.getStageMutable(), stage}})->getResult(0));
    return frags;
  }
  /// The stages - 2 youngest groups may stay in flight.
  void waitForStep(Value token) {
    nvgpu::DeviceAsyncWaitOp::create(b, loop.getLoc(), token, b.getI32IntegerAttr(stages - 2));
    gpu::BarrierOp::create(b, loop.getLoc());
  }
  void ifLess(Value x, Value y, function_ref<void()> fn) { kb.ifThenElse(kb.ult(x, y), fn); }
  void waitFull(Value stage, Value use) {
    StageWaitOp::create(b, loop.getLoc(), m.barriers, stage, use, /*released=*/false);
  }
  /// The use of step `next`'s stage to wait for: next / stages, or past the
  /// last step filled one more, a phase that has already completed (that of step
  /// next - stages, or a fresh barrier's "-1"), so that the wait returns at
  /// once. The wait needs no branch around it: ptxas ends a block at a
  /// branch by waiting for every ldmatrix in flight (docs/PERF.md v23).
  /// A consumer loop that is not the block's last passes `filled_below`:
  /// there the producer may have filled step `next` already, and the parity
  /// of "one more" would be that of the phase now under way, a wait that
  /// never returns.
  Value useOrDone(Value next, Value filledBelow) {
    Value past = arith::IndexCastUIOp::create(
        b, loop.getLoc(), b.getIndexType(),
        arith::CmpIOp::create(b, loop.getLoc(), arith::CmpIPredicate::uge, next, filledBelow));
    return kb.add(kb.div(next, kb.idx(stages)), past);
  }
  void release(Value stage) {
    StageReleaseOp::create(b, loop.getLoc(), m.barriers, stage, m.clusterM);
  }
  /// The issuing thread refills the stage of step kt - 1 once every thread
  /// has released it (phase (kt - 1) / stages of its empty barrier), after
  /// issuing its own math for step kt, so it rarely waits (waiting at the
  /// top of the step cost 0-10%, docs/PERF.md v11); none past the end.
  /// With two stages the refill is step kt + 1, which every thread waits
  /// for before the last slice: it is issued before that wait instead.
  void refillTma(Value kt, Value refillStage, Value refillStep, Value numK) {
    kb.ifThenElse(kb.andi(m.issuer, kb.ult(refillStep, numK)), [&] {
      ifLess(kb.idx(0), kt, [&] {
        Value previous = kb.sub(kt, kb.idx(1));
        StageWaitOp::create(b, loop.getLoc(), m.tma.getBarriers(), refillStage,
                            kb.div(previous, kb.idx(stages)), /*released=*/true);
      });
      copyTma(refillStage, refillStep);
    });
  }

  scf::ForOp loop;
  Match m;
  int64_t stages;
  OpBuilder b;
  KernelBuilder kb;
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

struct MiniPipelineStagesPass : mini::impl::MiniPipelineStagesBase<MiniPipelineStagesPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, Match>> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (std::optional<Match> m = matchStageLoop(loop))
        loops.emplace_back(loop, *m);
    });
    SmallVector<std::pair<scf::ForOp, ProducerLoop>> producers;
    getOperation()->walk([&](scf::ForOp loop) {
      if (std::optional<ProducerLoop> p = matchProducerLoop(loop))
        producers.emplace_back(loop, *p);
    });
    auto stagesOf = [](Value sa, Value sb) {
      int64_t stages = cast<MemRefType>(sa.getType()).getDimSize(0);
      return cast<MemRefType>(sb.getType()).getDimSize(0) >= stages ? stages : 0;
    };
    for (auto &[loop, p] : producers)
      if (int64_t stages = stagesOf(p.copy.getSa(), p.copy.getSb()); stages >= 2)
        pipelineProducer(loop, p, stages);
    for (auto &[loop, m] : loops) {
      if (int64_t stages = stagesOf(m.sa, m.sb); stages >= 2)
        Pipeliner(loop, m, stages).run();
    }
  }
};

} // namespace
