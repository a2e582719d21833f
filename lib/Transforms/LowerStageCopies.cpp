// mini-lower-stage-copies: mini.stage_copy -> each thread's copies of the A
// and B tiles: 16-byte cp.async (nvgpu.device_async_copy, zero-filled
// outside the matrices) in one group, or element-by-element loads and
// stores.
//
// Stages pad rows by 8 elements (16 bytes; the layout comes with the stage
// buffers): the 8 row addresses of one ldmatrix 8x8 matrix then start 16
// bytes apart modulo 128, so they hit distinct banks, and cp.async
// destinations stay 16-byte aligned.
//
// On the async path the K residue goes in the first step, so the copies of
// every later step need no K bound check; each thread's chunk addresses and
// row/column bounds are planned once, before the loops that copy (one plan
// per tile pair).
//
// TMA stages (mini.stage_copy_tma, sm_90): the issuing thread arms the
// stage's full mbarrier with the tiles' bytes and issues one box copy for A
// and one per 64-column box of B (multicast over the cluster's blocks when
// they share B). mini.stage_wait and mini.stage_release become the mbarrier
// wait and arrivals that order the stage's reuse.
#include "Kernels/KernelBuilder.h"
#include "mini/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mini {
#define GEN_PASS_DEF_MINILOWERSTAGECOPIES
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

/// Elements per 16-byte copy of `op`'s operands.
int64_t chunkElements(StageCopyOp op) {
  return MatmulConfigAttr::chunkElements(op.getA().getType().getElementTypeBitWidth() / 8);
}

/// The operands a plan depends on: everything but the stage and the step.
SmallVector<Value> planKey(StageCopyOp op) {
  return {op.getA(),   op.getABase(), op.getB(),  op.getBBase(), op.getRow0(), op.getCol0(),
          op.getM(),   op.getN(),     op.getK(),  op.getSa(),    op.getSb()};
}

/// Calls `fn` for each 16-byte chunk of the A and B tiles at depth k0 that
/// this thread copies: global memref, stage memref, global row, whether the
/// row is inside, global column, the column limit, the batch offset, the
/// leading dimension, and the row and column inside the tile.
template <typename Fn>
void forEachChunk(KernelBuilder &kb, StageCopyOp op, Value tid, Value k0, Fn fn) {
  ArrayRef<int64_t> tile = op.getTile();
  int64_t tm = tile[0], tn = tile[1], tk = tile[2], threads = op.getThreads();
  int64_t kChunk = chunkElements(op);
  auto chunks = [&](int64_t rows, int64_t cols, Value mem, Value base, Value rowStart,
                    Value rowLimit, Value colStart, Value colLimit, Value ld, Value smem) {
    int64_t perRow = cols / kChunk;
    for (int64_t n = 0; n < rows * perRow / threads; ++n) {
      Value c = kb.add(tid, kb.idx(n * threads));
      Value r = kb.div(c, kb.idx(perRow));
      Value cc = kb.mul(kb.rem(c, kb.idx(perRow)), kb.idx(kChunk));
      Value gr = kb.add(rowStart, r), gc = kb.add(colStart, cc);
      fn(mem, smem, gr, kb.ult(gr, rowLimit), gc, colLimit, base, ld, r, cc);
    }
  };
  chunks(tm, tk, op.getA(), op.getABase(), op.getRow0(), op.getM(), k0, op.getK(), op.getK(),
         op.getSa());
  chunks(tk, tn, op.getB(), op.getBBase(), k0, op.getK(), op.getCol0(), op.getN(), op.getN(),
         op.getSb());
}

/// One 16-byte chunk this thread copies with cp.async: where it goes in the
/// tile, whether its row (A) or column (B) is inside the matrix, and its
/// global offset at depth 0 (`base`, the row or column clamped into the
/// matrix when outside it). `safeBase` also clamps the depth, so that it
/// lies inside the matrix even when K < tile_k: the copies that read nothing
/// (size 0) still carry a valid address.
struct Chunk {
  bool isA;
  Value row, col, inside, base, safeBase;
};

struct Plan {
  SmallVector<Value> key;
  Attribute tile, threads;
  SmallVector<Chunk> chunks;
  Value numK, padK; // step s covers depths s * tile_k - padK ..
};

Plan planAsync(KernelBuilder &kb, StageCopyOp op) {
  Plan plan{planKey(op), op.getTileAttr(), op.getThreadsAttr(), {}, {}, {}};
  int64_t tk = op.getTile()[2];
  Value K = op.getK(), N = op.getN();
  plan.numK = arith::CeilDivUIOp::create(kb.b, kb.loc, K, kb.idx(tk));
  plan.padK = kb.sub(kb.mul(plan.numK, kb.idx(tk)), K);
  auto clampDepth = [&](Value d) { return kb.select(kb.ult(d, K), d, kb.idx(0)); };
  // Chunks at depth origin 0: an A chunk's depth is its column cc, a B
  // chunk's its row r.
  forEachChunk(kb, op, kb.threadId(), kb.idx(0),
               [&](Value mem, Value, Value gr, Value rowOk, Value gc, Value colLimit, Value,
                   Value, Value r, Value cc) {
                 if (mem == op.getA()) { // row of A, depth column
                   Value rowBase =
                       kb.add(op.getABase(), kb.mul(kb.select(rowOk, gr, kb.idx(0)), K));
                   plan.chunks.push_back({true, r, cc, rowOk, kb.add(rowBase, cc),
                                          kb.add(rowBase, clampDepth(cc))});
                   return;
                 }
                 Value inside = kb.ult(gc, colLimit); // depth row of B, column
                 Value colBase = kb.add(op.getBBase(), kb.select(inside, gc, kb.idx(0)));
                 plan.chunks.push_back({false, r, cc, inside, kb.add(colBase, kb.mul(r, N)),
                                        kb.add(colBase, kb.mul(clampDepth(r), N))});
               });
  return plan;
}

/// The K step `op` copies: its step, after its first step if it has one.
template <typename CopyOp>
Value copiedStep(KernelBuilder &kb, CopyOp op) {
  Value first = op.getFirstStep();
  return first ? kb.add(first, op.getStep()) : op.getStep();
}

/// One cp.async per planned chunk, committed as one group.
Value lowerAsync(KernelBuilder &kb, StageCopyOp op, const Plan &plan) {
  Value N = op.getN(), stage = op.getStage();
  int64_t kChunk = chunkElements(op);
  Value step = copiedStep(kb, op);
  Value inRange = kb.ult(step, plan.numK);
  Value depth = kb.mul(step, kb.idx(op.getTile()[2])); // k0 + padK
  Value k0 = kb.select(inRange, kb.sub(depth, plan.padK), kb.idx(0));
  SmallVector<Value> tokens;
  for (const Chunk &ch : plan.chunks) {
    Value ok = kb.andi(ch.inside, inRange);
    Value src;
    if (op.getInterior()) { // inside K, or past the last step and all zeros
      src = kb.add(ch.safeBase, ch.isA ? k0 : kb.mul(k0, N));
    } else { // depths below 0 are zero
      ok = kb.andi(ok, kb.ule(plan.padK, kb.add(depth, ch.isA ? ch.col : ch.row)));
      src = kb.select(ok, kb.add(ch.base, ch.isA ? k0 : kb.mul(k0, N)), ch.safeBase);
    }
    Value count = kb.select(ok, kb.idx(kChunk), kb.idx(0));
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        kb.b, kb.loc, ch.isA ? op.getSa() : op.getSb(), ValueRange{stage, ch.row, ch.col},
        ch.isA ? op.getA() : op.getB(), ValueRange{src}, kb.b.getIndexAttr(kChunk), count,
        /*bypassL1=*/kb.b.getUnitAttr()));
  }
  return nvgpu::DeviceAsyncCreateGroupOp::create(kb.b, kb.loc, tokens);
}

/// Where element `e` of the chunk at (r, cc) of a stage goes: there, or
/// with `swizzled`, in the 128-byte rows of TMA's layout (B's in boxes of
/// one row's width), its 16-byte chunk XORed with the row mod 8.
SmallVector<Value> swizzled(KernelBuilder &kb, StageCopyOp op, Value smem, Value r, Value cc,
                            int64_t e) {
  if (!op.getSwizzled())
    return {op.getStage(), r, kb.add(cc, kb.idx(e))};
  auto type = cast<MemRefType>(smem.getType());
  int64_t box = type.getDimSize(type.getRank() - 1), kChunk = chunkElements(op);
  Value chunk = arith::XOrIOp::create(kb.b, kb.loc, kb.div(kb.rem(cc, kb.idx(box)), kb.idx(kChunk)),
                                      kb.rem(r, kb.idx(8)));
  Value col = kb.add(kb.mul(chunk, kb.idx(kChunk)), kb.idx(e));
  if (type.getRank() == 3)
    return {op.getStage(), r, col};
  return {op.getStage(), kb.div(cc, kb.idx(box)), r, col};
}

/// Element-by-element loads and stores of the step's tiles (rows that are not
/// 16-byte aligned).
void lowerScalar(KernelBuilder &kb, StageCopyOp op) {
  Type elt = op.getA().getType().getElementType();
  Value k0 = kb.mul(copiedStep(kb, op), kb.idx(op.getTile()[2]));
  int64_t kChunk = chunkElements(op);
  forEachChunk(kb, op, kb.threadId(), k0,
               [&](Value mem, Value smem, Value gr, Value rowOk, Value gc, Value colLimit,
                   Value base, Value ld, Value r, Value cc) {
    for (int64_t e = 0; e < kChunk; ++e) {
      Value col = kb.add(gc, kb.idx(e));
      Value ok = kb.andi(rowOk, kb.ult(col, colLimit));
      auto load = scf::IfOp::create(
          kb.b, kb.loc, ok,
          [&](OpBuilder &nb, Location nl) {
            KernelBuilder k2(nb, nl);
            scf::YieldOp::create(nb, nl, ValueRange{memref::LoadOp::create(
                nb, nl, mem, ValueRange{k2.add(base, k2.add(k2.mul(gr, ld), col))})});
          },
          [&](OpBuilder &nb, Location nl) {
            auto ft = cast<FloatType>(elt);
            Value zero = arith::ConstantFloatOp::create(
                nb, nl, ft, APFloat::getZero(ft.getFloatSemantics()));
            scf::YieldOp::create(nb, nl, ValueRange{zero});
          });
          memref::StoreOp::create(kb.b, kb.loc, load.getResult(0), smem,
                                  swizzled(kb, op, smem, r, cc, e));
        }
      });
  // wgmma reads the swizzled stages through the async proxy: without this
  // fence it may see what was there before these generic stores.
  if (op.getSwizzled())
    NVVM::FenceProxyOp::create(kb.b, kb.loc, NVVM::ProxyKind::async_shared,
                               NVVM::SharedSpaceAttr::get(kb.b.getContext(),
                                                          NVVM::SharedSpace::shared_cta));
}

/// Where the plan of `op` goes: before it, hoisted out of every enclosing
/// loop (and, with `throughBranches`, scf.if) that defines none of the
/// values the plan depends on.
Operation *planPoint(Operation *op, ArrayRef<Value> key, bool throughBranches = false) {
  Operation *at = op;
  while (Operation *parent = at->getParentOp()) {
    if (!isa<LoopLikeOpInterface>(parent) && !(throughBranches && isa<scf::IfOp>(parent)))
      break;
    auto inside = [&](Value v) { return parent->isAncestor(v.getParentBlock()->getParentOp()); };
    if (llvm::any_of(key, inside))
      break;
    at = parent;
  }
  return at;
}

//===----------------------------------------------------------------------===//
// TMA stages
//===----------------------------------------------------------------------===//

Value toI32(KernelBuilder &kb, Value v) {
  return arith::IndexCastOp::create(kb.b, kb.loc, kb.b.getI32Type(), v);
}

/// Stage `stage`'s full (or empty) mbarrier.
Value barrierPointer(KernelBuilder &kb, Value barriers, Value stage, bool empty) {
  int64_t stages = cast<MemRefType>(barriers.getType()).getDimSize(0) / 2;
  return kb.sharedPointer(barriers, {kb.add(stage, kb.idx(empty ? stages : 0))});
}

/// What every TMA step of a kernel shares: the K residue `padK` (step s
/// covers depths s * tile_k - padK ..), and the block's rank in its cluster.
struct TmaPlan {
  Value k;
  int64_t tk, clusterM;
  Value padK, rank;
};

TmaPlan planTma(KernelBuilder &kb, StageCopyTmaOp op) {
  int64_t tk = op.getSa().getType().getDimSize(2);
  TmaPlan plan{op.getK(), tk, static_cast<int64_t>(op.getClusterM()), {}, {}};
  Value numK = arith::CeilDivUIOp::create(kb.b, kb.loc, op.getK(), kb.idx(tk));
  // A box's first column must start on a 16-byte boundary: where K is not
  // whole 16-byte chunks (the runtime's padded copies of the rows), the
  // residue goes last, where TMA zero-fills past K.
  int64_t chunk =
      MatmulConfigAttr::chunkElements(op.getSa().getType().getElementTypeBitWidth() / 8);
  Value whole = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq,
                                      kb.rem(op.getK(), kb.idx(chunk)), kb.idx(0));
  plan.padK = kb.select(whole, kb.sub(kb.mul(numK, kb.idx(tk)), op.getK()), kb.idx(0));
  if (plan.clusterM > 1)
    plan.rank = NVVM::ClusterId::create(kb.b, kb.loc, kb.b.getI32Type());
  return plan;
}

/// Arms the stage's full barrier and issues the A box and this block's B
/// boxes. Coordinates are innermost first; TMA zero-fills what lies outside
/// the matrices, so no bounds are checked here.
void lowerTma(KernelBuilder &kb, StageCopyTmaOp op, const TmaPlan &plan) {
  MemRefType sa = op.getSa().getType(), sb = op.getSb().getType();
  int64_t tm = sa.getDimSize(1), boxes = sb.getDimSize(1), boxCols = sb.getDimSize(3);
  int64_t eltBytes = sa.getElementTypeBitWidth() / 8;
  Value stage = op.getStage();
  Value full = barrierPointer(kb, op.getBarriers(), stage, /*empty=*/false);
  int64_t bytes = (tm + boxes * boxCols) * plan.tk * eltBytes;
  NVVM::MBarrierArriveExpectTxOp::create(kb.b, kb.loc, Type(), full, kb.i32(bytes),
                                         NVVM::MemScopeKind::CTA, false, Value());
  Value k0 = toI32(kb, kb.sub(kb.mul(copiedStep(kb, op), kb.idx(plan.tk)), plan.padK));
  Value batch = toI32(kb, op.getBatch());
  // The destination in the shared::cluster window (this block's own shared
  // memory: a launch without clusters is a cluster of one).
  auto clusterShared = LLVM::LLVMPointerType::get(kb.b.getContext(), 7);
  auto copy = [&](Value dst, Value desc, ValueRange coords, Value multicastMask) {
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        kb.b, kb.loc, LLVM::AddrSpaceCastOp::create(kb.b, kb.loc, clusterShared, dst), desc,
        coords, full, ValueRange{}, multicastMask, Value(), NVVM::TMALoadMode::TILE,
        /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
  };
  copy(kb.sharedPointer(op.getSa(), {stage, kb.idx(0), kb.idx(0)}), op.getDescA(),
       {k0, toI32(kb, op.getRow0()), batch}, Value());
  // B boxes rank * share .. + share, into every block of the cluster.
  int64_t share = boxes / plan.clusterM;
  Value first = kb.idx(0), everyBlock;
  if (plan.clusterM > 1) {
    first = kb.mul(arith::IndexCastOp::create(kb.b, kb.loc, kb.b.getIndexType(), plan.rank),
                   kb.idx(share));
    everyBlock = arith::ConstantIntOp::create(kb.b, kb.loc, (1 << plan.clusterM) - 1, 16);
  }
  // A SwiGLU pair (no clusters): the second half of the boxes from desc_up.
  int64_t upFrom = op.getDescUp() ? boxes / 2 : boxes;
  for (int64_t i = 0; i < share; ++i) {
    Value j = kb.add(first, kb.idx(i));
    Value desc = i < upFrom ? op.getDescB() : op.getDescUp();
    Value box = i < upFrom ? j : kb.idx(i - upFrom);
    copy(kb.sharedPointer(op.getSb(), {stage, j, kb.idx(0), kb.idx(0)}), desc,
         {toI32(kb, kb.add(op.getCol0(), kb.mul(box, kb.idx(boxCols)))), k0, batch}, everyBlock);
  }
}

void lowerWait(KernelBuilder &kb, StageWaitOp op) {
  Value barrier = barrierPointer(kb, op.getBarriers(), op.getStage(), op.getReleased());
  NVVM::MBarrierTryWaitParityOp::create(kb.b, kb.loc, barrier,
                                        toI32(kb, kb.rem(op.getUse(), kb.idx(2))),
                                        kb.i32(10'000'000)); // suspend hint, ns
}

/// Arrives on the stage's empty barrier in every block of the cluster. The
/// arrivals are release.cta, as in CUTLASS's cluster pipelines;
/// release.cluster ones cost 40% of the throughput (PERF v12).
void lowerRelease(KernelBuilder &kb, StageReleaseOp op) {
  Value empty = barrierPointer(kb, op.getBarriers(), op.getStage(), /*empty=*/true);
  if (op.getClusterM() == 1) {
    NVVM::MBarrierArriveOp::create(kb.b, kb.loc, Type(), empty, Value());
    return;
  }
  auto clusterShared = LLVM::LLVMPointerType::get(kb.b.getContext(), 7);
  for (int64_t r = 0; r < static_cast<int64_t>(op.getClusterM()); ++r)
    NVVM::MBarrierArriveOp::create(
        kb.b, kb.loc, Type(), NVVM::MapaOp::create(kb.b, kb.loc, clusterShared, empty, kb.i32(r)),
        Value());
}

struct MiniLowerStageCopiesPass
    : mini::impl::MiniLowerStageCopiesBase<MiniLowerStageCopiesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<StageCopyOp, StageCopyTmaOp, StageWaitOp, StageReleaseOp>(op))
        ops.push_back(op);
    });
    SmallVector<Plan> plans; // few per function: linear searches
    SmallVector<TmaPlan> tmaPlans;
    DominanceInfo dominance(getOperation());
    for (Operation *op : ops) {
      OpBuilder b(op);
      KernelBuilder kb(b, op->getLoc());
      if (auto wait = dyn_cast<StageWaitOp>(op))
        lowerWait(kb, wait);
      else if (auto release = dyn_cast<StageReleaseOp>(op))
        lowerRelease(kb, release);
      else if (auto tma = dyn_cast<StageCopyTmaOp>(op))
        lowerTma(kb, tma, findOrPlanTma(tmaPlans, tma, dominance));
      else
        lowerCopy(kb, cast<StageCopyOp>(op), plans, dominance);
      op->erase();
    }
  }

  static const TmaPlan &findOrPlanTma(SmallVector<TmaPlan> &plans, StageCopyTmaOp op,
                                      DominanceInfo &dominance) {
    int64_t tk = op.getSa().getType().getDimSize(2);
    auto plan = llvm::find_if(plans, [&](const TmaPlan &p) {
      return p.k == op.getK() && p.tk == tk &&
             p.clusterM == static_cast<int64_t>(op.getClusterM()) &&
             dominance.properlyDominates(p.padK, op);
    });
    if (plan != plans.end())
      return *plan;
    OpBuilder at(planPoint(op, {op.getK()}, /*throughBranches=*/true));
    KernelBuilder kb(at, op.getLoc());
    plans.push_back(planTma(kb, op));
    return plans.back();
  }

  static void lowerCopy(KernelBuilder &kb, StageCopyOp op, SmallVector<Plan> &plans,
                        DominanceInfo &dominance) {
    if (!op.getAsync()) {
      lowerScalar(kb, op);
      return;
    }
    SmallVector<Value> key = planKey(op);
    auto plan = llvm::find_if(plans, [&](const Plan &p) {
      return p.key == key && p.tile == op.getTileAttr() && p.threads == op.getThreadsAttr() &&
             dominance.properlyDominates(p.numK, op);
    });
    if (plan == plans.end()) {
      OpBuilder at(planPoint(op, key));
      KernelBuilder pkb(at, op.getLoc());
      plans.push_back(planAsync(pkb, op));
      plan = std::prev(plans.end());
    }
    op.getToken().replaceAllUsesWith(lowerAsync(kb, op, *plan));
  }
};

} // namespace
