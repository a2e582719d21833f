// The FlashAttention-2 kernel's warp math (AttentionMmaEmitter.h; the
// kernel's structure: AttentionMmaKernel.cpp): S = Q Kt from ldmatrix'd
// fragments, the online softmax on the S accumulators, P's A fragments made
// from them in registers, and O += P V through ldmatrix.trans.
#include "AttentionMmaEmitter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <limits>

using namespace mlir;

namespace mini {

/// exp2 without denormals (ex2.approx.ftz): -inf gives 0, NaN stays NaN.
Value AttentionMmaEmitter::exp2(Value x) { return kb.exp2Approx(x); }

/// The warp's A fragment of Q for head dims slice*16 .. +15.
Value AttentionMmaEmitter::loadQ(int64_t slice) {
  return ldmatrix(qLane, slice * 16 * (elt.getIntOrFloatBitWidth() / 8), /*transpose=*/false);
}

/// Two B fragments from one ldmatrix.x4: registers 0-1 and 2-3.
static std::pair<Value, Value> splitFragments(OpBuilder &b, Location loc, Value four) {
  auto half = [&](int64_t h) {
    return vector::ShuffleOp::create(b, loc, four, four, ArrayRef<int64_t>{2 * h, 2 * h + 1})
        .getResult();
  };
  return {half(0), half(1)};
}

/// S = Q K_j^T for the warp's 16 rows: keys / 8 accumulator fragments. K's
/// B fragments two key tiles per ldmatrix (without .trans: K's rows are
/// B's columns), at `kBase` (the stage's base and the lane's offset).
SmallVector<Value> AttentionMmaEmitter::scores(ArrayRef<Value> q, Value kBase) {
  int64_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
  WarpTileType acc = tile("acc", 16, keys(), b.getF32Type());
  SmallVector<Value> s = fr.zero(kb, acc);
  for (int64_t ks = 0; ks < Dp / 16; ++ks) {
    Value a = q.empty() ? loadQ(ks) : q[ks];
    SmallVector<Value> kFrags;
    for (int64_t ni = 0; ni < keys() / 8; ni += 2) {
      auto [f0, f1] = splitFragments(
          b, kb.loc, ldmatrix(kBase, (ni * 8 * rowStride(D) + ks * 16) * eltBytes, false));
      kFrags.append({f0, f1});
    }
    s = fr.multiply(kb, acc, {a}, kFrags, s);
  }
  return s;
}

Value AttentionMmaEmitter::quadReduce(Value v, bool isMax) {
  for (int offset : {1, 2}) {
    Value other =
        gpu::ShuffleOp::create(b, kb.loc, v, kb.i32(offset), kb.i32(32), gpu::ShuffleMode::XOR)
            .getShuffleResult();
    v = isMax ? kb.fmax(v, other) : kb.fadd(v, other);
  }
  return v;
}

/// One online-softmax step over the tile's scores (raw, f32): the max in
/// use per row (NaN propagates), the rescaled running sums (this thread's
/// share) and O, and P = exp2(s * scale * log2 e - max).
AttentionMmaEmitter::Softmax AttentionMmaEmitter::softmax(ArrayRef<Value> s, ValueRange m,
                                                          ValueRange l, ValueRange o) {
  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  Value c = kb.f32(scaleLog2);
  // The scale is positive (the op's verifier), so the row's max comes from
  // the raw scores (a positive factor keeps their order, and rounding is
  // monotone) and each P takes one fma, exp2(s c - max), not a multiply
  // and a subtract.
  Softmax out;
  SmallVector<Value> use(2), negUse(2), corr(2), sum(2);
  Value moved = arith::ConstantIntOp::create(b, kb.loc, 0, 1);
  for (int64_t i = 0; i < 2; ++i) {
    Value rowMax = negInf;
    for (Value frag : s)
      for (int64_t e = 0; e < 2; ++e)
        rowMax = kb.fmax(rowMax, element(frag, i, e));
    Value mSeen = kb.fmax(m[i], kb.fmul(quadReduce(rowMax, /*isMax=*/true), c));
    Value mNew = mSeen;
    if (staleMax()) {
      // The max in use stays while the rows' is at most kStaleMax above it
      // (as FlashAttention-4's): P stays below 2^kStaleMax, O and l keep
      // their scale, and a warp none of whose rows moved skips O's
      // rescale. A NaN moves it.
      Value stays = arith::CmpFOp::create(b, kb.loc, arith::CmpFPredicate::OLE, mSeen,
                                          kb.fadd(m[i], kb.f32(kStaleMax)));
      mNew = kb.select(stays, m[i], mSeen);
      moved = arith::OrIOp::create(
          b, kb.loc, moved,
          arith::XOrIOp::create(b, kb.loc, stays, arith::ConstantIntOp::create(b, kb.loc, 1, 1)));
    }
    Value allMasked = arith::CmpFOp::create(b, kb.loc, arith::CmpFPredicate::OEQ, mNew, negInf);
    use[i] = kb.select(allMasked, kb.f32(0.0f), mNew);
    negUse[i] = arith::NegFOp::create(b, kb.loc, use[i]);
    corr[i] = exp2(kb.fsub(m[i], use[i]));
    out.m.push_back(mNew);
    sum[i] = kb.f32(0.0f);
  }
  auto fragType = cast<VectorType>(s.front().getType());
  for (size_t n = 0; n < s.size(); ++n) {
    SmallVector<Value> p;
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t e = 0; e < 2; ++e) {
        p.push_back(exp2(kb.fma(element(s[n], i, e), c, negUse[i])));
        sum[i] = kb.fadd(sum[i], p.back());
      }
    out.p.push_back(vector::FromElementsOp::create(b, kb.loc, fragType, p));
  }
  for (int64_t i = 0; i < 2; ++i)
    out.l.push_back(kb.fma(l[i], corr[i], sum[i]));
  out.factors = vector::FromElementsOp::create(b, kb.loc, fragType,
                                               ValueRange{corr[0], corr[0], corr[1], corr[1]});
  if (staleMax())
    out.rescale = NVVM::VoteSyncOp::create(b, kb.loc, b.getI1Type(), kb.i32(-1), moved,
                                           NVVM::VoteSyncKind::any);
  out.o = rescaleO(o, out);
  return out;
}

/// O's fragments times the step's factors (with staleMax(), only where some
/// row of the warp moved its max).
SmallVector<Value> AttentionMmaEmitter::rescaleO(ValueRange o, const Softmax &step) {
  auto scaled = [&] {
    SmallVector<Value> out;
    for (Value frag : o)
      out.push_back(arith::MulFOp::create(b, kb.loc, frag, step.factors));
    return out;
  };
  if (o.empty() || !step.rescale)
    return scaled();
  return kb.ifValues(
      step.rescale, scaled, [&] { return SmallVector<Value>(o); }, o.getTypes());
}

/// P's A fragment for keys slice*16 .. +15: S fragments 2 slice and
/// 2 slice + 1 are its columns 0-7 and 8-15 (m16n8k16's A layout).
Value AttentionMmaEmitter::pFragment(ArrayRef<Value> p, int64_t slice) {
  SmallVector<Value> elems;
  for (int64_t half = 0; half < 2; ++half)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t e = 0; e < 2; ++e)
        elems.push_back(
            arith::TruncFOp::create(b, kb.loc, elt, element(p[2 * slice + half], i, e)));
  return vector::FromElementsOp::create(b, kb.loc, VectorType::get({4, 2}, elt), elems);
}

/// P's A fragments, a 16-key slice each.
SmallVector<Value> AttentionMmaEmitter::pFragments(ArrayRef<Value> p) {
  SmallVector<Value> pA;
  for (int64_t slice = 0; slice < keys() / 16; ++slice)
    pA.push_back(pFragment(p, slice));
  return pA;
}

/// O += P V over one 16-key slice, two head-dim tiles per ldmatrix.trans
/// at `vBase`, each multiplied as soon as it is loaded (all of V's fragments
/// at once would hold 64 registers at D = 256).
SmallVector<Value> AttentionMmaEmitter::multiplyVSlice(Value pA, ValueRange o, int64_t slice,
                                                       Value vBase) {
  int64_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
  SmallVector<Value> acc(o.begin(), o.end());
  WarpTileType pair = tile("acc", 16, 16, b.getF32Type());
  for (int64_t n = 0; n < Dp / 8; n += 2) {
    auto [f0, f1] = splitFragments(
        b, kb.loc, ldmatrix(vBase, (slice * 16 * rowStride(D) + n * 8) * eltBytes, true));
    SmallVector<Value> out = fr.multiply(kb, pair, {pA}, {f0, f1}, {acc[n], acc[n + 1]});
    acc[n] = out[0];
    acc[n + 1] = out[1];
  }
  return acc;
}

} // namespace mini
