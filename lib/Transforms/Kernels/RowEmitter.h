// The row emitter shared by the row kernels (softmax, rmsnorm, layernorm):
// thread coordinates, the row's peeled head and tail, its accesses (register
// slots, shared slots, streamed vectors) and reductions over a row. Private
// to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_ROWEMITTER_H
#define MINI_TRANSFORMS_KERNELS_ROWEMITTER_H

#include "RowStaged.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <limits>

namespace mini {

using mlir::ArrayRef;
using mlir::ShapedType;
using mlir::SmallVector;
using mlir::Type;
using mlir::Value;
using mlir::ValueRange;
namespace arith = mlir::arith;
namespace gpu = mlir::gpu;
namespace memref = mlir::memref;
namespace scf = mlir::scf;

inline constexpr float kNegInf = -std::numeric_limits<float>::infinity();

/// Shared-memory floats of the cross-warp reductions: two regions of one a
/// warp of each row.
inline int64_t crossWarpWords(RowConfigAttr cfg) {
  return cfg.getWarpsPerRow() == 1 ? 0 : 2 * cfg.getWarpsPerRow() * cfg.getRowsPerBlock();
}
/// All reduction floats: the cross-warp ones, then, where blocks share rows,
/// two a row that the cluster's blocks read.
inline int64_t reductionWords(RowConfigAttr cfg) {
  return crossWarpWords(cfg) + (cfg.getClusterBlocks() > 1 ? 2 * cfg.getRowsPerBlock() : 0);
}

/// One access of a thread to its row: `width` elements at `offset` from the
/// row's start, made when `ok`.
struct RowAccess {
  Value offset, ok;
  int64_t width;
};

/// Builds the body of one row kernel: thread coordinates, the row's peeled
/// head and tail, its accesses, and reductions over a row.
class RowEmitter {
public:
  RowEmitter(KernelBuilder &kb, RowConfigAttr cfg, Value R, Value C, int64_t staticC, Value smem,
             Value cache)
      : kb(kb), cfg(cfg), R(R), C(C), smem(smem), cache(cache), T(cfg.threadsPerRow()),
        dealT(T * cfg.getClusterBlocks()), vw(cfg.getVectorWidth()), staticC(staticC) {
    Value tid = kb.threadId();
    rowInBlock = kb.div(tid, kb.idx(T));
    laneInRow = kb.rem(tid, kb.idx(T));
    warpInRow = kb.div(laneInRow, kb.idx(32));
    lane = kb.rem(tid, kb.idx(32));
    // A cluster's blocks (along y) share their rows: the row's vectors are
    // dealt over all their threads, block by block.
    dealLane = cfg.getClusterBlocks() == 1
                   ? laneInRow
                   : kb.add(kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(T)), laneInRow);
    startRowGroup(kb.idx(0));
  }

  /// Emits the unstaged row code: for each group of rows the block's
  /// threads take and each row layout, `cached()` where the row fits the
  /// register slots, else `streamed()`.
  void forEachRow(llvm::function_ref<void()> cached, llvm::function_ref<void()> streamed) {
    forEachRowGroup([&] { forEachLayout([&] { cachedOrStreamed(cached, streamed); }); });
  }

  /// The values of `accesses` of `mem` (`fill` where an access is off).
  SmallVector<SmallVector<Value>> loadAll(ArrayRef<RowAccess> accesses, Value mem, float fill) {
    SmallVector<SmallVector<Value>> x;
    for (const RowAccess &a : accesses)
      x.push_back(load(a, mem, fill));
    return x;
  }

  /// The op's input `x`; with a `residual`, the input is x + residual
  /// (rounded to the element type, as mini.add stores it), and where `sum`
  /// is given, the kernel writes it there as it reads it.
  void setInput(Value x, Value residual = {}, Value sum = {}) {
    input = x;
    this->residual = residual;
    this->sum = sum;
  }
  /// The input's values at `accesses` (`fill` where an access is off); with
  /// `writeSum`, a residual's sum is stored on the way (once per element:
  /// a second pass over a streamed row reads without writing).
  SmallVector<SmallVector<Value>> loadInput(ArrayRef<RowAccess> accesses, float fill,
                                            bool writeSum = true) {
    SmallVector<SmallVector<Value>> x = loadAll(accesses, input, fill);
    if (!residual)
      return x;
    SmallVector<SmallVector<Value>> r = loadAll(accesses, residual, 0.0f);
    for (auto [a, xs, rs] : llvm::zip(accesses, x, r)) {
      for (auto [v, w] : llvm::zip(xs, rs))
        v = roundToInput(kb.fadd(v, w));
      if (sum && writeSum)
        store(xs, a, sum);
    }
    return x;
  }
  /// The input's element at `offset` of the row where `ok`, else `fill`.
  Value inputElement(Value ok, Value offset, float fill) {
    Value at = kb.add(base, offset);
    Value x = kb.loadF32If(ok, input, at, fill);
    return residual ? roundToInput(kb.fadd(x, kb.loadF32If(ok, residual, at, 0.0f))) : x;
  }
  /// This thread's row: row `group` + rowInBlock of the block.
  void startRowGroup(Value group) {
    Value first = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(cfg.getRowsPerBlock()));
    Value row = kb.add(first, kb.add(group, rowInBlock));
    rowValid = kb.ult(row, R);
    base = kb.mul(row, C);
  }

  /// Vector slot `s` of this thread (the row's vectors dealt round-robin).
  RowAccess bodySlot(int64_t s) { return bodyAccess(kb.add(dealLane, kb.idx(s * dealT))); }

  /// The cached path's accesses: `cache_slots` vectors, then the edges.
  SmallVector<RowAccess> cachedAccesses() {
    SmallVector<RowAccess> out;
    for (int64_t s = 0; s < cfg.getCacheSlots(); ++s)
      out.push_back(bodySlot(s));
    llvm::append_range(out, edgeAccesses());
    return out;
  }

  /// The scalar accesses to the peeled head and tail: edge e (of `edges`,
  /// dealt round-robin) is element e of the head, or of the tail after it.
  SmallVector<RowAccess> edgeAccesses() {
    SmallVector<RowAccess> out;
    for (int64_t j = 0; j < edgeSlots; ++j) {
      Value e = kb.add(dealLane, kb.idx(j * dealT));
      Value offset = kb.select(kb.ult(e, head), e, kb.add(e, kb.mul(body, kb.idx(vw))));
      out.push_back({offset, kb.andi(rowValid, kb.ult(e, edges)), 1});
    }
    return out;
  }

  /// The shared slots' accesses: this thread's vectors after its register
  /// slots.
  SmallVector<RowAccess> sharedAccesses() {
    SmallVector<RowAccess> out;
    for (int64_t j = 0; j < cfg.getSharedSlots(); ++j)
      out.push_back(bodySlot(cfg.getCacheSlots() + j));
    return out;
  }

  /// Reads the shared slots of the input (loadInput) into the cache (`fill`
  /// where an access is off, so that reading back needs no branch), handing
  /// each vector to `fold` on the way. The loads go out kCacheBatch at a time
  /// before their stores, so that each thread keeps several in flight.
  void fillCache(ArrayRef<RowAccess> accesses, float fill,
                 llvm::function_ref<void(ArrayRef<Value>, const RowAccess &)> fold) {
    for (size_t first = 0; first < accesses.size(); first += kCacheBatch) {
      ArrayRef<RowAccess> batch = accesses.slice(first).take_front(kCacheBatch);
      for (auto [j, x] : llvm::enumerate(loadInput(batch, fill))) {
        kb.storeVecF32(x, cache, cacheIndex(first + j));
        fold(x, batch[j]);
      }
    }
  }
  static constexpr size_t kCacheBatch = 8;

  /// Shared slot `j` of this thread, read back from the cache.
  SmallVector<Value> cached(int64_t j) { return kb.loadVecF32(cache, cacheIndex(j), vw); }

  /// Whether the row's vectors fit in the register and shared slots.
  Value fitsInSlots() {
    return kb.ule(body, kb.idx((cfg.getCacheSlots() + cfg.getSharedSlots()) * dealT));
  }

  /// A loop over the row's vectors, kStreamUnroll per thread and step; a
  /// `backward` one from the row's end, so that a second pass first reads
  /// what the first read last (still in L2).
  scf::ForOp streamBody(ValueRange init,
                        llvm::function_ref<SmallVector<Value>(ArrayRef<RowAccess>, ValueRange)> fn,
                        bool backward = false) {
    Value step = kb.idx(dealT * kStreamUnroll);
    auto accessesFrom = [&](Value v) {
      SmallVector<RowAccess> accesses;
      for (int64_t u = 0; u < kStreamUnroll; ++u)
        accesses.push_back(bodyAccess(kb.add(v, kb.idx(u * dealT))));
      return accesses;
    };
    if (!backward)
      return kb.forLoop(dealLane, body, step, init,
                        [&](Value v, ValueRange it) { return fn(accessesFrom(v), it); });
    Value steps = arith::CeilDivUIOp::create(kb.b, kb.loc, body, step),
          last = kb.sub(steps, kb.idx(1));
    return kb.forLoop(kb.idx(0), steps, kb.idx(1), init, [&](Value j, ValueRange it) {
      return fn(accessesFrom(kb.add(dealLane, kb.mul(kb.sub(last, j), step))), it);
    });
  }

  SmallVector<Value> load(const RowAccess &a, Value mem, float fill) {
    return kb.loadVecF32If(a.ok, mem, kb.add(base, a.offset), a.width, fill);
  }

  /// A per-column vector (a norm's weight or bias) at the row position of `a`:
  /// vector loads where the row starts aligned, else scalar ones.
  SmallVector<Value> loadColumns(const RowAccess &a, Value mem) {
    if (a.width == 1 || edgeSlots == 0)
      return kb.loadVecF32(mem, a.offset, a.width);
    Value aligned = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, head, kb.idx(0));
    SmallVector<Type> types(a.width, kb.b.getF32Type());
    return kb.ifValues(
        aligned, [&] { return kb.loadVecF32(mem, a.offset, a.width); },
        [&] {
          SmallVector<Value> out;
          for (int64_t e = 0; e < a.width; ++e)
            out.push_back(kb.loadF32(mem, kb.add(a.offset, kb.idx(e))));
          return out;
        },
        types);
  }

  void store(ArrayRef<Value> values, const RowAccess &a, Value mem) {
    kb.ifThenElse(a.ok, [&] { kb.storeVecF32(values, mem, kb.add(base, a.offset)); });
  }

  /// Sum or max over the row; `region` picks a shared-memory area so that
  /// successive reductions need no barrier between them.
  Value rowReduce(Value v, bool isMax, int64_t region) {
    v = kb.warpAllReduce(v, isMax, std::min<int64_t>(T, 32)); // the row's lanes
    return crossWarp({v}, region, [&](ArrayRef<Value> acc, ArrayRef<Value> next) {
      return SmallVector<Value>{isMax ? kb.fmax(acc[0], next[0]) : kb.fadd(acc[0], next[0])};
    })[0];
  }

  /// Sums of several quantities over the row, each thread's partials in
  /// `vals`, through one shared-memory exchange.
  SmallVector<Value> rowSums(SmallVector<Value> vals, int64_t region) {
    for (Value &v : vals)
      v = kb.warpAllReduce(v, /*isMax=*/false, std::min<int64_t>(T, 32));
    return crossWarp(vals, region, [&](ArrayRef<Value> acc, ArrayRef<Value> next) {
      SmallVector<Value> out;
      for (auto [a, n] : llvm::zip(acc, next))
        out.push_back(kb.fadd(a, n));
      return out;
    });
  }

  /// Merges per-thread online-softmax states (max m, sum s relative to m).
  std::pair<Value, Value> rowMergeOnline(Value m, Value s) {
    for (int64_t offset = std::min<int64_t>(T, 32) / 2; offset >= 1; offset /= 2) {
      auto sm = gpu::ShuffleOp::create(kb.b, kb.loc, m, kb.i32(offset), kb.i32(32),
                                       gpu::ShuffleMode::XOR);
      auto ss = gpu::ShuffleOp::create(kb.b, kb.loc, s, kb.i32(offset), kb.i32(32),
                                       gpu::ShuffleMode::XOR);
      std::tie(m, s) = mergeOnline(m, s, sm.getShuffleResult(), ss.getShuffleResult());
    }
    SmallVector<Value> r = crossWarp({m, s}, 0, [&](ArrayRef<Value> acc, ArrayRef<Value> next) {
      auto [mm, ss] = mergeOnline(acc[0], acc[1], next[0], next[1]);
      return SmallVector<Value>{mm, ss};
    });
    return {r[0], r[1]};
  }

  /// (max, sum) of two online states; an all -inf state stays (-inf, 0).
  std::pair<Value, Value> mergeOnline(Value m1, Value s1, Value m2, Value s2) {
    Value m = kb.fmax(m1, m2);
    Value s = kb.fadd(kb.fmul(s1, kb.exp(kb.fsub(m1, m))), kb.fmul(s2, kb.exp(kb.fsub(m2, m))));
    return {m, kb.select(isNegInf(m), kb.f32(0.0f), s)};
  }

  Value isNegInf(Value v) {
    return arith::CmpFOp::create(kb.b, kb.loc, arith::CmpFPredicate::OEQ, v, kb.f32(kNegInf));
  }

  KernelBuilder &kb;
  RowConfigAttr cfg;
  Value R, C, smem, cache, rowInBlock, laneInRow, warpInRow, lane, rowValid, base;
  /// This thread's place among the threads that share its row (the
  /// cluster's, where blocks share rows).
  Value dealLane;
  Value input, residual, sum;
  /// Threads per row in a block; in the whole cluster.
  int64_t T, dealT;
  int64_t vw;

private:
  /// An f32 value as the input's element type holds it.
  Value roundToInput(Value v) {
    Type elt = mlir::cast<mlir::MemRefType>(input.getType()).getElementType();
    if (elt.isF32())
      return v;
    Value narrow = arith::TruncFOp::create(kb.b, kb.loc, elt, v);
    return arith::ExtFOp::create(kb.b, kb.loc, kb.b.getF32Type(), narrow);
  }
  /// Runs `body()` for each group of rows the block's threads take at once:
  /// one group, but a staged config's block holds more rows than threads.
  void forEachRowGroup(llvm::function_ref<void()> body) {
    int64_t perGroup = cfg.threadsPerBlock() / T;
    if (perGroup >= cfg.getRowsPerBlock())
      return body();
    kb.forLoop(kb.idx(0), kb.idx(cfg.getRowsPerBlock()), kb.idx(perGroup), {},
               [&](Value group, ValueRange) {
                 startRowGroup(group);
                 body();
                 return SmallVector<Value>{};
               });
  }

  /// Runs `body()` with the row's layout planned: for rows that start
  /// 16-byte aligned (a length that is a multiple of the width: no edges),
  /// for rows that peel a head and a tail, or, with a dynamic length, both,
  /// picked at run time by C % width.
  void forEachLayout(llvm::function_ref<void()> body) {
    if (vw == 1 || (!ShapedType::isDynamic(staticC) && staticC % vw == 0))
      return planAligned(), body();
    if (!ShapedType::isDynamic(staticC))
      return planPeeled(), body();
    Value aligned = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq,
                                          kb.rem(C, kb.idx(vw)), kb.idx(0));
    kb.ifThenElse(
        aligned, [&] { planAligned(), body(); }, [&] { planPeeled(), body(); });
  }

  /// Runs `cached()` when the row fits in the slots, else `streamed()`.
  void cachedOrStreamed(llvm::function_ref<void()> cached, llvm::function_ref<void()> streamed) {
    if (cfg.getCacheSlots() + cfg.getSharedSlots() == 0)
      return streamed();
    kb.ifThenElse(fitsInSlots(), cached, streamed);
  }

  /// The row's layout: `head` scalars up to the first 16-byte boundary,
  /// `body` vectors, and `edges` scalars in all (head and tail), dealt out
  /// as `edgeSlots` accesses per thread.
  void planAligned() {
    head = edges = kb.idx(0);
    body = kb.div(C, kb.idx(vw));
    edgeSlots = 0;
  }
  void planPeeled() {
    Value misaligned = kb.rem(base, kb.idx(vw));
    head = kb.min(kb.rem(kb.sub(kb.idx(vw), misaligned), kb.idx(vw)), C);
    body = kb.div(kb.sub(C, head), kb.idx(vw));
    edges = kb.sub(C, kb.mul(body, kb.idx(vw)));
    int64_t maxEdges = 2 * vw - 2; // head and tail, each < vw
    if (!ShapedType::isDynamic(staticC))
      maxEdges = std::min(maxEdges, staticC);
    edgeSlots = llvm::divideCeil(maxEdges, dealT);
  }

  /// Where shared slot `j` of this thread lives: a vector of the row's
  /// slot-major area, consecutive lanes in consecutive vectors.
  Value cacheIndex(int64_t j) {
    Value slot = kb.add(kb.mul(rowInBlock, kb.idx(cfg.getSharedSlots())), kb.idx(j));
    return kb.mul(kb.add(kb.mul(slot, kb.idx(T)), laneInRow), kb.idx(vw));
  }

  RowAccess bodyAccess(Value v) {
    return {kb.add(head, kb.mul(v, kb.idx(vw))), kb.andi(rowValid, kb.ult(v, body)), vw};
  }

  using Combine = llvm::function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)>;

  /// Combines one value per warp of the row (several quantities at once)
  /// through shared memory, then the cluster's blocks' (crossCluster); every
  /// thread of the row gets the result.
  SmallVector<Value> crossWarp(SmallVector<Value> vals, int64_t region, Combine combine) {
    vals = crossWarpInBlock(vals, region, combine);
    return cfg.getClusterBlocks() == 1 ? vals : crossCluster(vals, combine);
  }

  /// Combines the cluster's blocks' values of the row (every thread of the
  /// row holds its block's) through distributed shared memory: each block
  /// publishes its values in its own slots, and every thread combines all
  /// blocks' in rank order, so that the blocks agree bit for bit. The
  /// second cluster barrier keeps the slots (and the blocks) alive until
  /// every block has read them.
  SmallVector<Value> crossCluster(SmallVector<Value> vals, Combine combine) {
    Value first = kb.add(kb.idx(crossWarpWords(cfg)), kb.mul(rowInBlock, kb.idx(2)));
    Value leader =
        arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, laneInRow, kb.idx(0));
    kb.ifThenElse(leader, [&] {
      for (auto [q, v] : llvm::enumerate(vals))
        memref::StoreOp::create(kb.b, kb.loc, v, smem, ValueRange{kb.add(first, kb.idx(q))});
    });
    clusterBarrier();
    auto clusterShared = mlir::LLVM::LLVMPointerType::get(kb.b.getContext(), 7);
    SmallVector<Value> mine, acc;
    for (size_t q = 0; q < vals.size(); ++q)
      mine.push_back(kb.sharedPointer(smem, {kb.add(first, kb.idx(q))}));
    for (int64_t rank = 0; rank < cfg.getClusterBlocks(); ++rank) {
      SmallVector<Value> next;
      for (Value slot : mine) {
        Value theirs = mlir::NVVM::MapaOp::create(kb.b, kb.loc, clusterShared, slot, kb.i32(rank));
        next.push_back(mlir::LLVM::LoadOp::create(kb.b, kb.loc, kb.b.getF32Type(), theirs));
      }
      acc = rank == 0 ? next : combine(acc, next);
    }
    clusterBarrier();
    return acc;
  }

  /// Every thread of the cluster waits for all (release / acquire: the
  /// shared-memory writes before it are seen after it).
  void clusterBarrier() {
    mlir::NVVM::ClusterArriveOp::create(kb.b, kb.loc, mlir::UnitAttr());
    mlir::NVVM::ClusterWaitOp::create(kb.b, kb.loc, mlir::UnitAttr());
  }

  /// crossWarp within the block.
  SmallVector<Value> crossWarpInBlock(SmallVector<Value> vals, int64_t region, Combine combine) {
    int64_t W = cfg.getWarpsPerRow();
    if (W == 1)
      return vals;
    int64_t perRegion = W * cfg.getRowsPerBlock();
    Value rowSlot = kb.mul(rowInBlock, kb.idx(W));
    auto at = [&](int64_t quantity, Value warp) {
      return kb.add(kb.idx((region + quantity) * perRegion), kb.add(rowSlot, warp));
    };
    Value leader = arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq, lane, kb.idx(0));
    kb.ifThenElse(leader, [&] {
      for (size_t q = 0; q < vals.size(); ++q)
        memref::StoreOp::create(kb.b, kb.loc, vals[q], smem, ValueRange{at(q, warpInRow)});
    });
    gpu::BarrierOp::create(kb.b, kb.loc);
    auto loadWarp = [&](int64_t w) {
      SmallVector<Value> out;
      for (size_t q = 0; q < vals.size(); ++q)
        out.push_back(memref::LoadOp::create(kb.b, kb.loc, smem, ValueRange{at(q, kb.idx(w))}));
      return out;
    };
    SmallVector<Value> acc = loadWarp(0);
    for (int64_t w = 1; w < W; ++w)
      acc = combine(acc, loadWarp(w));
    return acc;
  }

  int64_t staticC;
  Value head, body, edges;
  int64_t edgeSlots = 0;
};

/// A row kernel for rows of `type`: the spec (op, sizes, grid, block, the
/// config's fields, `tensors`), the function in `module` with its workgroup
/// memory (a staged config's rows, or the cross-warp reduction slots), and
/// `b` at the start of its body.
mlir::gpu::GPUFuncOp createRowKernel(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::RankedTensorType type, llvm::StringRef op,
                                     RowConfigAttr cfg, llvm::ArrayRef<KernelTensor> tensors,
                                     mlir::gpu::GPUModuleOp module, llvm::StringRef name,
                                     KernelSpec &spec);

/// A row kernel's sizes R and C (arguments `firstSize` and after it; C a
/// constant where static, which folds the index arithmetic) and its
/// workgroup buffer, if any.
struct RowArgs {
  mlir::Value R, C, smem;
  int64_t staticC;
};
RowArgs rowArgs(KernelBuilder &kb, mlir::gpu::GPUFuncOp func, mlir::RankedTensorType type,
                unsigned firstSize);

/// A norm's kernel (rmsnorm, layernorm) and its arguments: x, the residual
/// where the op has one, the per-column tensors (w; b), y, the sum where the
/// op writes one, the row sizes, the cache and reduction slots.
struct NormKernel {
  mlir::gpu::GPUFuncOp func;
  mlir::Value x, residual, y, sum, cache;
  llvm::SmallVector<mlir::Value, 2> columns;
  RowArgs args;
};
/// Creates the kernel of `norm` (createRowKernel, with the tensors in its
/// operands' and results' order and its epsilon), `b` at the start of its
/// body.
NormKernel createNormKernel(mlir::OpBuilder &b, mlir::Operation *norm, llvm::StringRef op,
                            RowConfigAttr cfg, llvm::ArrayRef<llvm::StringRef> columns,
                            mlir::gpu::GPUModuleOp module, llvm::StringRef name, KernelSpec &spec);

/// The shared slots' cache (dynamic shared memory, in the element type), or
/// none without shared slots; sets the spec's dynamic shared bytes. With a
/// cache, the reduction slots `smem` are a view after it (and the kernel
/// has no workgroup buffer).
mlir::Value rowCache(KernelBuilder &kb, RowConfigAttr cfg, mlir::Type elementType, KernelSpec &spec,
                     mlir::Value &smem);

/// An index as f32 (a row length in a mean).
mlir::Value indexToF32(KernelBuilder &kb, mlir::Value v);

} // namespace mini

#endif
