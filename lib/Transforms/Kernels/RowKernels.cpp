// Row ops along the last dim, mapped by a #mini.row_config: `rows_per_block`
// rows per thread block, `threadsPerRow()` threads per row (several rows per
// warp for short rows, several warps per row for long ones), 16-byte
// (`vector_width`-element) accesses coalesced across the row's threads. A
// row whose start is not 16-byte aligned (any length not a multiple of the
// width) peels its first and last few elements as scalar accesses and takes
// vectors in between. A row that fits in `cache_slots` vectors per thread
// (registers) and `shared_slots` more (dynamic shared memory, each thread
// reading back what it wrote) is read once; a longer one is streamed
// (softmax: one online max+sum pass, then the write pass), a few vectors per
// thread in flight.
// Reductions: warp shuffles among the row's lanes, then the row's warps meet
// in shared memory.
#include "RowStaged.h"

#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/RowConfig.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;

namespace mini {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

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
        vw(cfg.getVectorWidth()), staticC(staticC) {
    Value tid = kb.threadId();
    rowInBlock = kb.div(tid, kb.idx(T));
    laneInRow = kb.rem(tid, kb.idx(T));
    warpInRow = kb.div(laneInRow, kb.idx(32));
    lane = kb.rem(tid, kb.idx(32));
    startRowGroup(kb.idx(0));
  }

  /// Emits the unstaged row code: for each group of rows the block's
  /// threads take and each row layout, `cached()` where the row fits the
  /// register slots, else `streamed()`.
  void forEachRow(function_ref<void()> cached, function_ref<void()> streamed) {
    forEachRowGroup([&] { forEachLayout([&] { cachedOrStreamed(cached, streamed); }); });
  }

  /// The values of `accesses` of `mem` (`fill` where an access is off).
  SmallVector<SmallVector<Value>> loadAll(ArrayRef<RowAccess> accesses, Value mem, float fill) {
    SmallVector<SmallVector<Value>> x;
    for (const RowAccess &a : accesses)
      x.push_back(load(a, mem, fill));
    return x;
  }

  /// This thread's row: row `group` + rowInBlock of the block.
  void startRowGroup(Value group) {
    Value first = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(cfg.getRowsPerBlock()));
    Value row = kb.add(first, kb.add(group, rowInBlock));
    rowValid = kb.ult(row, R);
    base = kb.mul(row, C);
  }

  /// Vector slot `s` of this thread (the row's vectors dealt round-robin).
  RowAccess bodySlot(int64_t s) { return bodyAccess(kb.add(laneInRow, kb.idx(s * T))); }

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
      Value e = kb.add(laneInRow, kb.idx(j * T));
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

  /// Reads the shared slots from `mem` into the cache (`fill` where an
  /// access is off, so that reading back needs no branch), handing each
  /// vector to `fold` on the way. The loads go out kCacheBatch at a time
  /// before their stores, so that each thread keeps several in flight.
  void fillCache(ArrayRef<RowAccess> accesses, Value mem, float fill,
                 function_ref<void(ArrayRef<Value>)> fold) {
    for (size_t first = 0; first < accesses.size(); first += kCacheBatch) {
      ArrayRef<RowAccess> batch = accesses.slice(first).take_front(kCacheBatch);
      for (auto [j, x] : llvm::enumerate(loadAll(batch, mem, fill))) {
        kb.storeVecF32(x, cache, cacheIndex(first + j));
        fold(x);
      }
    }
  }
  static constexpr size_t kCacheBatch = 8;

  /// Shared slot `j` of this thread, read back from the cache.
  SmallVector<Value> cached(int64_t j) { return kb.loadVecF32(cache, cacheIndex(j), vw); }

  /// Whether the row's vectors fit in the register and shared slots.
  Value fitsInSlots() {
    return kb.ule(body, kb.idx((cfg.getCacheSlots() + cfg.getSharedSlots()) * T));
  }

  /// A loop over the row's vectors, kStreamUnroll per thread and step.
  scf::ForOp streamBody(ValueRange init,
                        function_ref<SmallVector<Value>(ArrayRef<RowAccess>, ValueRange)> fn) {
    return kb.forLoop(laneInRow, body, kb.idx(T * kStreamUnroll), init,
                      [&](Value v, ValueRange it) {
                        SmallVector<RowAccess> accesses;
                        for (int64_t u = 0; u < kStreamUnroll; ++u)
                          accesses.push_back(bodyAccess(kb.add(v, kb.idx(u * T))));
                        return fn(accesses, it);
                      });
  }

  SmallVector<Value> load(const RowAccess &a, Value mem, float fill) {
    return kb.loadVecF32If(a.ok, mem, kb.add(base, a.offset), a.width, fill);
  }

  /// A per-column vector (rmsnorm's weight) at the row position of `a`:
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
  int64_t T, vw;

private:
  /// Runs `body()` for each group of rows the block's threads take at once:
  /// one group, but a staged config's block holds more rows than threads.
  void forEachRowGroup(function_ref<void()> body) {
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
  void forEachLayout(function_ref<void()> body) {
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
  void cachedOrStreamed(function_ref<void()> cached, function_ref<void()> streamed) {
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
    edgeSlots = llvm::divideCeil(maxEdges, T);
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

  /// Combines one value per warp of the row (several quantities at once)
  /// through shared memory; every thread of the row gets the result.
  SmallVector<Value>
  crossWarp(SmallVector<Value> vals, int64_t region,
            function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)> combine) {
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

/// Shared memory: two reduction regions of one float per warp of each row.
int64_t sharedWords(RowConfigAttr cfg) {
  return cfg.getWarpsPerRow() == 1 ? 0 : 2 * cfg.getWarpsPerRow() * cfg.getRowsPerBlock();
}

/// Workgroup memory of a row kernel: a staged config's rows, or one f32
/// slot per warp for the cross-warp reductions.
SmallVector<MemRefType> rowWorkgroup(RowConfigAttr cfg, Type elementType, int64_t staticC) {
  if (cfg.getStaged()) {
    int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
    return {workgroupMemRef({cfg.stagedSharedBytes(elementType, staticC) / bytes}, elementType)};
  }
  if (int64_t words = sharedWords(cfg))
    return {workgroupMemRef({words}, Float32Type::get(elementType.getContext()))};
  return {};
}

void rowSpec(KernelSpec &spec, StringRef op, RowConfigAttr cfg, Builder &b) {
  spec.op = op.str();
  spec.sizes = {"R", "C"};
  spec.grid[0] = {{"R"}, cfg.getRowsPerBlock()};
  spec.block[0] = cfg.threadsPerBlock();
  spec.attrs.set("vector_width", b.getI64IntegerAttr(cfg.getVectorWidth()));
  spec.attrs.set("warps_per_row", b.getI64IntegerAttr(cfg.getWarpsPerRow()));
  spec.attrs.set("rows_per_block", b.getI64IntegerAttr(cfg.getRowsPerBlock()));
  spec.attrs.set("cache_slots", b.getI64IntegerAttr(cfg.getCacheSlots()));
  spec.attrs.set("rows_per_warp", b.getI64IntegerAttr(cfg.getRowsPerWarp()));
  spec.attrs.set("staged", b.getBoolAttr(cfg.getStaged()));
  spec.attrs.set("shared_slots", b.getI64IntegerAttr(cfg.getSharedSlots()));
}

/// The shared slots' cache (dynamic shared memory, in the element type), or
/// none without shared slots.
Value rowCache(KernelBuilder &kb, RowConfigAttr cfg, Type elementType, KernelSpec &spec) {
  spec.dynamicSharedBytes = cfg.cacheSharedBytes(elementType);
  if (spec.dynamicSharedBytes == 0)
    return Value();
  Value raw = gpu::DynamicSharedMemoryOp::create(
      kb.b, kb.loc, workgroupMemRef({ShapedType::kDynamic}, kb.b.getI8Type()));
  int64_t elements = spec.dynamicSharedBytes / (elementType.getIntOrFloatBitWidth() / 8);
  return memref::ViewOp::create(kb.b, kb.loc, workgroupMemRef({elements}, elementType), raw,
                                kb.idx(0), ValueRange{});
}

/// A row kernel's sizes R and C (arguments `firstSize` and after it; C a
/// constant where static, which folds the index arithmetic) and its
/// workgroup buffer, if any.
struct RowArgs {
  Value R, C, smem;
  int64_t staticC;
};
RowArgs rowArgs(KernelBuilder &kb, gpu::GPUFuncOp func, RankedTensorType type, unsigned firstSize) {
  RowArgs a;
  a.R = func.getArgument(firstSize);
  a.staticC = type.getDimSize(type.getRank() - 1);
  a.C =
      ShapedType::isDynamic(a.staticC) ? Value(func.getArgument(firstSize + 1)) : kb.idx(a.staticC);
  if (!func.getWorkgroupAttributions().empty())
    a.smem = func.getWorkgroupAttributions()[0];
  return a;
}

Value indexToF32(KernelBuilder &kb, Value v) {
  Value i64 = arith::IndexCastUIOp::create(kb.b, kb.loc, kb.b.getI64Type(), v);
  return arith::UIToFPOp::create(kb.b, kb.loc, kb.b.getF32Type(), i64);
}

} // namespace

FailureOr<gpu::GPUFuncOp> buildSoftmaxKernel(Operation *op, RowConfigAttr cfg,
                                             gpu::GPUModuleOp module, StringRef name,
                                             KernelSpec &spec) {
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  OpBuilder b(op->getContext());
  rowSpec(spec, "softmax", cfg, b);
  spec.tensors = {{"x", type.getElementType(), {"R", "C"}, false},
                  {"y", type.getElementType(), {"R", "C"}, true}};

  Location loc = op->getLoc();
  gpu::GPUFuncOp func =
      createKernel(b, loc, module, name, spec,
                   rowWorkgroup(cfg, type.getElementType(), type.getDimSize(type.getRank() - 1)));
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value X = func.getArgument(0), Y = func.getArgument(1);
  RowArgs args = rowArgs(kb, func, type, /*firstSize=*/2);
  Value R = args.R, C = args.C, smem = args.smem;
  int64_t staticC = args.staticC;
  RowEmitter row(kb, cfg, R, C, staticC, cfg.getStaged() ? Value() : smem,
                 rowCache(kb, cfg, type.getElementType(), spec));

  auto writeRow = [&](ArrayRef<Value> x, Value m, Value inv, const RowAccess &a) {
    SmallVector<Value> y;
    for (Value v : x)
      y.push_back(kb.fmul(kb.exp(kb.fsub(v, m)), inv));
    row.store(y, a, Y);
  };
  auto maxOf = [&](ArrayRef<SmallVector<Value>> x, Value m) {
    for (const SmallVector<Value> &access : x)
      for (Value v : access)
        m = kb.fmax(m, v);
    return m;
  };
  auto sumOfExp = [&](ArrayRef<SmallVector<Value>> x, Value m, Value sum) {
    for (const SmallVector<Value> &access : x)
      for (Value v : access)
        sum = kb.fadd(sum, kb.exp(kb.fsub(v, m)));
    return sum;
  };
  auto staged = [&] {
    emitStagedRows(kb, cfg, X, Y, R, C, smem, kNegInf, [&](ArrayRef<Value> x, ArrayRef<Value>) {
      Value m = maxOf({SmallVector<Value>(x)}, kb.f32(kNegInf));
      SmallVector<Value> e, y;
      Value sum = kb.f32(0.0f);
      for (Value v : x) {
        e.push_back(kb.exp(kb.fsub(v, m)));
        sum = kb.fadd(sum, e.back());
      }
      // The sum is >= 1 (the max's own term): an approximate reciprocal
      // (1 ulp) in place of a division, which costs more than the rest of a
      // very short row.
      Value inv = NVVM::RcpApproxFtzF32Op::create(kb.b, kb.loc, kb.b.getF32Type(), sum);
      for (Value v : e)
        y.push_back(kb.fmul(v, inv));
      return y;
    });
  };
  // (max, sum) of an online state after the values `x` join it.
  auto online = [&](ArrayRef<SmallVector<Value>> x, Value m, Value sum) {
    Value mNew = maxOf(x, m);
    Value s = sumOfExp(x, mNew, kb.fmul(sum, kb.exp(kb.fsub(m, mNew))));
    return std::make_pair(mNew, kb.select(row.isNegInf(mNew), kb.f32(0.0f), s));
  };
  auto cached = [&] { // read once: max and sum from registers (and the shared slots)
    SmallVector<RowAccess> accesses = row.cachedAccesses(), shared = row.sharedAccesses();
    SmallVector<SmallVector<Value>> x = row.loadAll(accesses, X, kNegInf);
    Value m, sum;
    if (shared.empty()) {
      m = row.rowReduce(maxOf(x, kb.f32(kNegInf)), /*isMax=*/true, 0);
      sum = row.rowReduce(sumOfExp(x, m, kb.f32(0.0f)), /*isMax=*/false, 1);
    } else {
      // An online (max, sum) as the shared slots arrive, so that the
      // exponentials overlap the loads still in flight; the registers'
      // values join last.
      m = kb.f32(kNegInf), sum = kb.f32(0.0f);
      row.fillCache(shared, X, kNegInf, [&](ArrayRef<Value> xs) {
        std::tie(m, sum) = online({SmallVector<Value>(xs)}, m, sum);
      });
      std::tie(m, sum) = online(x, m, sum);
      std::tie(m, sum) = row.rowMergeOnline(m, sum);
    }
    Value inv = kb.fdiv(kb.f32(1.0f), sum);
    for (auto [a, values] : llvm::zip(accesses, x))
      writeRow(values, m, inv, a);
    for (auto [j, a] : llvm::enumerate(shared))
      writeRow(row.cached(j), m, inv, a);
  };
  auto streamed = [&] { // one online pass for (max, sum), then the write pass
    // The edges stay in registers from the first pass to the second.
    SmallVector<RowAccess> edges = row.edgeAccesses();
    SmallVector<SmallVector<Value>> xe = row.loadAll(edges, X, kNegInf);
    Value m0 = maxOf(xe, kb.f32(kNegInf));
    Value s0 = kb.select(row.isNegInf(m0), kb.f32(0.0f), sumOfExp(xe, m0, kb.f32(0.0f)));
    auto stats = row.streamBody({m0, s0}, [&](ArrayRef<RowAccess> accesses, ValueRange it) {
      auto [m, s] = online(row.loadAll(accesses, X, kNegInf), it[0], it[1]);
      return SmallVector<Value>{m, s};
    });
    auto [m, sum] = row.rowMergeOnline(stats.getResult(0), stats.getResult(1));
    Value inv = kb.fdiv(kb.f32(1.0f), sum);
    for (auto [a, values] : llvm::zip(edges, xe))
      writeRow(values, m, inv, a);
    row.streamBody({}, [&](ArrayRef<RowAccess> accesses, ValueRange) {
      SmallVector<SmallVector<Value>> x = row.loadAll(accesses, X, kNegInf);
      for (auto [a, values] : llvm::zip(accesses, x))
        writeRow(values, m, inv, a);
      return SmallVector<Value>{};
    });
  };
  stagedOrNot(kb, cfg, staticC, C, staged, [&] { row.forEachRow(cached, streamed); });
  gpu::ReturnOp::create(b, loc);
  return func;
}

FailureOr<gpu::GPUFuncOp> buildRmsNormKernel(Operation *op, RowConfigAttr cfg,
                                             gpu::GPUModuleOp module, StringRef name,
                                             KernelSpec &spec) {
  auto norm = cast<RmsNormOp>(op);
  auto type = cast<RankedTensorType>(norm.getInput().getType());
  Type elt = type.getElementType();
  OpBuilder b(op->getContext());
  rowSpec(spec, "rmsnorm", cfg, b);
  spec.tensors = {
      {"x", elt, {"R", "C"}, false}, {"w", elt, {"C"}, false}, {"y", elt, {"R", "C"}, true}};
  spec.attrs.set("epsilon", norm.getEpsilonAttr());

  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec,
                                     rowWorkgroup(cfg, elt, type.getDimSize(type.getRank() - 1)));
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value X = func.getArgument(0), W = func.getArgument(1), Y = func.getArgument(2);
  RowArgs args = rowArgs(kb, func, type, /*firstSize=*/3);
  Value R = args.R, C = args.C, smem = args.smem;
  int64_t staticC = args.staticC;
  RowEmitter row(kb, cfg, R, C, staticC, cfg.getStaged() ? Value() : smem,
                 rowCache(kb, cfg, elt, spec));
  Value eps = kb.f32(norm.getEpsilon().convertToFloat());

  auto rstdOf = [&](Value sumSquares) { // of the whole row's sum of squares
    return kb.rsqrt(kb.fadd(kb.fdiv(sumSquares, indexToF32(kb, C)), eps));
  };
  auto squares = [&](ArrayRef<SmallVector<Value>> x, Value ss) {
    for (const SmallVector<Value> &access : x)
      for (Value v : access)
        ss = kb.fma(v, v, ss);
    return ss;
  };
  auto writeRow = [&](ArrayRef<Value> x, Value rstd, const RowAccess &a) {
    kb.ifThenElse(a.ok, [&] {
      SmallVector<Value> w = row.loadColumns(a, W), y;
      for (size_t e = 0; e < x.size(); ++e)
        y.push_back(kb.fmul(kb.fmul(x[e], rstd), w[e]));
      kb.storeVecF32(y, Y, kb.add(row.base, a.offset));
    });
  };
  auto staged = [&] {
    emitStagedRows(kb, cfg, X, Y, R, C, smem, 0.0f, [&](ArrayRef<Value> x, ArrayRef<Value> inRow) {
      Value rstd = rstdOf(squares({SmallVector<Value>(x)}, kb.f32(0.0f)));
      SmallVector<Value> y;
      for (auto [j, v] : llvm::enumerate(x))
        y.push_back(kb.fmul(kb.fmul(v, rstd), kb.loadF32If(inRow[j], W, kb.idx(j), 0.0f)));
      return y;
    });
  };
  auto cached = [&] {
    SmallVector<RowAccess> accesses = row.cachedAccesses(), shared = row.sharedAccesses();
    SmallVector<SmallVector<Value>> x = row.loadAll(accesses, X, 0.0f);
    Value ss = squares(x, kb.f32(0.0f));
    row.fillCache(shared, X, 0.0f,
                  [&](ArrayRef<Value> xs) { ss = squares({SmallVector<Value>(xs)}, ss); });
    Value rstd = rstdOf(row.rowReduce(ss, /*isMax=*/false, 0));
    for (auto [a, values] : llvm::zip(accesses, x))
      writeRow(values, rstd, a);
    for (auto [j, a] : llvm::enumerate(shared))
      writeRow(row.cached(j), rstd, a);
  };
  auto streamed = [&] {
    SmallVector<RowAccess> edges = row.edgeAccesses();
    SmallVector<SmallVector<Value>> xe = row.loadAll(edges, X, 0.0f);
    auto ssLoop = row.streamBody(
        {squares(xe, kb.f32(0.0f))}, [&](ArrayRef<RowAccess> accesses, ValueRange it) {
          return SmallVector<Value>{squares(row.loadAll(accesses, X, 0.0f), it[0])};
        });
    Value rstd = rstdOf(row.rowReduce(ssLoop.getResult(0), /*isMax=*/false, 0));
    for (auto [a, values] : llvm::zip(edges, xe))
      writeRow(values, rstd, a);
    row.streamBody({}, [&](ArrayRef<RowAccess> accesses, ValueRange) {
      SmallVector<SmallVector<Value>> x = row.loadAll(accesses, X, 0.0f);
      for (auto [a, values] : llvm::zip(accesses, x))
        writeRow(values, rstd, a);
      return SmallVector<Value>{};
    });
  };
  stagedOrNot(kb, cfg, staticC, C, staged, [&] { row.forEachRow(cached, streamed); });
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
