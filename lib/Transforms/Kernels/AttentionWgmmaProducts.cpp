// The wgmma attention kernel's two products (AttentionWgmmaKernel.cpp has the
// rest): S = Q Kt from shared-memory descriptors (nvvm.wgmma.mma_async), and
// O += P V with P's fragments in registers (inline PTX), each as a chain
// without fence, commit or wait for the pipelined key loop and as a whole
// for the others; the registers the chains read pinned before the fence; and
// with causal, the producer's scan of V for NaN and Inf and the diagonal's
// NaN-exact O += P V on CUDA cores from V's swizzled boxes.
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

/// The producer's scanning warps, with causal: for each of the work item's
/// tiles that the block's first row does not see whole (the tiles some
/// consumer masks), once V landed, the warps' lanes split the stage's
/// 16-byte chunks (a chunk's key is its row in the box: the swizzle moves
/// chunks within a row only), each warp posts 1 + the greatest key whose
/// row holds a NaN or Inf among its chunks (0: none), and arrives on V's
/// scanned barrier. Off the consumers' path: they read the words only on a
/// masked tile, after its S and softmax.
///
/// The warps also arrive on V's full barrier of every tile, once the
/// stage's tile before it landed: no V lands without them, so their parity
/// waits see each tile's phase, never one two uses away (which a parity
/// cannot tell apart), and the scans run at most a tile ahead.
void AttentionMmaEmitter::scanMaskedV() {
  Layout L(cfg, D);
  constexpr int64_t kUnroll = 2, kRowChunks = kRowBytes / 16;
  int64_t chunks = L.boxes * keys() * kRowChunks, step = 32 * kScanWarps;
  auto bitsType = VectorType::get({8}, b.getI16Type());
  Value scanWarp = kb.sub(warp, kb.idx(threads() / 32 + 1));
  Value start = kb.add(kb.mul(scanWarp, kb.idx(32)), lane);
  Value tileKeys = kb.idx(keys());
  Value tiles = keyTiles(), firstMasked = firstScannedTile();
  Value leader = kb.ult(lane, kb.idx(1));
  // The warp's chunks of tile `stage`: 1 + the greatest key of a bad one.
  auto worstKey = [&](Value stage) {
    Value tile = arith::AddIOp::create(
        b, kb.loc, smem, toI32(kb.add(kb.idx(L.vAt), kb.mul(stage, kb.idx(L.stageBytes)))));
    auto rounds = kb.forLoop(
        kb.idx(0), kb.idx(chunks), kb.idx(kUnroll * step), {kb.i32(0)},
        [&](Value i0, ValueRange worst) {
          Value most = worst[0];
          for (int64_t u = 0; u < kUnroll; ++u) {
            // Lanes past the end re-read chunk 0 (and report its key, if bad).
            Value i = kb.add(kb.add(i0, start), kb.idx(u * step));
            i = kb.select(kb.ult(i, kb.idx(chunks)), i, kb.idx(0));
            Value at = arith::AddIOp::create(b, kb.loc, tile, toI32(kb.mul(i, kb.idx(16))));
            Value bits =
                LLVM::LoadOp::create(b, kb.loc, bitsType, sharedPointer(at), /*alignment=*/16);
            Value key = toI32(kb.add(kb.rem(kb.div(i, kb.idx(kRowChunks)), tileKeys), kb.idx(1)));
            most = arith::MaxUIOp::create(b, kb.loc, most,
                                          kb.select(nonFiniteIn(bits), key, kb.i32(0)));
          }
          return SmallVector<Value>{most};
        });
    return NVVM::ReduxOp::create(b, kb.loc, b.getI32Type(), rounds.getResult(0),
                                 NVVM::ReduxKind::UMAX, kb.i32(-1))
        .getResult();
  };
  auto arriveFull = [&](Value j) {
    kb.ifThenElse(kb.andi(leader, kb.ult(j, tiles)), [&] { arrive(kVFull, stageOf(j)); });
  };
  arriveFull(kb.idx(0));
  kb.forLoop(kb.idx(0), tiles, kb.idx(1), {}, [&](Value j, ValueRange) {
    Value stage = stageOf(j);
    waitBarrier(barrier(kVFull, stage), parityOf(j));
    // Tile j - 1 landed (the iteration before waited for it): tile j + 1's
    // phase is the stage's current one.
    arriveFull(kb.add(j, kb.idx(1)));
    kb.ifThenElse(kb.ule(firstMasked, j), [&] {
      Value word = worstKey(stage);
      kb.ifThenElse(leader, [&] {
        Value at =
            arith::AddIOp::create(b, kb.loc, scanWords(stage), toI32(kb.mul(scanWarp, kb.idx(4))));
        LLVM::StoreOp::create(b, kb.loc, word, sharedPointer(at));
        arrive(kVScanned, stage);
      });
    });
    return SmallVector<Value>{};
  });
}

Value AttentionMmaEmitter::scanWords(Value stage) {
  Value at = kb.add(kb.idx(Layout(cfg, D).barriersAt + kScanWordsAt),
                    kb.mul(stage, kb.idx(4 * kScanWarps)));
  return arith::AddIOp::create(b, kb.loc, smem, toI32(at));
}

/// The parity of V's scanned barrier for the item's j-th tile: the scans of
/// the block's masked tiles before it in the stage.
Value AttentionMmaEmitter::scannedParity(Value j) {
  return kb.rem(kb.div(kb.sub(j, firstScannedTile()), kb.idx(kStages)), kb.idx(2));
}

Value AttentionMmaEmitter::anyNonFiniteScanned(Value t0, Value stage) {
  Value j = kb.div(kb.sub(t0, keyStart), kb.idx(keys()));
  waitBarrier(barrier(kVScanned, stage), scannedParity(j));
  // The group's rows mask the tile's keys from firstKey on (before it every
  // row sees the key, and a NaN there must reach O anyway).
  Value firstKey = toI32(kb.select(kb.ult(t0, plainEnd), kb.sub(plainEnd, t0), kb.idx(0)));
  Value words = scanWords(stage);
  Value bad = arith::ConstantIntOp::create(b, kb.loc, 0, 1);
  for (int64_t w = 0; w < kScanWarps; ++w) {
    Value word = LLVM::LoadOp::create(
        b, kb.loc, b.getI32Type(),
        sharedPointer(arith::AddIOp::create(b, kb.loc, words, kb.i32(4 * w))), /*alignment=*/4);
    bad = arith::OrIOp::create(
        b, kb.loc, bad,
        arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::ugt, word, firstKey));
  }
  return bad;
}

/// O += P V on a tile that may need the causal mask: a masked key must
/// contribute nothing even where V holds NaN or Inf (wgmma would compute 0 x
/// NaN), so a masked tile whose V has any goes to CUDA cores, with the mask.
SmallVector<Value> AttentionMmaEmitter::wgmmaMultiplyVMasked(ArrayRef<Value> pA, ValueRange o,
                                                             Value t0, Value masked,
                                                             Value stage) {
  Value bad = kb.ifValues(
      masked, [&] { return SmallVector<Value>{anyNonFiniteScanned(t0, stage)}; },
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
