// The decode kernels of a tensor-core attention (KernelSplitKeys): the
// FlashAttention-2 kernel's decode variant (AttentionMmaKernel.cpp, with
// GQA rows packed and the keys split), and the kernel that combines the
// splits' partials: per output row, O = sum_i w_i O_i / sum_i w_i with w_i =
// exp2(lse_i - max lse), four head dims per thread in 16-byte loads.
#include "KernelBuilder.h"

#include "mini/Transforms/AttentionConfig.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <limits>

using namespace mlir;

namespace mini {
namespace {

constexpr int64_t kCombineThreads = 128, kCombineWidth = 4;

/// The combine kernel's body. A row whose splits all have lse = -inf saw
/// no key with a finite score: it is 0 if it sees no key (as in one pass),
/// else NaN (one pass divides 0 by 0 there too).
void emitCombine(OpBuilder &b, Location loc, gpu::GPUFuncOp func, bool causal) {
  KernelBuilder kb(b, loc);
  Value O = func.getArgument(3), B = func.getArgument(4), H = func.getArgument(5);
  Value S = func.getArgument(7), T = func.getArgument(8), D = func.getArgument(9);
  Value partials = func.getArgument(10), lse = func.getArgument(11);
  Value splits = func.getArgument(12);
  Value rowsTotal = kb.mul(kb.mul(B, H), S);
  Value chunksPerRow = kb.div(D, kb.idx(kCombineWidth));
  Value chunk = kb.add(kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(kCombineThreads)),
                       kb.threadId());
  Value row = kb.div(chunk, chunksPerRow);
  Value col = kb.mul(kb.rem(chunk, chunksPerRow), kb.idx(kCombineWidth));
  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  kb.ifThenElse(kb.ult(row, rowsTotal), [&] {
    auto lseOf = [&](Value split) {
      return kb.loadF32(lse, kb.add(kb.mul(split, rowsTotal), row));
    };
    Value lseMax = kb.forLoop(kb.idx(0), splits, kb.idx(1), {negInf},
                              [&](Value i, ValueRange it) {
                                return SmallVector<Value>{kb.fmax(it[0], lseOf(i))};
                              })
                       .getResult(0);
    SmallVector<Value> init(kCombineWidth + 1, kb.f32(0.0f)); // O's sums, then the weights'
    auto sums = kb.forLoop(kb.idx(0), splits, kb.idx(1), init, [&](Value i, ValueRange it) {
      Value w = kb.exp2(kb.fsub(lseOf(i), lseMax));
      SmallVector<Value> o = kb.loadVecF32(
          partials, kb.add(kb.mul(kb.add(kb.mul(i, rowsTotal), row), D), col), kCombineWidth);
      SmallVector<Value> next;
      for (int64_t e = 0; e < kCombineWidth; ++e)
        next.push_back(kb.fma(w, o[e], it[e]));
      next.push_back(kb.fadd(it[kCombineWidth], w));
      return next;
    });
    Value sawKey = kb.ult(kb.idx(0), T);
    if (causal)
      sawKey = kb.andi(sawKey, kb.ule(S, kb.add(kb.rem(row, S), T)));
    Value none = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lseMax, negInf);
    Value empty = kb.select(sawKey, kb.f32(std::numeric_limits<float>::quiet_NaN()),
                            kb.f32(0.0f));
    SmallVector<Value> out;
    for (int64_t e = 0; e < kCombineWidth; ++e)
      out.push_back(kb.select(none, empty,
                              kb.fdiv(sums.getResult(e), sums.getResult(kCombineWidth))));
    kb.storeVecF32(out, O, kb.add(kb.mul(row, D), col));
  });
}

/// How long one block of a main attention kernel of `cfg` takes, in percent
/// of a decode block's (KernelSplitKeys::mainBlockCost).
int64_t attentionMainBlockCost(AttentionConfigAttr cfg) {
  // A wgmma block of 128 or 192 rows takes about as long as a decode block
  // (mma_sync, 64 rows); one of 64 rows (4 warps) half as long or less: at
  // B=3 H=24 G=8 S=T=2053 D=64 causal (H200) the decode kernel ran at 114
  // TFLOP/s, the 64-row wgmma kernel at 276 (docs/PERF.md, attention v14).
  return cfg.isWgmma() && cfg.getWarps() < 8 ? 50 : 100;
}
} // namespace

LogicalResult buildAttentionDecodeKernels(Operation *op, gpu::GPUModuleOp module,
                                          StringRef decodeName, KernelSpec &decode,
                                          StringRef combineName, KernelSpec &combine) {
  auto attn = cast<AttentionOp>(op);
  AttentionConfigAttr cfg = getOrChooseAttentionConfig(attn);
  if (cfg.isWgmma()) { // the decode kernel is mma_sync's, with the same splits
    AttentionConfigAttr mma = mmaSyncAttentionConfig(attn);
    cfg = AttentionConfigAttr::get(op->getContext(), MathUnit::mma_sync, mma.getWarps(),
                                   mma.getTileKeys(), mma.getKeepQ(), cfg.getSplitKeys());
  }
  if (failed(buildAttentionMmaKernel(op, cfg, module, decodeName, decode, /*decode=*/true)))
    return failure();
  setAttentionSpec(op, combine, 1, kCombineThreads);
  combine.grid[0] = {{"B", "H", "S", "D"}, kCombineThreads * kCombineWidth};
  combine.grid[1] = combine.grid[2] = {};
  combine.splitKeys = decode.splitKeys;
  combine.splitKeys.part = "combine";
  combine.attrs.set("config", cfg);
  OpBuilder b(op->getContext());
  gpu::GPUFuncOp func =
      createKernel(b, op->getLoc(), module, combineName, combine, ArrayRef<MemRefType>{});
  b.setInsertionPointToStart(&func.getBody().front());
  emitCombine(b, op->getLoc(), func, attn.getCausal());
  gpu::ReturnOp::create(b, op->getLoc());
  return success();
}

void linkAttentionDecode(KernelSpec &main, AttentionConfigAttr mainCfg, const KernelSpec &decode,
                         StringRef decodeName, StringRef combineName) {
  main.splitKeys = decode.splitKeys;
  main.splitKeys.mainRows = 16 * mainCfg.getWarps(); // rows per work item
  main.splitKeys.mainBlockCost = attentionMainBlockCost(mainCfg);
  main.splitKeys.part = "";
  main.splitKeys.decodeKernel = decodeName.str();
  main.splitKeys.combineKernel = combineName.str();
}

} // namespace mini
