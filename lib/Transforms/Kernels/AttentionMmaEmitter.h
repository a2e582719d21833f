// The FlashAttention-2 style tensor-core attention kernel's emitter, shared
// by AttentionMmaKernel.cpp, AttentionMmaProducts.cpp and
// AttentionMmaMasking.cpp. Private to
// lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_ATTENTIONMMAEMITTER_H
#define MINI_TRANSFORMS_KERNELS_ATTENTIONMMAEMITTER_H

#include "KernelBuilder.h"
#include "MmaFragments.h"
#include "PipelineSchedule.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mini {

using mlir::ArrayRef;
using mlir::Location;
using mlir::OpBuilder;
using mlir::SmallVector;
using mlir::SmallVectorImpl;
using mlir::StringRef;
using mlir::Type;
using mlir::Value;
using mlir::ValueRange;
namespace gpu = mlir::gpu;
namespace vector = mlir::vector;
namespace nvgpu = mlir::nvgpu;
namespace arith = mlir::arith;

constexpr int64_t kAttentionChunk = 8; // f16/bf16 elements per 16-byte copy

/// Emits the kernel's body (emit()) at the builder, at the start of the
/// kernel function. Its pieces are in AttentionMmaKernel.cpp (structure),
/// AttentionMmaProducts.cpp (the warp's S, softmax and O += P V) and, for
/// masks and the causal diagonal, AttentionMmaMasking.cpp.
class AttentionMmaEmitter {
public:
  /// `decode`: the decode kernel (KernelSplitKeys): rows of the heads that
  /// share a K/V head packed, the keys split over blocks.
  AttentionMmaEmitter(OpBuilder &b, Location loc, gpu::GPUFuncOp func, AttentionConfigAttr cfg,
                      int64_t headDim, Type elt, float scale, bool causal, bool decode)
      : b(b), kb(b, loc), cfg(cfg), D(headDim), Dp(paddedHeadDim(headDim)), elt(elt),
        scaleLog2(scale * static_cast<float>(M_LOG2E)), causal(causal), decode(decode),
        stages(ringStages(cfg, elt, headDim, decode)), fr(/*wmma=*/false, elt, b, loc) {
    Q = func.getArgument(0), K = func.getArgument(1), V = func.getArgument(2);
    O = func.getArgument(3), B = func.getArgument(4), H = func.getArgument(5);
    G = func.getArgument(6), S = func.getArgument(7), T = func.getArgument(8);
    if (decode)
      partials = func.getArgument(10), lse = func.getArgument(11), splits = func.getArgument(12);
    else if (wgmma())
      qMap = func.getArgument(10), kMap = func.getArgument(11), vMap = func.getArgument(12);
  }

  /// mma_sync: the stages of K and V's ring (the decode kernel's may be more).
  static int64_t ringStages(AttentionConfigAttr cfg, Type elt, int64_t headDim, bool decode) {
    return decode ? cfg.decodeStages(elt, headDim) : AttentionConfigAttr::kStages;
  }
  static int64_t paddedHeadDim(int64_t d) { return AttentionConfigAttr::paddedHeadDim(d); }
  static int64_t rowStride(int64_t d) { return AttentionConfigAttr::rowStride(d); }
  /// Blocks of the wgmma kernel an SM: with one consumer warpgroup, as many
  /// as fit (shared memory and 1 KB each within the SM's 228 KB), so that
  /// one block's serial part (Q's wait, the diagonal, the epilogue) overlaps
  /// the others' key loops. Two up to D = 128 (past it the causal kernel
  /// spills with half the registers); three where O's and S's fragments
  /// (D / 2 and keys / 2 registers a thread) fit the 80 registers a thread
  /// of three blocks starts with: up to 64-key tiles and D + keys <= 128
  /// (ptxas, sm_90a: no spill at any such D and tile, with causal or not;
  /// 80-key tiles spill at D = 48, 112-key ones fail; four blocks of
  /// D = 64, 64 registers a thread, spill). Else one.
  static int64_t wgmmaBlocksPerSM(AttentionConfigAttr cfg, int64_t d, int64_t sharedBytes) {
    int64_t dp = paddedHeadDim(d);
    auto fit = [&](int64_t blocks) { return blocks * (sharedBytes + 1024) <= 228 * 1024; };
    if (cfg.getWarps() != 4 || dp > 128)
      return 1;
    if (cfg.getTileKeys() <= 64 && dp + cfg.getTileKeys() <= 128 && fit(3))
      return 3;
    return fit(2) ? 2 : 1;
  }

  LogicalResult emit();

  /// The wgmma kernel without causal and with two consumer warpgroups is
  /// persistent (FlashAttention-3's): a block per SM strides over the work
  /// items (row block, head, batch), so that one item's epilogue and the
  /// next one's first loads overlap. (A static stride measured slower with
  /// causal, whose items differ in length, and with three warpgroups.)
  static bool persistent(AttentionConfigAttr cfg, bool causal) {
    return cfg.isWgmma() && !causal && cfg.getWarps() == 8;
  }

private:
  bool wgmma() const { return cfg.isWgmma(); }
  int64_t rows() const { return 16 * cfg.getWarps(); }
  int64_t keys() const { return cfg.getTileKeys(); }
  int64_t threads() const { return 32 * cfg.getWarps(); }
  WarpTileType tile(StringRef role, int64_t r, int64_t c, Type t) const {
    return WarpTileType::get(b.getContext(), role, {r, c}, t);
  }
  void copyTile(SmallVectorImpl<Value> &tokens, Value smem, Value stage, Value src, Value base,
                Value first, Value limit, int64_t tileRows);
  Value commit(ArrayRef<Value> tokens = {}) {
    return nvgpu::DeviceAsyncCreateGroupOp::create(b, kb.loc, tokens);
  }
  /// Waits for all but the `pending` youngest groups of the thread's copies,
  /// then for the block.
  void wait(Value token, int64_t pending = 0);
  Value toI32(Value index) {
    return arith::IndexCastUIOp::create(b, kb.loc, b.getI32Type(), index);
  }
  Value toIndex(Value i32) {
    return arith::IndexCastUIOp::create(b, kb.loc, b.getIndexType(), i32);
  }
  // Block and work-item numbers in 32 bits: 64-bit division is a long
  // routine, and the producer has few registers.
  Value divI32(Value x, Value y) { return arith::DivUIOp::create(b, kb.loc, x, y); }
  Value remI32(Value x, Value y) { return arith::RemUIOp::create(b, kb.loc, x, y); }
  /// The lane's byte address in `smem` at stage `stage`, row `row`, column `col`.
  Value laneAddress(Value smem, Value stage, Value row, Value col);
  /// ldmatrix.x4 (.trans) at byte address `base` + `immediate`.
  Value ldmatrix(Value base, int64_t immediate, bool transpose);
  Value exp2(Value x);
  Value loadQ(int64_t slice);
  SmallVector<Value> scores(ArrayRef<Value> q, Value kBase);
  SmallVector<Value> maskScores(ArrayRef<Value> s, Value t0);
  /// Whether tile t0 needs a mask: some row of the block (wgmma with
  /// causal: of the warpgroup) does not see all of its keys.
  Value tileMasked(Value t0) { return kb.ult(plainEnd, kb.add(t0, kb.idx(keys()))); }
  SmallVector<Value> maskIfNeeded(ArrayRef<Value> s, Value t0, Value masked);
  struct Softmax {
    SmallVector<Value> m, l, o, p;
    Value factors; // O's rescale, as a fragment: rows i of it by corr[i]
    Value rescale; // with staleMax(), i1: some row of the warp moved its max
  };
  /// How far (log2) a row's max may pass the one in use before it moves.
  static constexpr float kStaleMax = 8.0f;
  /// Whether the max in use may go stale (softmax()): where the softmax's
  /// instructions, not the tensor cores, bound the key loop. Measured on the
  /// H200's wgmma kernels: D = 64 +4-10%; D = 80 to 256 -3% to +2%.
  bool staleMax() const { return Dp <= 64; }
  Softmax softmax(ArrayRef<Value> s, ValueRange m, ValueRange l, ValueRange o);
  SmallVector<Value> rescaleO(ValueRange o, const Softmax &step);
  Value pFragment(ArrayRef<Value> p, int64_t slice);
  SmallVector<Value> multiplyV(ArrayRef<Value> pA, ValueRange o, Value t0, Value masked,
                               Value stage, Value vBase);
  SmallVector<Value> multiplyVSlice(Value pA, ValueRange o, int64_t slice, Value vBase);
  SmallVector<Value> multiplyVOnCudaCores(Value pA, ValueRange o, Value t0, int64_t slice,
                                          Value stage);
  Value anyNonFinite(int64_t slice, Value stage);
  Value nonFiniteIn(Value bits);
  Value anyLane(Value flag);
  Value visible(Value position, Value key);
  /// The query position (in S) of block row `row`: the row itself, or in
  /// the decode kernel, whose rows are S x H / G, row mod S.
  Value position(Value row) { return decode ? kb.rem(row, S) : row; }
  /// The least and greatest query positions of rows first .. last (those
  /// below qRows, in the decode kernel; all of S where they span heads).
  std::pair<Value, Value> positionRange(Value first, Value last);
  Value element(Value frag, int64_t i, int64_t j) {
    return vector::ExtractOp::create(b, kb.loc, frag, ArrayRef<int64_t>{i, j});
  }
  Value quadReduce(Value v, bool isMax);
  void epilogue(ValueRange m, ValueRange l, ValueRange o);
  void storePartials(ValueRange m, ValueRange l, ValueRange o);
  // emit()'s steps.
  void sharedMemory();
  /// The block's rows, (batch, head) and lanes: from the block's place in
  /// the grid, or (a persistent block) from its work item's.
  void laneSetup(Value rowBlock = Value(), Value head = Value(), Value batch = Value());
  void keyRange();
  /// The work item's key tiles, [keyStart, keyEnd) in tiles of keys().
  Value keyTiles() {
    return arith::CeilDivUIOp::create(b, kb.loc, kb.sub(keyEnd, keyStart), kb.idx(keys()));
  }
  // The wgmma kernel's (AttentionWgmmaKernel.cpp): a producer warp issues
  // TMA copies, warpgroups of consumers multiply.
  LogicalResult emitWgmma();
  bool persistent() const { return persistent(cfg, causal); }
  /// Runs `body` (the producer's or a consumer's part) for each of the
  /// block's work items, after laneSetup() and keyRange() for it.
  LogicalResult forEachWorkItem(llvm::function_ref<LogicalResult()> body);
  void wgmmaSharedMemory();
  Value sharedPointer(Value address);
  /// mbarrier `first` + `stage` (kQFull, kKFull + stage, ...).
  Value barrier(int64_t first, Value stage = Value());
  void waitBarrier(Value pointer, Value parity);
  void produce();
  LogicalResult consume();
  SmallVector<Value> consumeTile(Value t0, ValueRange carried, Value qDesc, Value seenEnd);
  SmallVector<Value> wgmmaScores(Value qDesc, Value stage);
  SmallVector<Value> wgmmaMultiplyV(ArrayRef<Value> pA, ValueRange o, Value stage);
  // Pieces of the products without fence, commit or wait, for the
  // pipelined key loop: the chains, and the registers they read.
  /// The wgmma descriptor of K's (or V's) tile at `stage`.
  Value stageDescriptor(bool isV, Value stage);
  Value issueScores(Value qDesc, Value kDesc);
  SmallVector<Value> unpackScores(Value acc);
  SmallVector<Value> pinnedOperands(ArrayRef<Value> pA, ValueRange o);
  SmallVector<Value> issueMultiplyV(ArrayRef<Value> pinned, Value vDesc);
  SmallVector<Value> packO(ArrayRef<Value> acc, ValueRange like);
  SmallVector<Value> pinFragments(ArrayRef<Value> frags);
  FailureOr<SmallVector<Value>> consumePipelined(Value qDesc, ValueRange init, Value tiles);
  SmallVector<Value> overlappedTile(Value j, ValueRange it, Value qDesc, PipelineSchedule &schedule,
                                    SmallVectorImpl<Value> &handed);

  SmallVector<Value> pFragments(ArrayRef<Value> p);
  void arrive(int64_t empty, Value stage);
  /// The ring stage of the work item's j-th tile, and the parity of its
  /// use (the ring's count goes on across a persistent block's items).
  Value ringIndex(Value j) { return tileBase ? kb.add(tileBase, j) : j; }
  Value stageOf(Value j) { return kb.rem(ringIndex(j), kb.idx(AttentionConfigAttr::kStages)); }
  Value parityOf(Value j) {
    return kb.rem(kb.div(ringIndex(j), kb.idx(AttentionConfigAttr::kStages)), kb.idx(2));
  }
  Value descriptor(Value address, int64_t leadingBytes, int64_t strideBytes);
  /// V's element (row, 8 n + col) at `stage` in its swizzled boxes.
  Value swizzledV(Value stage, Value row, Value col, int64_t n);
  /// With causal: the producer's scanning warps' part (scanMaskedV), and
  /// the consumers' side of it: the parity of V's scanned barrier for the
  /// item's j-th tile, and whether V's tile t0 at `stage` holds a NaN or Inf
  /// in a key that some row of the warpgroup masks (uniform across the
  /// group, after waiting for the scan).
  void scanMaskedV();
  /// The first of the item's tiles that the block's first row does not see
  /// whole: the scanned ones are those from it on.
  Value firstScannedTile() { return kb.div(kb.sub(blockPlainEnd, keyStart), kb.idx(keys())); }
  Value scannedParity(Value j);
  /// The 32-bit address of the scan's words for `stage`.
  Value scanWords(Value stage);
  Value anyNonFiniteScanned(Value t0, Value stage);
  SmallVector<Value> wgmmaMultiplyVMasked(ArrayRef<Value> pA, ValueRange o, Value t0,
                                          Value masked, Value stage);
  void causalKeyRange(Value firstRow, Value lastRow);
  SmallVector<Value> keyTile(Value t0, ValueRange carried, ArrayRef<Value> q,
                             PipelineSchedule &schedule);
  /// With wgmma, `qDesc` is the warpgroup's Q and `beforeV` waits for V.
  SmallVector<Value> keyTileMath(Value t0, ValueRange carried, ArrayRef<Value> q, Value stage,
                                 Value qDesc = Value(),
                                 llvm::function_ref<void()> beforeV = nullptr);

  OpBuilder &b;
  KernelBuilder kb;
  AttentionConfigAttr cfg;
  int64_t D, Dp;
  Type elt;
  float scaleLog2;
  bool causal, decode;
  int64_t stages; // mma_sync: of K and V's ring
  MmaFragments fr;
  Value Q, K, V, O, B, H, G, S, T;
  Value partials, lse, splits; // the decode kernel's
  // Set by emit(). The block's (decode: its K/V head's) query rows and the
  // keys it visits, [keyStart, keyEnd).
  Value qRows, batchGroup, split, keyStart, keyEnd;
  // Set by emit().
  Value sQ, sK, sV, raw, tid, lane, warp, qBase, kvBase, row0, warpRow0, laneRow, qLane;
  Value rowA, colA, rowK, colK; // ldmatrix lanes: A (Q) and V's B, K's B
  Value kvEnd, plainEnd, token;
  // With causal, keyRange()'s plainEnd: the keys that the block's first row
  // sees (the wgmma consumers' plainEnd is their warpgroup's).
  Value blockPlainEnd;
  // The wgmma kernel's: tensor maps of Q, K and V, its shared memory's base
  // (32-bit address, 1024-byte aligned for the swizzle atoms), and where
  // the epilogue's scratch starts in `raw` (bytes).
  Value qMap, kMap, vMap, smem, scratchShift;
  // The work item's (batch, head), and in a persistent block the tiles its
  // ring took before this item and the parity of Q's barriers for it.
  Value headIndex, batchIndex, tileBase, qParity;
};

} // namespace mini

#endif
