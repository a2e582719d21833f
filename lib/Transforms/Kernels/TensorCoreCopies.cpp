// Tensor-core matmul: how the A and B tiles reach shared memory.
//
// cp.async stages pad rows by 8 elements (16 bytes): the 8 row addresses of
// one ldmatrix 8x8 matrix then start 16 bytes apart modulo 128, so they hit
// distinct banks, and cp.async destinations stay 16-byte aligned. TMA cannot
// pad; its stages take TMA's XOR swizzle instead (same effect, no padding).
//
// 16-byte cp.async needs K and N multiples of 8 (aligned rows); otherwise the
// kernel stages tiles with scalar loads, one stage at a time (run-time branch).
// Elements outside the matrices are zero-filled. On the cp.async path the K
// residue goes in the first tile, so the copies of every later tile need no K
// bound check; each thread's chunk addresses and row/column bounds are
// computed once per block.
#include "TensorCoreEmitter.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mini::tensorcore {

template <typename Fn> void TensorCoreEmitter::forEachChunk(Value k0, Fn fn) {
  auto chunks = [&](int64_t rows, int64_t cols, Value mem, Value base, Value rowStart,
                    Value rowLimit, Value colStart, Value colLimit, Value ld, Value smem) {
    int64_t perRow = cols / kChunk;
    for (int64_t n = 0; n < rows * perRow / t.threads; ++n) {
      Value c = kb.add(tid, kb.idx(n * t.threads));
      Value r = kb.div(c, kb.idx(perRow));
      Value cc = kb.mul(kb.rem(c, kb.idx(perRow)), kb.idx(kChunk));
      Value gr = kb.add(rowStart, r), gc = kb.add(colStart, cc);
      fn(mem, smem, gr, kb.ult(gr, rowLimit), gc, colLimit, base, ld, r, cc);
    }
  };
  chunks(t.tm, t.tk, A, aBase, row0, M, k0, K, K, sa);
  chunks(t.tk, t.tn, B, bBase, k0, K, col0, N, N, sb);
}

void TensorCoreEmitter::planAsyncCopies(Value numK) {
  padK = kb.sub(kb.mul(numK, kb.idx(t.tk)), K);
  this->numK = numK;
  if (tma)
    return;
  auto clampDepth = [&](Value d) { return kb.select(kb.ult(d, K), d, kb.idx(0)); };
  // Chunks at depth origin 0: an A chunk's depth is its column cc, a B
  // chunk's its row r.
  forEachChunk(kb.idx(0), [&](Value mem, Value, Value gr, Value rowOk, Value gc,
                              Value colLimit, Value, Value, Value r, Value cc) {
    if (mem == A) { // row of A, depth column
      Value rowBase = kb.add(aBase, kb.mul(kb.select(rowOk, gr, kb.idx(0)), K));
      chunks.push_back(
          {true, r, cc, rowOk, kb.add(rowBase, cc), kb.add(rowBase, clampDepth(cc))});
      return;
    }
    Value inside = kb.ult(gc, colLimit); // depth row of B, column
    Value colBase = kb.add(bBase, kb.select(inside, gc, kb.idx(0)));
    chunks.push_back({false, r, cc, inside, kb.add(colBase, kb.mul(r, N)),
                      kb.add(colBase, kb.mul(clampDepth(r), N))});
  });
}

Value TensorCoreEmitter::asyncLoadTile(Value stage, Value kt, bool interior) {
  Value inRange = kb.ult(kt, numK);
  Value depth = kb.mul(kt, kb.idx(t.tk)); // k0 + padK
  Value k0 = kb.select(inRange, kb.sub(depth, padK), kb.idx(0));
  SmallVector<Value> tokens;
  for (const Chunk &ch : chunks) {
    Value ok = kb.andi(ch.inside, inRange);
    Value src;
    if (interior) {
      src = kb.add(ch.safeBase, ch.isA ? k0 : kb.mul(k0, N));
    } else { // depths below 0 are zero
      ok = kb.andi(ok, kb.ule(padK, kb.add(depth, ch.isA ? ch.col : ch.row)));
      src = kb.select(ok, kb.add(ch.base, ch.isA ? k0 : kb.mul(k0, N)), ch.safeBase);
    }
    Value count = kb.select(ok, kb.idx(kChunk), kb.idx(0));
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        kb.b, kb.loc, ch.isA ? sa : sb, ValueRange{stage, ch.row, ch.col}, ch.isA ? A : B,
        ValueRange{src}, kb.b.getIndexAttr(kChunk), count, /*bypassL1=*/kb.b.getUnitAttr()));
  }
  return nvgpu::DeviceAsyncCreateGroupOp::create(kb.b, kb.loc, tokens);
}

void TensorCoreEmitter::scalarLoadTile(Value stage, Value k0) {
  forEachChunk(k0, [&](Value mem, Value smem, Value gr, Value rowOk, Value gc, Value colLimit,
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
                              ValueRange{stage, r, kb.add(cc, kb.idx(e))});
    }
  });
}

void TensorCoreEmitter::releaseStage(Value stage) {
  Value empty = barrier(true, stage);
  if (tma->clusterM == 1) {
    NVVM::MBarrierArriveOp::create(kb.b, kb.loc, Type(), empty, Value());
    return;
  }
  auto clusterShared = LLVM::LLVMPointerType::get(kb.b.getContext(), 7);
  for (int64_t r = 0; r < tma->clusterM; ++r)
    NVVM::MBarrierArriveOp::create(
        kb.b, kb.loc, Type(), NVVM::MapaOp::create(kb.b, kb.loc, clusterShared, empty, kb.i32(r)),
        Value());
}

void TensorCoreEmitter::initBarriers() {
  kb.ifThenElse(isThread0(), [&] {
    for (int64_t s = 0; s < t.stages; ++s) {
      NVVM::MBarrierInitOp::create(kb.b, kb.loc, barrier(false, kb.idx(s)), kb.i32(1), Value());
      NVVM::MBarrierInitOp::create(kb.b, kb.loc, barrier(true, kb.idx(s)),
                                   kb.i32(t.threads * tma->clusterM), Value());
    }
    NVVM::FenceMbarrierInitOp::create(kb.b, kb.loc);
  });
  if (tma->clusterM == 1) {
    gpu::BarrierOp::create(kb.b, kb.loc);
    return;
  }
  NVVM::ClusterArriveRelaxedOp::create(kb.b, kb.loc, UnitAttr());
  NVVM::ClusterWaitOp::create(kb.b, kb.loc, UnitAttr());
}

void TensorCoreEmitter::tmaLoadTile(Value stage, Value kt) {
  Value full = barrier(false, stage);
  int64_t bytes = (t.tm + t.tn) * t.tk * eltBytes();
  NVVM::MBarrierArriveExpectTxOp::create(kb.b, kb.loc, Type(), full, kb.i32(bytes),
                                         NVVM::MemScopeKind::CTA, false, Value());
  Value k0 = toI32(kb.sub(kb.mul(kt, kb.idx(t.tk)), padK)), batch = toI32(tma->batch);
  // The destination in the shared::cluster window (this block's own shared
  // memory: a launch without clusters is a cluster of one).
  auto clusterShared = LLVM::LLVMPointerType::get(kb.b.getContext(), 7);
  auto copy = [&](Value dst, Value desc, ValueRange coords, Value multicastMask) {
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        kb.b, kb.loc, LLVM::AddrSpaceCastOp::create(kb.b, kb.loc, clusterShared, dst), desc,
        coords, full, ValueRange{}, multicastMask, Value(), NVVM::TMALoadMode::TILE,
        /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
  };
  copy(kb.sharedPointer(sa, {stage, kb.idx(0), kb.idx(0)}), tma->descA, {k0, toI32(row0), batch},
       Value());
  // B boxes rank * share .. + share, into every block of the cluster.
  int64_t share = t.tn / kTmaBoxCols / tma->clusterM;
  Value first = kb.idx(0), everyBlock;
  if (tma->clusterM > 1) {
    first = kb.mul(arith::IndexCastOp::create(kb.b, kb.loc, kb.b.getIndexType(), tma->rank),
                   kb.idx(share));
    everyBlock = arith::ConstantIntOp::create(kb.b, kb.loc, (1 << tma->clusterM) - 1, 16);
  }
  for (int64_t i = 0; i < share; ++i) {
    Value j = kb.add(first, kb.idx(i));
    copy(kb.sharedPointer(sb, {stage, j, kb.idx(0), kb.idx(0)}), tma->descB,
         {toI32(kb.add(col0, kb.mul(j, kb.idx(kTmaBoxCols)))), k0, batch}, everyBlock);
  }
}

} // namespace mini::tensorcore
