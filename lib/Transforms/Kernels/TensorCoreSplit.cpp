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
    // Four consecutive elements of the tile per thread and pass.
    constexpr int64_t width = 4;
    kb.forLoop(kb.mul(tid, kb.idx(width)), kb.idx(tileElements), kb.idx(t.threads * width), {},
               [&](Value e, ValueRange) {
      Value at = kb.add(firstSlot, e);
      SmallVector<Value> sum = kb.loadVecF32(s.partials, at, width);
      auto addSlot = [&](Value j, ValueRange acc) {
        SmallVector<Value> part =
            kb.loadVecF32(s.partials, kb.add(at, kb.mul(j, kb.idx(tileElements))), width);
        SmallVector<Value> next;
        for (int64_t i = 0; i < width; ++i)
          next.push_back(kb.fadd(acc[i], part[i]));
        return next;
      };
      scf::ForOp add = kb.forLoop(kb.idx(1), s.splits, kb.idx(1), sum, addSlot);
      Value row = kb.add(row0, kb.div(e, kb.idx(t.tn)));
      Value col = kb.add(col0, kb.rem(e, kb.idx(t.tn)));
      Value rowOk = kb.ult(row, M);
      Value rowBase = kb.add(cBase, kb.mul(row, N));
      for (int64_t i = 0; i < width; ++i) {
        Value c = kb.add(col, kb.idx(i));
        kb.storeIf(kb.andi(rowOk, kb.ult(c, N)), add.getResult(i), C, kb.add(rowBase, c));
      }
      return SmallVector<Value>{};
    });
  });
}

} // namespace mini::tensorcore
