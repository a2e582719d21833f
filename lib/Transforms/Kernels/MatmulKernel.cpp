// SIMT matmul (f32 FMA), the rungs below the tensor cores. 256 threads as a
// 16x16 grid; each thread accumulates a p x p sub-tile of C in registers
// (p = tile_m / 16). With `stages` = 1 the A and B tiles of depth 16 are
// promoted to shared memory (64x64 tiles; A stored transposed, k-major, with a
// stride of 65 words so the column-wise stores of a warp hit distinct banks).
// With `stages` = 0 every operand is read from global memory (through L1):
// 64x64 tiles are "tiled" (register blocking only), 16x16 tiles with p = 1
// are the naive one-thread-per-output kernel.
#include "KernelBuilder.h"
#include "MatmulEpilogue.h"

#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/MatmulConfig.h"

using namespace mlir;

namespace mini {
namespace {
constexpr int64_t kThreads = 256, kThreadGrid = 16;
} // namespace

namespace {
/// The kernel body: the thread's place in the tile, the K loop (operands
/// from global memory, or staged tiles), the guarded stores.
class SimtMatmulEmitter {
public:
  SimtMatmulEmitter(OpBuilder &b, Location loc, gpu::GPUFuncOp func, MatmulConfigAttr cfg,
                    MatmulOp op)
      : b(b), loc(loc), kb(b, loc), tileM(cfg.getTileM()), tileN(cfg.getTileN()),
        tileK(cfg.getTileK()), perThread(tileM / kThreadGrid), promote(cfg.getStages() > 0),
        aStride(tileM + 1), bOffset(tileK * aStride) {
    MatmulKernelArgs args = matmulKernelArgs(func, op);
    A = args.A, B = args.B, C = args.C, M = args.M, N = args.N, K = args.K;
    epilogue = matmulEpilogueOf(op, args.epilogueInputs);
    smem = promote ? Value(func.getWorkgroupAttributions()[0]) : Value();
    tid = kb.threadId();
    tx = kb.rem(tid, kb.idx(kThreadGrid));
    ty = kb.div(tid, kb.idx(kThreadGrid));
    row0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(tileM));
    col0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(tileN));
    Value batch = kb.blockId(gpu::Dimension::z);
    aBase = kb.mul(batch, kb.mul(M, K));
    bBase = kb.mul(batch, kb.mul(K, N));
    cBase = kb.mul(batch, kb.mul(M, N));
  }

  void run() {
    SmallVector<Value> zeros(perThread * perThread, kb.f32(0.0f));
    auto kLoop =
        promote ? kb.forLoop(kb.idx(0), K, kb.idx(tileK), zeros,
                             [&](Value k0, ValueRange acc) { return promoted(k0, acc); })
                : kb.forLoop(kb.idx(0), K, kb.idx(1), zeros,
                             [&](Value k, ValueRange acc) { return unpromoted(k, acc); });
    SmallVector<MatmulEpilogue::Group> groups;
    for (int64_t i = 0; i < perThread; ++i) {
      Value r = kb.add(row0, kb.add(kb.mul(ty, kb.idx(perThread)), kb.idx(i)));
      for (int64_t j = 0; j < perThread; ++j) {
        Value c = kb.add(col0, kb.add(kb.mul(tx, kb.idx(perThread)), kb.idx(j)));
        groups.push_back({{kLoop.getResult(i * perThread + j)},
                          kb.add(cBase, kb.add(kb.mul(r, N), c)),
                          c,
                          kb.andi(kb.ult(r, M), kb.ult(c, N))});
      }
    }
    epilogue.store(kb, groups, C);
    gpu::ReturnOp::create(b, loc);
  }

private:
  /// acc[i][j] += a[i] * b[j]
  SmallVector<Value> fmaOuter(ArrayRef<Value> as, ArrayRef<Value> bs, ValueRange acc) {
    SmallVector<Value> out;
    for (int64_t i = 0; i < perThread; ++i)
      for (int64_t j = 0; j < perThread; ++j)
        out.push_back(kb.fma(as[i], bs[j], acc[i * perThread + j]));
    return out;
  }

  /// Step k with the thread's A column and B row read from global memory.
  SmallVector<Value> unpromoted(Value k, ValueRange acc) {
    SmallVector<Value> as, bs;
    for (int64_t i = 0; i < perThread; ++i) {
      Value r = kb.add(row0, kb.add(kb.mul(ty, kb.idx(perThread)), kb.idx(i)));
      as.push_back(kb.loadF32If(kb.ult(r, M), A, kb.add(aBase, kb.add(kb.mul(r, K), k)), 0.0f));
      Value c = kb.add(col0, kb.add(kb.mul(tx, kb.idx(perThread)), kb.idx(i)));
      bs.push_back(kb.loadF32If(kb.ult(c, N), B, kb.add(bBase, kb.add(kb.mul(k, N), c)), 0.0f));
    }
    return fmaOuter(as, bs, acc);
  }

  /// Steps k0 .. k0 + tileK through the staged tiles.
  SmallVector<Value> promoted(Value k0, ValueRange acc) {
    stageTiles(k0);
    gpu::BarrierOp::create(b, loc);
    auto inner = kb.forLoop(kb.idx(0), kb.idx(tileK), kb.idx(1), acc, [&](Value kk, ValueRange acc2) {
      SmallVector<Value> as, bs;
      for (int64_t i = 0; i < perThread; ++i) {
        Value ai = kb.add(kb.mul(kk, kb.idx(aStride)), kb.add(kb.mul(ty, kb.idx(perThread)), kb.idx(i)));
        as.push_back(memref::LoadOp::create(b, loc, smem, ValueRange{ai}));
        Value bi = kb.add(kb.idx(bOffset),
                          kb.add(kb.mul(kk, kb.idx(tileN)), kb.add(kb.mul(tx, kb.idx(perThread)), kb.idx(i))));
        bs.push_back(memref::LoadOp::create(b, loc, smem, ValueRange{bi}));
      }
      return fmaOuter(as, bs, acc2);
    });
    gpu::BarrierOp::create(b, loc);
    return SmallVector<Value>(inner.getResults());
  }

  /// The A (tileM x tileK, stored k-major) and B (tileK x tileN) tiles of
  /// step k0 in shared memory, zero-filled outside the matrices.
  void stageTiles(Value k0) {
    for (int64_t n = 0; n < tileM * tileK / kThreads; ++n) {
      Value e = kb.add(tid, kb.idx(n * kThreads));
      Value ar = kb.div(e, kb.idx(tileK)), ac = kb.rem(e, kb.idx(tileK));
      Value agr = kb.add(row0, ar), agc = kb.add(k0, ac);
      Value aOk = kb.andi(kb.ult(agr, M), kb.ult(agc, K));
      Value av = kb.loadF32If(aOk, A, kb.add(aBase, kb.add(kb.mul(agr, K), agc)), 0.0f);
      memref::StoreOp::create(b, loc, av, smem,
                              ValueRange{kb.add(kb.mul(ac, kb.idx(aStride)), ar)});

      Value br = kb.div(e, kb.idx(tileN)), bc = kb.rem(e, kb.idx(tileN));
      Value bgr = kb.add(k0, br), bgc = kb.add(col0, bc);
      Value bOk = kb.andi(kb.ult(bgr, K), kb.ult(bgc, N));
      Value bv = kb.loadF32If(bOk, B, kb.add(bBase, kb.add(kb.mul(bgr, N), bgc)), 0.0f);
      memref::StoreOp::create(
          b, loc, bv, smem, ValueRange{kb.add(kb.idx(bOffset), kb.add(kb.mul(br, kb.idx(tileN)), bc))});
    }
  }

  OpBuilder &b;
  Location loc;
  KernelBuilder kb;
  const int64_t tileM, tileN, tileK, perThread;
  const bool promote;
  const int64_t aStride, bOffset;
  Value A, B, C, M, N, K, smem, tid, tx, ty, row0, col0, aBase, bBase, cBase;
  MatmulEpilogue epilogue;
};
} // namespace

FailureOr<gpu::GPUFuncOp> buildMatmulKernel(Operation *op,
                                            gpu::GPUModuleOp module,
                                            StringRef name, KernelSpec &spec) {
  MatmulConfigAttr cfg = getOrChooseMatmulConfig(cast<MatmulOp>(op));
  const int64_t tileM = cfg.getTileM(), tileN = cfg.getTileN(), tileK = cfg.getTileK();
  setMatmulSpec(op, spec, tileM, tileN, kThreads);
  OpBuilder b(op->getContext());
  spec.attrs.set("math", b.getStringAttr("simt"));
  spec.attrs.set("tile", b.getI64ArrayAttr({tileM, tileN, tileK}));
  spec.attrs.set("stages", b.getI64IntegerAttr(cfg.getStages()));
  int64_t sharedWords = cfg.getStages() > 0 ? tileK * (tileM + 1) + tileK * tileN : 0;
  gpu::GPUFuncOp func = createKernel(b, op->getLoc(), module, name, spec, sharedWords);
  b.setInsertionPointToStart(&func.getBody().front());
  SimtMatmulEmitter(b, op->getLoc(), func, cfg, cast<MatmulOp>(op)).run();
  return func;
}

} // namespace mini
