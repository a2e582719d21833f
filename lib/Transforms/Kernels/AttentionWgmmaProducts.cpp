// The wgmma attention kernel's two products (AttentionWgmmaKernel.cpp has the
// rest): S = Q Kt from shared-memory descriptors (nvvm.wgmma.mma_async), and
// O += P V with P's fragments in registers (inline PTX), each as a chain
// without fence, commit or wait for the pipelined key loop and as a whole
// for the others; the registers the chains read pinned before the fence; and
// the causal diagonal's NaN-exact O += P V on CUDA cores from V's swizzled
// boxes.
#include "AttentionWgmma.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace mini {

using namespace wgmma;

Value AttentionMmaEmitter::descriptor(Value address, int64_t leadingBytes, int64_t strideBytes) {
  return wgmma::descriptor(b, kb.loc, address, leadingBytes, strideBytes);
}

Value AttentionMmaEmitter::stageDescriptor(bool isV, Value stage) {
  Layout L(cfg, D);
  Value address = arith::AddIOp::create(
      b, kb.loc, smem,
      toI32(kb.add(kb.idx(isV ? L.vAt : L.kAt), kb.mul(stage, kb.idx(L.stageBytes)))));
  // K is K-major (its leading offset unused); V is MN-major, its 64-column
  // boxes a stage's rows apart.
  return isV ? descriptor(address, keys() * kRowBytes, kAtomBytes)
             : descriptor(address, 16, kAtomBytes);
}

Value AttentionMmaEmitter::issueScores(Value qDesc, Value kDesc) {
  MLIRContext *ctx = b.getContext();
  Type structType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(keys() / 2, b.getF32Type()));
  Value acc = LLVM::UndefOp::create(b, kb.loc, structType);
  auto eltType = elt.isF16() ? NVVM::WGMMATypes::f16 : NVVM::WGMMATypes::bf16;
  for (int64_t ks = 0; ks < Dp / 16; ++ks) {
    int64_t inRow = (ks % 4) * 32, box = ks / 4;
    acc = NVVM::WgmmaMmaAsyncOp::create(
        b, kb.loc, structType, acc, offsetDescriptor(b, kb.loc, qDesc, box * 64 * kRowBytes + inRow),
        offsetDescriptor(b, kb.loc, kDesc, box * keys() * kRowBytes + inRow),
        NVVM::MMAShapeAttr::get(ctx, 64, keys(), 16), eltType, eltType, NVVM::WGMMATypes::f32,
        ks ? NVVM::WGMMAScaleOut::one : NVVM::WGMMAScaleOut::zero, NVVM::WGMMAScaleIn::one,
        NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row, NVVM::MMALayout::col, nullptr);
  }
  return acc;
}

/// The scores' accumulators as mma.sync's m16n8 fragments, pinned here (after
/// the wait that completes them).
SmallVector<Value> AttentionMmaEmitter::unpackScores(Value acc) {
  SmallVector<Value> values;
  for (int64_t i = 0; i < keys() / 2; ++i)
    values.push_back(LLVM::ExtractValueOp::create(b, kb.loc, acc, i));
  pinRegisters(b, kb.loc, values);
  auto fragType = VectorType::get({2, 2}, b.getF32Type());
  SmallVector<Value> s;
  for (int64_t n = 0; n < keys() / 8; ++n)
    s.push_back(vector::FromElementsOp::create(b, kb.loc, fragType,
                                               ArrayRef<Value>(values).slice(4 * n, 4)));
  return s;
}

SmallVector<Value> AttentionMmaEmitter::wgmmaScores(Value qDesc, Value stage) {
  Value kDesc = stageDescriptor(/*isV=*/false, stage);
  NVVM::WgmmaFenceAlignedOp::create(b, kb.loc);
  Value acc = issueScores(qDesc, kDesc);
  NVVM::WgmmaGroupSyncAlignedOp::create(b, kb.loc);
  NVVM::WgmmaWaitGroupSyncOp::create(b, kb.loc, 0);
  return unpackScores(acc);
}

/// The registers O += P V reads, pinned before its fence: P's A fragments
/// (4 x 32 bits per 16-key slice), then O's accumulators.
SmallVector<Value> AttentionMmaEmitter::pinnedOperands(ArrayRef<Value> pA, ValueRange o) {
  SmallVector<Value> pinned;
  for (Value a : pA)
    for (int64_t r = 0; r < 4; ++r)
      pinned.push_back(LLVM::BitcastOp::create(
          b, kb.loc, b.getI32Type(),
          vector::ExtractOp::create(b, kb.loc, a, ArrayRef<int64_t>{r})));
  for (Value frag : o)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t e = 0; e < 2; ++e)
        pinned.push_back(element(frag, i, e));
  pinRegisters(b, kb.loc, pinned);
  return pinned;
}

/// O += P V for the warpgroup's rows, V at `stage`, on pinnedOperands():
/// keys / 16 wgmma k-steps of m64n<Dp>k16 with P's A fragments in registers
/// (inline PTX: NVVM's wgmma op takes A from shared memory only) and V
/// transposed (MN-major: 8-key atoms 1024 bytes apart, the 64-column boxes
/// a stage's rows apart). The chain only; returns O's accumulators.
SmallVector<Value> AttentionMmaEmitter::issueMultiplyV(ArrayRef<Value> pinned, Value vDesc) {
  int64_t n = Dp / 2, aRegs = keys() / 16 * 4;
  SmallVector<Value> acc(pinned.begin() + aRegs, pinned.end());
  std::string outs, constraints;
  for (int64_t i = 0; i < n; ++i) {
    outs += (i ? ", $" : "$") + std::to_string(i);
    constraints += "=f,";
  }
  constraints += "r,r,r,r,l";
  for (int64_t i = 0; i < n; ++i)
    constraints += "," + std::to_string(i);
  std::string asmText = llvm::formatv(
      "{{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\nwgmma.mma_async.sync.aligned.m64n{0}k16.f32.{1}.{1} "
      "{{{2}}, {{${3}, ${4}, ${5}, ${6}}, ${7}, p, 1, 1, 1;\n}\n",
      Dp, elt.isF16() ? "f16" : "bf16", outs, n, n + 1, n + 2, n + 3, n + 4);
  Type structType =
      LLVM::LLVMStructType::getLiteral(b.getContext(), SmallVector<Type>(n, b.getF32Type()));
  for (int64_t slice = 0; slice < keys() / 16; ++slice) {
    SmallVector<Value> operands(pinned.begin() + 4 * slice, pinned.begin() + 4 * slice + 4);
    operands.push_back(offsetDescriptor(b, kb.loc, vDesc, slice * 16 * kRowBytes));
    llvm::append_range(operands, acc);
    auto mma = LLVM::InlineAsmOp::create(b, kb.loc, structType, operands, asmText, constraints,
                                         /*has_side_effects=*/true, /*is_align_stack=*/false,
                                         LLVM::tailcallkind::TailCallKind::None,
                                         LLVM::AsmDialectAttr(), ArrayAttr());
    for (int64_t i = 0; i < n; ++i)
      acc[i] = LLVM::ExtractValueOp::create(b, kb.loc, mma.getResult(0), i);
  }
  return acc;
}

/// `frags` (f32 fragments) pinned here.
SmallVector<Value> AttentionMmaEmitter::pinFragments(ArrayRef<Value> frags) {
  SmallVector<Value> values;
  for (Value frag : frags)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t e = 0; e < 2; ++e)
        values.push_back(element(frag, i, e));
  return packO(values, frags);
}

/// O's accumulators (after the wait that completes them; or any f32
/// values), pinned, as fragments of the types of `like`.
SmallVector<Value> AttentionMmaEmitter::packO(ArrayRef<Value> acc, ValueRange like) {
  SmallVector<Value> values(acc.begin(), acc.end());
  pinRegisters(b, kb.loc, values);
  SmallVector<Value> out;
  for (size_t f = 0; f < like.size(); ++f)
    out.push_back(vector::FromElementsOp::create(b, kb.loc, like[f].getType(),
                                                 ArrayRef<Value>(values).slice(4 * f, 4)));
  return out;
}

SmallVector<Value> AttentionMmaEmitter::wgmmaMultiplyV(ArrayRef<Value> pA, ValueRange o,
                                                       Value stage) {
  Value vDesc = stageDescriptor(/*isV=*/true, stage);
  SmallVector<Value> pinned = pinnedOperands(pA, o);
  NVVM::WgmmaFenceAlignedOp::create(b, kb.loc);
  SmallVector<Value> acc = issueMultiplyV(pinned, vDesc);
  NVVM::WgmmaGroupSyncAlignedOp::create(b, kb.loc);
  NVVM::WgmmaWaitGroupSyncOp::create(b, kb.loc, 0);
  return packO(acc, o);
}

Value AttentionMmaEmitter::swizzledV(Value stage, Value row, Value col, int64_t n) {
  Layout L(cfg, D);
  // 128-byte swizzle: the row's 16-byte chunk c sits at chunk c ^ (row mod 8).
  Value chunk = arith::XOrIOp::create(b, kb.loc, kb.idx(n % 8), kb.rem(row, kb.idx(8)));
  Value offset = kb.add(kb.add(kb.idx(L.vAt + n / 8 * keys() * kRowBytes),
                               kb.mul(stage, kb.idx(L.stageBytes))),
                        kb.add(kb.mul(row, kb.idx(kRowBytes)),
                               kb.add(kb.mul(chunk, kb.idx(16)), kb.mul(col, kb.idx(2)))));
  return sharedPointer(arith::AddIOp::create(b, kb.loc, smem, toI32(offset)));
}

/// Whether V's tile t0 at `stage` holds a NaN or Inf in a key that some row
/// of the warpgroup masks: those from plainEnd on (before it every row sees
/// the key, and a NaN there must reach O anyway). The group's 128 threads
/// split the 16-byte chunks and OR their findings at a barrier of their own
/// (id 1 + group), so the answer is uniform across the group, as the wgmma
/// that follows must be. Loops, not unrolled: this runs on masked tiles only.
Value AttentionMmaEmitter::anyNonFiniteSwizzled(Value stage, Value t0) {
  Layout L(cfg, D);
  constexpr int64_t kGroupThreads = 128, kRowChunks = kRowBytes / 16;
  auto bitsType = VectorType::get({8}, b.getI16Type());
  // The stage's chunks from the first masked key's row on, box by box, as
  // one loop: chunk i of box i / n lies at row from + i mod n.
  Value firstKey = kb.select(kb.ult(t0, plainEnd), kb.sub(plainEnd, t0), kb.idx(0));
  Value from = kb.mul(kb.min(firstKey, kb.idx(keys())), kb.idx(kRowChunks));
  Value perBox = kb.sub(kb.idx(keys() * kRowChunks), from);
  Value total = kb.mul(perBox, kb.idx(L.boxes));
  Value tile = arith::AddIOp::create(
      b, kb.loc, smem, toI32(kb.add(kb.idx(L.vAt), kb.mul(stage, kb.idx(L.stageBytes)))));
  Value groupThread = kb.rem(tid, kb.idx(kGroupThreads));
  Value none = arith::ConstantIntOp::create(b, kb.loc, 0, 1);
  auto rounds = kb.forLoop(kb.idx(0), total, kb.idx(kGroupThreads), {none},
                           [&](Value i0, ValueRange seen) {
    // Threads past the end re-read the first chunk.
    Value i = kb.add(i0, groupThread);
    i = kb.select(kb.ult(i, total), i, kb.idx(0));
    Value chunk = kb.add(kb.mul(kb.div(i, perBox), kb.idx(keys() * kRowChunks)),
                         kb.add(from, kb.rem(i, perBox)));
    Value at = arith::AddIOp::create(b, kb.loc, tile, toI32(kb.mul(chunk, kb.idx(16))));
    Value bits = LLVM::LoadOp::create(b, kb.loc, bitsType, sharedPointer(at), /*alignment=*/16);
    return SmallVector<Value>{
        arith::OrIOp::create(b, kb.loc, seen[0], nonFiniteIn(bits)).getResult()};
  });
  Value found = rounds.getResult(0);
  // bar.red.or on a barrier other than 0: inline PTX (nvvm.barrier reduces
  // on barrier 0 only).
  Value group = kb.div(warp, kb.idx(4));
  Value any = LLVM::InlineAsmOp::create(
                  b, kb.loc, b.getI32Type(),
                  ValueRange{arith::ExtUIOp::create(b, kb.loc, b.getI32Type(), found),
                             toI32(kb.add(group, kb.idx(1)))},
                  "{\n.reg .pred p, q;\nsetp.ne.u32 p, $1, 0;\nbar.red.or.pred q, $2, " +
                      std::to_string(kGroupThreads) + ", p;\nselp.u32 $0, 1, 0, q;\n}",
                  "=r,r,r", /*has_side_effects=*/true, /*is_align_stack=*/false,
                  LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr())
                  .getResult(0);
  return arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::ne, any, kb.i32(0));
}

/// O += P V on a tile that may need the causal mask: a masked key must
/// contribute nothing even where V holds NaN or Inf (wgmma would compute 0 x
/// NaN), so a masked tile whose V has any goes to CUDA cores, with the mask.
SmallVector<Value> AttentionMmaEmitter::wgmmaMultiplyVMasked(ArrayRef<Value> pA, ValueRange o,
                                                             Value t0, Value masked,
                                                             Value stage) {
  Value bad = kb.ifValues(
      masked, [&] { return SmallVector<Value>{anyNonFiniteSwizzled(stage, t0)}; },
      [&] { return SmallVector<Value>{arith::ConstantIntOp::create(b, kb.loc, 0, 1)}; },
      b.getI1Type())[0];
  auto onCudaCores = [&] {
    SmallVector<Value> acc(o.begin(), o.end());
    for (int64_t slice = 0; slice < keys() / 16; ++slice)
      acc = multiplyVOnCudaCores(pA[slice], acc, t0, slice, stage);
    return acc;
  };
  return kb.ifValues(bad, onCudaCores, [&] { return wgmmaMultiplyV(pA, o, stage); },
                     o.getTypes());
}

} // namespace mini
