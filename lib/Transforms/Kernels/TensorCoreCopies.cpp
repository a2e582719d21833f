// Tensor-core matmul: how the A and B tiles reach shared memory.
//
// cp.async and scalar copies are mini.stage_copy ops (mini-lower-stage-copies
// makes them each thread's copies) into stages whose rows are padded by 8
// elements (16 bytes): the 8 row addresses of one ldmatrix 8x8 matrix then
// start 16 bytes apart modulo 128, so they hit distinct banks. TMA cannot
// pad; its stages take TMA's XOR swizzle instead (same effect, no padding).
//
// 16-byte cp.async needs K and N multiples of 8 (aligned rows); otherwise the
// kernel stages tiles with scalar loads, one stage at a time (run-time branch).
// Elements outside the matrices are zero-filled.
#include "TensorCoreEmitter.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace mini::tensorcore {

Value TensorCoreEmitter::stageCopy(Value stage, Value step, bool async, bool interior) {
  Type token = async ? Type(nvgpu::DeviceAsyncTokenType::get(kb.b.getContext())) : Type();
  auto op = StageCopyOp::create(kb.b, kb.loc, token, A, aBase, B, bBase, row0, col0, M, N, K, sa,
                                sb, stage, step, ArrayRef<int64_t>{t.tm, t.tn, t.tk},
                                static_cast<uint64_t>(t.threads), async, interior);
  return op.getToken();
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
