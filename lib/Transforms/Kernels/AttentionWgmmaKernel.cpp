// FlashAttention-3 style attention on sm_90a (config math = "wgmma"). The
// block's last warpgroup is the producer: it gives its registers to the
// consumers (setmaxnreg), and its first thread copies Q's tile once per work
// item and K and V tiles into a two-stage ring by TMA (128-byte swizzled
// boxes of 64 head dims; per stage a full mbarrier for K and one for V, so
// that S = Q Kt starts before V lands, and an empty one the consumers arrive
// on when done with the stage). Each consumer warpgroup owns 64 query rows:
// S = Q Kt is a chain of wgmma m64n<keys>k16 reading Q and K from shared
// memory; the online softmax and the masks are the mma.sync kernel's (per
// warp, a wgmma accumulator holds the same m16n8 fragments); O += P V is a
// chain of wgmma with P's A fragments in registers and V's boxes read
// transposed. Without causal and with two consumer warpgroups the block is
// persistent (forEachWorkItem): it runs work items one after another, the
// ring and Q's full and empty mbarriers going on from one to the next. With
// causal, the producer warpgroup's other three warps check each masked
// tile's V for NaN and Inf as it lands (scanMaskedV), off the consumers'
// path.
//
// Shared memory, from a 1024-byte aligned base (the swizzle atoms): each
// consumer warpgroup's Q (its boxes of 64 rows), K's stages, V's stages,
// the mbarriers, then where it fits the buffer the epilogue stages O in
// (else it stages O in the group's Q tile; AttentionWgmma.h).
// This file: shared memory, barriers, the producer and the consumers' key
// loops; AttentionWgmmaProducts.cpp: the two products.
#include "AttentionWgmma.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <limits>

using namespace mlir;

namespace mini {

using namespace wgmma;

namespace {
// Registers per consumer thread after setmaxnreg: at most CUTLASS's and
// FlashAttention-3's.
constexpr int64_t kMostConsumerRegisters = 240;
} // namespace

Value AttentionMmaEmitter::sharedPointer(Value address) {
  return LLVM::IntToPtrOp::create(b, kb.loc, LLVM::LLVMPointerType::get(b.getContext(), 3),
                                  address);
}

Value AttentionMmaEmitter::barrier(int64_t first, Value stage) {
  Value at = arith::AddIOp::create(
      b, kb.loc, smem, kb.i32(Layout(cfg, D).barriersAt + 8 * first));
  if (stage)
    at = arith::AddIOp::create(b, kb.loc, at, toI32(kb.mul(stage, kb.idx(8))));
  return sharedPointer(at);
}

void AttentionMmaEmitter::waitBarrier(Value pointer, Value parity) {
  NVVM::MBarrierTryWaitParityOp::create(b, kb.loc, pointer, toI32(parity),
                                        kb.i32(10'000'000)); // suspend hint, ns
}

void AttentionMmaEmitter::wgmmaSharedMemory() {
  raw = gpu::DynamicSharedMemoryOp::create(b, kb.loc,
                                           workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  Value base = toI32(memref::ExtractAlignedPointerAsIndexOp::create(b, kb.loc, raw));
  smem = arith::AndIOp::create(b, kb.loc, arith::AddIOp::create(b, kb.loc, base, kb.i32(1023)),
                               kb.i32(~1023));
}

/// The producer's first thread: Q's boxes, then tile j's K and V boxes into
/// stage j mod 2 once the consumers released the stage's previous tile (use
/// j / 2 - 1 of the stage: a fresh barrier's phase "-1" counts as complete).
/// A persistent block loads Q after tile 0 (that stage frees before the
/// consumers are done with the last item's Q). TMA zero-fills rows past S
/// and T and head dims past D.
void AttentionMmaEmitter::produce() {
  Layout L(cfg, D);
  Value head = toI32(headIndex), batch = toI32(batchIndex);
  Value kvHead = arith::DivUIOp::create(b, kb.loc, head,
                                        arith::DivUIOp::create(b, kb.loc, toI32(H), toI32(G)));
  auto clusterShared = LLVM::LLVMPointerType::get(b.getContext(), 7);
  auto copy = [&](Value map, Value full, Value dst, ValueRange coords) {
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, kb.loc, LLVM::AddrSpaceCastOp::create(b, kb.loc, clusterShared, sharedPointer(dst)),
        map, coords, full, ValueRange{}, Value(), Value(), NVVM::TMALoadMode::TILE,
        /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
  };
  auto expect = [&](Value full, int64_t bytes) {
    NVVM::MBarrierArriveExpectTxOp::create(b, kb.loc, Type(), full, kb.i32(bytes),
                                           NVVM::MemScopeKind::CTA, false, Value());
  };
  auto at = [&](Value base, int64_t offset) {
    return arith::AddIOp::create(b, kb.loc, base, kb.i32(offset)).getResult();
  };
  auto loadQ = [&] {
    if (qParity) // the consumers are done with the last item's Q
      waitBarrier(barrier(kQEmpty), kb.rem(kb.add(qParity, kb.idx(1)), kb.idx(2)));
    Value qFull = barrier(kQFull);
    int64_t groups = cfg.getWarps() / 4;
    expect(qFull, groups * L.boxes * 64 * kRowBytes);
    for (int64_t g = 0; g < groups; ++g)
      for (int64_t box = 0; box < L.boxes; ++box)
        copy(qMap, qFull, at(smem, g * L.qBytes + box * 64 * kRowBytes),
             {kb.i32(box * kBoxCols), toI32(kb.add(row0, kb.idx(64 * g))), head, batch});
  };
  auto loadTile = [&](Value j) {
    Value ring = ringIndex(j);
    Value stage = kb.rem(ring, kb.idx(kStages)), use = kb.div(ring, kb.idx(kStages));
    Value key = toI32(kb.add(keyStart, kb.mul(j, kb.idx(keys()))));
    Value stageAt = arith::AddIOp::create(b, kb.loc, smem,
                                          toI32(kb.mul(stage, kb.idx(L.stageBytes))));
    for (auto [map, first, empty, offset] :
         {std::tuple(kMap, kKFull, kKEmpty, L.kAt), {vMap, kVFull, kVEmpty, L.vAt}}) {
      waitBarrier(barrier(empty, stage), kb.rem(kb.add(use, kb.idx(1)), kb.idx(2)));
      Value full = barrier(first, stage);
      expect(full, L.stageBytes);
      for (int64_t box = 0; box < L.boxes; ++box)
        copy(map, full, at(stageAt, offset + box * keys() * kRowBytes),
             {kb.i32(box * kBoxCols), key, kvHead, batch});
    }
  };
  // Q, then the tiles: S_0 needs Q and K_0 only. A persistent block's
  // tile 0 comes before Q, which waits for the consumers to be done with
  // the last item's (Q's operands are not live in the loop).
  Value tiles = keyTiles();
  if (!qParity)
    loadQ();
  kb.ifThenElse(kb.ult(kb.idx(0), tiles), [&] { loadTile(kb.idx(0)); });
  if (qParity)
    loadQ();
  kb.forLoop(kb.idx(1), tiles, kb.idx(1), {}, [&](Value j, ValueRange) {
    loadTile(j);
    return SmallVector<Value>{};
  });
}

/// A consumer warpgroup: waits for Q, runs the key loop (keyTileMath with
/// the wgmma products between the stage's barriers) and the epilogue, which
/// stages O in the warpgroup's own Q tile.
LogicalResult AttentionMmaEmitter::consume() {
  Layout L(cfg, D);
  Value group = kb.div(warp, kb.idx(4));
  Value qAt = toI32(kb.mul(group, kb.idx(L.qBytes)));
  Value qDesc = descriptor(arith::AddIOp::create(b, kb.loc, smem, qAt), 16, kAtomBytes);
  // With causal, the warpgroup's own rows bound its keys: it skips the math
  // of the block's tiles that none of them sees, and masks only the tiles
  // that its first row does not see whole.
  Value seenEnd;
  if (causal) {
    Value first = kb.add(row0, kb.mul(group, kb.idx(64)));
    plainEnd = kb.mul(kb.div(T, kb.idx(keys())), kb.idx(keys()));
    causalKeyRange(first, kb.min(kb.add(first, kb.idx(63)), kb.sub(S, kb.idx(1))));
    seenEnd = kb.select(kb.ult(first, S), kb.min(kvEnd, keyEnd), keyStart);
  }
  waitBarrier(barrier(kQFull), qParity ? qParity : kb.idx(0));
  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  SmallVector<Value> init = {negInf, negInf, kb.f32(0.0f), kb.f32(0.0f)};
  llvm::append_range(init, fr.zero(kb, tile("acc", 16, Dp, b.getF32Type())));
  Value tileKeys = kb.idx(keys());
  SmallVector<Value> state;
  if (causal) {
    // The tiles that every row of the warpgroup sees whole go through the
    // overlapped loop; the diagonal ones (masked, and V's NaN checked) and
    // those past the group's rows, one at a time.
    Value plain = kb.div(kb.sub(kb.min(plainEnd, seenEnd), keyStart), tileKeys);
    FailureOr<SmallVector<Value>> overlapped = consumePipelined(qDesc, init, plain);
    if (failed(overlapped))
      return failure();
    state = *overlapped;
    Value rest = kb.add(keyStart, kb.mul(plain, tileKeys));
    auto loop = kb.forLoop(rest, keyEnd, tileKeys, state, [&](Value t0, ValueRange it) {
      return consumeTile(t0, it, qDesc, seenEnd);
    });
    state.assign(loop.getResults().begin(), loop.getResults().end());
  } else {
    FailureOr<SmallVector<Value>> overlapped = consumePipelined(qDesc, init, keyTiles());
    if (failed(overlapped))
      return failure();
    state = *overlapped;
  }
  // Warp w's scratch (16 rows of rowStride from w x 16 rows) lies in the
  // consumers' O buffer, or else in its warpgroup's Q tile. A persistent
  // block's next Q may land once the group is done with this one.
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, kb.loc, raw);
  Value aligned = arith::IndexCastUIOp::create(b, kb.loc, b.getIndexType(), smem);
  if (L.oBytes) {
    scratchShift = kb.add(kb.sub(aligned, base), kb.idx(L.oAt));
    if (qParity)
      arrive(kQEmpty, Value());
  } else {
    scratchShift = kb.sub(kb.add(kb.sub(aligned, base), kb.mul(group, kb.idx(L.qBytes))),
                          kb.mul(group, kb.idx(64 * rowStride(D) * 2)));
  }
  epilogue(ValueRange(state).slice(0, 2), ValueRange(state).slice(2, 2),
           ValueRange(state).slice(4, Dp / 8));
  if (qParity && !L.oBytes) {
    // O's generic-proxy writes before the next Q's TMA ones.
    NVVM::FenceProxyOp::create(
        b, kb.loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
    arrive(kQEmpty, Value());
  }
  return success();
}

void AttentionMmaEmitter::arrive(int64_t empty, Value stage) {
  NVVM::MBarrierArriveOp::create(b, kb.loc, Type(), barrier(empty, stage), Value());
}

/// The first `tiles` key tiles, overlapped within the warpgroup (as
/// FlashAttention-3 does): a loop over the tiles built unpipelined
/// (overlappedTile) with a peeled two-stage schedule, pipelined by the same
/// expansion as the matmul K loops (PipelineSchedule.h). Iteration j issues
/// S_j = Q K_j^T and then O += P_{j-1} V_{j-1}, waits for S_j alone and runs
/// its softmax while the second product is in flight, then waits for it and
/// rescales O. Tile 0's S and softmax come before the loop, the last tile's
/// O += P V after it (the drain). A masked key's V must be finite here (past
/// T: TMA's zeros). Returns m, l and O's fragments.
FailureOr<SmallVector<Value>> AttentionMmaEmitter::consumePipelined(Value qDesc, ValueRange init,
                                                                    Value tiles) {
  PipelineSchedule schedule;
  schedule.peeled = true;
  SmallVector<Value> handed; // stage 0 to stage 1: O rescaled, P's A fragments
  auto loop = kb.forLoop(kb.idx(0), tiles, kb.idx(1), init, [&](Value j, ValueRange it) {
    return overlappedTile(j, it, qDesc, schedule, handed);
  });
  // Before the loop no O += P V is in flight behind S_0.
  schedule.adjust = [](Operation *clone, Value, PipelinePart part) {
    if (auto wait = dyn_cast<NVVM::WgmmaWaitGroupSyncOp>(clone);
        wait && part == PipelinePart::Prologue)
      wait.setGroup(0);
  };
  schedule.drain = [&](OpBuilder &at, ValueRange results, Value, const IRMapping &latest) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(at.getInsertionBlock(), at.getInsertionPoint());
    int64_t oFrags = Dp / 8;
    Value j = kb.sub(tiles, kb.idx(1)), slot = stageOf(j);
    waitBarrier(barrier(kVFull, slot), parityOf(j));
    SmallVector<Value> last;
    for (Value v : handed)
      last.push_back(latest.lookup(v));
    SmallVector<Value> out(results.take_front(4));
    llvm::append_range(out, wgmmaMultiplyV(ArrayRef<Value>(last).drop_front(oFrags),
                                           ValueRange(last).take_front(oFrags), slot));
    arrive(kVEmpty, slot);
    return out;
  };
  return expandPipeline(loop, schedule);
}

/// consumePipelined()'s tile j on m, l and O (`it`), with its schedule.
/// Stage 0 waits for K_j, issues S_j = Q K_j^T, runs the softmax step and
/// rescales O (the tile before's, which stage 1 makes in the same pipelined
/// iteration); stage 1 waits for V_j and issues O += P_j V_j. The pipelined
/// order puts both waits first, every register the two chains read computed
/// before one fence (ptxas serializes wgmma whose inputs are defined within
/// the chain), S's chain and then O's, the wait for S alone, the softmax,
/// the wait for O += P V, and P's A fragments only then: in PTX they are
/// the registers that the product just waited for read.
SmallVector<Value> AttentionMmaEmitter::overlappedTile(Value j, ValueRange it, Value qDesc,
                                                       PipelineSchedule &schedule,
                                                       SmallVectorImpl<Value> &handed) {
  int64_t oFrags = Dp / 8;
  Value slot = stageOf(j); // as the producer's, from the step: the schedule carries no slot
  Value t0 = kb.add(keyStart, kb.mul(j, kb.idx(keys())));
  ValueRange m = it.slice(0, 2), l = it.slice(2, 2), o = it.slice(4, oFrags);
  // The ops `build` makes, a step of the schedule's order in `stage`.
  SmallVector<SmallVector<ScheduledOp>> steps;
  auto step = [&](int64_t stage, function_ref<void()> build) {
    Block *block = b.getInsertionBlock();
    Operation *before = block->empty() ? nullptr : &block->back();
    build();
    SmallVector<ScheduledOp> ops;
    for (Operation *op = before ? before->getNextNode() : &block->front(); op;
         op = op->getNextNode())
      ops.push_back({op, stage});
    steps.push_back(ops);
    return steps.size() - 1;
  };
  auto pinned = [&](Value v) {
    SmallVector<Value> values = {v};
    pinRegisters(b, kb.loc, values);
    return values[0];
  };
  Value kDesc, sAcc;
  SmallVector<Value> s, rescaled, pA;
  Softmax soft;
  size_t waitK = step(0, [&] { waitBarrier(barrier(kKFull, slot), parityOf(j)); });
  size_t describeK = step(0, [&] { kDesc = pinned(stageDescriptor(false, slot)); });
  size_t fence = step(0, [&] { NVVM::WgmmaFenceAlignedOp::create(b, kb.loc); });
  size_t issueS = step(0, [&] {
    sAcc = issueScores(qDesc, kDesc);
    NVVM::WgmmaGroupSyncAlignedOp::create(b, kb.loc);
  });
  // O += P V's group is committed behind S's in the pipelined body.
  size_t waitS = step(0, [&] { NVVM::WgmmaWaitGroupSyncOp::create(b, kb.loc, 1); });
  size_t scores = step(0, [&] {
    s = unpackScores(sAcc);
    arrive(kKEmpty, slot);
  });
  size_t softmaxStep =
      step(0, [&] { soft = softmax(maskIfNeeded(s, t0, tileMasked(t0)), m, l, ValueRange{}); });
  size_t rescale = step(0, [&] { rescaled = rescaleO(o, soft); });
  size_t fragments = step(0, [&] { pA = pFragments(pinFragments(soft.p)); });
  Value vDesc;
  SmallVector<Value> operands, oAcc, next;
  size_t waitV = step(1, [&] { waitBarrier(barrier(kVFull, slot), parityOf(j)); });
  size_t describeV = step(1, [&] { vDesc = pinned(stageDescriptor(true, slot)); });
  size_t pin = step(1, [&] { operands = pinnedOperands(pA, rescaled); });
  size_t issuePV = step(1, [&] {
    oAcc = issueMultiplyV(operands, vDesc);
    NVVM::WgmmaGroupSyncAlignedOp::create(b, kb.loc);
  });
  size_t waitPV = step(1, [&] { NVVM::WgmmaWaitGroupSyncOp::create(b, kb.loc, 0); });
  size_t packed = step(1, [&] { next = packO(oAcc, rescaled); });
  size_t release = step(1, [&] { arrive(kVEmpty, slot); });
  for (size_t index : {waitK, waitV, describeK, describeV, pin, fence, issueS, issuePV, waitS,
                       scores, softmaxStep, waitPV, fragments, packed, rescale, release})
    llvm::append_range(schedule.order, steps[index]);
  handed.assign(rescaled.begin(), rescaled.end());
  llvm::append_range(handed, pA);
  SmallVector<Value> out = soft.m;
  llvm::append_range(out, soft.l);
  llvm::append_range(out, next);
  return out;
}

/// Tile t0 (the loop's j-th) sits in stage j mod 2, use j / 2. Its math
/// runs if the warpgroup sees some key of it (t0 < seenEnd, when given); the
/// stage is released either way, once K and V landed.
SmallVector<Value> AttentionMmaEmitter::consumeTile(Value t0, ValueRange carried, Value qDesc,
                                                    Value seenEnd) {
  Value j = kb.div(kb.sub(t0, keyStart), kb.idx(keys()));
  Value stage = stageOf(j), parity = parityOf(j);
  // Every tile's K and V are waited for, math or not: a warpgroup that
  // skipped ahead would arrive twice in one phase of an empty barrier,
  // releasing a stage that the other still reads. (K or V of tile j + 2
  // lands only once both released tile j's; the overlapped loop releases K
  // a product earlier than V, so waiting for K alone is not enough.)
  waitBarrier(barrier(kKFull, stage), parity);
  auto waitV = [&] { waitBarrier(barrier(kVFull, stage), parity); };
  auto math = [&] { return keyTileMath(t0, carried, {}, stage, qDesc, waitV); };
  SmallVector<Value> next = seenEnd ? kb.ifValues(kb.ult(t0, seenEnd), math, [&] {
    // No wait for the scan of a tile skipped: some warpgroup that masks it
    // waits before it releases the stage (the first to see any of its keys
    // sees at most one, tiles being longer than one key).
    waitV();
    return SmallVector<Value>(carried);
  }, carried.getTypes()) : math();
  arrive(kKEmpty, stage);
  arrive(kVEmpty, stage);
  return next;
}

LogicalResult AttentionMmaEmitter::forEachWorkItem(function_ref<LogicalResult()> body) {
  if (!persistent()) {
    laneSetup();
    keyRange();
    return body();
  }
  // Items numbered row block fastest (the blocks that share K and V run
  // together), then head, then batch; block x takes x, x + grid, ...
  Value rowBlocks = arith::CeilDivUIOp::create(b, kb.loc, S, kb.idx(rows()));
  Value items = kb.mul(kb.mul(rowBlocks, H), B);
  // The loop exists before its body is built: the key loops' pipelining
  // looks up their values' enclosing ops.
  auto loop = scf::ForOp::create(b, kb.loc, kb.blockId(gpu::Dimension::x), items,
                                 gpu::GridDimOp::create(b, kb.loc, gpu::Dimension::x),
                                 ValueRange{kb.idx(0), kb.idx(0)});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value item = loop.getInductionVar(), count = loop.getRegionIterArgs()[0];
  qParity = kb.rem(count, kb.idx(2));
  tileBase = loop.getRegionIterArgs()[1];
  Value item32 = toI32(item), rowBlocks32 = toI32(rowBlocks), heads32 = toI32(H);
  Value rest = divI32(item32, rowBlocks32);
  Value rowBlock = toIndex(remI32(item32, rowBlocks32));
  Value head = toIndex(remI32(rest, heads32));
  Value batch = toIndex(divI32(rest, heads32));
  laneSetup(rowBlock, head, batch);
  keyRange();
  LogicalResult result = body();
  scf::YieldOp::create(b, kb.loc,
                       ValueRange{kb.add(count, kb.idx(1)), kb.add(tileBase, keyTiles())});
  return result;
}

LogicalResult AttentionMmaEmitter::emitWgmma() {
  wgmmaSharedMemory();
  Value thread = kb.threadId(); // laneSetup() sets tid per work item
  int64_t consumers = threads();
  Value isThread0 = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq, thread, kb.idx(0));
  kb.ifThenElse(isThread0, [&] {
    auto init = [&](Value pointer, int64_t arrivals) {
      NVVM::MBarrierInitOp::create(b, kb.loc, pointer, kb.i32(arrivals), Value());
    };
    init(barrier(kQFull), 1);
    init(barrier(kQEmpty), consumers);
    for (int64_t s = 0; s < kStages; ++s) {
      init(barrier(kKFull + s), 1);
      init(barrier(kVFull + s), causal ? 1 + kScanWarps : 1); // the scanning warps'
      init(barrier(kKEmpty + s), consumers);
      init(barrier(kVEmpty + s), consumers);
      init(barrier(kVScanned + s), kScanWarps);
    }
    NVVM::FenceMbarrierInitOp::create(b, kb.loc);
  });
  gpu::BarrierOp::create(b, kb.loc);
  LogicalResult consumed = success();
  // setmaxnreg moves registers within what the block got at launch (ptxas
  // fits .minnctapersm: 65536 / blocks / threads a thread, in steps of 8): the
  // consumers' raise waits until the producer's cut frees them, so both
  // must fit in it. The producer keeps 24, or 32 for the persistent one's
  // work-item loop and for the causal V scan (at 24 its loop spills a few
  // bytes; not past D = 128, whose consumers spill already and would spill
  // more with 8 fewer), and any past 64 go to the consumers.
  int64_t all = consumers + 128;
  int64_t blocks = wgmmaBlocksPerSM(cfg, D, cfg.sharedMemoryBytes(elt, D, stages));
  int64_t pool = 65536 / blocks / all / 8 * 8 * all;
  int64_t leastProducer = persistent() || (causal && Dp <= 128) ? 32 : 24;
  int64_t registers =
      std::min<int64_t>(kMostConsumerRegisters, (pool - 128 * leastProducer) / consumers / 8 * 8);
  int64_t producerRegisters = std::min<int64_t>(64, (pool - registers * consumers) / 128 / 8 * 8);
  kb.ifThenElse(
      kb.ult(thread, kb.idx(consumers)),
      [&] {
        NVVM::SetMaxRegisterOp::create(b, kb.loc, registers, NVVM::SetMaxRegisterAction::increase);
        consumed = forEachWorkItem([&] { return consume(); });
      },
      [&] {
        NVVM::SetMaxRegisterOp::create(b, kb.loc, producerRegisters,
                                       NVVM::SetMaxRegisterAction::decrease);
        Value first =
            arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq, thread, kb.idx(consumers));
        auto producer = [&] {
          (void)forEachWorkItem([&] {
            produce();
            return success();
          });
        };
        // With causal, the warpgroup's other warps scan the masked tiles' V.
        static_assert(kScanWarps == 3, "the scanning warps are the producer's last three");
        assert(!(causal && persistent()) && "the scan's barriers count one work item's tiles");
        auto scanners = [&] {
          kb.ifThenElse(kb.ult(kb.idx(consumers + 31), thread), [&] {
            (void)forEachWorkItem([&] {
              scanMaskedV();
              return success();
            });
          });
        };
        kb.ifThenElse(first, producer, causal ? function_ref<void()>(scanners) : nullptr);
      });
  return consumed;
}

} // namespace mini
