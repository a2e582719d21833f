// The choices made at launch, written once: which of a kernel's size
// variants runs, the plan of a matmul's stream-K tail, and whether an
// attention runs its decode kernels. Each rule is generic over an arithmetic
// `A` (A::Int, A::Bool and IntArith's operations): the runtime evaluates it
// on integers at launch (Manifest.cpp), mini-lower-to-gpu emits the same
// rule as host IR on index values (HostArith in Kernels/HostLaunches.cpp),
// and mini-select-matmul-config evaluates it on static sizes. `Spec` is the
// runtime's or the compiler's KernelSpec: the rules read the fields both
// have. Header-only and without MLIR: the runtime builds without it.
#ifndef MINI_RUNTIME_LAUNCHRULES_H
#define MINI_RUNTIME_LAUNCHRULES_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace mini::launch {

/// Steps that pay for a tail block's partial tile (its write and the last
/// block's read): a tile's 1 / max splits need not be more (tall K over few
/// tiles: split-K over all SMs; docs/PERF.md v30).
inline constexpr int64_t kTailStepsEnough = 16;
/// The SMs a tail laid end to end may fill at most, a fraction 1 / this:
/// past a quarter of them whole tiles ran faster (docs/PERF.md v49).
inline constexpr int64_t kTailMostSMsShare = 4;
/// What a tail block's cost adds to its steps for its ramp, its partial
/// tile and the tile's final sum, so that a split tail of few steps per
/// block does not look cheaper than a smaller tile. 4 chose the split of
/// 13 steps a tile into blocks of 5 over 64x128 tiles at 1000 x 1032 x 776
/// (0.74x against 0.99x of cuBLAS on the H200; docs/PERF.md "Tall K with
/// odd rows"). Laid end to end, tails of 12-28 tiles of 64 steps split into
/// blocks of 16 took 0.63-0.67 of a wave with weights read from HBM: 24.
/// The aligned split (a block's partial in one tile, read by its own tile's
/// sum): 15. At 24, 32-64 128x128 tiles split in two or four lost to one
/// wave of 64x128 mma.sync tiles, which ran 0.6-0.8x their speed (768 x 1024
/// and 1024^2 x 4096, 128 x 4096 x 2048); at 8, 384 x 4096 x 4096 would take
/// 66 128x192 tiles split in two over 96 whole 128x128 ones, which at K =
/// 11008-14336 ran 0.91-0.95x of them (v49).
inline constexpr int64_t kTailPartialSteps = 24;
inline constexpr int64_t kAlignedPartialSteps = 15;

/// The rules on non-negative integers. Sizes are below 2^60, products of
/// them need not be: a product saturates at a quarter of the int64 range
/// (sums of a few such stay in range; a grid that large fails the launch's
/// range check).
struct IntArith {
  using Int = int64_t;
  using Bool = bool;
  static constexpr Int kMax = std::numeric_limits<Int>::max();
  static constexpr Int kHuge = kMax / 4;
  static Int c(int64_t v) { return v; }
  static Bool truth(bool v) { return v; }
  static Int add(Int x, Int y) {
    Int r;
    return __builtin_add_overflow(x, y, &r) ? kMax : r;
  }
  static Int sub(Int x, Int y) { return x - y; }
  static Int mul(Int x, Int y) {
    Int r;
    return __builtin_mul_overflow(x, y, &r) || r > kHuge ? kHuge : r;
  }
  static Int div(Int x, Int y) { return x / y; }
  static Int rem(Int x, Int y) { return x % y; }
  static Int ceilDiv(Int x, Int y) { return x / y + (x % y != 0); }
  static Int min(Int x, Int y) { return x < y ? x : y; }
  static Int max(Int x, Int y) { return x < y ? y : x; }
  static Bool ult(Int x, Int y) { return x < y; }
  static Bool ule(Int x, Int y) { return x <= y; }
  static Bool eq(Int x, Int y) { return x == y; }
  static Bool both(Bool x, Bool y) { return x && y; }
  static Bool either(Bool x, Bool y) { return x || y; }
  static Int select(Bool c, Int t, Int f) { return c ? t : f; }
  /// Whether the launch gives TMA kernels maps of every operand, copying
  /// rows TMA cannot read in place (not whole 16-byte chunks) into 16-byte
  /// ones: the runtime does from kCopyRowsMinFlops up
  /// (KernelSpec::copiesRows), the host IR of mini-lower-to-gpu never.
  Bool rowsCopied() const { return copiesRows; }
  bool copiesRows = false;
};

/// The work (2 M N K x batch) from which the runtime copies a matmul's
/// unaligned rows for TMA rather than take the kernel's element path: the
/// copies won from 33 MFLOP up (docs/PERF.md, "Unaligned rows through TMA").
inline constexpr double kCopyRowsMinFlops = 3.2e7;

/// A matmul's stream-K tail: the T tiles left after the full waves (tiles
/// mod SMs), S K steps each, laid end to end and shared by ceildiv(T x S, W)
/// blocks of W = max(ceildiv(T x S, SMs), min(ceildiv(S, max splits),
/// kTailStepsEnough)) steps. None (0 split tiles, 0 blocks) when that would
/// not save a quarter of a tile (4 W > 3 S), T is more than SMs /
/// kTailMostSMsShare, or the launch is not `splittable`.
///
/// Where all tiles fit twice on the SMs (2 T <= SMs, no full wave), the
/// split is aligned instead: each tile's K cut at the same steps into
/// ceildiv(S, W) ranges of W = max(ceildiv(S, SMs / T), the same floor),
/// T x ceildiv(S, W) blocks. Blocks that run together then share their K
/// slices of A and B in L2; laid end to end they read each from HBM, and
/// the tail ran at 0.4x cuBLAS (docs/PERF.md v35, v36). The tail kernel
/// (TensorCoreSplit.cpp) knows the aligned split by its block count.
template <class A> struct TailPlan {
  typename A::Int steps;                 // K steps per tile
  typename A::Int splitTiles;            // the tail's tiles
  typename A::Int unsplitTiles;          // those the whole-tile kernel computes
  typename A::Int stepsPerBlock, blocks; // the tail kernel's
  typename A::Int partialSteps;          // kTailPartialSteps or kAlignedPartialSteps
};

template <class A>
TailPlan<A> planTail(A &a, typename A::Int tiles, typename A::Int steps,
                     typename A::Bool splittable, int64_t smCount, int64_t maxSplits) {
  using Int = typename A::Int;
  Int tail = a.rem(tiles, a.c(smCount));
  Int total = a.mul(tail, steps);
  Int minWidth = a.min(a.ceilDiv(steps, a.c(maxSplits)), a.c(kTailStepsEnough));
  auto aligned = a.both(a.ult(a.c(0), tiles), a.ule(a.mul(tiles, a.c(2)), a.c(smCount)));
  Int alignedSplits = a.div(a.c(smCount), a.max(tiles, a.c(1)));
  Int width = a.select(aligned, a.max(a.ceilDiv(steps, alignedSplits), minWidth),
                       a.max(a.ceilDiv(total, a.c(smCount)), minWidth));
  // total > 0: a tail, and K steps to split. Laid end to end only over a
  // tail of at most a quarter of the SMs: the blocks read their slices from
  // HBM, and past that whole tiles on part of the SMs ran faster (at every
  // K measured; docs/PERF.md v37, v49).
  auto notFromHbm = a.either(aligned, a.ule(a.mul(tail, a.c(kTailMostSMsShare)), a.c(smCount)));
  auto split = a.both(a.both(a.both(splittable, a.ult(a.c(0), total)),
                             a.ule(a.mul(width, a.c(4)), a.mul(steps, a.c(3)))),
                      notFromHbm);
  TailPlan<A> plan;
  plan.steps = steps;
  plan.splitTiles = a.select(split, tail, a.c(0));
  plan.unsplitTiles = a.sub(tiles, plan.splitTiles);
  plan.stepsPerBlock = a.select(split, width, a.c(0));
  Int safeWidth = a.select(split, width, a.c(1));
  Int blocks =
      a.select(aligned, a.mul(tiles, a.ceilDiv(steps, safeWidth)), a.ceilDiv(total, safeWidth));
  plan.blocks = a.select(split, blocks, a.c(0));
  plan.partialSteps = a.select(aligned, a.c(kAlignedPartialSteps), a.c(kTailPartialSteps));
  return plan;
}

/// How long a launch of `blocks` blocks of `work` (the product of the grid
/// divisors) takes on `smCount` SMs for a kernel of `ratePercent`, in
/// arbitrary units: ceil(blocks / smCount) x work x 100 / rate. With a tail
/// (`tail`, when it has blocks), the last wave counts as the fraction of a
/// tile's steps its blocks take: (full waves x S + W + its partialSteps) x
/// work x 100 / (rate x S).
template <class A>
typename A::Int launchCost(A &a, typename A::Int blocks, int64_t work, int64_t smCount,
                           int64_t ratePercent, const TailPlan<A> *tail = nullptr) {
  using Int = typename A::Int;
  Int waves = a.ceilDiv(blocks, a.c(smCount));
  Int cost = a.div(a.mul(waves, a.c(work * 100)), a.c(ratePercent));
  if (!tail)
    return cost;
  Int fullWaves = a.div(tail->unsplitTiles, a.c(smCount));
  Int tailSteps =
      a.add(a.mul(fullWaves, tail->steps), a.add(tail->stepsPerBlock, tail->partialSteps));
  Int split = a.div(a.mul(tailSteps, a.c(work * 100)), a.mul(a.c(ratePercent), tail->steps));
  return a.select(a.ult(a.c(0), tail->blocks), split, cost);
}

/// The grid of `spec` at the launch's sizes (a.size(name)): per dim, the
/// product of its sizes over its divisor, rounded up to whole clusters, at
/// most its maxBlocks where set.
template <class A, class Spec> std::array<typename A::Int, 3> gridDims(A &a, const Spec &spec) {
  std::array<typename A::Int, 3> grid;
  for (int i = 0; i < 3; ++i) {
    typename A::Int extent = a.c(1);
    for (const auto &name : spec.grid[i].sizes)
      extent = a.mul(extent, a.size(name));
    grid[i] = a.ceilDiv(extent, a.c(spec.grid[i].div));
    if (int64_t cluster = spec.grid[i].cluster; cluster > 1)
      grid[i] = a.mul(a.ceilDiv(grid[i], a.c(cluster)), a.c(cluster));
    if (int64_t cap = spec.grid[i].maxBlocks; cap > 0)
      grid[i] = a.select(a.ult(a.c(cap), grid[i]), a.c(cap), grid[i]);
  }
  return grid;
}

template <class A> typename A::Int blockCount(A &a, const std::array<typename A::Int, 3> &grid) {
  return a.mul(a.mul(grid[0], grid[1]), grid[2]);
}

/// The tail of `spec` (a whole-tile kernel, splitTail.maxSplits > 1) at
/// `grid`: none with a batch (a grid z past 1) or with sizes
/// splitTail.aligned names that are not multiples of 8, unless the launch
/// copies such rows (the tail kernel reads A and B only through TMA).
template <class A, class Spec>
TailPlan<A> planSplitTail(A &a, const Spec &spec, const std::array<typename A::Int, 3> &grid,
                          int64_t smCount) {
  auto splittable = a.eq(grid[2], a.c(1));
  for (const auto &name : spec.splitTail.aligned)
    splittable =
        a.both(splittable, a.either(a.eq(a.rem(a.size(name), a.c(8)), a.c(0)), a.rowsCopied()));
  typename A::Int steps = a.ceilDiv(a.size(spec.splitTail.depth), a.c(spec.splitTail.tileK));
  return planTail(a, blockCount(a, grid), steps, splittable, smCount, spec.splitTail.maxSplits);
}

template <class Spec> bool hasSplitTail(const Spec &spec) {
  return spec.splitTail.maxSplits > 1 && !spec.splitTail.splitBlocks;
}

/// launchCost of `spec` at the launch's sizes (its tail's too, if it has one).
template <class A, class Spec>
typename A::Int launchCost(A &a, const Spec &spec, int64_t smCount, int64_t ratePercent) {
  std::array<typename A::Int, 3> grid = gridDims(a, spec);
  int64_t work = spec.grid[0].div * spec.grid[1].div * spec.grid[2].div;
  if (!hasSplitTail(spec))
    return launchCost(a, blockCount(a, grid), work, smCount, ratePercent);
  TailPlan<A> tail = planSplitTail(a, spec, grid, smCount);
  return launchCost(a, blockCount(a, grid), work, smCount, ratePercent, &tail);
}

/// The size a kernel's maxLengths bound: an attention's keys T, else a row
/// op's row length C.
template <class Spec> const char *lengthSizeOf(const Spec &k) {
  return k.op == "attention" ? "T" : "C";
}

/// The size a kernel's maxRows bound: an attention's query rows S, else a
/// row op's row count R.
template <class Spec> const char *rowsSizeOf(const Spec &k) {
  return k.op == "attention" ? "S" : "R";
}

/// Which kernel a launch of `k` runs: 0 for `k`, i for its size variant
/// i - 1 (`kernelAt(i)` is that kernel's spec). A row op's or an
/// attention's (maxLengths set): the first kernel whose max length holds
/// the row length C (an attention's keys T), whose max rows (maxRows, where
/// set) hold the row count R (an attention's query rows S; 0: any) and,
/// where its unalignedOnly entry w is set, whose C is not a multiple of w,
/// else the last. Else the first variant whose maxM() holds M (the gemv kernel,
/// small tiles) and whose maxN(), where set, holds N, else the kernel of
/// least launchCost among the others, with k's SM count and each kernel's
/// rate in k.tileRates, the first on a tie.
template <class A, class Spec, class KernelAt>
typename A::Int chooseVariant(A &a, const Spec &k, KernelAt kernelAt) {
  using Int = typename A::Int;
  size_t count = k.sizeVariants.size() + 1;
  if (!k.maxLengths.empty()) {
    Int index = a.c(count - 1);
    for (size_t i = count - 1; i-- > 0;) {
      bool anyLength = k.maxLengths[i] == 0, anyRows = k.maxRows.empty() || k.maxRows[i] == 0;
      if (anyLength && anyRows) {
        index = a.c(i);
        continue;
      }
      auto lengthFits = [&] { return a.ule(a.size(lengthSizeOf(k)), a.c(k.maxLengths[i])); };
      auto rowsFit = [&] { return a.ule(a.size(rowsSizeOf(k)), a.c(k.maxRows[i])); };
      auto fits = anyLength ? rowsFit() : anyRows ? lengthFits() : a.both(lengthFits(), rowsFit());
      if (int64_t w = k.unalignedOnly.empty() ? 0 : k.unalignedOnly[i])
        fits = a.both(fits, a.ult(a.c(0), a.rem(a.size("C"), a.c(w))));
      index = a.select(fits, a.c(i), index);
    }
    return index;
  }
  Int best = launchCost(a, k, k.smCount, k.tileRates[0]), index = a.c(0);
  // Where rows are copied for TMA, a kernel without maps (cp.async copies)
  // would take its element path on them: 0.49x cuBLAS at tf32 2047 x 2049 x
  // 2051, where the TMA tiling with copies runs at full speed.
  auto unaligned = a.either(a.ult(a.c(0), a.rem(a.size("K"), a.c(8))),
                            a.ult(a.c(0), a.rem(a.size("N"), a.c(8))));
  auto copiedForOthers = a.both(a.rowsCopied(), unaligned);
  for (size_t i = 1; i < count; ++i) {
    const Spec &v = kernelAt(i);
    if (v.maxM() > 0)
      continue;
    Int cost = launchCost(a, v, k.smCount, k.tileRates[i]);
    if (v.tensorMaps.empty() && !k.tensorMaps.empty())
      cost = a.select(copiedForOthers, a.c(IntArith::kHuge), cost);
    auto cheaper = a.ult(cost, best);
    best = a.select(cheaper, cost, best);
    index = a.select(cheaper, a.c(i), index);
  }
  for (size_t i = count; i-- > 1;) { // the first that holds M (and N, where bounded) wins
    const Spec &v = kernelAt(i);
    if (v.maxM() <= 0)
      continue;
    auto holds = a.ule(a.size("M"), a.c(v.maxM()));
    if (v.maxN() > 0)
      holds = a.both(holds, a.ule(a.size("N"), a.c(v.maxN())));
    index = a.select(holds, a.c(i), index);
  }
  return index;
}

/// A launch of an attention with decode kernels: whether it runs the decode
/// kernel, over how many row blocks (S x H / G rows per K/V head, `rows` a
/// block) and key splits.
template <class A> struct KeySplitPlan {
  typename A::Bool decode;
  typename A::Int rowBlocks, splits;
};

/// The decode kernel runs where its row blocks take less time than the main
/// kernel's (mainRows query rows each, whether its grid holds one block
/// each or is persistent; a main block costs mainBlockCost percent of a
/// decode block: GQA rows packed make less work, but the wgmma kernel's
/// 128-row blocks take about as long as the decode kernel's 64-row ones)
/// or the main kernel's do not fill the `smCount` SMs; then with as many
/// key splits as keep the blocks within two per SM (every decode kernel
/// fits two; a few past a wave cost a second), at most maxSplits and at
/// least two key tiles each.
template <class A, class Spec>
KeySplitPlan<A> planKeySplits(A &a, const Spec &spec, int64_t smCount) {
  using Int = typename A::Int;
  const auto &sk = spec.splitKeys;
  Int mainBlocks = a.mul(a.mul(a.size("B"), a.size("H")), a.ceilDiv(a.size("S"), a.c(sk.mainRows)));
  KeySplitPlan<A> plan;
  plan.rowBlocks = a.ceilDiv(a.mul(a.size("S"), a.div(a.size("H"), a.size("G"))), a.c(sk.rows));
  Int decodeBlocks = a.mul(a.mul(a.size("B"), a.size("G")), plan.rowBlocks);
  // (Each step its own statement: the host code emits them in this order.)
  auto mainTooFew = a.ult(mainBlocks, a.c(smCount));
  auto decodeCheaper = [&] {
    if (sk.mainBlockCost == 100)
      return a.ult(decodeBlocks, mainBlocks);
    Int mainCost = a.mul(mainBlocks, a.c(sk.mainBlockCost));
    Int decodeCost = a.mul(decodeBlocks, a.c(100));
    return a.ult(decodeCost, mainCost);
  }();
  plan.decode = a.either(decodeCheaper, mainTooFew);
  Int useful = a.max(a.div(a.ceilDiv(a.size("T"), a.c(sk.tileKeys)), a.c(2)), a.c(1));
  Int wanted = a.max(a.div(a.c(2 * smCount), decodeBlocks), a.c(1));
  plan.splits = a.min(a.min(wanted, useful), a.c(sk.maxSplits));
  return plan;
}

} // namespace mini::launch

#endif
