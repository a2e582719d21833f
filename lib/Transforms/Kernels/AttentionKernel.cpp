// Attention: the tensor-core kernel (AttentionMmaKernel.cpp) where the config
// says mma_sync, else flash-style attention on CUDA cores, described here: one
// warp per query row, 8 rows per block of the same (batch, head); the block
// walks the keys in tiles staged in shared memory and keeps an online softmax
// (running max m, running sum l, output accumulator) in registers, so no
// S x T matrix ever exists. Lane `l` owns head-dim elements l, l+32, ...; a
// query-key dot product is a per-lane partial plus a warp shuffle reduction.
// Scores are kept in the exp2 domain (q is pre-scaled by scale * log2(e)).
#include "KernelBuilder.h"

#include "mini/Dialect/Mini/MiniOps.h"
#include "mini/Transforms/AttentionConfig.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;

namespace mini {
namespace {
constexpr int64_t kWarps = 8, kThreads = kWarps * 32;
constexpr int64_t kMaxHeadDim = AttentionConfigAttr::kMaxSimtHeadDim;
} // namespace

void setAttentionSpec(Operation *op, KernelSpec &spec, int64_t rowsPerBlock, int64_t threads) {
  auto attn = cast<AttentionOp>(op);
  Type elt = cast<RankedTensorType>(attn.getQuery().getType()).getElementType();
  spec.op = "attention";
  spec.tensors = {{"q", elt, {"B", "H", "S", "D"}, false},
                  {"k", elt, {"B", "G", "T", "D"}, false},
                  {"v", elt, {"B", "G", "T", "D"}, false},
                  {"o", elt, {"B", "H", "S", "D"}, true}};
  spec.sizes = {"B", "H", "G", "S", "T", "D"};
  spec.grid[0] = {{"S"}, rowsPerBlock};
  spec.grid[1] = {{"H"}, 1};
  spec.grid[2] = {{"B"}, 1};
  spec.block[0] = threads;
  Builder b(op->getContext());
  spec.attrs.set("scale", b.getF32FloatAttr(*attn.getEffectiveScale()));
  spec.attrs.set("causal", b.getBoolAttr(attn.getCausal()));
}

namespace {

/// The CUDA-core kernel's body, at the start of `func`: Q's row in
/// registers, the key tiles through shared memory, the online softmax per
/// key, the epilogue.
class SimtAttentionEmitter {
public:
  SimtAttentionEmitter(OpBuilder &b, Location loc, gpu::GPUFuncOp func, int64_t D, float scale,
                       bool causal)
      : b(b), loc(loc), kb(b, loc), D(D), tileKeys(tileKeysFor(D)),
        perLane((D + 31) / 32), vOffset(tileKeys * D), scale(scale), causal(causal) {
    Q = func.getArgument(0), K = func.getArgument(1), V = func.getArgument(2);
    O = func.getArgument(3), H = func.getArgument(5), G = func.getArgument(6);
    S = func.getArgument(7), T = func.getArgument(8);
    smem = func.getWorkgroupAttributions()[0];
  }
  /// Keys per tile: K and V tiles together stay within 32 KiB of f32.
  static int64_t tileKeysFor(int64_t D) { return std::min<int64_t>(32, 4096 / D); }
  void emit();

private:
  Value laneDim(int64_t e) { return kb.add(lane, kb.idx(32 * e)); }
  /// Whether the lane's e-th element is inside D (null: always).
  Value dimValid(int64_t e) {
    if (32 * (e + 1) <= D)
      return {};
    return kb.ult(laneDim(e), Dv);
  }
  Value rowAndDimValid(int64_t e) {
    Value ok = rowValid;
    if (Value dv = dimValid(e))
      ok = kb.andi(ok, dv);
    return ok;
  }
  void setup();
  Value keyEnd();
  void loadTile(Value t0);
  SmallVector<Value> keyStep(Value t0, Value jj, ValueRange it);
  void epilogue(ValueRange state);

  OpBuilder &b;
  Location loc;
  KernelBuilder kb;
  int64_t D, tileKeys, perLane, vOffset;
  float scale;
  bool causal;
  Value Q, K, V, O, H, G, S, T, smem;
  Value Dv, tid, lane, rowBlock, row, rowValid, qBase, kvBase, negInf;
  SmallVector<Value> q; // the lane's elements of Q's row, scaled
};

/// The lane's row, its Q elements (pre-scaled into the exp2 domain) and the
/// tensors' bases.
void SimtAttentionEmitter::setup() {
  Dv = kb.idx(D);
  tid = kb.threadId();
  lane = kb.rem(tid, kb.idx(32));
  rowBlock = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(kWarps));
  row = kb.add(rowBlock, kb.div(tid, kb.idx(32)));
  Value head = kb.blockId(gpu::Dimension::y);
  Value batch = kb.blockId(gpu::Dimension::z);
  rowValid = kb.ult(row, S);
  Value kvHead = kb.div(head, kb.div(H, G));
  qBase = kb.mul(kb.add(kb.mul(kb.add(kb.mul(batch, H), head), S), row), Dv);
  kvBase = kb.mul(kb.mul(kb.add(kb.mul(batch, G), kvHead), T), Dv);
  Value qScale = kb.f32(scale * static_cast<float>(M_LOG2E));
  for (int64_t e = 0; e < perLane; ++e) {
    Value ok = rowAndDimValid(e);
    q.push_back(kb.fmul(kb.loadF32If(ok, Q, kb.add(qBase, laneDim(e)), 0.0f), qScale));
  }
}

/// Keys this block must visit: all T, or with the bottom-right causal mask
/// only keys j <= lastRow + T - S (none when lastRow + T + 1 <= S).
Value SimtAttentionEmitter::keyEnd() {
  if (!causal)
    return T;
  Value lastRow = kb.min(kb.add(rowBlock, kb.idx(kWarps - 1)), kb.sub(S, kb.idx(1)));
  Value reach = kb.add(kb.add(lastRow, kb.idx(1)), T);
  Value some = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, reach, S);
  return kb.select(some, kb.min(T, kb.sub(reach, kb.select(some, S, kb.idx(0)))), kb.idx(0));
}

/// K's and V's tile at t0 into shared memory (zeros past T).
void SimtAttentionEmitter::loadTile(Value t0) {
  gpu::BarrierOp::create(b, loc); // the previous tile is consumed
  kb.forLoop(tid, kb.idx(tileKeys * D), kb.idx(kThreads), {}, [&](Value n, ValueRange) {
    Value key = kb.add(t0, kb.div(n, Dv));
    Value ok = kb.ult(key, T);
    Value src = kb.add(kvBase, kb.add(kb.mul(key, Dv), kb.rem(n, Dv)));
    memref::StoreOp::create(b, loc, kb.loadF32If(ok, K, src, 0.0f), smem, ValueRange{n});
    memref::StoreOp::create(b, loc, kb.loadF32If(ok, V, src, 0.0f), smem,
                            ValueRange{kb.add(n, kb.idx(vOffset))});
    return SmallVector<Value>{};
  });
  gpu::BarrierOp::create(b, loc);
}

/// Key t0 + jj on the running max m, sum l and O's elements (`it`).
SmallVector<Value> SimtAttentionEmitter::keyStep(Value t0, Value jj, ValueRange it) {
  Value rowOff = kb.mul(jj, Dv);
  Value partial = kb.f32(0.0f);
  for (int64_t e = 0; e < perLane; ++e) {
    Value kv = memref::LoadOp::create(b, loc, smem, ValueRange{kb.add(rowOff, laneDim(e))});
    if (Value dv = dimValid(e))
      kv = kb.select(dv, kv, kb.f32(0.0f));
    partial = kb.fma(q[e], kv, partial);
  }
  Value s = kb.warpAllReduce(partial, /*isMax=*/false);
  Value visible;
  if (causal) {
    visible = kb.ule(kb.add(kb.add(t0, jj), S), kb.add(row, T));
    s = kb.select(visible, s, negInf);
  }
  Value m = it[0], l = it[1];
  Value mNew = kb.fmax(m, s);
  Value allMasked = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, mNew, negInf);
  Value mUse = kb.select(allMasked, kb.f32(0.0f), mNew);
  Value corr = kb.exp2(kb.fsub(m, mUse));
  Value p = kb.exp2(kb.fsub(s, mUse));
  SmallVector<Value> next{mNew, kb.fma(l, corr, p)};
  for (int64_t e = 0; e < perLane; ++e) {
    Value vv = memref::LoadOp::create(
        b, loc, smem, ValueRange{kb.add(kb.idx(vOffset), kb.add(rowOff, laneDim(e)))});
    Value kept = kb.fmul(it[2 + e], corr);
    Value updated = kb.fma(p, vv, kept);
    // A masked key contributes nothing, even a NaN or Inf value (p * v
    // would turn 0 * NaN into NaN).
    next.push_back(visible ? kb.select(visible, updated, kept) : updated);
  }
  return next;
}

/// A row that sees no key (T = 0, or causal with row + T < S) outputs zeros.
/// A row whose visible scores are all -inf has l = 0 and outputs NaN (0 x
/// 1/0), as softmax over -inf does; NaN propagates either way.
void SimtAttentionEmitter::epilogue(ValueRange state) {
  Value sawKey = kb.ult(kb.idx(0), T);
  if (causal)
    sawKey = kb.andi(sawKey, kb.ule(S, kb.add(row, T)));
  Value l = state[1];
  Value inv = kb.select(sawKey, kb.fdiv(kb.f32(1.0f), l), kb.f32(0.0f));
  for (int64_t e = 0; e < perLane; ++e) {
    Value ok = rowAndDimValid(e);
    kb.storeIf(ok, kb.fmul(state[2 + e], inv), O, kb.add(qBase, laneDim(e)));
  }
}

void SimtAttentionEmitter::emit() {
  setup();
  Value kvEnd = keyEnd();
  negInf = kb.f32(-std::numeric_limits<float>::infinity());
  SmallVector<Value> init{negInf, kb.f32(0.0f)};
  init.append(perLane, kb.f32(0.0f));
  auto tiles = kb.forLoop(kb.idx(0), kvEnd, kb.idx(tileKeys), init,
                          [&](Value t0, ValueRange iters) {
    loadTile(t0);
    Value tileEnd = kb.min(kb.idx(tileKeys), kb.sub(kvEnd, t0));
    auto keys = kb.forLoop(kb.idx(0), tileEnd, kb.idx(1), iters,
                           [&](Value jj, ValueRange it) { return keyStep(t0, jj, it); });
    return SmallVector<Value>(keys.getResults());
  });
  epilogue(tiles.getResults());
  gpu::ReturnOp::create(b, loc);
}

} // namespace

FailureOr<gpu::GPUFuncOp> buildAttentionKernel(Operation *op,
                                               gpu::GPUModuleOp module,
                                               StringRef name, KernelSpec &spec) {
  auto attn = cast<AttentionOp>(op);
  auto qType = cast<RankedTensorType>(attn.getQuery().getType());
  int64_t D = qType.getDimSize(3);
  AttentionConfigAttr config = getOrChooseAttentionConfig(attn);
  if (failed(config.verifyFor(qType.getElementType(), D, [&] { return op->emitOpError(); })))
    return failure();
  if (ShapedType::isDynamic(D))
    return op->emitOpError("lowering to GPU needs a static head dim D; got ")
           << qType;
  if (config.isTensorCore())
    return buildAttentionMmaKernel(op, config, module, name, spec);
  if (D > kMaxHeadDim || D < 1)
    return op->emitOpError("lowering to GPU supports head dim 1 <= D <= ")
           << kMaxHeadDim << ", got D = " << D;
  setAttentionSpec(op, spec, kWarps, kThreads);
  OpBuilder b(op->getContext());
  spec.attrs.set("config", config);
  // +32 words: lanes past D may read (and discard) just beyond the V tile.
  Location loc = op->getLoc();
  int64_t tileKeys = SimtAttentionEmitter::tileKeysFor(D);
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, 2 * tileKeys * D + 32);
  b.setInsertionPointToStart(&func.getBody().front());
  SimtAttentionEmitter(b, loc, func, D, *attn.getEffectiveScale(), attn.getCausal()).emit();
  return func;
}

} // namespace mini
