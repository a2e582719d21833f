// Tensor-core matmul (f16 or bf16 operands, f32 accumulation) through upstream
// nvgpu and gpu ops: a tile_m x tile_n C tile per block; A and B tiles of depth
// tile_k staged in dynamic shared memory in a `stages`-deep software pipeline,
// either by cp.async (nvgpu.device_async_copy, every thread) or, with
// copy = "tma" on sm_90, by TMA box copies (nvvm.cp.async.bulk.tensor, thread
// 0) tracked by a full and an empty mbarrier per stage (with cluster_m > 1,
// the blocks of a cluster multicast their shares of the common B tile to one
// another); the math is either
//   - mma_sync: warps read 16x16 A and 16x8 B fragments with ldmatrix (B
//     transposed on the fly) and accumulate with mma.sync m16n8k16, or
//   - wmma: 16x16x16 fragments, through gpu.subgroup_mma_load_matrix /
//     compute for f16; bf16 calls the NVVM wmma intrinsics directly
//     (upstream's gpu.mma_matrix type and nvvm.wmma ops have no bf16).
//
// cp.async stages pad rows by 8 elements (16 bytes): the 8 row addresses of
// one ldmatrix 8x8 matrix then start 16 bytes apart modulo 128, so they hit
// distinct banks, and cp.async destinations stay 16-byte aligned. TMA cannot
// pad; its stages take TMA's XOR swizzle instead (same effect, no padding).
//
// 16-byte cp.async needs K and N multiples of 8 (aligned rows); otherwise the
// kernel stages tiles with scalar loads, one stage at a time (run-time branch).
// Elements outside the matrices are zero-filled; the epilogue masks stores.
// On the cp.async path the K residue goes in the first tile, so the copies of
// every later tile need no K bound check; each thread's chunk addresses and
// row/column bounds are computed once per block.
//
// The mma.sync epilogue converts each warp's accumulators through shared
// memory into 16-byte row chunks: full, coalesced stores instead of 4-byte
// pieces (which left the store queue throttling, docs/PERF.md v9).
#include "KernelBuilder.h"

#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/MatmulConfig.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace mini {
namespace {
constexpr int64_t kPad = MatmulConfigAttr::kRowPad; // elements per shared-memory row
constexpr int64_t kChunk = 8; // elements per 16-byte copy
constexpr int64_t kTmaBoxCols = MatmulConfigAttr::kTmaBoxCols;

struct Tiling {
  int64_t tm, tn, tk, wm, wn, stages, threads;
  bool wmma;
  int64_t warpTileM() const { return tm / wm; }
  int64_t warpTileN() const { return tn / wn; }
  // Accumulator fragments per warp: 16x8 (mma.sync) or 16x16 (wmma).
  int64_t fragN() const { return wmma ? 16 : 8; }
  int64_t fragsM() const { return warpTileM() / 16; }
  int64_t fragsN() const { return warpTileN() / fragN(); }
};

class TensorCoreEmitter {
public:
  TensorCoreEmitter(KernelBuilder &kb, const Tiling &t, Type elt, Value A, Value B, Value M,
                    Value N, Value K, Value aBase, Value bBase, Value row0, Value col0,
                    Value sa, Value sb)
      : kb(kb), t(t), elt(elt), A(A), B(B), M(M), N(N), K(K), aBase(aBase), bBase(bBase),
        row0(row0), col0(col0), sa(sa), sb(sb) {
    tid = kb.threadId();
    lane = kb.rem(tid, kb.idx(32));
    Value warp = kb.div(tid, kb.idx(32));
    warpRow = kb.mul(kb.div(warp, kb.idx(t.wn)), kb.idx(t.warpTileM()));
    warpCol = kb.mul(kb.rem(warp, kb.idx(t.wn)), kb.idx(t.warpTileN()));
  }

  /// One 16-byte chunk of the A or B tile this thread copies with cp.async:
  /// where it goes in the tile, whether its row (A) or column (B) is inside
  /// the matrix, and its global offset at tile depth 0 (`base`, the row or
  /// column clamped into the matrix when outside it). `safeBase` also clamps
  /// the depth, so that it lies inside the matrix even when K < tile_k: the
  /// copies that read nothing (size 0) still carry a valid address. Computed
  /// once per block.
  struct Chunk {
    bool isA;
    Value row, col, inside, base, safeBase;
  };

  /// Plans the chunks and the K origin of the cp.async tiles: tile kt covers
  /// depths kt * tile_k - padK .. + tile_k, where padK = numK * tile_k - K,
  /// so that only tile 0 is partial (CUTLASS puts the K residue first too).
  /// Every later tile lies inside K, so its copies need no K bound checks.
  void planAsyncCopies(Value numK) {
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

  /// Stages tile kt into `stage` with one cp.async per planned chunk and
  /// commits them as one group, whose token is returned. `interior`: kt >= 1,
  /// so the tile lies inside K (then K > tile_k and `safeBase` is `base`) or
  /// (kt >= numK) entirely past it and is zero-filled.
  Value asyncLoadTile(Value stage, Value kt, bool interior) {
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

  /// Stages the A and B tiles at depth k0 into `stage` with scalar loads
  /// (rows that are not 16-byte aligned).
  void scalarLoadTile(Value stage, Value k0) {
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

  /// Calls `fn` for each 8-element chunk of the A and B tiles at depth k0 that
  /// this thread stages: global memref, shared memref, global row, whether the
  /// row is inside, global column, the column limit, the batch offset, the
  /// leading dimension, and the row and column inside the tile.
  template <typename Fn> void forEachChunk(Value k0, Fn fn) {
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

  /// TMA path (copy = "tma", sm_90): A stages are [stages, tile_m, tile_k]
  /// boxes, B stages [stages, tile_n / 64, tile_k, 64] boxes, both unpadded
  /// and swizzled; per stage, `barriers` holds a "full" mbarrier (the TMA
  /// bytes landed; one arrival, by the issuing thread) and after them an
  /// "empty" one (every warp of every block in the cluster is done reading
  /// the stage: each block's copies may write into all of them).
  /// `clusterM` > 1: the blocks of a cluster (`rank` 0 .. clusterM - 1) share
  /// the B tile; each copies its share of the B boxes, multicast to all.
  struct Tma {
    Value descA, descB, barriers, batch;
    int64_t clusterM = 1;
    Value rank; // i32, this block's rank in its cluster
  };
  std::optional<Tma> tma;

  Value barrier(bool empty, Value stage) {
    return sharedPointer(tma->barriers, {kb.add(stage, kb.idx(empty ? t.stages : 0))});
  }
  Value toI32(Value v) {
    return arith::IndexCastOp::create(kb.b, kb.loc, kb.b.getI32Type(), v);
  }
  /// Block until phase `use` (counted from 0) of an mbarrier has completed.
  void waitBarrier(Value bar, Value use) {
    NVVM::MBarrierTryWaitParityOp::create(kb.b, kb.loc, bar, toI32(kb.rem(use, kb.idx(2))),
                                          kb.i32(10'000'000)); // suspend hint, ns
  }
  /// This thread is done reading `stage`: it arrives on the stage's empty
  /// barrier in every block of the cluster (whose copies write into this
  /// block's stage). The arrivals are release.cta, as in CUTLASS's cluster
  /// pipelines; release.cluster ones cost 40% of the throughput (PERF v12).
  void releaseStage(Value stage) {
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
  /// Thread 0: every mbarrier starts at phase 0. A cluster's blocks wait
  /// for each other's barriers to exist before any copy or arrival reaches
  /// them.
  void initBarriers() {
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
  Value isThread0() {
    return arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, tid, kb.idx(0));
  }
  /// Thread 0: TMA copies of tile kt (one A box, tile_n / 64 B boxes) into
  /// `stage`, completing on its full barrier. Coordinates are innermost
  /// first; tile 0 starts padK columns before 0 and TMA zero-fills what lies
  /// outside the matrices, so no bounds are checked here.
  void tmaLoadTile(Value stage, Value kt) {
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
    copy(sharedPointer(sa, {stage, kb.idx(0), kb.idx(0)}), tma->descA, {k0, toI32(row0), batch},
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
      copy(sharedPointer(sb, {stage, j, kb.idx(0), kb.idx(0)}), tma->descB,
           {toI32(kb.add(col0, kb.mul(j, kb.idx(kTmaBoxCols)))), k0, batch}, everyBlock);
    }
  }

  /// The zero accumulators of one warp.
  SmallVector<Value> zeroAccumulators() {
    Value zero;
    if (wmmaIntrinsics()) {
      zero = LLVM::ZeroOp::create(kb.b, kb.loc, wmmaStructType(kb.b.getF32Type(), 8));
    } else if (t.wmma) {
      auto type = gpu::MMAMatrixType::get({16, 16}, kb.b.getF32Type(), "COp");
      zero = gpu::SubgroupMmaConstantMatrixOp::create(kb.b, kb.loc, type, kb.f32(0.0f));
    } else {
      auto type = VectorType::get({2, 2}, kb.b.getF32Type());
      zero = arith::ConstantOp::create(kb.b, kb.loc, type, DenseElementsAttr::get(type, 0.0f));
    }
    return SmallVector<Value>(t.fragsM() * t.fragsN(), zero);
  }

  /// The A and B fragments a warp multiplies at depth kk of the tile in `stage`.
  struct Fragments {
    SmallVector<Value> a, b;
    SmallVector<Value> flat() const { return llvm::to_vector(llvm::concat<const Value>(a, b)); }
  };
  Fragments fragmentsFrom(ValueRange flat) const {
    return {SmallVector<Value>(flat.take_front(t.fragsM())),
            SmallVector<Value>(flat.drop_front(t.fragsM()))};
  }

  Fragments loadFragments(Value stage, int64_t kk) {
    return t.wmma ? loadWmmaFragments(stage, kk) : loadMmaSyncFragments(stage, kk);
  }

  /// Where ldmatrix finds A[r][c] and B[k][n] (c, n multiples of 8) of the
  /// tile in `stage`: padded rows, or on the TMA path TMA's swizzled boxes.
  SmallVector<Value> aIndices(Value stage, Value r, Value c) {
    if (!tma)
      return {stage, r, c};
    return {stage, r, swizzledColumn(r, c, t.tk * eltBytes())};
  }
  SmallVector<Value> bIndices(Value stage, Value k, Value n) {
    if (!tma)
      return {stage, k, n};
    Value box = kb.div(n, kb.idx(kTmaBoxCols));
    Value col = kb.rem(n, kb.idx(kTmaBoxCols));
    return {stage, box, k, swizzledColumn(k, col, kTmaBoxCols * eltBytes())};
  }
  int64_t eltBytes() const { return elt.getIntOrFloatBitWidth() / 8; }
  /// The column where a TMA box with `rowBytes`-byte rows (the swizzle span)
  /// puts element (row, col): the swizzle XORs the 16-byte chunk index with
  /// bits 7 and up of the byte offset, (row * rowBytes / 128) mod
  /// (rowBytes / 16). The 8 rows one ldmatrix 8x8 matrix reads then sit in 8
  /// distinct chunk positions: no bank conflicts, without padding.
  Value swizzledColumn(Value row, Value col, int64_t rowBytes) {
    Value chunkXor = kb.rem(kb.div(kb.mul(row, kb.idx(rowBytes)), kb.idx(128)),
                            kb.idx(rowBytes / 16));
    return arith::XOrIOp::create(kb.b, kb.loc, col, kb.mul(chunkXor, kb.idx(kChunk)));
  }

  Fragments loadMmaSyncFragments(Value stage, int64_t kk) {
    Value laneRow = kb.rem(lane, kb.idx(16));
    Value laneCol = kb.mul(kb.div(lane, kb.idx(16)), kb.idx(8));
    Fragments f;
    for (int64_t mi = 0; mi < t.fragsM(); ++mi) {
      Value r = kb.add(warpRow, kb.add(kb.idx(mi * 16), laneRow));
      f.a.push_back(nvgpu::LdMatrixOp::create(kb.b, kb.loc, VectorType::get({4, 2}, elt), sa,
                                              aIndices(stage, r, kb.add(kb.idx(kk), laneCol)),
                                              /*transpose=*/false, /*numTiles=*/4));
    }
    // B fragments two n-tiles at a time: ldmatrix.x4.trans, lanes 16-31
    // addressing the second tile; registers 0-1 and 2-3 are the two 16x8
    // fragments.
    auto fragType = VectorType::get({2, 2}, elt);
    auto zero = DenseElementsAttr::get(
        fragType, APFloat::getZero(cast<FloatType>(elt).getFloatSemantics()));
    for (int64_t ni = 0; ni < t.fragsN(); ni += 2) {
      Value c = kb.add(warpCol, kb.add(kb.idx(ni * 8), laneCol));
      Value four = nvgpu::LdMatrixOp::create(kb.b, kb.loc, VectorType::get({4, 2}, elt), sb,
                                             bIndices(stage, kb.add(kb.idx(kk), laneRow), c),
                                             /*transpose=*/true, /*numTiles=*/4);
      for (int64_t half = 0; half < 2; ++half) {
        Value frag = arith::ConstantOp::create(kb.b, kb.loc, fragType, zero);
        for (int64_t r = 0; r < 2; ++r)
          frag = vector::InsertOp::create(
              kb.b, kb.loc, vector::ExtractOp::create(kb.b, kb.loc, four, 2 * half + r), frag, r);
        f.b.push_back(frag);
      }
    }
    return f;
  }

  Fragments loadWmmaFragments(Value stage, int64_t kk) {
    if (wmmaIntrinsics())
      return loadWmmaIntrinsicFragments(stage, kk);
    auto aType = gpu::MMAMatrixType::get({16, 16}, elt, "AOp");
    auto bType = gpu::MMAMatrixType::get({16, 16}, elt, "BOp");
    Fragments f;
    for (int64_t mi = 0; mi < t.fragsM(); ++mi)
      f.a.push_back(gpu::SubgroupMmaLoadMatrixOp::create(
          kb.b, kb.loc, aType, sa, ValueRange{stage, kb.add(warpRow, kb.idx(mi * 16)), kb.idx(kk)},
          kb.b.getIndexAttr(t.tk + kPad), /*transpose=*/UnitAttr()));
    for (int64_t ni = 0; ni < t.fragsN(); ++ni)
      f.b.push_back(gpu::SubgroupMmaLoadMatrixOp::create(
          kb.b, kb.loc, bType, sb, ValueRange{stage, kb.idx(kk), kb.add(warpCol, kb.idx(ni * 16))},
          kb.b.getIndexAttr(t.tn + kPad), /*transpose=*/UnitAttr()));
    return f;
  }

  /// WMMA on bf16 through the NVVM intrinsics (llvm.call_intrinsic): A and
  /// B fragments are 4 x i32 (8 bf16), accumulators 8 x f32, as LLVM structs.
  bool wmmaIntrinsics() const { return t.wmma && elt.isBF16(); }
  Type wmmaStructType(Type element, int64_t n) const {
    return LLVM::LLVMStructType::getLiteral(kb.b.getContext(),
                                            SmallVector<Type>(n, element));
  }
  /// The shared-memory address of mem[indices] (row-major, static shape).
  Value sharedPointer(Value mem, ValueRange indices) {
    auto type = cast<MemRefType>(mem.getType());
    Value linear = kb.idx(0);
    for (auto [i, index] : llvm::enumerate(indices)) {
      int64_t stride = 1;
      for (int64_t d : type.getShape().drop_front(i + 1))
        stride *= d;
      linear = kb.add(linear, kb.mul(index, kb.idx(stride)));
    }
    int64_t eltBytes = type.getElementTypeBitWidth() / 8;
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(kb.b, kb.loc, mem);
    Value address = arith::IndexCastOp::create(kb.b, kb.loc, kb.b.getI64Type(),
                                               kb.add(base, kb.mul(linear, kb.idx(eltBytes))));
    return LLVM::IntToPtrOp::create(kb.b, kb.loc, LLVM::LLVMPointerType::get(kb.b.getContext(), 3),
                                    address);
  }
  Value callIntrinsic(Type result, StringRef name, ValueRange args) {
    auto call = LLVM::CallIntrinsicOp::create(kb.b, kb.loc, result, kb.b.getStringAttr(name), args);
    return call.getResult(0);
  }
  /// Appends the first n fields of the LLVM struct v to args.
  void appendFields(SmallVectorImpl<Value> &args, Value v, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      args.push_back(LLVM::ExtractValueOp::create(kb.b, kb.loc, v, i));
  }
  Fragments loadWmmaIntrinsicFragments(Value stage, int64_t kk) {
    Type fragType = wmmaStructType(kb.b.getI32Type(), 4);
    auto load = [&](StringRef which, Value mem, Value row, Value col, int64_t ld) {
      return callIntrinsic(fragType,
                           ("llvm.nvvm.wmma.m16n16k16.load." + which + ".row.stride.bf16.p3").str(),
                           {sharedPointer(mem, {stage, row, col}), kb.i32(ld)});
    };
    Fragments f;
    for (int64_t mi = 0; mi < t.fragsM(); ++mi)
      f.a.push_back(load("a", sa, kb.add(warpRow, kb.idx(mi * 16)), kb.idx(kk), t.tk + kPad));
    for (int64_t ni = 0; ni < t.fragsN(); ++ni)
      f.b.push_back(load("b", sb, kb.idx(kk), kb.add(warpCol, kb.idx(ni * 16)), t.tn + kPad));
    return f;
  }
  /// d = a x b + c with the bf16 wmma intrinsic.
  Value wmmaIntrinsicMma(Value a, Value b, Value c) {
    SmallVector<Value> args;
    appendFields(args, a, 4);
    appendFields(args, b, 4);
    appendFields(args, c, 8);
    return callIntrinsic(c.getType(), "llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16", args);
  }

  /// acc[mi * fragsN + ni] += a[mi] x b[ni].
  SmallVector<Value> multiply(const Fragments &f, ValueRange acc) {
    SmallVector<Value> out(acc.begin(), acc.end());
    for (int64_t mi = 0; mi < t.fragsM(); ++mi)
      for (int64_t ni = 0; ni < t.fragsN(); ++ni) {
        Value &c = out[mi * t.fragsN() + ni];
        if (wmmaIntrinsics()) {
          c = wmmaIntrinsicMma(f.a[mi], f.b[ni], c);
          continue;
        }
        c = t.wmma ? Value(gpu::SubgroupMmaComputeOp::create(kb.b, kb.loc, c.getType(), f.a[mi],
                                                             f.b[ni], c, UnitAttr(), UnitAttr()))
                   : Value(nvgpu::MmaSyncOp::create(kb.b, kb.loc, f.a[mi], f.b[ni], c,
                                                    ArrayRef<int64_t>{16, 8, 16}));
      }
    return out;
  }

  /// The whole tile in `stage`, fragments loaded just before use.
  SmallVector<Value> multiplyTile(Value stage, ValueRange acc) {
    SmallVector<Value> out(acc.begin(), acc.end());
    for (int64_t kk = 0; kk < t.tk; kk += 16)
      out = multiply(loadFragments(stage, kk), out);
    return out;
  }

  /// Writes the accumulators to C (batch offset cBase), converted to C's
  /// element type, masked at the edges. `pairs`: N is even, so each lane's two
  /// adjacent mma.sync outputs go out as one vector store.
  void epilogue(ValueRange acc, Value C, Value cBase, Value scratch, bool pairs) {
    auto store = [&](Value r, Value c, ArrayRef<Value> vals) {
      Value ok = kb.andi(kb.ult(r, M), kb.ult(c, N));
      Value at = kb.add(cBase, kb.add(kb.mul(r, N), c));
      kb.ifThenElse(ok, [&] { kb.storeVecF32(vals, C, at); });
    };
    if (t.wmma) {
      // Through a 16x16 f32 scratch tile per warp: lane l writes row l/2,
      // columns (l%2)*8 .. +8.
      Value warp = kb.div(tid, kb.idx(32));
      Value lr = kb.div(lane, kb.idx(2)), lc = kb.mul(kb.rem(lane, kb.idx(2)), kb.idx(8));
      for (int64_t mi = 0; mi < t.fragsM(); ++mi)
        for (int64_t ni = 0; ni < t.fragsN(); ++ni) {
          Value frag = acc[mi * t.fragsN() + ni];
          if (wmmaIntrinsics()) {
            SmallVector<Value> args = {sharedPointer(scratch, {warp, kb.idx(0), kb.idx(0)})};
            appendFields(args, frag, 8);
            args.push_back(kb.i32(16));
            LLVM::CallIntrinsicOp::create(
                kb.b, kb.loc,
                kb.b.getStringAttr("llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p3"), args);
          } else {
            gpu::SubgroupMmaStoreMatrixOp::create(kb.b, kb.loc, frag, scratch,
                                                  ValueRange{warp, kb.idx(0), kb.idx(0)},
                                                  kb.b.getIndexAttr(16), UnitAttr());
          }
          NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
          Value r = kb.add(row0, kb.add(warpRow, kb.add(kb.idx(mi * 16), lr)));
          Value c0 = kb.add(col0, kb.add(warpCol, kb.add(kb.idx(ni * 16), lc)));
          for (int64_t j = 0; j < 8; ++j) {
            Value v = memref::LoadOp::create(kb.b, kb.loc, scratch,
                                             ValueRange{warp, lr, kb.add(lc, kb.idx(j))});
            store(r, kb.add(c0, kb.idx(j)), {v});
          }
          NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
        }
      return;
    }
    // mma.sync m16n8 accumulator: lane l holds rows l/4 and l/4 + 8, columns
    // 2*(l%4) and 2*(l%4) + 1.
    Value lr = kb.div(lane, kb.idx(4)), lc = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
    for (int64_t mi = 0; mi < t.fragsM(); ++mi)
      for (int64_t ni = 0; ni < t.fragsN(); ++ni)
        for (int64_t i = 0; i < 2; ++i) {
          Value r = kb.add(row0, kb.add(warpRow, kb.add(kb.idx(mi * 16 + 8 * i), lr)));
          Value c = kb.add(col0, kb.add(warpCol, kb.add(kb.idx(ni * 8), lc)));
          Value frag = acc[mi * t.fragsN() + ni];
          Value v0 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 0});
          Value v1 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 1});
          if (pairs) {
            store(r, c, {v0, v1});
            continue;
          }
          store(r, c, {v0});
          store(r, kb.add(c, kb.idx(1)), {v1});
        }
  }

  /// Bytes of shared memory the staged epilogue needs for C elements of
  /// `outBytes` bytes: per warp, one 16-row slice of its tile, rows padded
  /// by kPad elements.
  int64_t stagedEpilogueBytes(int64_t outBytes) const {
    return t.wm * t.wn * 16 * (t.warpTileN() + kPad) * outBytes;
  }

  /// mma.sync epilogue through shared memory (`scratch`, stagedEpilogueBytes,
  /// no longer used by the pipeline): each warp converts one 16-row slice of
  /// its accumulators at a time into its scratch rows, then writes them to C
  /// as 16-byte row chunks, so the stores are full, coalesced lines instead
  /// of 4-byte pieces. Needs N to be a multiple of 8 (whole chunks in or out).
  void stagedEpilogue(ValueRange acc, Value C, Value cBase, Value scratch) {
    Type outElt = cast<MemRefType>(C.getType()).getElementType();
    int64_t outBytes = outElt.getIntOrFloatBitWidth() / 8;
    int64_t chunk = 16 / outBytes, stride = t.warpTileN() + kPad;
    Value warp = kb.div(tid, kb.idx(32));
    Value warpBase = kb.mul(warp, kb.idx(16 * stride));
    Value lr = kb.div(lane, kb.idx(4)), lc = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
    int64_t chunksPerRow = t.warpTileN() / chunk;
    auto vecType = VectorType::get({chunk}, outElt);
    for (int64_t mi = 0; mi < t.fragsM(); ++mi) {
      // mma.sync m16n8 accumulator: lane l holds rows l/4 and l/4 + 8,
      // columns 2*(l%4) and 2*(l%4) + 1.
      for (int64_t ni = 0; ni < t.fragsN(); ++ni)
        for (int64_t i = 0; i < 2; ++i) {
          Value frag = acc[mi * t.fragsN() + ni];
          Value v0 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 0});
          Value v1 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 1});
          Value at = kb.add(warpBase, kb.add(kb.mul(kb.add(lr, kb.idx(8 * i)), kb.idx(stride)),
                                             kb.add(lc, kb.idx(ni * 8))));
          kb.storeVecF32({v0, v1}, scratch, at);
        }
      NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
      for (int64_t c = 0; c < 16 * chunksPerRow / 32; ++c) {
        Value id = kb.add(lane, kb.idx(32 * c));
        Value row = kb.div(id, kb.idx(chunksPerRow));
        Value col = kb.mul(kb.rem(id, kb.idx(chunksPerRow)), kb.idx(chunk));
        auto load = vector::LoadOp::create(
            kb.b, kb.loc, vecType, scratch,
            ValueRange{kb.add(warpBase, kb.add(kb.mul(row, kb.idx(stride)), col))});
        load.setAlignment(16);
        Value r = kb.add(row0, kb.add(warpRow, kb.add(kb.idx(mi * 16), row)));
        Value cc = kb.add(col0, kb.add(warpCol, col));
        kb.ifThenElse(kb.andi(kb.ult(r, M), kb.ult(cc, N)), [&] {
          auto store = vector::StoreOp::create(kb.b, kb.loc, load, C,
                                               ValueRange{kb.add(cBase, kb.add(kb.mul(r, N), cc))});
          store.setAlignment(16);
        });
      }
      NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
    }
  }

  KernelBuilder &kb;
  const Tiling &t;
  Type elt;
  Value A, B, M, N, K, aBase, bBase, row0, col0, sa, sb;
  Value tid, lane, warpRow, warpCol;
  Value numK, padK;          // set by planAsyncCopies
  SmallVector<Chunk> chunks; // this thread's cp.async chunks
};

} // namespace

FailureOr<gpu::GPUFuncOp> buildMatmulMmaKernel(Operation *op, gpu::GPUModuleOp module,
                                               StringRef name, KernelSpec &spec) {
  auto mm = cast<MatmulOp>(op);
  MatmulConfigAttr cfg = getOrChooseMatmulConfig(mm);
  Tiling t{cfg.getTileM(),  cfg.getTileN(),  cfg.getTileK(),
           cfg.getWarpsM(), cfg.getWarpsN(), cfg.getStages(),
           32 * cfg.getWarpsM() * cfg.getWarpsN(), cfg.getMath() == "wmma"};
  Type inElt = cast<RankedTensorType>(mm.getLhs().getType()).getElementType();
  setMatmulSpec(op, spec, t.tm, t.tn, t.threads);
  spec.dynamicSharedBytes = cfg.sharedMemoryBytes(inElt);
  bool useTma = cfg.usesTma();
  int64_t eltBytes = inElt.getIntOrFloatBitWidth() / 8;
  if (useTma) {
    spec.tensorMaps = {{0, {1, t.tm, t.tk}, t.tk * eltBytes},
                       {1, {1, t.tk, kTmaBoxCols}, kTmaBoxCols * eltBytes}};
    // Rows that TMA cannot copy (K or N not a multiple of 8) take the scalar
    // path through one padded stage in the same memory.
    spec.dynamicSharedBytes = std::max<int64_t>(
        spec.dynamicSharedBytes, (t.tm * (t.tk + kPad) + t.tk * (t.tn + kPad)) * eltBytes);
  }
  OpBuilder b(op->getContext());
  spec.attrs.set("math", b.getStringAttr(cfg.getMath()));
  spec.attrs.set("copy", b.getStringAttr(cfg.getCopy()));
  spec.attrs.set("tile", b.getI64ArrayAttr({t.tm, t.tn, t.tk}));
  spec.attrs.set("warps", b.getI64ArrayAttr({t.wm, t.wn}));
  spec.attrs.set("stages", b.getI64IntegerAttr(t.stages));
  int64_t clusterM = cfg.getClusterM();
  if (clusterM > 1) {
    spec.attrs.set("cluster_m", b.getI64IntegerAttr(clusterM));
    spec.grid[1].cluster = clusterM; // the blocks past M only help with the copies
  }

  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, ArrayRef<MemRefType>{});
  if (clusterM > 1) // .reqnctapercluster: a plain launch forms the clusters
    func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                  b.getDenseI32ArrayAttr({1, static_cast<int32_t>(clusterM), 1}));
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);

  // Dynamic shared memory (beyond the 48 KB of a static allocation): the A
  // stages, the B stages, then (wmma) the epilogue tiles. The mma.sync
  // epilogue reuses the stages.
  // The TMA path's padded views hold the one stage of the scalar path.
  int64_t paddedStages = useTma ? 1 : t.stages;
  MemRefType aType = workgroupMemRef({paddedStages, t.tm, t.tk + kPad}, inElt);
  MemRefType bType = workgroupMemRef({paddedStages, t.tk, t.tn + kPad}, inElt);
  MemRefType cType = workgroupMemRef({t.wm * t.wn, 16, 16}, b.getF32Type());
  Value raw = gpu::DynamicSharedMemoryOp::create(
      b, loc, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t aBytes = aType.getNumElements() * eltBytes;
  int64_t bBytes = bType.getNumElements() * eltBytes;
  Value sa = memref::ViewOp::create(b, loc, aType, raw, kb.idx(0), ValueRange{});
  Value sb = memref::ViewOp::create(b, loc, bType, raw, kb.idx(aBytes), ValueRange{});
  Value scratch = t.wmma ? memref::ViewOp::create(b, loc, cType, raw, kb.idx(aBytes + bBytes),
                                                  ValueRange{})
                               .getResult()
                         : Value();

  Value A = func.getArgument(0), B = func.getArgument(1), C = func.getArgument(2);
  Value M = func.getArgument(4), N = func.getArgument(5), K = func.getArgument(6);
  Value batch = kb.blockId(gpu::Dimension::z);
  Value row0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(t.tm));
  Value col0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(t.tn));
  TensorCoreEmitter e(kb, t, inElt, A, B, M, N, K, kb.mul(batch, kb.mul(M, K)),
                      kb.mul(batch, kb.mul(K, N)), row0, col0, sa, sb);
  Value cBase = kb.mul(batch, kb.mul(M, N));
  // TMA path: the swizzled stages start at the first 1024-byte boundary of
  // the dynamic shared memory (the swizzle pattern is anchored there).
  std::optional<TensorCoreEmitter> te;
  if (useTma) {
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, raw);
    const int64_t align = MatmulConfigAttr::kTmaAlign;
    Value shift = kb.rem(kb.sub(kb.idx(align), kb.rem(base, kb.idx(align))), kb.idx(align));
    int64_t aStages = llvm::alignTo(t.stages * t.tm * t.tk * eltBytes, align);
    int64_t bStages = t.stages * t.tk * t.tn * eltBytes;
    auto view = [&](ArrayRef<int64_t> shape, Type type, int64_t offset) -> Value {
      return memref::ViewOp::create(b, loc, workgroupMemRef(shape, type), raw,
                                    kb.add(shift, kb.idx(offset)), ValueRange{});
    };
    Value swizzledA = view({t.stages, t.tm, t.tk}, inElt, 0);
    Value swizzledB = view({t.stages, t.tn / kTmaBoxCols, t.tk, kTmaBoxCols}, inElt, aStages);
    te.emplace(kb, t, inElt, A, B, M, N, K, kb.mul(batch, kb.mul(M, K)),
               kb.mul(batch, kb.mul(K, N)), row0, col0, swizzledA, swizzledB);
    unsigned maps = func.getNumArguments() - 2;
    te->tma = TensorCoreEmitter::Tma{func.getArgument(maps), func.getArgument(maps + 1),
                                     view({2 * t.stages}, b.getI64Type(), aStages + bStages),
                                     batch, clusterM};
    if (clusterM > 1)
      te->tma->rank = NVVM::ClusterId::create(b, loc, b.getI32Type());
  }
  // The mma.sync epilogue stages C through the (then idle) pipeline buffers
  // when they are large enough.
  Type outElt = cast<MemRefType>(C.getType()).getElementType();
  int64_t outBytes = outElt.getIntOrFloatBitWidth() / 8;
  Value stagedScratch;
  if (!t.wmma && e.stagedEpilogueBytes(outBytes) <= aBytes + bBytes)
    stagedScratch = memref::ViewOp::create(
        b, loc, workgroupMemRef({e.stagedEpilogueBytes(outBytes) / outBytes}, outElt), raw,
        kb.idx(0), ValueRange{});
  Value numK = arith::CeilDivUIOp::create(b, loc, K, kb.idx(t.tk));
  SmallVector<Value> init = e.zeroAccumulators();

  // cp.async path, `stages` > 1: tiles kt+1 .. kt+stages-1 are in flight
  // while tile kt is multiplied, and the fragments of each 16-deep step are
  // loaded (ldmatrix) while the previous step's mma ops run, across tile
  // boundaries too: the wait and barrier for tile kt+1 come before the last
  // step of tile kt. (device_async_wait lowers to cp.async.wait_group N; its
  // token operand only orders the IR.)
  int64_t steps = t.tk / 16;
  auto waitForTile = [&](Value token) { // the stages - 2 youngest groups may stay in flight
    nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(t.stages - 2));
    gpu::BarrierOp::create(b, loc);
  };
  // N is a multiple of 8 on the cp.async paths: stores go out in pairs, or
  // staged as 16-byte chunks.
  auto alignedEpilogue = [&](ValueRange acc) {
    if (!stagedScratch)
      return e.epilogue(acc, C, cBase, scratch, /*pairs=*/true);
    gpu::BarrierOp::create(b, loc); // every warp is done reading the stages
    e.stagedEpilogue(acc, C, cBase, stagedScratch);
  };
  auto pipelined = [&](TensorCoreEmitter &e) {
    e.planAsyncCopies(numK);
    bool viaTma = e.tma.has_value();
    auto ifLess = [&](Value x, Value y, function_ref<void()> fn) { kb.ifThenElse(kb.ult(x, y), fn); };
    Value token;
    if (viaTma) {
      e.initBarriers();
      kb.ifThenElse(e.isThread0(), [&] {
        for (int64_t s = 0; s + 1 < t.stages; ++s)
          ifLess(kb.idx(s), numK, [&] { e.tmaLoadTile(kb.idx(s), kb.idx(s)); });
      });
      ifLess(kb.idx(0), numK, [&] { e.waitBarrier(e.barrier(false, kb.idx(0)), kb.idx(0)); });
    } else {
      for (int64_t s = 0; s + 1 < t.stages; ++s)
        token = e.asyncLoadTile(kb.idx(s), kb.idx(s), /*interior=*/s > 0);
      waitForTile(token);
    }
    SmallVector<Value> carried = init;
    llvm::append_range(carried, e.loadFragments(kb.idx(0), 0).flat());
    int64_t numAcc = init.size(), numFrags = carried.size() - numAcc;
    carried.push_back(kb.idx(0)); // the stage of tile kt
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), carried, [&](Value kt, ValueRange it) {
      // Stage indices rotate by compare and select (no remainder per tile).
      Value stage = it.back();
      auto isStage = [&](int64_t s) {
        return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stage, kb.idx(s));
      };
      Value nextStage = kb.select(isStage(t.stages - 1), kb.idx(0), kb.add(stage, kb.idx(1)));
      // Refill the stage tile kt - 1 used (every warp passed the barrier
      // after its last read); past the end, zeros.
      Value refillStage = kb.select(isStage(0), kb.idx(t.stages - 1), kb.sub(stage, kb.idx(1)));
      Value refillTile = kb.add(kt, kb.idx(t.stages - 1)), token;
      // TMA: thread 0 refills the stage of tile kt - 1 once every thread
      // has read it (the empty barrier's phase (kt - 1) / stages), after
      // issuing its own math for tile kt, so it rarely waits (waiting at the
      // top of the tile cost 0-10%, docs/PERF.md v11); none past the end.
      auto tmaRefill = [&] {
        kb.ifThenElse(kb.andi(e.isThread0(), kb.ult(refillTile, numK)), [&] {
          kb.ifThenElse(kb.ult(kb.idx(0), kt), [&] {
            Value previous = kb.sub(kt, kb.idx(1));
            e.waitBarrier(e.barrier(true, refillStage), kb.div(previous, kb.idx(t.stages)));
          });
          e.tmaLoadTile(refillStage, refillTile);
        });
      };
      if (!viaTma)
        token = e.asyncLoadTile(refillStage, refillTile, /*interior=*/true);
      SmallVector<Value> acc(it.take_front(numAcc));
      auto frags = e.fragmentsFrom(it.slice(numAcc, numFrags));
      if (viaTma && steps == 1) // tile kt's fragments came in the previous iteration
        e.releaseStage(stage);
      for (int64_t step = 0; step < steps; ++step) {
        TensorCoreEmitter::Fragments nextFrags;
        if (step + 1 < steps) {
          nextFrags = e.loadFragments(stage, (step + 1) * 16);
          if (viaTma && step + 2 == steps) // the last read of this stage
            e.releaseStage(stage);
        } else if (viaTma) {
          Value next = kb.add(kt, kb.idx(1));
          ifLess(next, numK, [&] {
            e.waitBarrier(e.barrier(false, nextStage), kb.div(next, kb.idx(t.stages)));
          });
          nextFrags = e.loadFragments(nextStage, 0);
        } else {
          waitForTile(token);
          nextFrags = e.loadFragments(nextStage, 0);
        }
        acc = e.multiply(frags, acc);
        frags = nextFrags;
      }
      if (viaTma)
        tmaRefill();
      llvm::append_range(acc, frags.flat());
      acc.push_back(nextStage);
      return acc;
    });
    // No cp.async may be left writing shared memory when the block exits
    // (or the epilogue reuses it). (Every TMA copy was waited for.)
    if (!viaTma)
      nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(0));
    alignedEpilogue(loop.getResults().take_front(numAcc));
  };
  // cp.async path, one stage: load, wait, multiply; no overlap.
  auto unpipelined = [&] {
    e.planAsyncCopies(numK);
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
      gpu::BarrierOp::create(b, loc);
      Value token = e.asyncLoadTile(kb.idx(0), kt, /*interior=*/false);
      nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(0));
      gpu::BarrierOp::create(b, loc);
      return e.multiplyTile(kb.idx(0), acc);
    });
    alignedEpilogue(loop.getResults());
  };
  // Unaligned rows: scalar staging through stage 0, no overlap.
  auto synchronous = [&] {
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
      gpu::BarrierOp::create(b, loc);
      e.scalarLoadTile(kb.idx(0), kb.mul(kt, kb.idx(t.tk)));
      gpu::BarrierOp::create(b, loc);
      return e.multiplyTile(kb.idx(0), acc);
    });
    e.epilogue(loop.getResults(), C, cBase, scratch, /*pairs=*/false);
  };
  auto multipleOf = [&](Value v, int64_t m) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kb.rem(v, kb.idx(m)),
                                 kb.idx(0));
  };
  Value aligned = kb.andi(multipleOf(K, kChunk), multipleOf(N, kChunk));
  if (te)
    kb.ifThenElse(aligned, [&] { pipelined(*te); }, synchronous);
  else if (t.stages > 1)
    kb.ifThenElse(aligned, [&] { pipelined(e); }, synchronous);
  else
    kb.ifThenElse(aligned, unpipelined, synchronous);
  if (clusterM > 1) { // no block exits while others may still arrive on its barriers
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
  }
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
