// A matmul's fused epilogue in the kernels (MatmulEpilogue.h).
#include "MatmulEpilogue.h"

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
  a.batch = func.getArgument(sizesAt);
  a.M = func.getArgument(sizesAt + 1);
  a.N = func.getArgument(sizesAt + 2);
  a.K = func.getArgument(sizesAt + 3);
  return a;
}

MatmulEpilogue matmulEpilogueOf(MatmulOp op, ValueRange inputs) {
  SmallVector<bool> bias;
  for (unsigned i = 0; i < op.getEpilogueInputs().size(); ++i)
    bias.push_back(op.isBiasInput(i));
  return MatmulEpilogue::of(op.getEpilogue(), inputs, ArrayRef<bool>(bias));
}

namespace {

constexpr double kLog2E = 1.4426950408889634;

Value f32Constant(OpBuilder &b, Location loc, double v) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(static_cast<float>(v)));
}

/// One MUFU op each; their flush of subnormal results to 0 spares the
/// range checks of the non-ftz forms (5 more ops apiece).
Value ex2Ftz(OpBuilder &b, Location loc, Value x) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(),
                                       b.getStringAttr("llvm.nvvm.ex2.approx.ftz.f32"), x)
      .getResult(0);
}
Value rcpFtz(OpBuilder &b, Location loc, Value x) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(),
                                       b.getStringAttr("llvm.nvvm.rcp.approx.ftz.f"), x)
      .getResult(0);
}

/// e^x as 2^(x log2 e): relative error <= ~1e-7 (1 + |x|).
Value approximateExp(OpBuilder &b, Location loc, Value x) {
  return ex2Ftz(b, loc, arith::MulFOp::create(b, loc, x, f32Constant(b, loc, kLog2E)));
}

/// erf(x) as Abramowitz and Stegun 7.1.28, 1 - (1 + a1 t + ... + a6 t^6)^-16
/// for t = |x| with the sign of x: one reciprocal and 11 FMA-unit ops against
/// libdevice's ~30 (three ranges evaluated and selected). Absolute error
/// <= 2e-6 in f32 (the subtraction near 0), so GELU's error is <= 1e-6 |x|:
/// far below a 16-bit C's rounding and the 1e-5 of an f32 one. +-inf give
/// +-1, NaN stays NaN.
Value approximateErf(OpBuilder &b, Location loc, Value x) {
  static constexpr double kA[] = {0.0705230784, 0.0422820123, 0.0092705272,
                                  0.0001520143, 0.0002765672, 0.0000430638};
  Value t = math::AbsFOp::create(b, loc, x);
  Value p = f32Constant(b, loc, kA[5]);
  for (int i = 4; i >= 0; --i)
    p = math::FmaOp::create(b, loc, p, t, f32Constant(b, loc, kA[i]));
  Value r = rcpFtz(b, loc, math::FmaOp::create(b, loc, p, t, f32Constant(b, loc, 1.0)));
  for (int i = 0; i < 4; ++i)
    r = arith::MulFOp::create(b, loc, r, r);
  Value one = f32Constant(b, loc, 1.0);
  return math::CopySignOp::create(b, loc, arith::SubFOp::create(b, loc, one, r), x);
}

/// tanh(x) = 1 - 2 / (1 + e^2x): 5 ops against libdevice's ~24. Absolute
/// error <= 2e-7 (the relative error grows near 0, where GELU adds 1 to
/// it). +-inf give +-1, NaN stays NaN.
Value approximateTanh(OpBuilder &b, Location loc, Value x) {
  Value e = ex2Ftz(b, loc, arith::MulFOp::create(b, loc, x, f32Constant(b, loc, 2 * kLog2E)));
  Value r = rcpFtz(b, loc, arith::AddFOp::create(b, loc, e, f32Constant(b, loc, 1.0)));
  return math::FmaOp::create(b, loc, r, f32Constant(b, loc, -2.0), f32Constant(b, loc, 1.0));
}

/// Clones an epilogue body's op into a matmul kernel, exp, erf, tanh and
/// approximate (afn) divisions in the forms above: with libdevice's, a
/// GELU epilogue cost 14-16% of a 4096^3 product on the H100 and SiLU
/// 4-9% (docs/PERF.md v40), arithmetic the tensor cores wait for.
void cloneApproximate(OpBuilder &b, Operation &op, IRMapping &map) {
  Location loc = op.getLoc();
  Value approx;
  if (auto exp = dyn_cast<math::ExpOp>(op))
    approx = approximateExp(b, loc, map.lookup(exp.getOperand()));
  else if (auto erf = dyn_cast<math::ErfOp>(op))
    approx = approximateErf(b, loc, map.lookup(erf.getOperand()));
  else if (auto tanh = dyn_cast<math::TanhOp>(op))
    approx = approximateTanh(b, loc, map.lookup(tanh.getOperand()));
  else if (auto div = dyn_cast<arith::DivFOp>(op);
           div && bitEnumContainsAll(div.getFastmath(), arith::FastMathFlags::afn))
    approx = arith::MulFOp::create(b, loc, map.lookup(div.getLhs()),
                                   rcpFtz(b, loc, map.lookup(div.getRhs())));
  if (!approx) {
    b.clone(op, map);
    return;
  }
  map.map(op.getResult(0), approx);
}

} // namespace

Value approximateSilu(OpBuilder &b, Location loc, Value x) {
  Value e = approximateExp(b, loc, arith::NegFOp::create(b, loc, x));
  Value d = arith::AddFOp::create(b, loc, e, f32Constant(b, loc, 1.0));
  return arith::MulFOp::create(b, loc, x, rcpFtz(b, loc, d));
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
