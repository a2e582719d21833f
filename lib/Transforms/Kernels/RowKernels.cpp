// Row ops along the last dim: one thread block of 256 threads per row, strided
// over the row; reductions go through warp shuffles, then the 8 warps' partials
// through shared memory. Softmax makes three passes over the row (max, sum,
// write); the single-pass vectorized versions are issue 5's.
#include "KernelBuilder.h"

#include "mini/Dialect/Mini/MiniOps.h"

#include <limits>

using namespace mlir;

namespace mini {
namespace {
constexpr int64_t kThreads = 256, kWarps = kThreads / 32;

void rowSpec(KernelSpec &spec, StringRef op) {
  spec.op = op.str();
  spec.grid[0] = {{"R"}, 1};
  spec.block[0] = kThreads;
}

/// for (i = tid; i < C; i += blockDim) with loop-carried values.
scf::ForOp rowLoop(KernelBuilder &kb, Value C, ValueRange init,
                   function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  return kb.forLoop(kb.threadId(), C, kb.idx(kThreads), init, body);
}

Value indexToF32(KernelBuilder &kb, Value v) {
  Value i64 = arith::IndexCastUIOp::create(kb.b, kb.loc, kb.b.getI64Type(), v);
  return arith::UIToFPOp::create(kb.b, kb.loc, kb.b.getF32Type(), i64);
}
} // namespace

FailureOr<gpu::GPUFuncOp> buildSoftmaxKernel(Operation *op,
                                             gpu::GPUModuleOp module,
                                             StringRef name, KernelSpec &spec) {
  Type elt = cast<RankedTensorType>(op->getOperand(0).getType()).getElementType();
  rowSpec(spec, "softmax");
  spec.tensors = {{"x", elt, {"R", "C"}, false}, {"y", elt, {"R", "C"}, true}};
  spec.sizes = {"R", "C"};

  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, 2 * kWarps);
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value X = func.getArgument(0), Y = func.getArgument(1), C = func.getArgument(3);
  Value smem = func.getWorkgroupAttributions()[0];
  Value base = kb.mul(kb.blockId(gpu::Dimension::x), C);

  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  auto maxLoop = rowLoop(kb, C, negInf, [&](Value i, ValueRange it) {
    return SmallVector<Value>{kb.fmax(it[0], kb.loadF32(X, kb.add(base, i)))};
  });
  Value rowMax = kb.blockAllReduce(maxLoop.getResult(0), /*isMax=*/true, smem, 0, kWarps);
  auto sumLoop = rowLoop(kb, C, kb.f32(0.0f), [&](Value i, ValueRange it) {
    Value e = kb.exp(kb.fsub(kb.loadF32(X, kb.add(base, i)), rowMax));
    return SmallVector<Value>{kb.fadd(it[0], e)};
  });
  Value rowSum = kb.blockAllReduce(sumLoop.getResult(0), /*isMax=*/false, smem, kWarps, kWarps);
  Value inv = kb.fdiv(kb.f32(1.0f), rowSum);
  rowLoop(kb, C, {}, [&](Value i, ValueRange) {
    Value idx = kb.add(base, i);
    Value e = kb.exp(kb.fsub(kb.loadF32(X, idx), rowMax));
    kb.storeF32(kb.fmul(e, inv), Y, idx);
    return SmallVector<Value>{};
  });
  gpu::ReturnOp::create(b, loc);
  return func;
}

FailureOr<gpu::GPUFuncOp> buildRmsNormKernel(Operation *op,
                                             gpu::GPUModuleOp module,
                                             StringRef name, KernelSpec &spec) {
  auto norm = cast<RmsNormOp>(op);
  Type elt = cast<RankedTensorType>(norm.getInput().getType()).getElementType();
  rowSpec(spec, "rmsnorm");
  spec.tensors = {{"x", elt, {"R", "C"}, false},
                  {"w", elt, {"C"}, false},
                  {"y", elt, {"R", "C"}, true}};
  spec.sizes = {"R", "C"};
  spec.attrs.set("epsilon", norm.getEpsilonAttr());

  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, kWarps);
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value X = func.getArgument(0), W = func.getArgument(1), Y = func.getArgument(2);
  Value C = func.getArgument(4);
  Value smem = func.getWorkgroupAttributions()[0];
  Value base = kb.mul(kb.blockId(gpu::Dimension::x), C);

  auto ssLoop = rowLoop(kb, C, kb.f32(0.0f), [&](Value i, ValueRange it) {
    Value v = kb.loadF32(X, kb.add(base, i));
    return SmallVector<Value>{kb.fma(v, v, it[0])};
  });
  Value ss = kb.blockAllReduce(ssLoop.getResult(0), /*isMax=*/false, smem, 0, kWarps);
  Value eps = kb.f32(norm.getEpsilon().convertToFloat());
  Value rstd = kb.rsqrt(kb.fadd(kb.fdiv(ss, indexToF32(kb, C)), eps));
  rowLoop(kb, C, {}, [&](Value i, ValueRange) {
    Value idx = kb.add(base, i);
    Value v = kb.fmul(kb.loadF32(X, idx), rstd);
    kb.storeF32(kb.fmul(v, kb.loadF32(W, i)), Y, idx);
    return SmallVector<Value>{};
  });
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
