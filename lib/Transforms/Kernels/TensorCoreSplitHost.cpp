// The stream-K tail's plan in the host IR (the tail kernel itself:
// TensorCoreSplit.cpp).
#include "HostLaunches.h"

using namespace mlir;

namespace mini {

TailSplitPlan planTailSplits(OpBuilder &b, Location loc, std::array<Value, 3> grid, Value steps,
                             Value aligned, int64_t smCount, int64_t maxSplits) {
  KernelBuilder kb(b, loc);
  auto ceilDiv = [&](Value x, Value y) {
    return arith::CeilDivUIOp::create(b, loc, x, y).getResult();
  };
  Value tiles = kb.mul(kb.mul(grid[0], grid[1]), grid[2]);
  Value tail = kb.rem(tiles, kb.idx(smCount));
  Value total = kb.mul(tail, steps);
  Value width = arith::MaxUIOp::create(
      b, loc, ceilDiv(total, kb.idx(smCount)),
      kb.min(ceilDiv(steps, kb.idx(maxSplits)), kb.idx(MatmulConfigAttr::kTailStepsEnough)));
  Value worth = kb.ule(kb.mul(width, kb.idx(4)), kb.mul(steps, kb.idx(3)));
  Value split = kb.andi(kb.andi(aligned, worth),
                        kb.andi(kb.ult(kb.idx(0), tail),
                                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, grid[2],
                                                      kb.idx(1))));
  TailSplitPlan plan;
  plan.splitTiles = kb.select(split, tail, kb.idx(0));
  plan.unsplit = kb.sub(tiles, plan.splitTiles);
  plan.stepsPerBlock = width;
  plan.blocks = kb.select(split, ceilDiv(total, kb.select(split, width, kb.idx(1))), kb.idx(0));
  return plan;
}

} // namespace mini
