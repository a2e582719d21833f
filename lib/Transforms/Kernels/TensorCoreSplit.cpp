// Tensor-core matmul: a block of the stream-K tail (config tail_splits).
// The tail's tiles are laid end to end as one sequence of K steps, and block
// b runs steps b * W .. (b + 1) * W of it, which span at most two tiles (W
// is at most a tile's steps). For each tile it touches it writes its f32
// partial tile to slot b + t of the workspace and counts itself in the
// tile's counter; the last block to count adds the tile's slots in block
// order, so the sum does not depend on which block came last, and writes C.
// No block ever waits for another: the tail's blocks need neither to be
// resident together nor to start in order.
//
// Where every tile is in the tail and the launch has tiles x ceildiv(S, W)
// blocks (launch::planTail's aligned split), block b instead runs steps
// c * W .. (c + 1) * W of tile b mod tiles, c = b / tiles: the blocks that
// run together read the same K slices of A and B, which L2 then serves
// (docs/PERF.md v35, v36). Its partial goes to slot t x splits + c.
#include "TensorCoreEmitter.h"

namespace mini::tensorcore {

TensorCoreEmitter::TailPlan TensorCoreEmitter::planTail(Value block, Value width,
                                                        Value unsplit) {
  auto ceilDiv = [&](Value x, int64_t y) {
    return arith::CeilDivUIOp::create(kb.b, kb.loc, x, kb.idx(y)).getResult();
  };
  Value steps = ceilDiv(K, t.tk), tilesN = ceilDiv(N, t.tn);
  Value tiles = kb.sub(kb.mul(tilesN, ceilDiv(M, t.tm)), unsplit);
  Value total = kb.mul(tiles, steps);
  // Global steps g0 .. g1; the first tile's end g0's tile ends at. A width
  // past a tile's steps would need a third piece: the range stops at two.
  Value g0 = kb.mul(block, width);
  Value t0 = kb.div(g0, steps);
  Value g1 = kb.min(kb.min(kb.add(g0, width), total), kb.mul(kb.add(t0, kb.idx(2)), steps));
  Value split = kb.min(g1, kb.mul(kb.add(t0, kb.idx(1)), steps));
  TailPlan plan;
  plan.hasSteps = kb.ult(g0, g1);
  Value end1 = kb.sub(split, g0);
  plan.firstStep = kb.sub(g0, kb.mul(t0, steps));
  for (int64_t piece = 0; piece < 2; ++piece) {
    Value tile = kb.add(t0, kb.idx(piece));
    Value c = kb.add(unsplit, tile); // C tiles along N, then M
    Value col0 = kb.mul(kb.rem(c, tilesN), kb.idx(t.tn));
    Value row0 = kb.mul(kb.div(c, tilesN), kb.idx(t.tm));
    // The blocks whose ranges meet the tile: from the one its first step is
    // in to the one its last step is in.
    Value firstBlock = kb.div(kb.mul(tile, steps), width);
    Value lastBlock = kb.div(kb.sub(kb.min(kb.mul(kb.add(tile, kb.idx(1)), steps), total),
                                    kb.idx(1)),
                             width);
    Value slot = kb.add(block, tile), firstSlot = kb.add(firstBlock, tile);
    Value slots = kb.add(kb.sub(lastBlock, firstBlock), kb.idx(1));
    llvm::append_range(plan.stash, SmallVector<Value>{row0, col0, tile, slot, firstSlot, slots});
  }
  plan.stash.push_back(end1);
  plan.stash.push_back(kb.sub(g1, g0));

  // The aligned split: one piece, piece 1 left empty (end1 = end).
  Value splits = arith::CeilDivUIOp::create(kb.b, kb.loc, steps, width);
  Value gridBlocks = gpu::GridDimOp::create(kb.b, kb.loc, gpu::Dimension::x);
  auto eq = [&](Value x, Value y) {
    return arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, x, y).getResult();
  };
  Value aligned = kb.andi(eq(unsplit, kb.idx(0)), eq(gridBlocks, kb.mul(tiles, splits)));
  Value tile = kb.rem(block, tiles), chunk = kb.div(block, tiles);
  Value first = kb.mul(chunk, width);
  Value length = kb.min(width, kb.sub(steps, first));
  Value firstSlot = kb.mul(tile, splits);
  SmallVector<Value> alignedPiece{kb.mul(kb.div(tile, tilesN), kb.idx(t.tm)),
                                  kb.mul(kb.rem(tile, tilesN), kb.idx(t.tn)),
                                  tile,
                                  kb.add(firstSlot, chunk),
                                  firstSlot,
                                  splits};
  for (auto [i, v] : llvm::enumerate(alignedPiece))
    plan.stash[i] = kb.select(aligned, v, plan.stash[i]);
  plan.stash[kEnd1] = kb.select(aligned, length, plan.stash[kEnd1]);
  plan.stash[kEnd] = kb.select(aligned, length, plan.stash[kEnd]);
  plan.firstStep = kb.select(aligned, first, plan.firstStep);
  plan.hasSteps = kb.select(aligned, kb.ult(first, steps), plan.hasSteps);
  return plan;
}

Value TensorCoreEmitter::stashed(Value stash, int64_t field) {
  return arith::IndexCastUIOp::create(kb.b, kb.loc, kb.b.getIndexType(),
                                      memref::LoadOp::create(kb.b, kb.loc, stash,
                                                             ValueRange{kb.idx(field)}));
}

void TensorCoreEmitter::tailEpilogue(Value acc, Value C, Value stash, int64_t piece,
                                     Value partials, Value counters, Value scratch,
                                     function_ref<void()> mathBarrier) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  auto field = [&](int64_t f) { return stashed(stash, piece * kPieceFields + f); };
  TensorCoreEmitter placed = *this;
  placed.row0 = field(kRow0);
  placed.col0 = field(kCol0);
  Value tile = field(kTile), slots = field(kSlots);
  Value tileElements = kb.idx(t.tm * t.tn);
  Value firstSlot = kb.mul(field(kFirstSlot), tileElements);
  WarpStoreOp::create(b, loc, acc, partials, kb.mul(field(kSlot), tileElements), warpRow,
                      warpCol, kb.idx(t.tm), kb.idx(t.tn), scratch, /*pairs=*/!scratch,
                      ValueRange(), DenseBoolArrayAttr());
  // The classic threadfence reduction: every thread's partial is visible at
  // GPU scope before thread 0 counts the block in, and the block that counts
  // last reads the others' partials after a fence of its own.
  NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
  mathBarrier();
  // Thread 0 counts the block in and tells the others through the stash
  // (the stages may be filling with the next piece's steps).
  kb.ifThenElse(isThread0(), [&] {
    Value before = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, kb.i32(1),
                                               counters, ValueRange{tile});
    Value count = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), slots);
    Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, before,
                                       arith::SubIOp::create(b, loc, count, kb.i32(1)));
    // Ready for the next launch: every block of the tile has counted.
    kb.ifThenElse(last, [&] {
      memref::StoreOp::create(b, loc, kb.i32(0), counters, ValueRange{tile});
    });
    memref::StoreOp::create(b, loc, arith::ExtUIOp::create(b, loc, b.getI64Type(), last), stash,
                            ValueRange{kb.idx(kFlag)});
  });
  mathBarrier();
  Value isLast = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      memref::LoadOp::create(b, loc, stash, ValueRange{kb.idx(kFlag)}),
      arith::ConstantIntOp::create(b, loc, 0, 64));
  kb.ifThenElse(isLast, [&] {
    NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
    placed.addPartials(C, firstSlot, slots, partials);
  });
}

void TensorCoreEmitter::addPartials(Value C, Value firstSlot, Value slots, Value partials) {
  // A run is four consecutive elements of the tile: one float4 per slot, and
  // four elements of C that are all inside N or all outside (a tail tile's
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
        llvm::append_range(values, kb.loadVecF32(partials, kb.add(slot, e), width));
      return values;
    };
    auto addSlot = [&](Value j, ValueRange sum) {
      SmallVector<Value> part = loadSlot(kb.add(firstSlot, kb.mul(j, kb.idx(tileElements))));
      SmallVector<Value> next;
      for (auto [x, y] : llvm::zip_equal(sum, part))
        next.push_back(kb.fadd(x, y));
      return next;
    };
    scf::ForOp add = kb.forLoop(kb.idx(1), slots, kb.idx(1), loadSlot(firstSlot), addSlot);
    SmallVector<Value> sum(add.getResults());
    SmallVector<MatmulEpilogue::Group> groups;
    for (auto [r, e] : llvm::enumerate(elements)) {
      Value row = kb.add(row0, kb.div(e, kb.idx(t.tn)));
      Value col = kb.add(col0, kb.rem(e, kb.idx(t.tn)));
      ArrayRef<Value> run = ArrayRef(sum).slice(r * width, width);
      groups.push_back({{run.begin(), run.end()},
                        kb.add(kb.mul(row, N), col),
                        col,
                        kb.andi(kb.ult(row, M), kb.ult(col, N))});
    }
    SmallVector<SmallVector<Value>> values = cEpilogue.apply(kb, groups);
    for (auto [g, group] : llvm::enumerate(groups))
      kb.ifThenElse(group.inside, [&] { kb.storeVecF32(values[g], C, group.at); });
    return SmallVector<Value>{};
  });
}

} // namespace mini::tensorcore
