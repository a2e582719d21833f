// A matmul's fused epilogue in the kernels (MatmulEpilogue.h).
#include "MatmulEpilogue.h"
#include "OpSizes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/IRMapping.h"

#include <algorithm>

using namespace mlir;

namespace mini {

MatmulEpilogue MatmulEpilogue::of(Region &body, ValueRange inputs,
                                  std::optional<ArrayRef<bool>> biasInputs) {
  MatmulEpilogue e;
  e.body = &body;
  e.inputs.assign(inputs.begin(), inputs.end());
  if (biasInputs)
    e.biasInputs.assign(biasInputs->begin(), biasInputs->end());
  e.biasInputs.resize(inputs.size(), false);
  return e;
}

MatmulKernelArgs matmulKernelArgs(gpu::GPUFuncOp func, MatmulOp op) {
  unsigned first = op.getUp() ? 3 : 2; // a, b and a pair's up come first
  unsigned inputs = op.getEpilogueInputs().size(), sizesAt = first + inputs + 1;
  MatmulKernelArgs a;
  a.A = func.getArgument(0);
  a.B = func.getArgument(1);
  for (unsigned i = 0; i < inputs; ++i)
    a.epilogueInputs.push_back(func.getArgument(first + i));
  a.C = func.getArgument(first + inputs);
  // Static sizes are constants in the kernel (the runtime launches it at
  // those only): its index math folds, and the paths they rule out (the
  // scalar copies of rows that are not 16-byte chunks) drop away.
  llvm::StringMap<int64_t> fixed = staticSizes(op);
  auto b = OpBuilder::atBlockBegin(&func.getBody().front());
  auto size = [&](unsigned at, StringRef name) -> Value {
    int64_t value = fixed.lookup(name);
    if (ShapedType::isDynamic(value))
      return func.getArgument(sizesAt + at);
    return arith::ConstantIndexOp::create(b, func.getLoc(), value);
  };
  a.batch = size(0, "batch");
  a.M = size(1, "M");
  a.N = size(2, "N");
  a.K = size(3, "K");
  return a;
}

MatmulEpilogue matmulEpilogueOf(MatmulOp op, ValueRange inputs) {
  SmallVector<bool> bias;
  for (unsigned i = 0; i < op.getEpilogueInputs().size(); ++i)
    bias.push_back(op.isBiasInput(i));
  return MatmulEpilogue::of(op.getEpilogue(), inputs, ArrayRef<bool>(bias));
}

namespace {

/// erf(x) as Abramowitz and Stegun 7.1.28, 1 - (1 + a1 t + ... + a6 t^6)^-16
/// for t = |x| with the sign of x: one reciprocal and 11 FMA-unit ops against
/// libdevice's ~30 (three ranges evaluated and selected). Absolute error
/// <= 2e-6 in f32 (the subtraction near 0), so GELU's error is <= 1e-6 |x|:
/// far below a 16-bit C's rounding and the 1e-5 of an f32 one. +-inf give
/// +-1, NaN stays NaN.
Value approximateErf(KernelBuilder &kb, Value x) {
  static constexpr float kA[] = {0.0705230784f, 0.0422820123f, 0.0092705272f,
                                 0.0001520143f, 0.0002765672f, 0.0000430638f};
  Value t = math::AbsFOp::create(kb.b, kb.loc, x);
  Value p = kb.f32(kA[5]);
  for (int i = 4; i >= 0; --i)
    p = kb.fma(p, t, kb.f32(kA[i]));
  Value r = kb.rcpApprox(kb.fma(p, t, kb.f32(1.0f)));
  for (int i = 0; i < 4; ++i)
    r = kb.fmul(r, r);
  return math::CopySignOp::create(kb.b, kb.loc, kb.fsub(kb.f32(1.0f), r), x);
}

/// tanh(x) = 1 - 2 / (1 + e^2x): 5 ops against libdevice's ~24. Absolute
/// error <= 2e-7 (the relative error grows near 0, where GELU adds 1 to
/// it). +-inf give +-1, NaN stays NaN.
Value approximateTanh(KernelBuilder &kb, Value x) {
  Value e = kb.exp2Approx(kb.fmul(x, kb.f32(2.8853900817779268f))); // 2 log2 e
  Value r = kb.rcpApprox(kb.fadd(e, kb.f32(1.0f)));
  return kb.fma(r, kb.f32(-2.0f), kb.f32(1.0f));
}

/// Clones an epilogue body's op into a matmul kernel, exp, erf, tanh and
/// approximate (afn) divisions in the forms above: with libdevice's, a
/// GELU epilogue cost 14-16% of a 4096^3 product on the H100 and SiLU
/// 4-9% (docs/PERF.md v40), arithmetic the tensor cores wait for.
void cloneApproximate(OpBuilder &b, Operation &op, IRMapping &map) {
  KernelBuilder kb(b, op.getLoc());
  Value approx;
  if (auto exp = dyn_cast<math::ExpOp>(op))
    approx = kb.expApprox(map.lookup(exp.getOperand()));
  else if (auto erf = dyn_cast<math::ErfOp>(op))
    approx = approximateErf(kb, map.lookup(erf.getOperand()));
  else if (auto tanh = dyn_cast<math::TanhOp>(op))
    approx = approximateTanh(kb, map.lookup(tanh.getOperand()));
  else if (auto div = dyn_cast<arith::DivFOp>(op);
           div && bitEnumContainsAll(div.getFastmath(), arith::FastMathFlags::afn))
    approx = kb.fmul(map.lookup(div.getLhs()), kb.rcpApprox(map.lookup(div.getRhs())));
  if (!approx) {
    b.clone(op, map);
    return;
  }
  map.map(op.getResult(0), approx);
}

} // namespace

Value approximateSilu(OpBuilder &b, Location loc, Value x) {
  KernelBuilder kb(b, loc);
  Value e = kb.expApprox(arith::NegFOp::create(b, loc, x));
  return kb.fmul(x, kb.rcpApprox(kb.fadd(e, kb.f32(1.0f))));
}

SmallVector<SmallVector<Value>> MatmulEpilogue::apply(KernelBuilder &kb,
                                                      ArrayRef<Group> groups) const {
  SmallVector<SmallVector<Value>> out;
  if (!*this || groups.empty()) {
    for (const Group &g : groups)
      out.emplace_back(g.acc.begin(), g.acc.end());
    return out;
  }
  // Batches of groups: the loads of a batch, then its bodies (a whole
  // warp tile's inputs at once would not fit the registers).
  constexpr size_t kBatchElements = 32;
  size_t perBatch = std::max<size_t>(1, kBatchElements / groups.front().acc.size());
  Block &block = body->front();
  for (size_t first = 0; first < groups.size(); first += perBatch) {
    ArrayRef<Group> batch = groups.slice(first, std::min(perBatch, groups.size() - first));
    // loaded[g][i]: input i's elements for group g of the batch.
    SmallVector<SmallVector<SmallVector<Value>>> loaded(batch.size());
    for (auto [g, group] : llvm::enumerate(batch))
      for (auto [input, bias] : llvm::zip_equal(inputs, biasInputs)) {
        if (!group.elements.empty()) {
          SmallVector<Value> elements;
          for (const Element &e : group.elements)
            elements.push_back(
                kb.loadF32(input, kb.select(e.inside, bias ? e.col : e.at, kb.idx(0))));
          loaded[g].push_back(std::move(elements));
          continue;
        }
        Value index = bias ? group.col : group.at;
        if (group.inside)
          index = kb.select(group.inside, index, kb.idx(0));
        loaded[g].push_back(kb.loadVecF32(input, index, group.acc.size()));
      }
    for (auto [g, group] : llvm::enumerate(batch)) {
      SmallVector<Value> values;
      for (auto [e, acc] : llvm::enumerate(group.acc)) {
        IRMapping map;
        map.map(block.getArgument(0), acc);
        for (size_t i = 0; i < inputs.size(); ++i)
          map.map(block.getArgument(i + 1), loaded[g][i][e]);
        for (Operation &op : block.without_terminator())
          cloneApproximate(kb.b, op, map);
        values.push_back(map.lookup(cast<YieldOp>(block.getTerminator()).getValue()));
      }
      out.push_back(std::move(values));
    }
  }
  return out;
}

void MatmulEpilogue::store(KernelBuilder &kb, ArrayRef<Group> groups, Value dest) const {
  SmallVector<SmallVector<Value>> values = apply(kb, groups);
  auto guarded = [&] {
    for (auto [g, group] : llvm::enumerate(groups)) {
      if (group.inside)
        kb.ifThenElse(group.inside, [&] { kb.storeVecF32(values[g], dest, group.at); });
      else
        kb.storeVecF32(values[g], dest, group.at);
    }
  };
  Value allInside;
  for (const Group &g : groups)
    if (g.inside)
      allInside = allInside ? kb.andi(allInside, g.inside) : g.inside;
  if (!*this || groups.size() < 2 || !allInside)
    return guarded();
  kb.ifThenElse(
      allInside,
      [&] {
        for (auto [g, group] : llvm::enumerate(groups))
          kb.storeVecF32(values[g], dest, group.at);
      },
      guarded);
}

void MatmulEpilogue::prefetchTile(KernelBuilder &kb, int64_t threads, Value offset, Value row0,
                                  Value col0, Value rows, Value cols, int64_t tileM,
                                  int64_t tileN) const {
  if (!*this || llvm::all_of(biasInputs, [](bool b) { return b; }))
    return;
  OpBuilder &b = kb.b;
  Value tid = kb.threadId();
  for (int64_t first = 0; first < tileM; first += threads) {
    Value r = kb.add(row0, kb.add(tid, kb.idx(first)));
    Value inside =
        kb.andi(kb.andi(kb.ult(kb.add(tid, kb.idx(first)), kb.idx(tileM)), kb.ult(r, rows)),
                kb.ult(col0, cols));
    kb.ifThenElse(inside, [&] {
      Value elements = kb.min(kb.idx(tileN), kb.sub(cols, col0));
      for (auto [input, bias] : llvm::zip_equal(inputs, biasInputs)) {
        if (bias)
          continue;
        int64_t eltBytes = cast<MemRefType>(input.getType()).getElementTypeBitWidth() / 8;
        Value at = kb.add(offset, kb.add(kb.mul(r, cols), col0));
        Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, kb.loc, input);
        Value address = arith::IndexCastOp::create(b, kb.loc, b.getI64Type(),
                                                   kb.add(base, kb.mul(at, kb.idx(eltBytes))));
        Value ptr = LLVM::IntToPtrOp::create(
            b, kb.loc, LLVM::LLVMPointerType::get(b.getContext(), 1), address);
        Value bytes = arith::IndexCastOp::create(b, kb.loc, b.getI32Type(),
                                                 kb.mul(elements, kb.idx(eltBytes)));
        NVVM::CpAsyncBulkPrefetchOp::create(b, kb.loc, ptr, bytes, Value());
      }
    });
  }
}

void MatmulEpilogue::cloneInto(Region &region) const {
  if (!*this)
    return;
  IRMapping map;
  body->cloneInto(&region, region.end(), map);
}

DenseBoolArrayAttr MatmulEpilogue::biasAttr(MLIRContext *ctx) const {
  if (!*this)
    return {};
  return DenseBoolArrayAttr::get(ctx, biasInputs);
}

} // namespace mini
