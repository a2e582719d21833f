// The decode-size matmul (math = "gemv"): a few rows of A against B, which
// is streamed from memory once, on CUDA cores. Tensor cores would multiply
// 16 rows where M has 1 to 8; what bounds this shape is reading B.
//
// A block owns tile_n columns of C, up to tile_m rows, and all of K. Its
// threads form a grid of lanes x rows: a lane reads v columns of a B row
// (one 16-byte vector, or v scalars where N is not a multiple of v), and
// the R = threads / lanes rows of threads split each chunk of R x tile_k
// K steps, tile_k steps (B vectors) in flight per thread. Where K is a
// multiple of the vector, a thread's steps are consecutive and its A
// elements of a row one vector load; else they are R apart and A's
// elements scalar loads (the lanes of a row share them through L1). Where N
// has at most v columns, one lane per row leaves more rows of threads over
// K. The lanes are static, so a thread's steps lie at constant offsets from
// the loop's index (run-time offsets cost an address register per step and
// row). The partial sums meet in two steps: shuffles over the rows of a
// warp, then shared memory over the warps; the epilogue and the store
// follow per element.
//
// The K loop is specialized for 1, 2, 4, ... tile_m rows (a switch on the
// rows left at row0), so an M = 1 launch does one FMA per B element.
#include "KernelBuilder.h"
#include "MatmulEpilogue.h"

#include "mini/Transforms/MatmulConfig.h"

using namespace mlir;

namespace mini {
namespace {

class GemvEmitter {
public:
  GemvEmitter(OpBuilder &b, Location loc, gpu::GPUFuncOp func, MatmulConfigAttr cfg, MatmulOp op,
              int64_t vector)
      : b(b), loc(loc), kb(b, loc), maxRows(cfg.getTileM()), cols(cfg.getTileN()),
        threads(cfg.mathThreads()), vector(vector), inFlight(cfg.getTileK()) {
    MatmulKernelArgs args = matmulKernelArgs(func, op);
    A = args.A, B = args.B, C = args.C, M = args.M, N = args.N, K = args.K;
    epilogue = matmulEpilogueOf(op, args.epilogueInputs);
    partials = func.getWorkgroupAttributions()[0];
  }

  void run() {
    tid = kb.threadId();
    col0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(cols));
    row0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(maxRows));
    Value batch = kb.blockId(gpu::Dimension::z);
    aBase = kb.mul(batch, kb.mul(M, K));
    bBase = kb.mul(batch, kb.mul(K, N));
    cBase = kb.mul(batch, kb.mul(M, N));
    // The case of the fewest rows (1, 2, 4, .. maxRows) that holds the
    // block's.
    Value rowsHere = kb.min(kb.sub(M, row0), kb.idx(maxRows));
    SmallVector<int64_t> counts;
    for (int64_t r = 1; r <= maxRows; r *= 2)
      counts.push_back(r);
    Value which = kb.idx(0);
    for (int64_t r : llvm::drop_end(counts))
      which = kb.add(which, arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                                         kb.ult(kb.idx(r), rowsHere)));
    SmallVector<int64_t> cases = llvm::to_vector(llvm::seq<int64_t>(1, counts.size()));
    auto switchOp = scf::IndexSwitchOp::create(b, loc, TypeRange{}, which, cases, cases.size());
    for (auto [i, rows] : llvm::enumerate(counts)) {
      Region &region = i == 0 ? switchOp.getDefaultRegion() : switchOp.getCaseRegions()[i - 1];
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&region.emplaceBlock());
      emitRows(rows);
      scf::YieldOp::create(b, loc);
    }
    gpu::ReturnOp::create(b, loc);
  }

private:
  /// The K loop, the sums and the stores for `rows` rows of A: with
  /// tile_n / v lanes per B row, or one lane where N has at most v columns
  /// (more rows of threads over K). The lanes are static so that the K
  /// steps a thread keeps in flight are at constant offsets.
  void emitRows(int64_t rows) {
    Value narrow = kb.ule(N, kb.idx(vector));
    kb.ifThenElse(
        narrow, [&] { emitLayout(rows, 1); }, [&] { emitLayout(rows, cols / vector); });
  }

  void emitLayout(int64_t rows, int64_t lanesPerRow) {
    lanes = lanesPerRow;
    rowStride = threads / lanes;
    lane = kb.rem(tid, kb.idx(lanes));
    stepRow = kb.div(tid, kb.idx(lanes));
    col = kb.add(col0, kb.mul(lane, kb.idx(vector)));
    SmallVector<Type> types(rows * vector, b.getF32Type());
    // B's rows in whole vectors where N is a multiple of v; A's in vectors
    // along K where K is a multiple of them (else scalars).
    Value bAligned = kb.ult(kb.rem(N, kb.idx(vector)), kb.idx(1));
    Value aAligned = kb.ult(kb.rem(K, kb.idx(aVector())), kb.idx(1));
    SmallVector<Value> acc = kb.ifValues(
        bAligned,
        [&] {
          return kb.ifValues(
              aAligned, [&] { return kLoop(rows, /*bVectors=*/true, /*aVectors=*/true); },
              [&] { return kLoop(rows, /*bVectors=*/true, /*aVectors=*/false); }, types);
        },
        [&] { return kLoop(rows, /*bVectors=*/false, /*aVectors=*/false); }, types);
    store(rows, reduce(rows, acc));
  }

  /// Elements of A per vector load: a thread's K steps are consecutive, so
  /// its A elements of a row are too.
  int64_t aVector() const { return std::min(vector, inFlight); }

  /// Every K step of the thread's row of threads: the whole chunks of
  /// R x tile_k steps without bounds checks, then the last one with them.
  SmallVector<Value> kLoop(int64_t rows, bool bVectors, bool aVectors) {
    Value chunk = kb.idx(rowStride * inFlight);
    Value whole = kb.mul(kb.div(K, chunk), chunk);
    SmallVector<Value> zeros(rows * vector, kb.f32(0.0f));
    scf::ForOp loop = kb.forLoop(kb.idx(0), whole, chunk, zeros, [&](Value k0, ValueRange acc) {
      return steps(rows, bVectors, aVectors, k0, acc, /*guarded=*/false);
    });
    return kb.ifValues(
        kb.ult(whole, K),
        [&] {
          return steps(rows, bVectors, /*aVectors=*/false, whole, loop.getResults(),
                       /*guarded=*/true);
        },
        [&] { return SmallVector<Value>(loop.getResults()); }, loop.getResultTypes());
  }

  /// The thread's tile_k K steps of the chunk at k0: the loads of all, then
  /// the FMAs. With A in vectors the steps are consecutive (a vector of A
  /// per row); else R apart, so that a warp's scalar loads of B fall on
  /// neighbouring rows (fewer sectors a load). Columns past N read N's
  /// last (their sums are not stored), rows past M the last row, steps past
  /// K (guarded) read zeros.
  SmallVector<Value> steps(int64_t rows, bool bVectors, bool aVectors, Value k0, ValueRange acc,
                           bool guarded) {
    Value first = aVectors ? kb.add(k0, kb.mul(stepRow, kb.idx(inFlight))) : kb.add(k0, stepRow);
    int64_t stepApart = aVectors ? 1 : rowStride;
    Value lastRow = kb.sub(M, kb.idx(1));
    SmallVector<Value> aRows;
    for (int64_t m = 0; m < rows; ++m)
      aRows.push_back(kb.add(aBase, kb.mul(kb.min(kb.add(row0, kb.idx(m)), lastRow), K)));
    // as[u][m]: A's element of row m at step u.
    SmallVector<SmallVector<Value>> as(inFlight, SmallVector<Value>(rows)), bs;
    if (aVectors)
      for (int64_t m = 0; m < rows; ++m)
        for (int64_t u0 = 0; u0 < inFlight; u0 += aVector()) {
          SmallVector<Value> v =
              kb.loadVecF32(A, kb.add(aRows[m], kb.add(first, kb.idx(u0))), aVector());
          for (int64_t e = 0; e < aVector(); ++e)
            as[u0 + e][m] = v[e];
        }
    for (int64_t u = 0; u < inFlight; ++u) {
      Value k = kb.add(first, kb.idx(u * stepApart));
      Value ok = guarded ? kb.ult(k, K) : Value();
      if (guarded)
        k = kb.select(ok, k, kb.idx(0));
      Value bRow = kb.add(bBase, kb.mul(k, N));
      SmallVector<Value> bv;
      if (bVectors) {
        bv = kb.loadVecF32(B, kb.add(bRow, kb.min(col, kb.sub(N, kb.idx(vector)))), vector);
      } else {
        Value last = kb.sub(N, kb.idx(1));
        for (int64_t j = 0; j < vector; ++j)
          bv.push_back(kb.loadF32(B, kb.add(bRow, kb.min(kb.add(col, kb.idx(j)), last))));
      }
      if (!aVectors)
        for (int64_t m = 0; m < rows; ++m)
          as[u][m] = kb.loadF32(A, kb.add(aRows[m], k));
      if (guarded) {
        for (Value &v : llvm::concat<Value>(as[u], bv))
          v = kb.select(ok, v, kb.f32(0.0f));
      }
      bs.push_back(bv);
    }
    SmallVector<Value> out(acc);
    for (int64_t u = 0; u < inFlight; ++u)
      for (int64_t m = 0; m < rows; ++m)
        for (int64_t j = 0; j < vector; ++j)
          out[m * vector + j] = kb.fma(as[u][m], bs[u][j], out[m * vector + j]);
    return out;
  }

  /// The block's sums per (row, column): over the rows of threads of a
  /// warp by shuffles (the lanes whose xor is >= lanes share a column), then
  /// over the warps through shared memory. Thread t returns the sums of
  /// outputs t, t + threads, ... of rows x tile_n (row-major).
  SmallVector<Value> reduce(int64_t rows, ArrayRef<Value> acc) {
    SmallVector<Value> v(acc);
    for (int64_t offset = 16; offset >= lanes; offset /= 2)
      for (Value &x : v) {
        auto shfl =
            gpu::ShuffleOp::create(b, loc, x, kb.i32(offset), kb.i32(32), gpu::ShuffleMode::XOR);
        x = kb.fadd(x, shfl.getShuffleResult());
      }
    Value warp = kb.div(tid, kb.idx(32));
    Value warpRow0 = kb.ult(kb.rem(tid, kb.idx(32)), kb.idx(lanes));
    kb.ifThenElse(warpRow0, [&] {
      for (int64_t m = 0; m < rows; ++m)
        for (int64_t j = 0; j < vector; ++j) {
          Value at = kb.add(kb.mul(kb.add(kb.mul(warp, kb.idx(rows)), kb.idx(m)), kb.idx(cols)),
                            kb.add(kb.mul(lane, kb.idx(vector)), kb.idx(j)));
          memref::StoreOp::create(b, loc, v[m * vector + j], partials, ValueRange{at});
        }
    });
    gpu::BarrierOp::create(b, loc);
    SmallVector<Value> sums;
    int64_t warps = threads / 32;
    for (int64_t o = 0, n = llvm::divideCeil(rows * cols, threads); o < n; ++o) {
      Value output = kb.min(kb.add(tid, kb.idx(o * threads)), kb.idx(rows * cols - 1));
      Value sum = kb.f32(0.0f);
      for (int64_t w = 0; w < warps; ++w)
        sum = kb.fadd(sum,
                      memref::LoadOp::create(b, loc, partials,
                                             ValueRange{kb.add(output, kb.idx(w * rows * cols))}));
      sums.push_back(sum);
    }
    return sums;
  }

  /// The epilogue and the store of each thread's sums.
  void store(int64_t rows, ArrayRef<Value> sums) {
    SmallVector<MatmulEpilogue::Group> groups;
    for (auto [o, sum] : llvm::enumerate(sums)) {
      Value output = kb.add(tid, kb.idx(o * threads));
      Value row = kb.add(row0, kb.div(output, kb.idx(cols)));
      Value c = kb.add(col0, kb.rem(output, kb.idx(cols)));
      Value inside =
          kb.andi(kb.ult(output, kb.idx(rows * cols)), kb.andi(kb.ult(row, M), kb.ult(c, N)));
      groups.push_back({{sum}, kb.add(cBase, kb.add(kb.mul(row, N), c)), c, inside});
    }
    epilogue.store(kb, groups, C);
  }

  OpBuilder &b;
  Location loc;
  KernelBuilder kb;
  const int64_t maxRows, cols, threads, vector;
  const int64_t inFlight; // K steps (B vectors) in flight per thread
  Value A, B, C, M, N, K, partials;
  Value tid, col0, row0, aBase, bBase, cBase;
  // The layout at hand (emitLayout): lanes per B row, rows of threads.
  int64_t lanes = 0, rowStride = 0;
  Value lane, stepRow, col;
  MatmulEpilogue epilogue;
};

} // namespace

FailureOr<gpu::GPUFuncOp> buildMatmulGemvKernel(Operation *op, MatmulConfigAttr cfg,
                                                gpu::GPUModuleOp module, StringRef name,
                                                KernelSpec &spec) {
  auto mm = cast<MatmulOp>(op);
  Type inElt = cast<RankedTensorType>(mm.getLhs().getType()).getElementType();
  int64_t vector = 128 / inElt.getIntOrFloatBitWidth();
  setMatmulSpec(op, spec, cfg.getTileM(), cfg.getTileN(), cfg.mathThreads());
  OpBuilder b(op->getContext());
  spec.attrs.set("math", b.getStringAttr("gemv"));
  spec.attrs.set("tile", b.getI64ArrayAttr({cfg.getTileM(), cfg.getTileN(), cfg.getTileK()}));
  int64_t partialWords = cfg.getWarpsM() * cfg.getWarpsN() * cfg.getTileM() * cfg.getTileN();
  gpu::GPUFuncOp func = createKernel(b, op->getLoc(), module, name, spec, partialWords);
  b.setInsertionPointToStart(&func.getBody().front());
  GemvEmitter(b, op->getLoc(), func, cfg, mm, vector).run();
  return func;
}

} // namespace mini
