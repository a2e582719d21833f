// Tensor-core matmul: the end of a block whose tile is split along K over
// several blocks (config tail_splits). Each block writes its f32 partial
// tile to its own slot; the last block to count itself in the tile's counter
// adds the slots in split order, so the sum does not depend on which block
// came last, and writes C. No block ever waits for another: the split
// blocks need neither to be resident together nor to start in order.
#include "TensorCoreEmitter.h"

namespace mini::tensorcore {

void TensorCoreEmitter::splitEpilogue(Value acc, Value C, Value cBase, const Split &s,
                                      Value scratch) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  int64_t tileElements = t.tm * t.tn;
  Value firstSlot = kb.mul(kb.mul(s.tile, s.splits), kb.idx(tileElements));
  Value slot = kb.add(firstSlot, kb.mul(s.split, kb.idx(tileElements)));
  WarpStoreOp::create(b, loc, acc, s.partials, slot, warpRow, warpCol, kb.idx(t.tm),
                      kb.idx(t.tn), scratch, /*pairs=*/!scratch);
  // The classic threadfence reduction: every thread's partial is visible at
  // GPU scope before thread 0 counts the block in, and the block that counts
  // last reads the others' partials after a fence of its own. The math
  // threads meet at named barrier 1 (a producer warpgroup is elsewhere;
  // nvvm.barrier's or-reduction exists for barrier 0 only).
  NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
  auto mathBarrier = [&] {
    NVVM::BarrierOp::create(b, loc, TypeRange{}, kb.i32(1), kb.i32(t.threads),
                            NVVM::BarrierReductionAttr(), Value());
  };
  mathBarrier();
  // Thread 0 counts the block in and tells the others through shared memory.
  kb.ifThenElse(isThread0(), [&] {
    Value before = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, kb.i32(1),
                                               s.counters, ValueRange{s.tile});
    Value splits = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), s.splits);
    Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, before,
                                       arith::SubIOp::create(b, loc, splits, kb.i32(1)));
    // Ready for the next launch: every block of the tile has counted.
    kb.ifThenElse(last, [&] {
      memref::StoreOp::create(b, loc, kb.i32(0), s.counters, ValueRange{s.tile});
    });
    memref::StoreOp::create(b, loc, arith::ExtUIOp::create(b, loc, b.getI32Type(), last),
                            s.flag, ValueRange{kb.idx(0)});
  });
  mathBarrier();
  Value isLast = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      memref::LoadOp::create(b, loc, s.flag, ValueRange{kb.idx(0)}), kb.i32(0));
  kb.ifThenElse(isLast, [&] {
    NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
    addPartials(C, cBase, firstSlot, s);
  });
}

void TensorCoreEmitter::addPartials(Value C, Value cBase, Value firstSlot, const Split &s) {
  // A run is four consecutive elements of the tile: one float4 per slot, and
  // four elements of C that are all inside N or all outside (a split tile's
  // rows are aligned: N % 8 == 0). A pass of the block covers `perPass`.
  constexpr int64_t width = 4;
  int64_t tileElements = t.tm * t.tn;
  int64_t perPass = t.threads * width;
  assert(tileElements % perPass == 0 && "a warp tile holds a multiple of 16x8 elements");
  int64_t runs = tileElements / perPass;
  // Each thread loads a batch of its runs from a slot before adding any, so
  // that their L2 round trips overlap instead of following one another. The
  // accumulator is in the slot by now; its registers hold the batch.
  int64_t batch = std::min<int64_t>(runs, 16);
  while (runs % batch)
    --batch;
  Value first = kb.mul(tid, kb.idx(width));
  kb.forLoop(kb.idx(0), kb.idx(runs), kb.idx(batch), {}, [&](Value run0, ValueRange) {
    SmallVector<Value> elements;
    for (int64_t r = 0; r < batch; ++r)
      elements.push_back(kb.add(first, kb.mul(kb.add(run0, kb.idx(r)), kb.idx(perPass))));
    auto loadSlot = [&](Value slot) {
      SmallVector<Value> values;
      for (Value e : elements)
        llvm::append_range(values, kb.loadVecF32(s.partials, kb.add(slot, e), width));
      return values;
    };
    auto addSlot = [&](Value j, ValueRange sum) {
      SmallVector<Value> part = loadSlot(kb.add(firstSlot, kb.mul(j, kb.idx(tileElements))));
      SmallVector<Value> next;
      for (auto [x, y] : llvm::zip_equal(sum, part))
        next.push_back(kb.fadd(x, y));
      return next;
    };
    scf::ForOp add = kb.forLoop(kb.idx(1), s.splits, kb.idx(1), loadSlot(firstSlot), addSlot);
    SmallVector<Value> sum(add.getResults());
    for (auto [r, e] : llvm::enumerate(elements)) {
      Value row = kb.add(row0, kb.div(e, kb.idx(t.tn)));
      Value col = kb.add(col0, kb.rem(e, kb.idx(t.tn)));
      kb.ifThenElse(kb.andi(kb.ult(row, M), kb.ult(col, N)), [&] {
        kb.storeVecF32(ArrayRef(sum).slice(r * width, width), C,
                       kb.add(cBase, kb.add(kb.mul(row, N), col)));
      });
    }
    return SmallVector<Value>{};
  });
}

} // namespace mini::tensorcore
