// The per-block emitter of the tensor-core matmul kernel (MatmulMmaKernel.cpp
// builds the kernel and its pipeline from these pieces): the tile copies into
// shared memory (TensorCoreCopies.cpp: cp.async, scalar loads, TMA with its
// mbarriers and cluster multicast) and the warp ops of the math (loads from
// the stages, mma, store to C), lowered to fragments by mini-lower-mma.
// Private to lib/Transforms/Kernels.
#ifndef MINI_TRANSFORMS_KERNELS_TENSORCOREEMITTER_H
#define MINI_TRANSFORMS_KERNELS_TENSORCOREEMITTER_H

#include "KernelBuilder.h"
#include "MmaFragments.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <optional>

namespace mini::tensorcore {
using namespace mlir;

constexpr int64_t kPad = MatmulConfigAttr::kRowPad; // elements per shared-memory row
constexpr int64_t kChunk = 8; // elements per 16-byte copy
constexpr int64_t kTmaBoxCols = MatmulConfigAttr::kTmaBoxCols;

struct Tiling {
  int64_t tm, tn, tk, wm, wn, stages, threads;
  bool wmma;
  int64_t warpTileM() const { return tm / wm; }
  int64_t warpTileN() const { return tn / wn; }
};

class TensorCoreEmitter {
public:
  TensorCoreEmitter(KernelBuilder &kb, const Tiling &t, Type elt, Value A, Value B, Value M,
                    Value N, Value K, Value aBase, Value bBase, Value row0, Value col0,
                    Value sa, Value sb)
      : kb(kb), t(t), elt(elt), A(A), B(B), M(M), N(N), K(K), aBase(aBase), bBase(bBase),
        row0(row0), col0(col0), sa(sa), sb(sb) {
    tid = kb.threadId();
    Value warp = kb.div(tid, kb.idx(32));
    warpRow = kb.mul(kb.div(warp, kb.idx(t.wn)), kb.idx(t.warpTileM()));
    warpCol = kb.mul(kb.rem(warp, kb.idx(t.wn)), kb.idx(t.warpTileN()));
  }

  /// The A and B tiles of K step `step` into `stage` (mini.stage_copy,
  /// lowered by mini-lower-stage-copies): with `async`, 16-byte cp.async
  /// copies with the K residue in step 0, returning their group's token
  /// (`interior`: step >= 1); otherwise element by element, the residue
  /// last (rows that are not 16-byte aligned).
  Value stageCopy(Value stage, Value step, bool async, bool interior = false);

  /// TMA path: tile kt covers depths kt * tile_k - padK .. + tile_k, where
  /// padK = numK * tile_k - K, so that only tile 0 is partial (CUTLASS puts
  /// the K residue first too; the cp.async copies do the same).
  void planTma(Value numK) {
    padK = kb.sub(kb.mul(numK, kb.idx(t.tk)), K);
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
    return kb.sharedPointer(tma->barriers, {kb.add(stage, kb.idx(empty ? t.stages : 0))});
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
  void releaseStage(Value stage);
  /// Thread 0: every mbarrier starts at phase 0. A cluster's blocks wait
  /// for each other's barriers to exist before any copy or arrival reaches
  /// them.
  void initBarriers();
  Value isThread0() {
    return arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, tid, kb.idx(0));
  }
  /// Thread 0: TMA copies of tile kt (one A box, tile_n / 64 B boxes) into
  /// `stage`, completing on its full barrier. Coordinates are innermost
  /// first; tile 0 starts padK columns before 0 and TMA zero-fills what lies
  /// outside the matrices, so no bounds are checked here.
  void tmaLoadTile(Value stage, Value kt);

  /// The warp's tiles, as the warp ops mini-lower-mma lowers.
  WarpTileType accType() const {
    return WarpTileType::get(kb.b.getContext(), "acc", {t.warpTileM(), t.warpTileN()},
                             kb.b.getF32Type());
  }
  Value zeroAccumulator() { return WarpZeroOp::create(kb.b, kb.loc, accType()); }

  /// The A and B tiles a warp multiplies at depth kk of the tile in `stage`.
  struct Fragments {
    Value a, b;
    SmallVector<Value> flat() const { return {a, b}; }
  };
  static Fragments fragmentsFrom(ValueRange flat) { return {flat[0], flat[1]}; }
  Fragments loadFragments(Value stage, int64_t kk);

  Value multiply(const Fragments &f, Value acc) {
    return WarpMmaOp::create(kb.b, kb.loc, acc.getType(), f.a, f.b, acc);
  }

  /// The whole tile in `stage`, fragments loaded just before use.
  Value multiplyTile(Value stage, Value acc);

  /// Writes the accumulator to C (batch offset cBase), converted to C's
  /// element type, masked at the edges, through `scratch` when given (see
  /// mini.warp_store). `pairs`: N is even.
  void epilogue(Value acc, Value C, Value cBase, Value scratch, bool pairs);

  /// Elements of C the staged mma.sync epilogue needs as scratch: one
  /// slice per warp (MmaFragments::stagedSliceElements).
  int64_t stagedEpilogueElements() const {
    return t.wm * t.wn * MmaFragments::stagedSliceElements(accType());
  }

  int64_t eltBytes() const { return elt.getIntOrFloatBitWidth() / 8; }

  KernelBuilder &kb;
  const Tiling &t;
  Type elt;
  Value A, B, M, N, K, aBase, bBase, row0, col0, sa, sb;
  Value tid, warpRow, warpCol;
  Value padK; // set by planTma
};

} // namespace mini::tensorcore

#endif // MINI_TRANSFORMS_KERNELS_TENSORCOREEMITTER_H
