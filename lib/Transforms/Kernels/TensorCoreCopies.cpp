// Tensor-core matmul: how the A and B tiles reach shared memory.
//
// cp.async and scalar copies are mini.stage_copy ops (mini-lower-stage-copies
// makes them each thread's copies) into stages whose rows are padded by 16
// bytes (8 f16 or bf16 elements): the 8 row addresses of one ldmatrix 8x8
// matrix then start 16 bytes apart modulo 128, so they hit distinct banks
// (tf32's B rows by 32 bytes: MatmulConfigAttr::rowPadB). TMA cannot pad;
// its stages take TMA's XOR swizzle instead (same effect, no padding).
//
// 16-byte cp.async needs rows of whole 16-byte chunks (K and N multiples of
// 8, or of 4 for f32); otherwise the
// kernel stages tiles with scalar loads, one stage at a time (run-time branch):
// into the padded stages, or for wgmma into the swizzled ones (the emitter
// of the TMA stages). Elements outside the matrices are zero-filled.
//
// TMA copies are mini.stage_copy_tma ops too (mini-lower-stage-copies lowers
// them); the kernel only sets up their mbarriers here.
#include "TensorCoreEmitter.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace mini::tensorcore {

Value TensorCoreEmitter::stageCopy(Value stage, Value step, bool async, bool interior) {
  Type token = async ? Type(nvgpu::DeviceAsyncTokenType::get(kb.b.getContext())) : Type();
  auto op = StageCopyOp::create(kb.b, kb.loc, token, A, aBase, B, bBase, row0, col0, M, N, K, sa,
                                sb, stage, step, firstStep, ArrayRef<int64_t>{t.tm, t.tn, t.tk},
                                static_cast<uint64_t>(t.threads), async, interior,
                                /*swizzled=*/!async && tma.has_value());
  return op.getToken();
}

void TensorCoreEmitter::stageCopyTma(Value stage, Value step) {
  StageCopyTmaOp::create(kb.b, kb.loc, tma->descA, tma->descB, tma->descUp, row0, col0, tma->batch,
                         K, sa, sb, tma->barriers, stage, step, firstStep,
                         static_cast<uint64_t>(tma->clusterM));
}

void TensorCoreEmitter::initBarriers() {
  kb.ifThenElse(isThread0(), [&] {
    auto init = [&](int64_t index, int64_t arrivals) {
      NVVM::MBarrierInitOp::create(kb.b, kb.loc, kb.sharedPointer(tma->barriers, {kb.idx(index)}),
                                   kb.i32(arrivals), Value());
    };
    for (int64_t s = 0; s < t.stages; ++s) {
      init(s, 1);                                   // full
      init(t.stages + s, t.threads * tma->clusterM); // empty
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

} // namespace mini::tensorcore
