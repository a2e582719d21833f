// Tensor-core matmul (f16 operands, f32 accumulation) through upstream nvgpu
// ops: a tile_m x tile_n C tile per block; A and B tiles of depth tile_k staged
// in shared memory by cp.async (nvgpu.device_async_copy) in a `stages`-deep
// software pipeline; warps read 16x16 A and 16x8 B fragments with ldmatrix
// (B transposed on the fly) and accumulate with mma.sync m16n8k16.
//
// Shared-memory rows are padded by 8 halves (16 bytes): the 8 row addresses of
// one ldmatrix 8x8 matrix then start 16 bytes apart modulo 128, so they hit
// distinct banks, and cp.async destinations stay 16-byte aligned.
//
// 16-byte cp.async needs K and N multiples of 8 (aligned rows); otherwise the
// kernel stages tiles with scalar loads, one stage at a time (run-time branch).
// Elements outside the matrices are zero-filled; the epilogue masks stores.
#include "KernelBuilder.h"

#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/MatmulConfig.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace mini {
namespace {
constexpr int64_t kPad = 8;   // halves of padding per shared-memory row
constexpr int64_t kChunk = 8; // halves per 16-byte copy

struct MmaTiling {
  int64_t tm, tn, tk, wm, wn, stages, threads;
  int64_t warpTileM() const { return tm / wm; }
  int64_t warpTileN() const { return tn / wn; }
  int64_t fragsM() const { return warpTileM() / 16; }
  int64_t fragsN() const { return warpTileN() / 8; }
};

class MmaEmitter {
public:
  MmaEmitter(KernelBuilder &kb, const MmaTiling &t, Value A, Value B, Value M, Value N,
             Value K, Value aBase, Value bBase, Value row0, Value col0, Value sa, Value sb)
      : kb(kb), t(t), A(A), B(B), M(M), N(N), K(K), aBase(aBase), bBase(bBase),
        row0(row0), col0(col0), sa(sa), sb(sb) {
    tid = kb.threadId();
  }

  /// Stages the A and B tiles at depth k0 into `stage`: 16-byte cp.async
  /// chunks (zero-filled outside the matrices) committed as one group whose
  /// token is returned when `async`, else scalar loads (no token).
  Value loadTile(Value stage, Value k0, bool async) {
    SmallVector<Value> tokens;
    auto chunks = [&](int64_t rows, int64_t cols, Value mem, Value base, Value rowStart,
                      Value rowLimit, Value colStart, Value colLimit, Value ld, Value smem) {
      int64_t perRow = cols / kChunk;
      for (int64_t n = 0; n < rows * perRow / t.threads; ++n) {
        Value c = kb.add(tid, kb.idx(n * t.threads));
        Value r = kb.div(c, kb.idx(perRow));
        Value cc = kb.mul(kb.rem(c, kb.idx(perRow)), kb.idx(kChunk));
        Value gr = kb.add(rowStart, r), gc = kb.add(colStart, cc);
        Value rowOk = kb.ult(gr, rowLimit);
        if (async) {
          Value ok = kb.andi(rowOk, kb.ult(gc, colLimit));
          Value src = kb.select(ok, kb.add(base, kb.add(kb.mul(gr, ld), gc)), kb.idx(0));
          Value count = kb.select(ok, kb.idx(kChunk), kb.idx(0));
          tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
              kb.b, kb.loc, smem, ValueRange{stage, r, cc}, mem, ValueRange{src},
              kb.b.getIndexAttr(kChunk), count, /*bypassL1=*/kb.b.getUnitAttr()));
          continue;
        }
        for (int64_t e = 0; e < kChunk; ++e) {
          Value col = kb.add(gc, kb.idx(e));
          Value ok = kb.andi(rowOk, kb.ult(col, colLimit));
          Type elt = cast<MemRefType>(mem.getType()).getElementType();
          auto load = scf::IfOp::create(
              kb.b, kb.loc, ok,
              [&](OpBuilder &nb, Location nl) {
                KernelBuilder k2(nb, nl);
                scf::YieldOp::create(nb, nl, ValueRange{memref::LoadOp::create(
                    nb, nl, mem, ValueRange{k2.add(base, k2.add(k2.mul(gr, ld), col))})});
              },
              [&](OpBuilder &nb, Location nl) {
                Value zero = arith::ConstantFloatOp::create(nb, nl, cast<FloatType>(elt), APFloat::getZero(cast<FloatType>(elt).getFloatSemantics()));
                scf::YieldOp::create(nb, nl, ValueRange{zero});
              });
          memref::StoreOp::create(kb.b, kb.loc, load.getResult(0), smem,
                                  ValueRange{stage, r, kb.add(cc, kb.idx(e))});
        }
      }
    };
    chunks(t.tm, t.tk, A, aBase, row0, M, k0, K, K, sa);
    chunks(t.tk, t.tn, B, bBase, k0, K, col0, N, N, sb);
    if (!async)
      return {};
    return nvgpu::DeviceAsyncCreateGroupOp::create(kb.b, kb.loc, tokens);
  }

  /// acc[mi * fragsN + ni] += A fragment mi x B fragment ni over the tile in `stage`.
  SmallVector<Value> mmaTile(Value stage, Value warpM, Value warpN, ValueRange acc) {
    Value lane = kb.rem(tid, kb.idx(32));
    Value laneRow = kb.rem(lane, kb.idx(16));
    Value laneCol = kb.mul(kb.div(lane, kb.idx(16)), kb.idx(8));
    Type f16 = kb.b.getF16Type();
    SmallVector<Value> out(acc.begin(), acc.end());
    for (int64_t kk = 0; kk < t.tk; kk += 16) {
      SmallVector<Value> a, bfr;
      for (int64_t mi = 0; mi < t.fragsM(); ++mi) {
        Value r = kb.add(kb.mul(warpM, kb.idx(t.warpTileM())), kb.add(kb.idx(mi * 16), laneRow));
        a.push_back(nvgpu::LdMatrixOp::create(kb.b, kb.loc, VectorType::get({4, 2}, f16), sa,
                                              ValueRange{stage, r, kb.add(kb.idx(kk), laneCol)},
                                              /*transpose=*/false, /*numTiles=*/4));
      }
      // B fragments two n-tiles at a time: ldmatrix.x4.trans, lanes 16-31
      // addressing the second tile; registers 0-1 and 2-3 are the two 16x8
      // fragments.
      for (int64_t ni = 0; ni < t.fragsN(); ni += 2) {
        Value c = kb.add(kb.mul(warpN, kb.idx(t.warpTileN())), kb.add(kb.idx(ni * 8), laneCol));
        Value four = nvgpu::LdMatrixOp::create(kb.b, kb.loc, VectorType::get({4, 2}, f16), sb,
                                               ValueRange{stage, kb.add(kb.idx(kk), laneRow), c},
                                               /*transpose=*/true, /*numTiles=*/4);
        auto fragType = VectorType::get({2, 2}, f16);
        for (int64_t half = 0; half < 2; ++half) {
          Value frag = arith::ConstantOp::create(kb.b, kb.loc, fragType,
                                                 DenseElementsAttr::get(fragType, APFloat::getZero(APFloat::IEEEhalf())));
          for (int64_t r = 0; r < 2; ++r)
            frag = vector::InsertOp::create(kb.b, kb.loc,
                                            vector::ExtractOp::create(kb.b, kb.loc, four, 2 * half + r),
                                            frag, r);
          bfr.push_back(frag);
        }
      }
      for (int64_t mi = 0; mi < t.fragsM(); ++mi)
        for (int64_t ni = 0; ni < t.fragsN(); ++ni) {
          Value &c = out[mi * t.fragsN() + ni];
          c = nvgpu::MmaSyncOp::create(kb.b, kb.loc, a[mi], bfr[ni], c,
                                       ArrayRef<int64_t>{16, 8, 16});
        }
    }
    return out;
  }

  KernelBuilder &kb;
  const MmaTiling &t;
  Value A, B, M, N, K, aBase, bBase, row0, col0, sa, sb, tid;
};

} // namespace

FailureOr<gpu::GPUFuncOp> buildMatmulMmaKernel(Operation *op, gpu::GPUModuleOp module,
                                               StringRef name, KernelSpec &spec) {
  auto mm = cast<MatmulOp>(op);
  MatmulConfigAttr cfg = getOrChooseMatmulConfig(mm);
  MmaTiling t{cfg.getTileM(), cfg.getTileN(), cfg.getTileK(), cfg.getWarpsM(),
              cfg.getWarpsN(), cfg.getStages(), 32 * cfg.getWarpsM() * cfg.getWarpsN()};
  Type inElt = cast<RankedTensorType>(mm.getLhs().getType()).getElementType();
  setMatmulSpec(op, spec, t.tm, t.tn, t.threads);
  OpBuilder b(op->getContext());
  spec.attrs.set("math", b.getStringAttr("mma_sync"));
  spec.attrs.set("tile", b.getI64ArrayAttr({t.tm, t.tn, t.tk}));
  spec.attrs.set("stages", b.getI64IntegerAttr(t.stages));

  Location loc = op->getLoc();
  MemRefType aType = workgroupMemRef({t.stages, t.tm, t.tk + kPad}, inElt);
  MemRefType bType = workgroupMemRef({t.stages, t.tk, t.tn + kPad}, inElt);
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, {aType, bType});
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value A = func.getArgument(0), B = func.getArgument(1), C = func.getArgument(2);
  Value M = func.getArgument(4), N = func.getArgument(5), K = func.getArgument(6);
  Value batch = kb.blockId(gpu::Dimension::z);
  Value row0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(t.tm));
  Value col0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(t.tn));
  MmaEmitter e(kb, t, A, B, M, N, K, kb.mul(batch, kb.mul(M, K)), kb.mul(batch, kb.mul(K, N)),
               row0, col0, func.getWorkgroupAttributions()[0], func.getWorkgroupAttributions()[1]);
  Value warp = kb.div(e.tid, kb.idx(32));
  Value warpM = kb.div(warp, kb.idx(t.wn)), warpN = kb.rem(warp, kb.idx(t.wn));
  Value numK = arith::CeilDivUIOp::create(b, loc, K, kb.idx(t.tk));
  auto accType = VectorType::get({2, 2}, b.getF32Type());
  Value zero = arith::ConstantOp::create(b, loc, accType, DenseElementsAttr::get(accType, 0.0f));
  SmallVector<Value> init(t.fragsM() * t.fragsN(), zero);

  auto epilogue = [&](ValueRange acc) {
    Value lane = kb.rem(e.tid, kb.idx(32));
    Value cBase = kb.mul(batch, kb.mul(M, N));
    for (int64_t mi = 0; mi < t.fragsM(); ++mi)
      for (int64_t ni = 0; ni < t.fragsN(); ++ni)
        for (int64_t i = 0; i < 2; ++i)
          for (int64_t j = 0; j < 2; ++j) {
            Value r = kb.add(row0, kb.add(kb.mul(warpM, kb.idx(t.warpTileM())),
                                          kb.add(kb.idx(mi * 16 + 8 * i), kb.div(lane, kb.idx(4)))));
            Value c = kb.add(col0, kb.add(kb.mul(warpN, kb.idx(t.warpTileN())),
                                          kb.add(kb.idx(ni * 8 + j), kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2)))));
            Value v = vector::ExtractOp::create(b, loc, acc[mi * t.fragsN() + ni], ArrayRef<int64_t>{i, j});
            kb.storeIf(kb.andi(kb.ult(r, M), kb.ult(c, N)), v, C, kb.add(cBase, kb.add(kb.mul(r, N), c)));
          }
  };

  // cp.async path: tiles kt+1 .. kt+stages-1 are in flight while tile kt is
  // used. (device_async_wait lowers to cp.async.wait_group N; its token
  // operand only orders the IR.)
  auto pipelined = [&] {
    Value token;
    for (int64_t s = 0; s + 1 < t.stages; ++s)
      token = e.loadTile(kb.idx(s), kb.idx(s * t.tk), /*async=*/true);
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
      if (t.stages == 1) { // no overlap: load, wait, compute
        gpu::BarrierOp::create(b, loc);
        token = e.loadTile(kb.idx(0), kb.mul(kt, kb.idx(t.tk)), /*async=*/true);
      }
      // Wait for tile kt: the stages - 2 younger groups may stay in flight.
      nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(std::max<int64_t>(t.stages - 2, 0)));
      gpu::BarrierOp::create(b, loc);
      if (t.stages > 1) { // refill the stage consumed in iteration kt - 1 (past the end: zeros)
        Value next = kb.add(kt, kb.idx(t.stages - 1));
        e.loadTile(kb.rem(next, kb.idx(t.stages)), kb.mul(next, kb.idx(t.tk)), /*async=*/true);
      }
      return e.mmaTile(t.stages == 1 ? kb.idx(0) : kb.rem(kt, kb.idx(t.stages)), warpM, warpN, acc);
    });
    epilogue(loop.getResults());
  };
  // Unaligned rows: scalar staging through stage 0, no overlap.
  auto synchronous = [&] {
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
      gpu::BarrierOp::create(b, loc);
      e.loadTile(kb.idx(0), kb.mul(kt, kb.idx(t.tk)), /*async=*/false);
      gpu::BarrierOp::create(b, loc);
      return e.mmaTile(kb.idx(0), warpM, warpN, acc);
    });
    epilogue(loop.getResults());
  };
  Value aligned = kb.andi(
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kb.rem(K, kb.idx(kChunk)), kb.idx(0)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kb.rem(N, kb.idx(kChunk)), kb.idx(0)));
  kb.ifThenElse(aligned, pipelined, synchronous);
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
