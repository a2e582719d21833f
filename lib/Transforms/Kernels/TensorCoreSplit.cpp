// Tensor-core matmul: a block of the stream-K tail (config tail_splits).
// The tail's tiles are laid end to end as one sequence of K steps, and block
// b runs steps b * W .. (b + 1) * W of it, which span at most two tiles (W
// is at most a tile's steps). For each tile it touches it writes its f32
// partial tile to slot b + t of the workspace and counts itself in; the
// last block to count adds the tile's slots in block order (in two levels
// where there are many: tailEpilogue), so the sum does not depend on which
// block came last, and writes C.
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
    llvm::append_range(plan.stash, SmallVector<Value>{row0, col0, slot, firstSlot, slots});
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
                                  kb.add(firstSlot, chunk), firstSlot, splits};
  for (auto [i, v] : llvm::enumerate(alignedPiece))
    plan.stash[i] = kb.select(aligned, v, plan.stash[i]);
  plan.stash[kEnd1] = kb.select(aligned, length, plan.stash[kEnd1]);
  plan.stash[kEnd] = kb.select(aligned, length, plan.stash[kEnd]);
  for (int64_t piece = 0; piece < 2; ++piece)
    plan.stash[piece * kPieceFields + kRow0] = boxRow(plan.stash[piece * kPieceFields + kRow0]);
  plan.firstStep = kb.select(aligned, first, plan.firstStep);
  plan.hasSteps = kb.select(aligned, kb.ult(first, steps), plan.hasSteps);
  return plan;
}

Value TensorCoreEmitter::stashed(Value stash, int64_t field) {
  return arith::IndexCastUIOp::create(kb.b, kb.loc, kb.b.getIndexType(),
                                      memref::LoadOp::create(kb.b, kb.loc, stash,
                                                             ValueRange{kb.idx(field)}));
}

/// Counts the block in at counters[index] (thread 0) and returns whether it
/// was the last of `count`, to every math thread (through the stash). The
/// classic threadfence reduction: the caller's writes are visible at GPU
/// scope before thread 0 counts, and the last block fences before it reads
/// the others'. The last block resets the counter for the next launch.
Value TensorCoreEmitter::countIn(Value counters, Value index, Value count, Value stash,
                                 function_ref<void()> mathBarrier) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
  mathBarrier();
  // Through the stash: the stages may be filling with the next piece's steps.
  kb.ifThenElse(isThread0(), [&] {
    Value before = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, kb.i32(1),
                                               counters, ValueRange{index});
    Value total = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), count);
    Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, before,
                                       arith::SubIOp::create(b, loc, total, kb.i32(1)));
    kb.ifThenElse(last,
                  [&] { memref::StoreOp::create(b, loc, kb.i32(0), counters, ValueRange{index}); });
    memref::StoreOp::create(b, loc, arith::ExtUIOp::create(b, loc, b.getI64Type(), last), stash,
                            ValueRange{kb.idx(kFlag)});
  });
  mathBarrier();
  return flagSet(stash);
}

Value TensorCoreEmitter::flagSet(Value stash) {
  return arith::CmpIOp::create(
      kb.b, kb.loc, arith::CmpIPredicate::ne,
      memref::LoadOp::create(kb.b, kb.loc, stash, ValueRange{kb.idx(kFlag)}),
      arith::ConstantIntOp::create(kb.b, kb.loc, 0, 64));
}

void TensorCoreEmitter::tailEpilogue(Value acc, Value C, Value stash, int64_t piece, Value partials,
                                     Value counters, Value scratch,
                                     function_ref<void()> mathBarrier) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  auto field = [&](int64_t f) { return stashed(stash, piece * kPieceFields + f); };
  TensorCoreEmitter placed = *this;
  placed.row0 = field(kRow0);
  placed.col0 = field(kCol0);
  Value slot = field(kSlot), firstSlot = field(kFirstSlot), slots = field(kSlots);
  Value tileElements = kb.idx(t.tm * t.tn);
  auto at = [&](Value slot) { return kb.mul(slot, tileElements); };
  WarpStoreOp::create(b, loc, acc, partials, at(slot), warpRow, warpCol, kb.idx(t.tm), kb.idx(t.tn),
                      /*first_row=*/Value(), scratch, /*pairs=*/!scratch, /*any_cols=*/false,
                      ValueRange(), DenseBoolArrayAttr());
  // The tile's slots are summed in two levels where there are more than
  // kFlatSlots (tall K over few tiles: up to 66 a tile): the last block of
  // each group of ceil(sqrt(slots)) consecutive slots (slots / kFlatSlots
  // past kFlatSlots^2) adds the group into its first slot, and the last
  // group's block adds those sums into C. One block reading
  // every slot took 85 of 100 us at 256^2 x 65536 (docs/PERF.md v36).
  // Groups and order are fixed: the sum does not depend on who came last.
  // Counters: the group's at its first slot, the tile's at its second slot
  // (no group starts there when there are two levels).
  Value flat = kb.idx(kFlatSlots);
  Value wide = arith::CeilDivUIOp::create(b, loc, slots, flat);
  Value groupSize = kb.select(kb.ult(wide, flat), flat, wide);
  for (int64_t root = kFlatSlots - 1; root > 2; --root) // ceil(sqrt(slots)) up to 64
    groupSize = kb.select(kb.ule(slots, kb.idx(root * root)), kb.idx(root), groupSize);
  groupSize = kb.select(kb.ule(slots, flat), slots, groupSize);
  Value group = kb.div(kb.sub(slot, firstSlot), groupSize);
  Value groupFirst = kb.add(firstSlot, kb.mul(group, groupSize));
  Value inGroup = kb.min(groupSize, kb.sub(kb.add(firstSlot, slots), groupFirst));
  Value groups = arith::CeilDivUIOp::create(b, loc, slots, groupSize);
  Value one = kb.idx(1);
  kb.ifThenElse(countIn(counters, groupFirst, inGroup, stash, mathBarrier), [&] {
    NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
    Value twoLevels = kb.ult(one, groups);
    // The flag stays set (this block was last) with one level.
    kb.ifThenElse(twoLevels, [&] {
      placed.addPartials(at(groupFirst), inGroup, tileElements, partials, /*C=*/Value(),
                         at(groupFirst));
      countIn(counters, kb.add(firstSlot, one), groups, stash, mathBarrier);
    });
    kb.ifThenElse(flagSet(stash), [&] {
      NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
      placed.addPartials(at(firstSlot), kb.select(twoLevels, groups, slots),
                         kb.select(twoLevels, at(groupSize), tileElements), partials, C, Value());
    });
  });
}

void TensorCoreEmitter::addPartials(Value first, Value count, Value stride, Value partials, Value C,
                                    Value into) {
  // A run is four consecutive elements of the tile: one float4 per slot. A
  // pass of the block covers `perPass`.
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
  Value firstElement = kb.mul(tid, kb.idx(width));
  Value ownFrom = C ? firstOwnRow() : Value(); // rows of C this tile stores from
  kb.forLoop(kb.idx(0), kb.idx(runs), kb.idx(batch), {}, [&](Value run0, ValueRange) {
    SmallVector<Value> elements;
    for (int64_t r = 0; r < batch; ++r)
      elements.push_back(kb.add(firstElement, kb.mul(kb.add(run0, kb.idx(r)), kb.idx(perPass))));
    auto loadSlot = [&](Value slot) {
      SmallVector<Value> values;
      for (Value e : elements)
        llvm::append_range(values, kb.loadVecF32(partials, kb.add(slot, e), width));
      return values;
    };
    // Two slots an iteration: twice the loads in flight (one slot's took
    // 0.8 us, an L2 round trip). An odd count's last iteration loads its
    // slot twice and adds it once.
    auto addSlots = [&](Value j, ValueRange sum) {
      Value next = kb.add(j, kb.idx(1));
      Value hasNext = kb.ult(next, count);
      SmallVector<Value> part = loadSlot(kb.add(first, kb.mul(j, stride)));
      SmallVector<Value> nextPart =
          loadSlot(kb.add(first, kb.mul(kb.select(hasNext, next, j), stride)));
      SmallVector<Value> added;
      for (auto [x, y, z] : llvm::zip_equal(sum, part, nextPart)) {
        Value xy = kb.fadd(x, y);
        added.push_back(kb.select(hasNext, kb.fadd(xy, z), xy));
      }
      return added;
    };
    scf::ForOp add = kb.forLoop(kb.idx(1), count, kb.idx(2), loadSlot(first), addSlots);
    SmallVector<Value> sum(add.getResults());
    if (!C) {
      for (auto [r, e] : llvm::enumerate(elements))
        kb.storeVecF32(ArrayRef(sum).slice(r * width, width), partials, kb.add(into, e));
      return SmallVector<Value>{};
    }
    // A run's four elements of C as one vector where N holds whole runs,
    // else one at a time (N not a multiple of 4: C's rows start anywhere;
    // A and B then come from the runtime's 16-byte copies), a run's four
    // at a time: all the batch's elements at once, each with its own
    // addresses, spilled 132 bytes with a fused epilogue.
    auto runGroups = [&](size_t r, Value e, int64_t perGroup) {
      SmallVector<MatmulEpilogue::Group> groups;
      Value row = kb.add(row0, kb.div(e, kb.idx(t.tn)));
      Value rowIn = MmaFragments::storedRow(kb, row, M, ownFrom);
      for (int64_t i = 0; i < width; i += perGroup) {
        Value col = kb.add(col0, kb.add(kb.rem(e, kb.idx(t.tn)), kb.idx(i)));
        ArrayRef<Value> part = ArrayRef(sum).slice(r * width + i, perGroup);
        groups.push_back({{part.begin(), part.end()},
                          kb.add(kb.mul(row, N), col),
                          col,
                          kb.andi(rowIn, kb.ult(col, N))});
      }
      return groups;
    };
    Value wholeRuns = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq,
                                            kb.rem(N, kb.idx(width)), kb.idx(0));
    kb.ifThenElse(
        wholeRuns,
        [&] {
          SmallVector<MatmulEpilogue::Group> groups;
          for (auto [r, e] : llvm::enumerate(elements))
            llvm::append_range(groups, runGroups(r, e, width));
          cEpilogue.store(kb, groups, C);
        },
        [&] {
          for (auto [r, e] : llvm::enumerate(elements))
            cEpilogue.store(kb, runGroups(r, e, 1), C);
        });
    return SmallVector<Value>{};
  });
}

} // namespace mini::tensorcore
