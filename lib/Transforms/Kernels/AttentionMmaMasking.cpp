// The attention kernel's masks (AttentionMmaEmitter.h): the scores of keys a
// row does not see, and the causal diagonal's O += P V, where a masked key
// must contribute nothing even when V holds NaN or Inf (the mma would compute
// 0 x NaN): a 16-key slice that the warp's rows see only in part is checked
// for non-finite values and, only where it has some, multiplied on CUDA
// cores with the mask applied; a slice none of them sees is skipped.
#include "AttentionMmaEmitter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <limits>

using namespace mlir;

namespace mini {

/// The query at `position` sees key `key`: key < T and, with causal, key
/// <= position + T - S.
Value AttentionMmaEmitter::visible(Value position, Value key) {
  Value ok = kb.ult(key, T);
  if (causal)
    ok = kb.andi(ok, kb.ule(kb.add(key, S), kb.add(position, T)));
  return ok;
}

/// Scores of keys a row does not see become -inf. Per row, the last key it
/// sees (T - 1, or with causal row + T - S, if less), counted from the
/// lane's first column of the tile and clamped to a 32-bit range: each
/// score then takes one compare with a constant and a select.
SmallVector<Value> AttentionMmaEmitter::maskScores(ArrayRef<Value> s, Value t0) {
  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  Value keyBase = kb.add(t0, kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2)));
  Value lastKey = kb.sub(T, kb.idx(1)); // T >= 1 inside the key loop
  Value limit[2];
  for (int64_t i = 0; i < 2; ++i) {
    Value last = lastKey;
    if (causal) // signed: a row that sees no key has row + T - S < 0
      last = arith::MinSIOp::create(
          b, kb.loc, last, kb.sub(kb.add(position(kb.add(laneRow, kb.idx(8 * i))), T), S));
    Value rel = arith::MaxSIOp::create(b, kb.loc, kb.sub(last, keyBase), kb.idx(-1));
    rel = arith::MinSIOp::create(b, kb.loc, rel, kb.idx(keys()));
    limit[i] = arith::IndexCastOp::create(b, kb.loc, b.getI32Type(), rel);
  }
  auto fragType = cast<VectorType>(s.front().getType());
  SmallVector<Value> out;
  for (auto [n, frag] : llvm::enumerate(s)) {
    SmallVector<Value> elems;
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t e = 0; e < 2; ++e) {
        Value seen = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::sle,
                                           kb.i32(8 * n + e), limit[i]);
        elems.push_back(kb.select(seen, element(frag, i, e), negInf));
      }
    out.push_back(vector::FromElementsOp::create(b, kb.loc, fragType, elems));
  }
  return out;
}

/// The scores of tile t0, masked if `masked` (tileMasked()).
SmallVector<Value> AttentionMmaEmitter::maskIfNeeded(ArrayRef<Value> s, Value t0, Value masked) {
  return kb.ifValues(
      masked, [&] { return maskScores(s, t0); }, [&] { return SmallVector<Value>(s); },
      ValueRange(s).getTypes());
}

/// Whether V's rows slice*16 .. +15 in shared memory hold a NaN or Inf (all
/// exponent bits set), in any lane: 16-byte loads spread over the warp. A
/// loop, not unrolled: this runs rarely, and its addresses must not be
/// hoisted into registers the key loop keeps.
Value AttentionMmaEmitter::anyNonFinite(int64_t slice, Value stage) {
  int64_t perRow = Dp / kAttentionChunk;
  auto vecType = VectorType::get({kAttentionChunk}, elt);
  auto bitsType = VectorType::get({kAttentionChunk}, b.getI16Type());
  Value none = arith::ConstantIntOp::create(b, kb.loc, 0, 1);
  auto rounds = kb.forLoop(kb.idx(0), kb.idx(16 * perRow), kb.idx(32), {none},
                           [&](Value c0, ValueRange found) {
    Value c = kb.add(lane, c0);
    Value inside = kb.ult(c, kb.idx(16 * perRow));
    // Lanes past the slice re-read its first chunk.
    Value row = kb.select(inside, kb.add(kb.idx(slice * 16), kb.div(c, kb.idx(perRow))),
                          kb.idx(slice * 16));
    Value col = kb.select(inside, kb.mul(kb.rem(c, kb.idx(perRow)), kb.idx(kAttentionChunk)), kb.idx(0));
    auto load = vector::LoadOp::create(b, kb.loc, vecType, sV, ValueRange{stage, row, col});
    load.setAlignment(16);
    Value bits = arith::BitcastOp::create(b, kb.loc, bitsType, load);
    return SmallVector<Value>{
        arith::OrIOp::create(b, kb.loc, found[0], nonFiniteIn(bits)).getResult()};
  });
  return anyLane(rounds.getResult(0));
}

/// Whether any of the 8 f16 or bf16 `bits` is NaN or Inf (all exponent
/// bits set).
Value AttentionMmaEmitter::nonFiniteIn(Value bits) {
  auto bitsType = cast<VectorType>(bits.getType());
  int64_t expBits = elt.isF16() ? 0x7C00 : 0x7F80;
  Value mask = arith::ConstantOp::create(b, kb.loc, bitsType,
                                         DenseElementsAttr::get(bitsType, APInt(16, expBits)));
  Value exp = arith::AndIOp::create(b, kb.loc, bits, mask);
  Value bad = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq, exp, mask);
  return vector::ReductionOp::create(b, kb.loc, vector::CombiningKind::OR, bad);
}

/// `flag` in any lane of the warp, in every lane.
Value AttentionMmaEmitter::anyLane(Value flag) {
  Value asF32 = kb.select(flag, kb.f32(1.0f), kb.f32(0.0f));
  return arith::CmpFOp::create(b, kb.loc, arith::CmpFPredicate::OGT,
                               kb.warpAllReduce(asF32, /*isMax=*/true), kb.f32(0.0f));
}

/// O[row][d] += P[row][key] V[key][d] over the slice's keys that the row
/// sees, on CUDA cores, a key at a time (a loop, as above): its P column
/// comes from the lane of the quad that holds it, V's pairs from one row
/// pointer and immediate offsets.
SmallVector<Value> AttentionMmaEmitter::multiplyVOnCudaCores(Value pA, ValueRange o, Value t0,
                                                             int64_t slice, Value stage) {
  Value quadBase = kb.mul(kb.div(lane, kb.idx(4)), kb.idx(4));
  Value myCol = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
  SmallVector<Value> init; // O's elements: fragment n, row i, column e at 4n + 2i + e
  for (Value frag : o)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t e = 0; e < 2; ++e)
        init.push_back(element(frag, i, e));
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  auto pairType = VectorType::get({2}, elt);
  int64_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
  auto keysLoop = kb.forLoop(kb.idx(0), kb.idx(16), kb.idx(1), init, [&](Value kk, ValueRange it) {
    SmallVector<Value> acc(it.begin(), it.end());
    // Key kk sits in quad lane (kk % 8) / 2, A fragment row 2 (kk / 8) + i
    // (row i of the pair), element kk % 2.
    Value inQuad = kb.div(kb.rem(kk, kb.idx(8)), kb.idx(2));
    Value src = arith::IndexCastOp::create(b, kb.loc, b.getI32Type(), kb.add(quadBase, inQuad));
    Value odd = kb.ult(kb.idx(0), kb.rem(kk, kb.idx(2)));
    Value high = kb.ule(kb.idx(8), kk);
    Value key = kb.add(t0, kb.add(kb.idx(slice * 16), kk));
    Value row = kb.add(kb.idx(slice * 16), kk);
    Value rowPtr = wgmma() ? Value() : kb.sharedPointer(sV, {stage, row, myCol});
    for (int64_t i = 0; i < 2; ++i) {
      auto pick = [&](int64_t r) {
        return kb.select(odd, element(pA, r, 1), element(pA, r, 0));
      };
      Value mine = kb.select(high, pick(2 + i), pick(i));
      Value pk = gpu::ShuffleOp::create(b, kb.loc, arith::ExtFOp::create(b, kb.loc,
                                                                         b.getF32Type(), mine),
                                        src, kb.i32(32), gpu::ShuffleMode::IDX)
                     .getShuffleResult();
      Value seen = visible(position(kb.add(laneRow, kb.idx(8 * i))), key);
      for (size_t n = 0; n < o.size(); ++n) {
        Value ptr = wgmma() ? swizzledV(stage, row, myCol, n)
                            : LLVM::GEPOp::create(b, kb.loc, ptrType, b.getI8Type(), rowPtr,
                                                  ArrayRef<LLVM::GEPArg>{int32_t(8 * n * eltBytes)});
        Value pair = LLVM::LoadOp::create(b, kb.loc, pairType, ptr, /*alignment=*/4);
        for (int64_t e = 0; e < 2; ++e) {
          Value x = arith::ExtFOp::create(
              b, kb.loc, b.getF32Type(),
              vector::ExtractOp::create(b, kb.loc, pair, ArrayRef<int64_t>{e}).getResult());
          Value &a = acc[4 * n + 2 * i + e];
          a = kb.select(seen, kb.fma(pk, x, a), a);
        }
      }
    }
    return acc;
  });
  auto fragType = cast<VectorType>(o.front().getType());
  SmallVector<Value> out;
  for (size_t n = 0; n < o.size(); ++n)
    out.push_back(vector::FromElementsOp::create(
        b, kb.loc, fragType, keysLoop.getResults().slice(4 * n, 4)));
  return out;
}

/// O += P V_j. In a masked tile (with causal), a slice none of the warp's
/// rows sees is skipped and one they see in part with non-finite values in
/// V goes to CUDA cores.
SmallVector<Value> AttentionMmaEmitter::multiplyV(ArrayRef<Value> pA, ValueRange o, Value t0,
                                                  Value masked, Value stage, Value vBase) {
  SmallVector<Value> acc(o.begin(), o.end());
  for (int64_t slice = 0; slice < keys() / 16; ++slice) {
    if (!causal) {
      acc = multiplyVSlice(pA[slice], acc, slice, vBase);
      continue;
    }
    // Keys first .. first + 15 against the positions of rows warpRow0 ..
    // warpRow0 + 15 (in the decode kernel, any position: its rows may span
    // heads, and the exact range would hold registers the key loop needs).
    Value lowest = decode ? kb.idx(0) : warpRow0;
    Value highest = decode ? kb.sub(S, kb.idx(1)) : kb.add(warpRow0, kb.idx(15));
    Value first = kb.add(t0, kb.idx(slice * 16));
    Value seenByAll = kb.ule(kb.add(kb.add(first, kb.idx(15)), S), kb.add(lowest, T));
    Value seenByNone = kb.ult(kb.add(highest, T), kb.add(first, S));
    Value plain = kb.select(masked, seenByAll, arith::ConstantIntOp::create(b, kb.loc, 1, 1));
    TypeRange types = ValueRange(acc).getTypes();
    auto ifPlain = scf::IfOp::create(b, kb.loc, types, plain, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(ifPlain.thenBlock());
      scf::YieldOp::create(b, kb.loc, multiplyVSlice(pA[slice], acc, slice, vBase));
      b.setInsertionPointToStart(ifPlain.elseBlock());
      auto ifNone = scf::IfOp::create(b, kb.loc, types, seenByNone, /*withElse=*/true);
      scf::YieldOp::create(b, kb.loc, ifNone.getResults());
      b.setInsertionPointToStart(ifNone.thenBlock());
      scf::YieldOp::create(b, kb.loc, acc);
      b.setInsertionPointToStart(ifNone.elseBlock());
      auto ifBad =
          scf::IfOp::create(b, kb.loc, types, anyNonFinite(slice, stage), /*withElse=*/true);
      scf::YieldOp::create(b, kb.loc, ifBad.getResults());
      b.setInsertionPointToStart(ifBad.thenBlock());
      scf::YieldOp::create(b, kb.loc, multiplyVOnCudaCores(pA[slice], acc, t0, slice, stage));
      b.setInsertionPointToStart(ifBad.elseBlock());
      scf::YieldOp::create(b, kb.loc, multiplyVSlice(pA[slice], acc, slice, vBase));
    }
    acc.assign(ifPlain.getResults().begin(), ifPlain.getResults().end());
  }
  return acc;
}

} // namespace mini
