// FlashAttention-2 on tensor cores: a block owns 16 query rows per warp of one
// (batch, head); Q's fragments are loaded once (kept in registers for D <=
// 128), K and V tiles of `keys` rows go through shared memory by cp.async
// (rows padded by 16 bytes, so ldmatrix hits distinct banks), S = Q Kt and
// O += P V are ldmatrix + mma.sync m16n8k16 with f32 accumulators, and the
// online softmax (running max and sum per row, exp2 domain with the scale
// folded in) works on the S accumulators in registers. P becomes the second
// product's A fragments without leaving registers.
//
// K and V go through a ring of two stages each (the decode kernel, whose math
// per tile is short, up to four): tile j + stages - 1's copies are issued as
// tile j's math starts, and one wait and barrier per tile hand the stages over (the
// key loop is built unpipelined with its schedule, and expanded by
// PipelineSchedule.h as the matmul K loops are). The
// ldmatrix addresses are a stage's base plus the lane's offset (both 32-bit)
// plus an immediate, so the key loop holds three registers for them, not one
// per ldmatrix.
//
// Masks: a tile wholly visible to every row of the block takes no mask code;
// the last tile (keys past T) and, with causal, tiles on the diagonal mask
// their scores (AttentionMmaMasking.cpp, with the diagonal's NaN-exact
// O += P V).
#include "AttentionMmaEmitter.h"

#include "mini/Transforms/MatmulConfig.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace mini {

/// Copies rows first .. first + tileRows - 1 (those below `limit`; the rest
/// and the head dims past D are zeros) of the rows x D matrix at `base` of
/// `src` into stage `stage` of `smem` ([stages, tileRows, Dp + 8]) as 16-byte
/// cp.async chunks. The copies go to `tokens`, but for a last round that not
/// every thread has: the thread's next group takes those (a group is every
/// copy the thread issued since its last), so that each tile is one group
/// in every thread.
void AttentionMmaEmitter::copyTile(SmallVectorImpl<Value> &tokens, Value smem, Value stage,
                                   Value src, Value base, Value first, Value limit,
                                   int64_t tileRows) {
  int64_t perRow = Dp / kAttentionChunk, chunks = tileRows * perRow;
  Value Dv = kb.idx(D);
  for (int64_t c0 = 0; c0 < chunks; c0 += threads()) {
    Value c = kb.add(tid, kb.idx(c0));
    Value r = kb.div(c, kb.idx(perRow));
    Value col = kb.mul(kb.rem(c, kb.idx(perRow)), kb.idx(kAttentionChunk));
    Value row = kb.add(first, r);
    Value ok = kb.andi(kb.ult(row, limit), kb.ult(col, Dv));
    Value src0 = kb.select(ok, kb.add(base, kb.add(kb.mul(row, Dv), col)), base);
    Value count = kb.select(ok, kb.idx(kAttentionChunk), kb.idx(0));
    auto copy = [&] {
      return nvgpu::DeviceAsyncCopyOp::create(b, kb.loc, smem, ValueRange{stage, r, col}, src,
                                              ValueRange{src0}, b.getIndexAttr(kAttentionChunk), count,
                                              /*bypassL1=*/b.getUnitAttr())
          .getResult();
    };
    if (c0 + threads() <= chunks)
      tokens.push_back(copy());
    else
      kb.ifThenElse(kb.ult(c, kb.idx(chunks)), [&] { copy(); });
  }
}

Value AttentionMmaEmitter::laneAddress(Value smem, Value stage, Value row, Value col) {
  auto type = cast<MemRefType>(smem.getType());
  int64_t eltBytes = type.getElementTypeBitWidth() / 8;
  int64_t rowBytes = type.getDimSize(2) * eltBytes, stageBytes = type.getDimSize(1) * rowBytes;
  Value base = toI32(memref::ExtractAlignedPointerAsIndexOp::create(b, kb.loc, smem));
  Value offset = kb.add(kb.mul(stage, kb.idx(stageBytes)),
                        kb.add(kb.mul(row, kb.idx(rowBytes)), kb.mul(col, kb.idx(eltBytes))));
  return arith::AddIOp::create(b, kb.loc, base, toI32(offset));
}

Value AttentionMmaEmitter::ldmatrix(Value base, int64_t immediate, bool transpose) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value ptr = LLVM::IntToPtrOp::create(b, kb.loc, ptrType, base);
  if (immediate)
    ptr = LLVM::GEPOp::create(b, kb.loc, ptrType, b.getI8Type(), ptr,
                              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(immediate)});
  auto i32 = b.getI32Type();
  Type structType = LLVM::LLVMStructType::getLiteral(b.getContext(), {i32, i32, i32, i32});
  Value four = NVVM::LdMatrixOp::create(
      b, kb.loc, structType, ptr, /*num=*/4, transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8), NVVM::LdStMatrixEltType::B16);
  SmallVector<Value> pairs;
  auto pairType = VectorType::get({2}, elt);
  SmallVector<Value> elems;
  for (int64_t i = 0; i < 4; ++i) {
    Value pair = LLVM::BitcastOp::create(b, kb.loc, pairType,
                                         LLVM::ExtractValueOp::create(b, kb.loc, four, i));
    for (int64_t e = 0; e < 2; ++e)
      elems.push_back(vector::ExtractOp::create(b, kb.loc, pair, ArrayRef<int64_t>{e}));
  }
  return vector::FromElementsOp::create(b, kb.loc, VectorType::get({4, 2}, elt), elems);
}

void AttentionMmaEmitter::wait(Value token, int64_t pending) {
  nvgpu::DeviceAsyncWaitOp::create(b, kb.loc, token, b.getI32IntegerAttr(pending));
  gpu::BarrierOp::create(b, kb.loc);
}

/// O / l per row (0 for a row that sees no key), staged through the warp's
/// rows of Q's buffer into 16-byte stores; in the decode kernel with more
/// than one split, the partials instead.
void AttentionMmaEmitter::epilogue(ValueRange m, ValueRange l, ValueRange o) {
  if (decode) {
    Value several = kb.ult(kb.idx(1), splits);
    auto ifSeveral = scf::IfOp::create(b, kb.loc, TypeRange{}, several, /*withElse=*/true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(ifSeveral.thenBlock()->getTerminator());
    storePartials(m, l, o);
    b.setInsertionPoint(ifSeveral.elseBlock()->getTerminator());
  }
  SmallVector<Value> inv;
  for (int64_t i = 0; i < 2; ++i) {
    Value pos = position(kb.add(laneRow, kb.idx(8 * i)));
    // The row sees key keyStart, the first the block visits.
    Value sawKey = decode ? kb.ult(keyStart, keyEnd) : kb.ult(kb.idx(0), T);
    if (causal)
      sawKey = kb.andi(sawKey, kb.ule(kb.add(keyStart, S), kb.add(pos, T)));
    Value total = quadReduce(l[i], /*isMax=*/false);
    inv.push_back(kb.select(sawKey, kb.fdiv(kb.f32(1.0f), total), kb.f32(0.0f)));
  }
  auto fragType = cast<VectorType>(o.front().getType());
  Value factors =
      vector::FromElementsOp::create(b, kb.loc, fragType, ValueRange{inv[0], inv[0], inv[1], inv[1]});
  SmallVector<Value> scaled;
  for (Value frag : o)
    scaled.push_back(arith::MulFOp::create(b, kb.loc, frag, factors));
  WarpTileType acc = tile("acc", 16, Dp, b.getF32Type());
  Value scratch = memref::ViewOp::create(
      b, kb.loc, workgroupMemRef({rows() * rowStride(D)}, elt), raw,
      scratchShift ? scratchShift : kb.idx(0), ValueRange{});
  fr.store(kb, acc, scaled,
           {O, qBase, warpRow0, kb.idx(0), qRows, kb.idx(D), scratch, /*pairs=*/false});
}

/// The decode kernel's partials of one split (KernelSplitKeys): per row, O
/// / l and m + log2 l, where l is the row's sum of exponentials in this
/// split (m its running max, exp2 domain). A row that sees none of the
/// split's keys (l = 0) gets -inf, and O x 0, so that the combine weighs it
/// 0 and NaN or Inf in V at a key the row sees (whose weight underflowed)
/// still propagates as it does in one pass.
void AttentionMmaEmitter::storePartials(ValueRange m, ValueRange l, ValueRange o) {
  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  Value rowsTotal = kb.mul(kb.mul(B, H), S);
  Value slot0 = kb.add(kb.mul(split, rowsTotal), kb.mul(batchGroup, qRows));
  Value col = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
  Value quadLeader = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq,
                                           kb.rem(lane, kb.idx(4)), kb.idx(0));
  for (int64_t i = 0; i < 2; ++i) {
    Value row = kb.add(laneRow, kb.idx(8 * i));
    Value total = quadReduce(l[i], /*isMax=*/false);
    Value none = arith::CmpFOp::create(b, kb.loc, arith::CmpFPredicate::OEQ, total, kb.f32(0.0f));
    Value inv = kb.select(none, kb.f32(0.0f), kb.fdiv(kb.f32(1.0f), total));
    Value log2Sum = LLVM::CallIntrinsicOp::create(b, kb.loc, b.getF32Type(),
                                                  b.getStringAttr("llvm.nvvm.lg2.approx.f"),
                                                  total)
                        .getResult(0);
    Value rowLse = kb.select(none, negInf, kb.fadd(m[i], log2Sum));
    kb.ifThenElse(kb.ult(row, qRows), [&] {
      Value slot = kb.add(slot0, row);
      for (int64_t n = 0; n < Dp / 8 && 8 * n < D; ++n)
        kb.storeVecF32({kb.fmul(element(o[n], i, 0), inv), kb.fmul(element(o[n], i, 1), inv)},
                       partials, kb.add(kb.mul(slot, kb.idx(D)), kb.add(col, kb.idx(8 * n))));
      kb.ifThenElse(quadLeader, [&] { kb.storeVecF32({rowLse}, lse, slot); });
    });
  }
}

/// Dynamic shared memory: the stages of K and V tiles, and Q's tile in a
/// buffer of its own or, when its fragments stay in registers, in V's last
/// stage until they are loaded (70 KB at D = 128: three blocks per SM).
void AttentionMmaEmitter::sharedMemory() {
  int64_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
  MemRefType qType = workgroupMemRef({1, rows(), rowStride(D)}, elt);
  MemRefType kvType = workgroupMemRef({stages, keys(), rowStride(D)}, elt);
  raw = gpu::DynamicSharedMemoryOp::create(b, kb.loc,
                                           workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t kvBytes = kvType.getNumElements() * eltBytes;
  int64_t qBytes = cfg.qSharesStage() ? 0 : qType.getNumElements() * eltBytes;
  sK = memref::ViewOp::create(b, kb.loc, kvType, raw, kb.idx(qBytes), ValueRange{});
  sV = memref::ViewOp::create(b, kb.loc, kvType, raw, kb.idx(qBytes + kvBytes), ValueRange{});
  int64_t qAt = cfg.qSharesStage() ? qBytes + 2 * kvBytes - kvBytes / stages : 0;
  sQ = memref::ViewOp::create(b, kb.loc, qType, raw, kb.idx(qAt), ValueRange{});
}

/// The block's rows and (batch, head), the lane's rows, its ldmatrix
/// offsets and the tensors' bases.
void AttentionMmaEmitter::laneSetup(Value rowBlock, Value head, Value batch) {
  tid = kb.threadId();
  lane = kb.rem(tid, kb.idx(32));
  warp = kb.div(tid, kb.idx(32));
  bool placed = static_cast<bool>(rowBlock);
  if (!placed)
    rowBlock = kb.blockId(gpu::Dimension::x);
  if (decode) {
    split = kb.rem(rowBlock, splits);
    rowBlock = kb.div(rowBlock, splits);
  } else if (causal && !placed) {
    // With causal, the last row blocks see the most keys: they go first, so
    // that the short ones fill the grid's tail. With few K/V heads (at most
    // half of H100's SMs), blocks in launch order (x fastest) take the
    // longest of every (batch, head) first: the blocks that run together
    // still share each K/V head in L2 (docs/PERF.md attention v9: +5-14% at
    // D = 64 and 256). With more, a head's blocks run together, longest
    // first: else each block streams its own head's K and V from HBM (-7%
    // at D = 128, 256 heads of 1024 keys).
    auto dim = [&](gpu::Dimension d) { return toI32(gpu::GridDimOp::create(b, kb.loc, d)); };
    auto at = [&](gpu::Dimension d) { return toI32(kb.blockId(d)); };
    auto add = [&](Value x, Value y) { return arith::AddIOp::create(b, kb.loc, x, y); };
    auto mul = [&](Value x, Value y) { return arith::MulIOp::create(b, kb.loc, x, y); };
    Value rowBlocks = dim(gpu::Dimension::x), heads = dim(gpu::Dimension::y);
    Value launched =
        add(at(gpu::Dimension::x),
            mul(rowBlocks, add(at(gpu::Dimension::y), mul(heads, at(gpu::Dimension::z)))));
    Value pairs = mul(heads, dim(gpu::Dimension::z));
    Value pair = remI32(launched, pairs);
    Value longestFirst = kb.ule(kb.mul(B, G), kb.idx(smCount("sm_90a") / 2));
    Value last = kb.sub(toIndex(rowBlocks), kb.idx(1));
    rowBlock = kb.sub(last, kb.select(longestFirst, toIndex(divI32(launched, pairs)), rowBlock));
    head = kb.select(longestFirst, toIndex(remI32(pair, heads)), kb.blockId(gpu::Dimension::y));
    batch = kb.select(longestFirst, toIndex(divI32(pair, heads)), kb.blockId(gpu::Dimension::z));
  }
  row0 = kb.mul(rowBlock, kb.idx(rows()));
  warpRow0 = kb.add(row0, kb.mul(warp, kb.idx(16)));
  laneRow = kb.add(warpRow0, kb.div(lane, kb.idx(4)));
  // ldmatrix lanes: A (Q) and B from V (.trans) address rows lane % 16 and
  // columns 8 (lane / 16); B from K rows lane % 8 + 8 (lane / 16) and
  // columns 8 ((lane / 8) % 2).
  rowA = kb.rem(lane, kb.idx(16));
  colA = kb.mul(kb.div(lane, kb.idx(16)), kb.idx(8));
  rowK = kb.add(kb.rem(lane, kb.idx(8)), kb.mul(kb.div(lane, kb.idx(16)), kb.idx(8)));
  colK = kb.mul(kb.rem(kb.div(lane, kb.idx(8)), kb.idx(2)), kb.idx(8));
  if (!wgmma())
    qLane = laneAddress(sQ, kb.idx(0), kb.add(kb.mul(warp, kb.idx(16)), rowA), colA);
  if (!batch)
    batch = kb.blockId(gpu::Dimension::z);
  if (decode) {
    // Block (row block x splits, K/V head, batch): the K/V head's H / G
    // query heads' S rows each lie end to end in Q and O.
    qRows = kb.mul(S, kb.div(H, G));
    batchGroup = kb.add(kb.mul(batch, G), kb.blockId(gpu::Dimension::y));
    qBase = kb.mul(kb.mul(batchGroup, qRows), kb.idx(D));
    kvBase = kb.mul(kb.mul(batchGroup, T), kb.idx(D));
    return;
  }
  if (!head)
    head = kb.blockId(gpu::Dimension::y);
  headIndex = head, batchIndex = batch;
  Value kvHead = kb.div(head, kb.div(H, G));
  qRows = S;
  qBase = kb.mul(kb.mul(kb.add(kb.mul(batch, H), head), S), kb.idx(D));
  kvBase = kb.mul(kb.mul(kb.add(kb.mul(batch, G), kvHead), T), kb.idx(D));
}

std::pair<Value, Value> AttentionMmaEmitter::positionRange(Value first, Value last) {
  if (!decode)
    return {first, last};
  last = kb.min(last, kb.sub(qRows, kb.idx(1)));
  Value oneHead = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq, kb.div(first, S),
                                        kb.div(last, S));
  return {kb.select(oneHead, kb.rem(first, S), kb.idx(0)),
          kb.select(oneHead, kb.rem(last, S), kb.sub(S, kb.idx(1)))};
}

/// The keys the block visits (`kvEnd`: all T, or with the bottom-right
/// causal mask only keys j <= lastRow + T - S, none when lastRow + T + 1 <=
/// S; in the decode kernel, this split's whole tiles of them, [keyStart,
/// keyEnd)) and the first that needs a mask (`plainEnd`: every row of the
/// block sees the keys before it).
void AttentionMmaEmitter::keyRange() {
  kvEnd = T;
  plainEnd = kb.mul(kb.div(T, kb.idx(keys())), kb.idx(keys()));
  keyStart = kb.idx(0);
  if (causal) {
    auto [firstRow, lastRow] =
        decode ? positionRange(row0, kb.add(row0, kb.idx(rows() - 1)))
               : std::pair(row0, kb.min(kb.add(row0, kb.idx(rows() - 1)), kb.sub(S, kb.idx(1))));
    causalKeyRange(firstRow, lastRow);
    blockPlainEnd = plainEnd;
  }
  keyEnd = kvEnd;
  if (!decode)
    return;
  Value tileKeys = kb.idx(keys());
  Value perSplit = kb.mul(
      arith::CeilDivUIOp::create(b, kb.loc, arith::CeilDivUIOp::create(b, kb.loc, kvEnd, tileKeys),
                                 splits),
      tileKeys);
  keyStart = kb.min(kb.mul(split, perSplit), kvEnd);
  keyEnd = kb.min(kb.add(keyStart, perSplit), kvEnd);
}

/// keyRange() with causal, for query positions firstRow .. lastRow.
void AttentionMmaEmitter::causalKeyRange(Value firstRow, Value lastRow) {
  Value reach = kb.add(kb.add(lastRow, kb.idx(1)), T);
  Value some = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::ugt, reach, S);
  kvEnd = kb.select(some, kb.min(T, kb.sub(reach, kb.select(some, S, kb.idx(0)))), kb.idx(0));
  Value firstReach = kb.add(kb.add(firstRow, kb.idx(1)), T); // it sees keys < firstReach - S
  Value any = kb.ult(S, firstReach);
  plainEnd = kb.min(plainEnd,
                    kb.select(any, kb.sub(firstReach, kb.select(any, S, kb.idx(0))), kb.idx(0)));
}

/// The key loop's body before mini-pipeline-stages' expansion
/// (PipelineSchedule.h), with its schedule: tile t0's copies into the slot
/// (stage 0; past the last tile an empty group, so that every thread counts
/// a group per tile), its math on m, l and O's fragments (stage
/// stages - 1), the wait and barrier that hand the slot over (stage
/// stages - 2). Pipelined, tile t0 + (stages - 1) keys's copies go out as
/// tile t0's math starts, and after the math every warp is done with tile
/// t0's slot and sees tile t0 + keys landed, the younger tiles' groups left
/// in flight.
SmallVector<Value> AttentionMmaEmitter::keyTile(Value t0, ValueRange carried, ArrayRef<Value> q,
                                                PipelineSchedule &schedule) {
  Value slot = schedule.slot = kb.idx(0);
  kb.ifThenElse(kb.ult(t0, keyEnd), [&] {
    SmallVector<Value> tile;
    copyTile(tile, sK, slot, K, kvBase, t0, keyEnd, keys());
    copyTile(tile, sV, slot, V, kvBase, t0, keyEnd, keys());
  });
  Operation *copies = &*std::prev(b.getInsertionPoint());
  Operation *committed = commit().getDefiningOp();
  SmallVector<Value> next;
  if (!decode) {
    next = keyTileMath(t0, carried, q, slot);
  } else {
    // A warp whose rows are all past the K/V head's only copies.
    auto ifRows = scf::IfOp::create(b, kb.loc, carried.getTypes(), kb.ult(warpRow0, qRows), true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifRows.thenBlock());
    scf::YieldOp::create(b, kb.loc, keyTileMath(t0, carried, q, slot));
    b.setInsertionPointToStart(ifRows.elseBlock());
    scf::YieldOp::create(b, kb.loc, carried);
    next.assign(ifRows.getResults().begin(), ifRows.getResults().end());
  }
  schedule.order.push_back({copies, 0});
  schedule.order.push_back({committed, 0});
  for (Operation *op = committed->getNextNode(); op; op = op->getNextNode())
    schedule.order.push_back({op, stages - 1});
  wait(token, stages - 2);
  Operation *barrier = &*std::prev(b.getInsertionPoint());
  schedule.order.push_back({barrier->getPrevNode(), stages - 2});
  schedule.order.push_back({barrier, stages - 2});
  return next;
}

/// keyTile()'s math on m, l and O's fragments (`carried`): S, its mask
/// where needed, the softmax step and O += P V.
SmallVector<Value> AttentionMmaEmitter::keyTileMath(Value t0, ValueRange carried,
                                                    ArrayRef<Value> q, Value stage, Value qDesc,
                                                    function_ref<void()> beforeV) {
  Value tileEnd = kb.add(t0, kb.idx(keys()));
  SmallVector<Value> s =
      wgmma() ? wgmmaScores(qDesc, stage) : scores(q, laneAddress(sK, stage, rowK, colK));
  Value masked = kb.ult(plainEnd, tileEnd); // tileMasked(t0), built as measured (same PTX)
  SmallVector<Value> sm = maskIfNeeded(s, t0, masked);
  Softmax step = softmax(sm, carried.slice(0, 2), carried.slice(2, 2), carried.slice(4, Dp / 8));
  SmallVector<Value> pA = pFragments(step.p);
  SmallVector<Value> o;
  if (wgmma()) {
    beforeV();
    o = causal ? wgmmaMultiplyVMasked(pA, step.o, t0, masked, stage)
               : wgmmaMultiplyV(pA, step.o, stage);
  } else {
    o = multiplyV(pA, step.o, t0, masked, stage, laneAddress(sV, stage, rowA, colA));
  }
  SmallVector<Value> next = step.m;
  llvm::append_range(next, step.l);
  llvm::append_range(next, o);
  return next;
}

LogicalResult AttentionMmaEmitter::emit() {
  if (wgmma())
    return emitWgmma();
  sharedMemory();
  laneSetup();
  keyRange();
  // Q's copies; the key loop's prologue (the first tile's copies, then the
  // wait for both) follows them, before Q's fragments are loaded.
  SmallVector<Value> tokens;
  copyTile(tokens, sQ, kb.idx(0), Q, qBase, row0, qRows, rows());
  token = commit(tokens);
  Operation *qCopied = token.getDefiningOp();
  SmallVector<Value> q;
  if (cfg.getKeepQ())
    for (int64_t ks = 0; ks < Dp / 16; ++ks)
      q.push_back(loadQ(ks));
  if (cfg.qSharesStage()) // every warp has its Q before tile stages - 1 lands there
    gpu::BarrierOp::create(b, kb.loc);
  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  SmallVector<Value> init = {negInf, negInf, kb.f32(0.0f), kb.f32(0.0f)};
  llvm::append_range(init, fr.zero(kb, tile("acc", 16, Dp, b.getF32Type())));
  PipelineSchedule schedule;
  schedule.slots = stages;
  schedule.firstSlotZero = true; // Q waits in V's last stage until tile stages - 1
  auto loop = kb.forLoop(keyStart, keyEnd, kb.idx(keys()), init,
                         [&](Value t0, ValueRange it) { return keyTile(t0, it, q, schedule); });
  epilogue(loop.getResults().slice(0, 2), loop.getResults().slice(2, 2),
           loop.getResults().slice(4, Dp / 8));
  schedule.prologueAt = qCopied->getNextNode();
  return failure(failed(expandPipeline(loop, schedule)));
}

FailureOr<gpu::GPUFuncOp> buildAttentionMmaKernel(Operation *op, AttentionConfigAttr cfg,
                                                  gpu::GPUModuleOp module, StringRef name,
                                                  KernelSpec &spec, bool decode) {
  auto attn = cast<AttentionOp>(op);
  auto qType = cast<RankedTensorType>(attn.getQuery().getType());
  int64_t D = qType.getDimSize(3);
  Type elt = qType.getElementType();
  bool wgmma = cfg.isWgmma();
  assert(!(wgmma && decode) && "the decode kernel is mma_sync's");
  // wgmma: the consumer warps, then the producer's warpgroup.
  setAttentionSpec(op, spec, 16 * cfg.getWarps(), 32 * cfg.getWarps() + (wgmma ? 128 : 0));
  if (decode) { // (row blocks x splits, G, B), planned at launch
    spec.grid[0] = {};
    spec.grid[1] = {{"G"}, 1};
    spec.splitKeys = {cfg.getSplitKeys(), 16 * cfg.getWarps(), cfg.getTileKeys(), "", "", "decode"};
  }
  if (AttentionMmaEmitter::persistent(cfg, attn.getCausal())) {
    // A block an SM at most, striding over the work items, which B x H x S
    // bounds.
    spec.grid[0] = {{"B", "H", "S"}, 1, 1, smCount("sm_90a")};
    spec.grid[1] = spec.grid[2] = GridDim{};
  }
  spec.dynamicSharedBytes =
      cfg.sharedMemoryBytes(elt, D, AttentionMmaEmitter::ringStages(cfg, elt, D, decode));
  if (wgmma) { // Q, K and V ([B, H or G, S or T, D]) in boxes of 64 head dims
    int64_t cols = AttentionConfigAttr::kWgmmaBoxCols, rowBytes = cols * 2;
    spec.tensorMaps = {{0, {1, 1, 64, cols}, rowBytes},
                       {1, {1, 1, cfg.getTileKeys(), cols}, rowBytes},
                       {2, {1, 1, cfg.getTileKeys(), cols}, rowBytes}};
  }
  OpBuilder b(op->getContext());
  spec.attrs.set("config", cfg);
  gpu::GPUFuncOp func = createKernel(b, op->getLoc(), module, name, spec, ArrayRef<MemRefType>{});
  // wgmma: .minnctapersm 1 (2 or 3: wgmmaBlocksPerSM), as ptxas
  // honours setmaxnreg only when it knows the registers a thread starts
  // with. mma_sync: as many blocks per SM as shared memory allows while each
  // thread keeps the registers its accumulators need (128 up to D = 64, 168
  // to D = 128 without a mask; the causal kernel's rarely taken paths need
  // more, and capping them spilled into the key loop, 10% slower): ptxas
  // keeps the registers to fit them. 8-warp blocks get no cap.
  int64_t blocks =
      wgmma ? AttentionMmaEmitter::wgmmaBlocksPerSM(cfg, D, spec.dynamicSharedBytes) : 1;
  if (!wgmma) {
    int64_t paddedD = AttentionMmaEmitter::paddedHeadDim(D);
    int64_t registers = paddedD <= 64 ? 128 : paddedD <= 128 && !attn.getCausal() ? 168 : 0;
    blocks = registers ? std::min<int64_t>(65536 / (registers * spec.block[0]),
                                           MatmulConfigAttr::kMaxSharedBytes /
                                               (spec.dynamicSharedBytes + 1024))
                       : 0;
  }
  if (wgmma || blocks > 1)
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(), b.getI32IntegerAttr(blocks));
  // .maxntid: ptxas keeps the registers within what one block of this size
  // may have (a 16-warp block that got more would not launch).
  func->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                b.getDenseI32ArrayAttr({static_cast<int32_t>(spec.block[0]), 1, 1}));
  b.setInsertionPointToStart(&func.getBody().front());
  if (failed(AttentionMmaEmitter(b, op->getLoc(), func, cfg, D, elt, *attn.getEffectiveScale(),
                                 attn.getCausal(), decode)
                 .emit()))
    return failure();
  gpu::ReturnOp::create(b, op->getLoc());
  return func;
}

} // namespace mini
