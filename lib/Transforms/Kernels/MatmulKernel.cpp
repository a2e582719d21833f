// SIMT matmul, tiled at the thread-block level: a 64x64 tile of C per block of
// 256 threads, each thread accumulating a 4x4 sub-tile in f32 registers. A and B
// tiles of depth 16 are staged in shared memory; A is stored transposed (k-major)
// with a stride of 65 words so the column-wise stores of a warp hit distinct
// banks. The tensor-core path (issue 4) replaces this kernel for f16/bf16.
#include "KernelBuilder.h"

#include "mini/Dialect/Mini/MiniOps.h"

using namespace mlir;

namespace mini {
namespace {
constexpr int64_t kTileM = 64, kTileN = 64, kTileK = 16, kThreads = 256;
constexpr int64_t kPerThread = 4; // 4x4 outputs per thread
constexpr int64_t kAStride = kTileM + 1;
constexpr int64_t kBOffset = kTileK * kAStride;
} // namespace

FailureOr<gpu::GPUFuncOp> buildMatmulKernel(Operation *op,
                                            gpu::GPUModuleOp module,
                                            StringRef name, KernelSpec &spec) {
  setMatmulSpec(op, spec, kTileM, kTileN, kThreads);
  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  int64_t sharedWords = kBOffset + kTileK * kTileN;
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, sharedWords);
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);

  Value A = func.getArgument(0), B = func.getArgument(1), C = func.getArgument(2);
  Value M = func.getArgument(4), N = func.getArgument(5), K = func.getArgument(6);
  Value smem = func.getWorkgroupAttributions()[0];

  Value tid = kb.threadId();
  Value tx = kb.rem(tid, kb.idx(kTileN / kPerThread));
  Value ty = kb.div(tid, kb.idx(kTileN / kPerThread));
  Value row0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(kTileM));
  Value col0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(kTileN));
  Value batch = kb.blockId(gpu::Dimension::z);
  Value aBase = kb.mul(batch, kb.mul(M, K));
  Value bBase = kb.mul(batch, kb.mul(K, N));
  Value cBase = kb.mul(batch, kb.mul(M, N));

  SmallVector<Value> zeros(kPerThread * kPerThread, kb.f32(0.0f));
  auto kLoop = kb.forLoop(
      kb.idx(0), K, kb.idx(kTileK), zeros, [&](Value k0, ValueRange acc) {
        // Stage the A (64x16) and B (16x64) tiles: 1024 elements each, 4 per
        // thread, zero-filled outside the matrices.
        for (int64_t n = 0; n < kTileM * kTileK / kThreads; ++n) {
          Value e = kb.add(tid, kb.idx(n * kThreads));
          Value ar = kb.div(e, kb.idx(kTileK)), ac = kb.rem(e, kb.idx(kTileK));
          Value agr = kb.add(row0, ar), agc = kb.add(k0, ac);
          Value aOk = kb.andi(kb.ult(agr, M), kb.ult(agc, K));
          Value av = kb.loadF32If(aOk, A, kb.add(aBase, kb.add(kb.mul(agr, K), agc)), 0.0f);
          memref::StoreOp::create(b, loc, av, smem,
                                  ValueRange{kb.add(kb.mul(ac, kb.idx(kAStride)), ar)});

          Value br = kb.div(e, kb.idx(kTileN)), bc = kb.rem(e, kb.idx(kTileN));
          Value bgr = kb.add(k0, br), bgc = kb.add(col0, bc);
          Value bOk = kb.andi(kb.ult(bgr, K), kb.ult(bgc, N));
          Value bv = kb.loadF32If(bOk, B, kb.add(bBase, kb.add(kb.mul(bgr, N), bgc)), 0.0f);
          memref::StoreOp::create(
              b, loc, bv, smem,
              ValueRange{kb.add(kb.idx(kBOffset), kb.add(kb.mul(br, kb.idx(kTileN)), bc))});
        }
        gpu::BarrierOp::create(b, loc);
        auto inner = kb.forLoop(
            kb.idx(0), kb.idx(kTileK), kb.idx(1), acc,
            [&](Value kk, ValueRange acc2) {
              SmallVector<Value> as, bs, out;
              for (int64_t i = 0; i < kPerThread; ++i) {
                Value ai = kb.add(kb.mul(kk, kb.idx(kAStride)),
                                  kb.add(kb.mul(ty, kb.idx(kPerThread)), kb.idx(i)));
                as.push_back(memref::LoadOp::create(b, loc, smem, ValueRange{ai}));
                Value bi = kb.add(kb.idx(kBOffset),
                                  kb.add(kb.mul(kk, kb.idx(kTileN)),
                                         kb.add(kb.mul(tx, kb.idx(kPerThread)), kb.idx(i))));
                bs.push_back(memref::LoadOp::create(b, loc, smem, ValueRange{bi}));
              }
              for (int64_t i = 0; i < kPerThread; ++i)
                for (int64_t j = 0; j < kPerThread; ++j)
                  out.push_back(kb.fma(as[i], bs[j], acc2[i * kPerThread + j]));
              return out;
            });
        gpu::BarrierOp::create(b, loc);
        return SmallVector<Value>(inner.getResults());
      });

  for (int64_t i = 0; i < kPerThread; ++i) {
    Value r = kb.add(row0, kb.add(kb.mul(ty, kb.idx(kPerThread)), kb.idx(i)));
    for (int64_t j = 0; j < kPerThread; ++j) {
      Value c = kb.add(col0, kb.add(kb.mul(tx, kb.idx(kPerThread)), kb.idx(j)));
      kb.storeIf(kb.andi(kb.ult(r, M), kb.ult(c, N)),
                 kLoop.getResult(i * kPerThread + j), C,
                 kb.add(cBase, kb.add(kb.mul(r, N), c)));
    }
  }
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
