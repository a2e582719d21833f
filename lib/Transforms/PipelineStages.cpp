// mini-pipeline-stages: a K loop that copies each step into stage 0 and
// multiplies it (copy, wait, multiply) -> a software pipeline over all the
// stages of its buffers.
//
// Steps kt+1 .. kt+stages-1 are in flight while step kt is multiplied, and
// the fragments of each 16-deep slice are loaded while the previous slice's
// mma ops run, across steps too: the wait and barrier for step kt+1 come
// before the last slice of step kt. (nvgpu.device_async_wait lowers to
// cp.async.wait_group N; its token operand only orders the IR.)
#include "Kernels/KernelBuilder.h"
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

/// One 16-deep slice of the step: the warp's A and B tiles and their mma.
struct Slice {
  WarpLoadOp a, b;
  WarpMmaOp mma;
};

/// A loop the pass pipelines:
///   scf.for %kt = 0 to %n step 1 iter_args(%acc) {
///     gpu.barrier
///     %t = mini.stage_copy ... [%c0] step %kt {async}
///     nvgpu.device_async_wait %t {numGroups = 0}
///     gpu.barrier
///     (mini.warp_load [%c0, ..] x 2, mini.warp_mma)+
///     scf.yield %last_mma
///   }
struct Match {
  StageCopyOp copy;
  SmallVector<Slice> slices;
};

bool isZero(Value v) { return isConstantIntValue(getAsOpFoldResult(v), 0); }

/// Operands the loop body defines, other than the ones the pipeline
/// replaces, must be constants (which are cloned along).
bool onlyConstantsFromBody(scf::ForOp loop, Operation *op, ValueRange replaced) {
  return llvm::all_of(op->getOperands(), [&](Value v) {
    Operation *def = v.getDefiningOp();
    bool inBody = v.getParentRegion() == &loop.getRegion();
    return !inBody || llvm::is_contained(replaced, v) || (def && def->hasTrait<OpTrait::ConstantLike>());
  });
}

std::optional<Match> match(scf::ForOp loop) {
  if (loop.getNumRegionIterArgs() != 1 || !isZero(loop.getLowerBound()) ||
      !isConstantIntValue(getAsOpFoldResult(loop.getStep()), 1))
    return std::nullopt;
  Block &body = *loop.getBody();
  auto it = body.begin();
  auto next = [&]() -> Operation * { return it == body.end() ? nullptr : &*it++; };
  auto skipConstants = [&] {
    while (it != body.end() && it->hasTrait<OpTrait::ConstantLike>())
      ++it;
  };
  skipConstants();
  if (!isa_and_present<gpu::BarrierOp>(next()))
    return std::nullopt;
  skipConstants();
  auto copy = dyn_cast_if_present<StageCopyOp>(next());
  if (!copy || !copy.getAsync() || copy.getStep() != loop.getInductionVar() ||
      !isZero(copy.getStage()) ||
      !onlyConstantsFromBody(loop, copy, {copy.getStage(), copy.getStep()}))
    return std::nullopt;
  auto wait = dyn_cast_if_present<nvgpu::DeviceAsyncWaitOp>(next());
  if (!wait || wait.getAsyncDependencies() != copy.getToken() || wait.getNumGroups() != 0u ||
      !isa_and_present<gpu::BarrierOp>(next()))
    return std::nullopt;
  Match m{copy, {}};
  Value acc = loop.getRegionIterArg(0);
  for (;;) {
    skipConstants();
    Operation *op = next();
    if (auto yield = dyn_cast_if_present<scf::YieldOp>(op)) {
      if (m.slices.empty() || yield.getOperand(0) != acc)
        return std::nullopt;
      return m;
    }
    auto a = dyn_cast_if_present<WarpLoadOp>(op);
    skipConstants();
    auto b = dyn_cast_if_present<WarpLoadOp>(next());
    auto mma = dyn_cast_if_present<WarpMmaOp>(next());
    if (!a || !b || !mma || mma.getA() != a || mma.getB() != b || mma.getAcc() != acc ||
        a.getSource() != copy.getSa() || b.getSource() != copy.getSb() ||
        !isZero(a.getStage()) || !isZero(b.getStage()) ||
        !onlyConstantsFromBody(loop, a, a.getStage()) ||
        !onlyConstantsFromBody(loop, b, b.getStage()))
      return std::nullopt;
    m.slices.push_back({a, b, mma});
    acc = mma.getResult();
  }
}

class Pipeliner {
public:
  Pipeliner(scf::ForOp loop, Match m, int64_t stages)
      : loop(loop), m(m), stages(stages), b(loop), kb(b, loop.getLoc()) {}

  void run() {
    Location loc = loop.getLoc();
    // Prologue: steps 0 .. stages - 2, the K residue in step 0.
    Value token;
    for (int64_t s = 0; s + 1 < stages; ++s)
      token = copy(kb.idx(s), kb.idx(s), /*interior=*/s > 0);
    waitForStep(token);
    // Carried: the accumulator, the fragments of the next slice, the stage
    // of step kt.
    SmallVector<Value> init = {loop.getInitArgs()[0]};
    llvm::append_range(init, load(m.slices[0], kb.idx(0)));
    init.push_back(kb.idx(0));
    int64_t numSlices = m.slices.size();
    scf::ForOp pipelined = kb.forLoop(
        loop.getLowerBound(), loop.getUpperBound(), loop.getStep(), init,
        [&](Value kt, ValueRange it) {
          // Step kt is in `stage`. Refill the stage step kt - 1 used (every
          // warp passed the barrier after its last read); past the end, zeros.
          Value stage = it.back();
          auto [nextStage, refillStage] = kb.ringNeighbours(stage, stages);
          Value refillStep = kb.add(kt, kb.idx(stages - 1));
          Value refill = copy(refillStage, refillStep, /*interior=*/true);
          Value acc = it[0];
          SmallVector<Value> frags(it.slice(1, 2));
          for (int64_t i = 0; i < numSlices; ++i) {
            SmallVector<Value> nextFrags;
            if (i + 1 < numSlices) {
              nextFrags = load(m.slices[i + 1], stage);
            } else {
              waitForStep(refill);
              nextFrags = load(m.slices[0], nextStage);
            }
            acc = WarpMmaOp::create(b, loc, acc.getType(), frags[0], frags[1], acc);
            frags = nextFrags;
          }
          SmallVector<Value> next = {acc};
          llvm::append_range(next, frags);
          next.push_back(nextStage);
          return next;
        });
    // No cp.async may be left writing shared memory when the block exits
    // (or the epilogue reuses it).
    nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(0));
    loop.getResult(0).replaceAllUsesWith(pipelined.getResult(0));
    loop.erase();
  }

private:
  /// `op` at the builder, with `map`'s replacements and the constants it
  /// took from the loop body cloned along.
  Operation *cloneAt(Operation *op, IRMapping &map) {
    for (Value v : op->getOperands())
      if (!map.contains(v) && v.getParentRegion() == &loop.getRegion())
        map.map(v, b.clone(*v.getDefiningOp())->getResult(0));
    return b.clone(*op, map);
  }
  Value copy(Value stage, Value step, bool interior) {
    IRMapping map;
    map.map(m.copy.getStage(), stage);
    map.map(m.copy.getStep(), step);
    auto op = cast<StageCopyOp>(cloneAt(m.copy, map));
    op.setInterior(interior);
    return op.getToken();
  }
  SmallVector<Value> load(Slice slice, Value stage) {
    SmallVector<Value> frags;
    for (WarpLoadOp op : {slice.a, slice.b}) {
      IRMapping map;
      map.map(op.getStage(), stage);
      frags.push_back(cloneAt(op, map)->getResult(0));
    }
    return frags;
  }
  /// The stages - 2 youngest groups may stay in flight.
  void waitForStep(Value token) {
    nvgpu::DeviceAsyncWaitOp::create(b, loop.getLoc(), token, b.getI32IntegerAttr(stages - 2));
    gpu::BarrierOp::create(b, loop.getLoc());
  }

  scf::ForOp loop;
  Match m;
  int64_t stages;
  OpBuilder b;
  KernelBuilder kb;
};

struct MiniPipelineStagesPass : mini::impl::MiniPipelineStagesBase<MiniPipelineStagesPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, Match>> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (std::optional<Match> m = match(loop))
        loops.emplace_back(loop, *m);
    });
    for (auto &[loop, m] : loops) {
      int64_t stages = cast<MemRefType>(m.copy.getSa().getType()).getDimSize(0);
      if (stages >= 2 && cast<MemRefType>(m.copy.getSb().getType()).getDimSize(0) >= stages)
        Pipeliner(loop, m, stages).run();
    }
  }
};

} // namespace
