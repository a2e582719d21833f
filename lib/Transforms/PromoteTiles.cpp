// mini-promote-tiles: mini.block_matmul -> the block's A and B tiles staged
// in dynamic shared memory, and the block's tile split over warps.
//
// Layout: with cp.async or scalar copies, stage rows are padded by 8
// elements (16 bytes): the 8 row addresses of one ldmatrix 8x8 matrix then
// start 16 bytes apart modulo 128, so they hit distinct banks, and cp.async
// destinations stay 16-byte aligned. TMA cannot pad; its stages are
// unpadded and take TMA's XOR swizzle (same effect), starting at a 1 KiB
// boundary, where the swizzle pattern is anchored, with two mbarriers per
// stage after them. MatmulConfigAttr::sharedLayout plans the offsets.
//
// The K loop copies each step into stage 0 (mini.stage_copy, or one
// thread's mini.stage_copy_tma), waits, and multiplies: each warp loads its
// tile_m / warps_m x 16 and 16 x tile_n / warps_n tiles per 16-deep slice
// (mini.warp_load) and accumulates (mini.warp_mma); mini-pipeline-stages
// turns that loop into the multi-stage pipeline. Rows that are not 16-byte
// aligned (K or N not a multiple of 8, known at run time) take scalar copies
// through one padded stage instead, unless the TMA kernel is given tensor
// maps of A and B anyway (the runtime's copies of them in padded rows). The
// epilogue (mini.warp_store) stages C through the idle stages when they are
// large enough.
#include "Kernels/StageLoops.h"
#include "Kernels/TensorCoreEmitter.h"
#include "mini/Transforms/Passes.h"

namespace mini {
#define GEN_PASS_DEF_MINIPROMOTETILES
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;
using namespace mini::tensorcore;

namespace {

/// Emits one mini.block_matmul's staged form at the op: the shared-memory
/// layout (the constructor), then one loop form (run()): cp.async or scalar
/// copies, TMA with every thread waiting, TMA with a producer warpgroup, or
/// a stream-K tail block.
class TilePromoter {
public:
  explicit TilePromoter(BlockMatmulOp op);
  void run();

private:
  void tmaLayout(Value raw);
  void mathBarrier();
  void alignedEpilogue(Value acc);
  void tmaUnpipelined(TensorCoreEmitter &e);
  void tmaProducer(TensorCoreEmitter &e, Value lb, Value ub);
  Value tmaConsumer(TensorCoreEmitter &e, Value lb, Value ub, Value filledBelow);
  void unpipelined();
  void synchronous();
  void alignedOrScalar(function_ref<void()> alignedPath);
  void withProducer(function_ref<void()> math, function_ref<void()> issue, Value issueIf);
  void tailBlock();
  void pingpong();

  BlockMatmulOp op;
  MatmulConfigAttr cfg;
  Tiling t;
  Type inElt;
  int64_t eltBytes, clusterM;
  bool producer; // a producer warpgroup issues the TMA copies
  MatmulSharedLayout layout;
  OpBuilder b;
  Location loc;
  KernelBuilder kb;
  Value raw, scratch, stagedScratch, tmaShift, numK, init;
  Value aligned;  // K and N are multiples of the 16-byte chunk
  Value nAligned; // N is: C's rows take 16-byte chunks
  Value tmaReady; // the copies may be TMA's: aligned, or the host gave maps of A and B
  std::optional<TensorCoreEmitter> e, te; // te: the TMA path's, on the swizzled stages
};

// Dynamic shared memory (beyond the 48 KB of a static allocation): the A
// stages, the B stages, then (wmma) the epilogue tiles. The mma.sync
// epilogue reuses the stages. The TMA path's padded views hold the one
// stage of the scalar path.
TilePromoter::TilePromoter(BlockMatmulOp op)
    : op(op), cfg(op.getConfig()), t{cfg.getTileM(),    cfg.getTileN(),
                                     cfg.getTileK(),    cfg.getWarpsM(),
                                     cfg.getWarpsN(),   cfg.getStages(),
                                     cfg.mathThreads(), cfg.getMath() == MathUnit::wmma,
                                     op.getUpPair()},
      inElt(op.getA().getType().getElementType()), eltBytes(inElt.getIntOrFloatBitWidth() / 8),
      clusterM(cfg.getClusterM()), producer(cfg.getProducerWarps() > 0),
      layout(cfg.sharedLayout(eltBytes)), b(op), loc(op.getLoc()), kb(b, loc) {
  MemRefType aType = workgroupMemRef(
      {layout.paddedStages, t.tm, t.tk + MatmulConfigAttr::rowPadA(eltBytes)}, inElt);
  MemRefType bType = workgroupMemRef(
      {layout.paddedStages, t.tk, t.tn + MatmulConfigAttr::rowPadB(eltBytes)}, inElt);
  MemRefType cType = workgroupMemRef({t.wm * t.wn, 16, 16}, b.getF32Type());
  raw = gpu::DynamicSharedMemoryOp::create(
      b, loc, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  Value sa = memref::ViewOp::create(b, loc, aType, raw, kb.idx(layout.paddedA), ValueRange{});
  Value sb = memref::ViewOp::create(b, loc, bType, raw, kb.idx(layout.paddedB), ValueRange{});
  if (layout.wmmaScratch >= 0)
    scratch = memref::ViewOp::create(b, loc, cType, raw, kb.idx(layout.wmmaScratch), ValueRange{});
  e.emplace(kb, t, inElt, op.getA(), op.getB(), op.getM(), op.getN(), op.getK(), op.getABase(),
            op.getBBase(), op.getRow0(), op.getCol0(), sa, sb);
  e->cEpilogue = MatmulEpilogue::of(op.getEpilogue(), op.getEpilogueInputs(), op.getBiasInputs());
  if (cfg.usesTma()) {
    tmaLayout(raw);
    // Every path of the kernel (TMA, or the scalar one) reads and stores
    // the tile in the rows boxRow gives.
    e->boxedRows = te->boxedRows = true;
    e->row0 = te->row0 = te->boxRow(op.getRow0());
  }
  // The mma.sync epilogue stages C through the (then idle) pipeline buffers
  // when they are large enough: in C's type, or f32 where a fused epilogue
  // runs on the staged accumulators.
  Type stagedElt = cast<MemRefType>(op.getC().getType()).getElementType();
  if (e->cEpilogue)
    stagedElt = b.getF32Type();
  int64_t stagedBytes = stagedElt.getIntOrFloatBitWidth() / 8;
  if (!t.wmma && e->stagedEpilogueElements() * stagedBytes <= layout.idleBytes)
    stagedScratch = memref::ViewOp::create(
        b, loc, workgroupMemRef({e->stagedEpilogueElements()}, stagedElt), raw, kb.idx(0),
        ValueRange{});
  numK = arith::CeilDivUIOp::create(b, loc, op.getK(), kb.idx(t.tk)).getResult();
  init = e->zeroAccumulator();
  auto multipleOf = [&](Value v, int64_t m) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kb.rem(v, kb.idx(m)),
                                 kb.idx(0));
  };
  int64_t chunk = MatmulConfigAttr::chunkElements(eltBytes);
  nAligned = multipleOf(op.getN(), chunk);
  aligned = kb.andi(multipleOf(op.getK(), chunk), nAligned);
  // Rows that are not 16-byte chunks have no tensor map of their own: the
  // runtime then copies them into rows padded to 16 bytes and passes maps of
  // those, or null maps (a host that cannot), and the kernel takes the TMA
  // path exactly when both of A's and B's maps are there.
  tmaReady = aligned;
  if (te) {
    auto present = [&](Value map) {
      Value null = LLVM::ZeroOp::create(b, loc, map.getType());
      return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, map, null).getResult();
    };
    tmaReady = arith::OrIOp::create(
        b, loc, aligned, kb.andi(present(op.getTensorMaps()[0]), present(op.getTensorMaps()[1])));
  }
}

/// TMA path: the swizzled stages start at the first 1024-byte boundary of
/// the dynamic shared memory (the swizzle pattern is anchored there), with
/// two mbarriers per stage after them.
void TilePromoter::tmaLayout(Value raw) {
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, raw);
  const int64_t align = MatmulConfigAttr::kTmaAlign;
  Value shift = kb.rem(kb.sub(kb.idx(align), kb.rem(base, kb.idx(align))), kb.idx(align));
  auto view = [&](ArrayRef<int64_t> shape, Type type, int64_t offset) -> Value {
    return memref::ViewOp::create(b, loc, workgroupMemRef(shape, type), raw,
                                  kb.add(shift, kb.idx(offset)), ValueRange{});
  };
  Value swizzledA = view({t.stages, t.tm, t.tk}, inElt, layout.swizzledA);
  int64_t boxCols = MatmulConfigAttr::tmaBoxCols(eltBytes);
  Value swizzledB = view({t.stages, t.tn / boxCols, t.tk, boxCols}, inElt, layout.swizzledB);
  te.emplace(kb, t, inElt, op.getA(), op.getB(), op.getM(), op.getN(), op.getK(), op.getABase(),
             op.getBBase(), op.getRow0(), op.getCol0(), swizzledA, swizzledB);
  te->cEpilogue = e->cEpilogue;
  tmaShift = shift;
  te->tma = TensorCoreEmitter::Tma{op.getTensorMaps()[0],
                                   op.getTensorMaps()[1],
                                   view({2 * t.stages}, b.getI64Type(), layout.barriers),
                                   op.getBatch(),
                                   t.upPair ? op.getTensorMaps()[2] : Value(),
                                   clusterM};
}

/// With a producer warpgroup, the math warps meet at a named barrier of
/// their own: the producer warps are elsewhere.
void TilePromoter::mathBarrier() {
  if (producer)
    NVVM::BarrierOp::create(b, loc, TypeRange{}, kb.i32(1), kb.i32(t.threads),
                            NVVM::BarrierReductionAttr(), Value());
  else
    gpu::BarrierOp::create(b, loc);
}

/// N is a multiple of 8 on the cp.async paths: stores go out in pairs, or
/// staged as 16-byte chunks. The TMA path also runs on repacked operands
/// whose N is not: C's rows then start their chunks at their first chunk
/// boundary (the staged store, with or without an epilogue), or go out
/// element by element (no staging room).
void TilePromoter::alignedEpilogue(Value acc) {
  auto chunked = [&](bool anyCols) {
    if (stagedScratch) // every warp must be done reading the stages
      mathBarrier();
    e->epilogue(acc, op.getC(), op.getCBase(), stagedScratch ? stagedScratch : scratch,
                /*pairs=*/true, anyCols);
  };
  if (!te || t.upPair) // a SwiGLU pair's rows are aligned (its verifier)
    return chunked(/*anyCols=*/false);
  if (stagedScratch) // the staged store realigns C's rows itself
    return chunked(/*anyCols=*/true);
  kb.ifThenElse(
      nAligned, [&] { chunked(/*anyCols=*/false); },
      [&] { e->epilogue(acc, op.getC(), op.getCBase(), scratch, /*pairs=*/false); });
}

/// TMA path: one thread copies step kt into stage 0 and every thread waits
/// on the stage's full barrier, then multiplies; mini-pipeline-stages turns
/// this loop into the mbarrier pipeline over all the stages. (With
/// clusters, the barrier at the top spans the cluster: the other blocks'
/// copies write into this block's stage too.)
void TilePromoter::tmaUnpipelined(TensorCoreEmitter &e) {
  e.initBarriers();
  Value issuer = e.isThread0();
  auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
    if (clusterM > 1) {
      NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
      NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
    } else {
      gpu::BarrierOp::create(b, loc);
    }
    kb.ifThenElse(issuer, [&] { e.stageCopyTma(kb.idx(0), kt); });
    StageWaitOp::create(b, loc, e.tma->barriers, kb.idx(0), kt, /*released=*/false);
    return SmallVector<Value>{e.multiplyTile(kb.idx(0), acc[0])};
  });
  // Every TMA copy was waited for: none is left writing shared memory.
  alignedEpilogue(loop.getResult(0));
}

/// TMA with a producer warpgroup: its first thread copies step kt into
/// stage 0 once the math warps released it (a fresh barrier's phase "-1",
/// use kt + 1 = 1 at kt = 0, counts as complete), and the math warps
/// (tmaConsumer) wait for the copy, multiply and release;
/// mini-pipeline-stages spreads both loops over all the stages. Both loops
/// take steps lb .. ub (a stream-K tail block runs two pairs through one
/// ring of stages; its first math loop names in filledBelow the steps the
/// producer fills beyond it).
void TilePromoter::tmaProducer(TensorCoreEmitter &e, Value lb, Value ub) {
  kb.forLoop(lb, ub, kb.idx(1), {}, [&](Value kt, ValueRange) {
    StageWaitOp::create(b, loc, e.tma->barriers, kb.idx(0), kb.add(kt, kb.idx(1)),
                        /*released=*/true);
    e.stageCopyTma(kb.idx(0), kt);
    return SmallVector<Value>{};
  });
}

Value TilePromoter::tmaConsumer(TensorCoreEmitter &e, Value lb, Value ub, Value filledBelow) {
  Value groupRow = cfg.isWgmma() ? e.warpgroupRow() : Value();
  auto loop = kb.forLoop(lb, ub, kb.idx(1), init, [&](Value kt, ValueRange acc) {
    StageWaitOp::create(b, loc, e.tma->barriers, kb.idx(0), kt, /*released=*/false,
                        filledBelow);
    Value next = groupRow ? e.multiplyTileWgmma(kb.idx(0), groupRow, acc[0])
                          : e.multiplyTile(kb.idx(0), acc[0]);
    StageReleaseOp::create(b, loc, e.tma->barriers, kb.idx(0), clusterM);
    return SmallVector<Value>{next};
  });
  return loop.getResult(0);
}

/// cp.async path: copy into stage 0, wait, multiply, no overlap; with more
/// stages, mini-pipeline-stages pipelines this loop.
void TilePromoter::unpipelined() {
  auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
    gpu::BarrierOp::create(b, loc);
    Value token = e->stageCopy(kb.idx(0), kt, /*async=*/true);
    nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(0));
    gpu::BarrierOp::create(b, loc);
    return SmallVector<Value>{e->multiplyTile(kb.idx(0), acc[0])};
  });
  alignedEpilogue(loop.getResult(0));
}

/// Unaligned rows: scalar staging through stage 0, no overlap; wgmma reads
/// it from the swizzled stages (its multiply needs them; mma.sync's
/// fragments of a 16 x tile_n warp tile would not fit the registers).
void TilePromoter::synchronous() {
  TensorCoreEmitter &s = cfg.isWgmma() ? *te : *e;
  Value groupRow = cfg.isWgmma() ? te->warpgroupRow() : Value();
  auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
    mathBarrier();
    s.stageCopy(kb.idx(0), kt, /*async=*/false);
    mathBarrier();
    return SmallVector<Value>{groupRow ? s.multiplyTileWgmma(kb.idx(0), groupRow, acc[0])
                                       : s.multiplyTile(kb.idx(0), acc[0])};
  });
  e->epilogue(loop.getResult(0), op.getC(), op.getCBase(), scratch, /*pairs=*/false);
}

/// `alignedPath` where the copies can be TMA's or 16-byte cp.async ones
/// (`tmaReady`), else the scalar path.
void TilePromoter::alignedOrScalar(function_ref<void()> alignedPath) {
  kb.ifThenElse(tmaReady, alignedPath, [&] { synchronous(); });
}

/// A producer warpgroup beside the math warps: the threads past the math
/// warps' are the producer warpgroup; each side sets its warpgroup's
/// registers first, and the producer's first thread issues the copies
/// (when `issueIf` holds).
void TilePromoter::withProducer(function_ref<void()> math, function_ref<void()> issue,
                                Value issueIf) {
  te->initBarriers();
  Value tid = kb.threadId();
  int64_t mathThreads = cfg.blockThreads() - 32 * cfg.getProducerWarps();
  // The ping-pong producer walks the tiles (divisions by the grid): at 24
  // registers it spilled; 40 leaves the math warps 232 (no spills).
  int64_t mathRegisters = cfg.isPingpong() ? 232 : MatmulConfigAttr::kMathRegisters;
  int64_t producerRegisters = cfg.isPingpong() ? 40 : MatmulConfigAttr::kProducerRegisters;
  kb.ifThenElse(
      kb.ult(tid, kb.idx(mathThreads)),
      [&] {
        NVVM::SetMaxRegisterOp::create(b, loc, mathRegisters, NVVM::SetMaxRegisterAction::increase);
        math();
      },
      [&] {
        NVVM::SetMaxRegisterOp::create(b, loc, producerRegisters,
                                       NVVM::SetMaxRegisterAction::decrease);
        Value issuer =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, kb.idx(mathThreads));
        kb.ifThenElse(issueIf ? kb.andi(issueIf, issuer) : issuer, issue);
      });
}

/// A stream-K tail block (TensorCoreSplit.cpp): two tiles' K steps through
/// one ring of stages. Its plan waits out the loops in the stash, after the
/// mbarriers (MatmulSharedLayout::stash): it comes from divisions that
/// ptxas cannot rematerialize, and the loops have no register to spare.
/// The launch runs a tail only where TMA reads A and B (rows of whole
/// 16-byte chunks, or the runtime's copies of them): no scalar path.
void TilePromoter::tailBlock() {
  using Field = TensorCoreEmitter::TailStash;
  Value stash = memref::ViewOp::create(
      b, loc, workgroupMemRef({Field::kStashFields}, b.getI64Type()), raw,
      kb.add(tmaShift, kb.idx(layout.stash)), ValueRange{});
  TensorCoreEmitter::TailPlan plan =
      te->planTail(op.getTailBlock(), op.getStepsPerBlock(), op.getUnsplitTiles());
  kb.ifThenElse(plan.hasSteps, [&] {
    kb.ifThenElse(te->isThread0(), [&] {
      for (auto [i, v] : llvm::enumerate(plan.stash))
        memref::StoreOp::create(b, loc, arith::IndexCastUIOp::create(b, loc, b.getI64Type(), v),
                                stash, ValueRange{kb.idx(i)});
    });
    auto stashed = [&](int64_t field) { return te->stashed(stash, field); };
    auto epilogue = [&](Value acc, int64_t piece) {
      te->tailEpilogue(acc, op.getC(), stash, piece, op.getPartials(), op.getCounters(), Value(),
                       [&] { mathBarrier(); });
    };
    // The producer's copies of piece i, steps lb .. ub.
    auto copies = [&](int64_t i, Value lb, Value ub) {
      TensorCoreEmitter piece = *te;
      piece.row0 = stashed(i * Field::kPieceFields + Field::kRow0);
      piece.col0 = stashed(i * Field::kPieceFields + Field::kCol0);
      piece.firstStep = i == 0 ? plan.firstStep : kb.sub(kb.idx(0), lb);
      tmaProducer(piece, lb, ub);
    };
    // initBarriers' barrier also publishes the stash.
    withProducer(
        [&] {
          Value end1 = stashed(Field::kEnd1);
          Value end = stashed(Field::kEnd);
          epilogue(tmaConsumer(*te, kb.idx(0), end1, end), 0);
          // Reloaded: the loop above has no register to keep them in.
          Value start = stashed(Field::kEnd1);
          Value stop = stashed(Field::kEnd);
          kb.ifThenElse(kb.ult(start, stop),
                        [&] { epilogue(tmaConsumer(*te, start, stop, Value()), 1); });
        },
        [&] {
          copies(0, kb.idx(0), stashed(Field::kEnd1));
          Value start = stashed(Field::kEnd1);
          Value stop = stashed(Field::kEnd);
          copies(1, start, stop);
        },
        Value());
  });
}

/// Ping-pong (config pingpong = 1): the block is persistent. Its tiles are
/// bid, bid + grid, .. (its j-th: tile bid + j x grid, in grouped order,
/// batch outermost; the op's batch is the batch count), the producer fills
/// them in order through one ring of stages (tile j's K steps are the
/// ring's j x numK ..), and warpgroup w takes tiles j = w, w + 2, ..: it
/// starts a tile's K loop once the other warpgroup has issued its K loop
/// of tile j - 1 (named barrier 2 + w), then signals the other's (3 - w)
/// and writes the tile while the other multiplies. Besides overlapping
/// the epilogues, the turns keep every wait on a full barrier within one
/// phase of the producer: a warpgroup never waits on step s before step s
/// - stages was filled, where the parity would alias.
/// With clusters (cluster_m = c), the unit of the walk is a column of c
/// vertically adjacent tiles, one a block of the cluster (its rank's), so
/// the blocks share each B stage through TMA multicast (a 64 x 256 tile
/// alone reads 19 KB of A and B from L2 per MFLOP, past the L2's bandwidth
/// at tensor-core speed); every block of a cluster walks the same units,
/// past M too (its rows then load zeros and store nothing).
void TilePromoter::pingpong() {
  auto ceilDiv = [&](Value x, Value y) {
    return arith::CeilDivUIOp::create(b, loc, x, y).getResult();
  };
  Value unitRows = ceilDiv(op.getM(), kb.idx(t.tm * clusterM));
  Value tilesN = ceilDiv(op.getN(), kb.idx(t.tn));
  Value perBatch = kb.mul(unitRows, tilesN);
  Value units = kb.mul(perBatch, op.getBatch());
  Value bid = kb.blockId(gpu::Dimension::x);
  Value grid = gpu::GridDimOp::create(b, loc, gpu::Dimension::x);
  Value first = bid, stride = grid, rank = kb.idx(0);
  if (clusterM > 1) {
    first = kb.div(bid, kb.idx(clusterM));
    stride = kb.div(grid, kb.idx(clusterM));
    rank = kb.rem(bid, kb.idx(clusterM));
  }
  Value mine = arith::SelectOp::create(b, loc, kb.ult(first, units),
                                       ceilDiv(kb.sub(units, first), stride), kb.idx(0));
  // The emitter of the block's tile j: its corner, batch and first step.
  auto tileEmitter = [&](Value j) {
    Value unit = kb.add(first, kb.mul(j, stride));
    auto [unitRow, col] = groupedTile(kb, kb.rem(unit, perBatch), unitRows, tilesN);
    TensorCoreEmitter g = *te;
    g.row0 = g.boxRow(kb.mul(kb.add(kb.mul(unitRow, kb.idx(clusterM)), rank), kb.idx(t.tm)));
    g.col0 = kb.mul(col, kb.idx(t.tn));
    g.tma->batch = kb.div(unit, perBatch);
    return g;
  };
  auto orderBarrier = [&](Value id, bool wait) {
    Value threads = kb.i32(2 * t.threads);
    Value id32 = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), id);
    if (wait)
      NVVM::BarrierOp::create(b, loc, TypeRange{}, id32, threads, NVVM::BarrierReductionAttr(),
                              Value());
    else
      NVVM::BarrierArriveOp::create(b, loc, id32, threads);
  };
  withProducer(
      [&] {
        Value tid = kb.threadId();
        Value group = kb.div(tid, kb.idx(t.threads));
        kb.forLoop(group, mine, kb.idx(2), {}, [&](Value j, ValueRange) {
          TensorCoreEmitter g = tileEmitter(j);
          g.tid = kb.rem(tid, kb.idx(t.threads)); // the warpgroup's rows are the tile's
          g.warpRow = kb.mul(kb.div(g.tid, kb.idx(32)), kb.idx(t.warpTileM()));
          g.warpCol = kb.idx(0);
          kb.ifThenElse(kb.ult(kb.idx(0), j),
                        [&] { orderBarrier(kb.add(kb.idx(2), group), /*wait=*/true); });
          Value step0 = kb.mul(j, numK);
          Value follows = kb.ult(kb.add(j, kb.idx(1)), mine);
          Value acc = tmaConsumer(g, step0, kb.add(step0, numK), Value());
          // The other's turn once this K loop has waited for its last step
          // (mini-pipeline-stages moves it before the wait for the last
          // batch).
          auto turn = scf::IfOp::create(b, loc, follows, /*withElseRegion=*/false);
          turn->setAttr(kAfterIssueAttrName, b.getUnitAttr());
          {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(turn.thenBlock());
            orderBarrier(kb.sub(kb.idx(3), group), /*wait=*/false);
          }
          Value cBase = kb.mul(g.tma->batch, kb.mul(op.getM(), op.getN()));
          g.epilogue(acc, op.getC(), cBase, Value(), /*pairs=*/true);
          return SmallVector<Value>{};
        });
      },
      [&] {
        kb.forLoop(kb.idx(0), mine, kb.idx(1), {}, [&](Value j, ValueRange) {
          TensorCoreEmitter g = tileEmitter(j);
          Value step0 = kb.mul(j, numK);
          g.firstStep = kb.sub(kb.idx(0), step0);
          tmaProducer(g, step0, kb.add(step0, numK));
          return SmallVector<Value>{};
        });
      },
      Value());
}

void TilePromoter::run() {
  // The epilogue's inputs of C's shape head for L2 while the K loop runs
  // (cp.async.bulk.prefetch: sm_90, where the copies are TMA's).
  if (!op.isTail() && !cfg.isPingpong() && te && e->cEpilogue)
    kb.ifThenElse(aligned, [&] {
      e->cEpilogue.prefetchTile(kb, cfg.blockThreads(), op.getCBase(), op.getRow0(), op.getCol0(),
                                op.getM(), op.getN(), t.tm, t.storedTileN());
    });
  if (cfg.isPingpong()) { // K and N are multiples of 8 (buildMatmulMmaKernel checks)
    pingpong();
  } else if (op.isTail()) {
    tailBlock();
  } else if (t.upPair) {
    // A SwiGLU pair's rows are aligned (its verifier): no scalar path.
    withProducer([&] { alignedEpilogue(tmaConsumer(*te, kb.idx(0), numK, Value())); },
                 [&] { tmaProducer(*te, kb.idx(0), numK); }, Value());
  } else if (te && producer) {
    withProducer(
        [&] {
          alignedOrScalar(
              [&] { alignedEpilogue(tmaConsumer(*te, kb.idx(0), numK, Value())); });
        },
        [&] { tmaProducer(*te, kb.idx(0), numK); }, tmaReady);
  } else if (te) {
    alignedOrScalar([&] { tmaUnpipelined(*te); });
  } else {
    alignedOrScalar([&] { unpipelined(); });
  }
  if (clusterM > 1) { // no block exits while others may still arrive on its barriers
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
  }
}

struct MiniPromoteTilesPass : mini::impl::MiniPromoteTilesBase<MiniPromoteTilesPass> {
  void runOnOperation() override {
    SmallVector<BlockMatmulOp> ops;
    getOperation()->walk([&](BlockMatmulOp op) { ops.push_back(op); });
    for (BlockMatmulOp op : ops) {
      // The block's threads share the tile and its shared memory.
      auto func = op->getParentOfType<gpu::GPUFuncOp>();
      if (!func || !func.isKernel()) {
        op.emitOpError("must be inside a gpu.func kernel");
        return signalPassFailure();
      }
      int64_t tiles = 0;
      func.walk([&](BlockMatmulOp) { ++tiles; });
      if (tiles > 1) { // each one lays out the whole dynamic shared memory
        op.emitOpError("must be the only mini.block_matmul of its kernel; it has ") << tiles;
        return signalPassFailure();
      }
      int64_t threads = op.getConfig().blockThreads();
      std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
      if (block && (*block)[0] * (*block)[1] * (*block)[2] != threads) {
        op.emitOpError() << "needs blocks of " << threads << " threads (" << threads / 32
                         << " warps); the kernel's known_block_size is " << (*block)[0] << "x"
                         << (*block)[1] << "x" << (*block)[2];
        return signalPassFailure();
      }
      // mini-lower-mma lowers the warp ops as the function's mma kind says.
      auto math = MathUnitAttr::get(op.getContext(), op.getConfig().getMath());
      auto kind = func->getAttrOfType<MathUnitAttr>(MiniDialect::kMmaKindAttrName);
      if (kind && kind != math) {
        op.emitOpError("is in a kernel whose ")
            << MiniDialect::kMmaKindAttrName << " is " << kind << ", not its config's math "
            << math;
        return signalPassFailure();
      }
      func->setAttr(MiniDialect::kMmaKindAttrName, math);
      TilePromoter(op).run();
      op.erase();
    }
  }
};

} // namespace
