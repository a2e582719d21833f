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
#include "Kernels/KernelBuilder.h"
#include "mini/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mini {
#define GEN_PASS_DEF_MINILOWERSTAGECOPIES
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

constexpr int64_t kChunk = 8; // elements per 16-byte copy

/// The operands a plan depends on: everything but the stage and the step.
SmallVector<Value> planKey(StageCopyOp op) {
  return {op.getA(),   op.getABase(), op.getB(),  op.getBBase(), op.getRow0(), op.getCol0(),
          op.getM(),   op.getN(),     op.getK(),  op.getSa(),    op.getSb()};
}

/// Calls `fn` for each 8-element chunk of the A and B tiles at depth k0 that
/// this thread copies: global memref, stage memref, global row, whether the
/// row is inside, global column, the column limit, the batch offset, the
/// leading dimension, and the row and column inside the tile.
template <typename Fn>
void forEachChunk(KernelBuilder &kb, StageCopyOp op, Value tid, Value k0, Fn fn) {
  ArrayRef<int64_t> tile = op.getTile();
  int64_t tm = tile[0], tn = tile[1], tk = tile[2], threads = op.getThreads();
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

/// One cp.async per planned chunk, committed as one group.
Value lowerAsync(KernelBuilder &kb, StageCopyOp op, const Plan &plan) {
  Value N = op.getN(), stage = op.getStage();
  Value inRange = kb.ult(op.getStep(), plan.numK);
  Value depth = kb.mul(op.getStep(), kb.idx(op.getTile()[2])); // k0 + padK
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

/// Element-by-element loads and stores of the step's tiles (rows that are not
/// 16-byte aligned).
void lowerScalar(KernelBuilder &kb, StageCopyOp op) {
  Type elt = op.getA().getType().getElementType();
  Value k0 = kb.mul(op.getStep(), kb.idx(op.getTile()[2]));
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
                              ValueRange{op.getStage(), r, kb.add(cc, kb.idx(e))});
    }
  });
}

/// Where the plan of `op` goes: before it, hoisted out of every enclosing
/// loop that defines none of the values the plan depends on.
Operation *planPoint(StageCopyOp op) {
  Operation *at = op;
  SmallVector<Value> key = planKey(op);
  while (auto loop = dyn_cast_if_present<LoopLikeOpInterface>(at->getParentOp())) {
    if (!llvm::all_of(key, [&](Value v) { return loop.isDefinedOutsideOfLoop(v); }))
      break;
    at = loop;
  }
  return at;
}

struct MiniLowerStageCopiesPass
    : mini::impl::MiniLowerStageCopiesBase<MiniLowerStageCopiesPass> {
  void runOnOperation() override {
    SmallVector<StageCopyOp> copies;
    getOperation()->walk([&](StageCopyOp op) { copies.push_back(op); });
    SmallVector<Plan> plans; // few per function: a linear search
    DominanceInfo dominance(getOperation());
    for (StageCopyOp op : copies) {
      OpBuilder b(op);
      KernelBuilder kb(b, op.getLoc());
      if (!op.getAsync()) {
        lowerScalar(kb, op);
        op.erase();
        continue;
      }
      SmallVector<Value> key = planKey(op);
      auto plan = llvm::find_if(plans, [&](const Plan &p) {
        return p.key == key && p.tile == op.getTileAttr() && p.threads == op.getThreadsAttr() &&
               dominance.properlyDominates(p.numK, op);
      });
      if (plan == plans.end()) {
        OpBuilder at(planPoint(op));
        KernelBuilder pkb(at, op.getLoc());
        plans.push_back(planAsync(pkb, op));
        plan = std::prev(plans.end());
      }
      op.getToken().replaceAllUsesWith(lowerAsync(kb, op, *plan));
      op.erase();
    }
  }
};

} // namespace
