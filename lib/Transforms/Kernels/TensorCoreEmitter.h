// The per-block emitter of the tensor-core matmul (mini-promote-tiles,
// lib/Transforms/PromoteTiles.cpp, builds a block's body from these pieces):
// the tile copies into shared memory (TensorCoreCopies.cpp: mini.stage_copy,
// mini.stage_copy_tma and the TMA mbarriers) and the warp ops of the math
// (loads from the stages, mma, store to C; TensorCoreMath.cpp), lowered by
// mini-lower-stage-copies and mini-lower-mma. Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_TENSORCOREEMITTER_H
#define MINI_TRANSFORMS_KERNELS_TENSORCOREEMITTER_H

#include "KernelBuilder.h"
#include "MatmulEpilogue.h"
#include "MmaFragments.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <optional>

namespace mini::tensorcore {
using namespace mlir;

struct Tiling {
  int64_t tm, tn, tk, wm, wn, stages, threads;
  bool wmma;
  /// A SwiGLU pair (mini.block_matmul's up_pair): the tile's right half is
  /// the second product's, and C's tile is tm x tn / 2.
  bool upPair = false;
  int64_t storedTileN() const { return upPair ? tn / 2 : tn; }
  int64_t warpTileM() const { return tm / wm; }
  int64_t warpTileN() const { return tn / wn; }
};

/// The (row, column) of tile `index` of a tilesM x tilesN grid of C tiles
/// in grouped order (Triton's GROUP_M): groups of kGroupRows row tiles, M
/// fastest within a group, so that a wave of 132 blocks covers about 16 x 8
/// tiles and reads each of their A and B tiles once.
constexpr int64_t kGroupRows = 16;
std::pair<Value, Value> groupedTile(KernelBuilder &kb, Value index, Value tilesM, Value tilesN);

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
  /// last (rows that are not 16-byte aligned), into the swizzled stages
  /// when this is the TMA stages' emitter.
  Value stageCopy(Value stage, Value step, bool async, bool interior = false);

  /// TMA path (copy = "tma", sm_90): A stages are [stages, tile_m, tile_k]
  /// boxes, B stages [stages, tile_n / 64, tile_k, 64] boxes, both unpadded
  /// and swizzled; `barriers` holds a "full" and an "empty" mbarrier per
  /// stage (see mini.stage_copy_tma). `clusterM` > 1: the blocks of a
  /// cluster share the B tile, each copying its share, multicast to all.
  struct Tma {
    Value descA, descB, barriers, batch;
    Value descUp; // a SwiGLU pair's second B (null: none)
    int64_t clusterM = 1;
  };
  std::optional<Tma> tma;

  /// The TMA copies of K step `step` into `stage` (mini.stage_copy_tma,
  /// lowered by mini-lower-stage-copies), issued by the calling thread.
  void stageCopyTma(Value stage, Value step);
  /// Thread 0: every mbarrier starts at phase 0 (a full barrier expects one
  /// arrival, an empty one every thread of the cluster). A cluster's blocks
  /// wait for each other's barriers to exist before any copy or arrival
  /// reaches them.
  void initBarriers();
  Value isThread0() {
    return arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, tid, kb.idx(0));
  }

  /// The warp's tiles, as the warp ops mini-lower-mma lowers.
  WarpTileType accType() const {
    return WarpTileType::get(kb.b.getContext(), "acc", {t.warpTileM(), t.warpTileN()},
                             kb.b.getF32Type());
  }
  Value zeroAccumulator() { return WarpZeroOp::create(kb.b, kb.loc, accType()); }
  /// The tile the warp stores: accType(), or for a pair its SwiGLU half.
  WarpTileType storedAccType() const {
    return WarpTileType::get(kb.b.getContext(), "acc",
                             {t.warpTileM(), t.warpTileN() / (t.upPair ? 2 : 1)},
                             kb.b.getF32Type());
  }

  /// The k of one mma: 16, or 8 for tf32 (f32 operands, m16n8k8).
  int64_t mmaDepth() const { return elt.isF32() ? 8 : 16; }
  /// The A and B tiles a warp multiplies at depth kk of the tile in `stage`.
  struct Fragments {
    Value a, b;
  };
  Fragments loadFragments(Value stage, int64_t kk);

  Value multiply(const Fragments &f, Value acc) {
    return WarpMmaOp::create(kb.b, kb.loc, acc.getType(), f.a, f.b, acc);
  }

  /// The whole tile in `stage`, fragments loaded just before use.
  Value multiplyTile(Value stage, Value acc);

  /// wgmma (math = "wgmma"): the tile in `stage`, rows `groupRow` ..
  /// `groupRow` + 63 of A (the calling warpgroup's) times all of B, waited
  /// for; mini-pipeline-stages keeps one batch in flight instead.
  Value multiplyTileWgmma(Value stage, Value groupRow, Value acc);
  /// The first row of the calling thread's warpgroup in the tile.
  Value warpgroupRow() {
    return kb.mul(kb.div(kb.div(tid, kb.idx(32)), kb.idx(4)), kb.idx(64));
  }

  /// TMA kernels keep every A box inside A's rows (`boxedRows`): the tile
  /// at rows `tileRow0 ..` that sticks out past M, where M holds a whole
  /// tile, takes rows M - tile_m .. instead, for its A box and its
  /// accumulator alike (TMA's zero fill of a box's rows past M ran the
  /// last row of tiles up to 1.9x slower than a full one: docs/PERF.md
  /// v48). Returns the tile's first row; the rows below `tileRow0` are the
  /// previous tile's, which stores them (firstOwnRow).
  Value boxRow(Value tileRow0);
  /// The first row of C the tile at `row0` stores: row0 rounded up to
  /// whole tiles (row0 itself unless boxRow moved the tile); null where the
  /// rows are not boxed.
  Value firstOwnRow();
  bool boxedRows = false;

  /// Writes the accumulator to C (batch offset cBase) through `cEpilogue`,
  /// converted to C's element type, masked at the edges, through `scratch`
  /// when given (see mini.warp_store). `pairs`: N is even; `anyCols`: N need
  /// not be whole 16-byte chunks for the staged store. A SwiGLU pair's
  /// accumulator is combined first (mini.warp_swiglu).
  void epilogue(Value acc, Value C, Value cBase, Value scratch, bool pairs, bool anyCols = false);

  /// A stream-K tail block (mini.block_matmul with tail_block,
  /// TensorCoreSplit.cpp) runs its range of the tail's K steps, numbered
  /// 0 .. end within the block, as two pieces through one ring of stages:
  /// steps 0 .. end1 of one tile and end1 .. end of the next (empty when
  /// end1 = end). Its plan waits out the K loops in a shared-memory stash
  /// of i64, in this order: per piece its C corner, its slot, the tile's
  /// first slot and its number of slots; then end1, end and the "last
  /// block" flag.
  enum TailStash : int64_t {
    kRow0,
    kCol0,
    kSlot,
    kFirstSlot,
    kSlots,
    kPieceFields,
    kEnd1 = 2 * kPieceFields,
    kEnd,
    kFlag,
    kStashFields
  };
  struct TailPlan {
    Value hasSteps;     // the block's range is not empty
    // Piece 0's step s is K step firstStep + s of its tile; piece 1's
    // tile starts at the block's step end1 (its first step is -end1).
    Value firstStep;
    SmallVector<Value> stash; // the first kFlag fields
  };
  /// Block `block`'s plan: steps `block * width ..` of the tail's tiles
  /// laid end to end, the tiles after the first `unsplit` ones.
  TailPlan planTail(Value block, Value width, Value unsplit);
  Value stashed(Value stash, int64_t field);
  /// The end of piece `piece`: the partial into its slot, then the last of
  /// the tile's blocks adds the tile's slots up in order (in two levels
  /// past kFlatSlots) and writes C. `scratch`: WMMA's per-warp f32 tiles;
  /// `mathBarrier` syncs the math warps.
  void tailEpilogue(Value acc, Value C, Value stash, int64_t piece, Value partials,
                    Value counters, Value scratch, function_ref<void()> mathBarrier);
  /// Slots a tile's last block adds up alone; past them, in two levels.
  static constexpr int64_t kFlatSlots = 8;
  Value countIn(Value counters, Value index, Value count, Value stash,
                function_ref<void()> mathBarrier);
  Value flagSet(Value stash); // the stash's "last block" flag
  /// `count` f32 tiles of `partials`, the first at element `first`, each
  /// `stride` elements after the last, added in order: to C (one batch)
  /// through the epilogue, or when C is null to the f32 tile at `into`.
  void addPartials(Value first, Value count, Value stride, Value partials, Value C, Value into);

  /// Elements of C the staged mma.sync epilogue needs as scratch: one
  /// slice per warp (MmaFragments::stagedSliceElements).
  int64_t stagedEpilogueElements() const {
    return t.wm * t.wn * MmaFragments::stagedSliceElements(storedAccType());
  }

  int64_t eltBytes() const { return elt.getIntOrFloatBitWidth() / 8; }

  KernelBuilder &kb;
  const Tiling &t;
  Type elt;
  Value A, B, M, N, K, aBase, bBase, row0, col0, sa, sb;
  /// What C's elements go through before the store (the block_matmul's).
  MatmulEpilogue cEpilogue;
  /// The copies of step s copy K step firstStep + s (a piece of a stream-K
  /// tail block; it may be negative). Null: step s.
  Value firstStep;
  Value tid, warpRow, warpCol;
};

} // namespace mini::tensorcore

#endif // MINI_TRANSFORMS_KERNELS_TENSORCOREEMITTER_H
