// FlashAttention-3 style attention on sm_90a (config math = "wgmma"). The
// block's last warpgroup is the producer: it gives its registers to the
// consumers (setmaxnreg), and its first thread copies Q's tile once and K
// and V tiles into a two-stage ring by TMA (128-byte swizzled boxes of 64
// head dims; per stage a full mbarrier for K and one for V, so that S = Q Kt
// starts before V lands, and an empty one the consumers arrive on when done
// with the stage). Each consumer warpgroup owns 64 query rows: S = Q Kt is a
// chain of wgmma m64n<keys>k16 reading Q and K from shared memory; the online
// softmax and the masks are the mma.sync kernel's (per warp, a wgmma
// accumulator holds the same m16n8 fragments); O += P V is a chain of wgmma
// with P's A fragments in registers and V's boxes read transposed.
//
// Shared memory, from a 1024-byte aligned base (the swizzle atoms): each
// consumer warpgroup's Q (its boxes of 64 rows; the epilogue stages O
// there), K's stages, V's stages, then the mbarriers.
#include "AttentionMmaEmitter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace mini {

namespace {
constexpr int64_t kStages = AttentionConfigAttr::kStages;
constexpr int64_t kBoxCols = AttentionConfigAttr::kWgmmaBoxCols;
constexpr int64_t kRowBytes = 128;   // a swizzled box row: 64 f16 or bf16
constexpr int64_t kAtomBytes = 1024; // a swizzle atom: 8 rows
// mbarriers after the operands: Q's full, then per stage K's full, V's
// full, K's empty and V's empty (K's stage is free once S = Q Kt is done,
// before V's).
constexpr int64_t kQFull = 0, kKFull = 1, kVFull = 1 + kStages, kKEmpty = 1 + 2 * kStages,
                  kVEmpty = 1 + 3 * kStages;
// Registers per thread after setmaxnreg (CUTLASS's and FlashAttention-3's).
constexpr int64_t kProducerRegisters = 24, kMostConsumerRegisters = 240;

/// Byte offsets from the aligned base.
struct WgmmaLayout {
  int64_t boxes, qBytes, stageBytes, kAt, vAt, barriersAt;
  WgmmaLayout(AttentionConfigAttr cfg, int64_t D)
      : boxes(AttentionConfigAttr::wgmmaBoxes(D)), qBytes(AttentionConfigAttr::wgmmaQBytes(D)),
        stageBytes(cfg.wgmmaStageBytes(D)), kAt(cfg.getWarps() / 4 * qBytes),
        vAt(kAt + kStages * stageBytes), barriersAt(vAt + kStages * stageBytes) {}
};
} // namespace

Value AttentionMmaEmitter::sharedPointer(Value address) {
  return LLVM::IntToPtrOp::create(b, kb.loc, LLVM::LLVMPointerType::get(b.getContext(), 3),
                                  address);
}

Value AttentionMmaEmitter::barrier(int64_t first, Value stage) {
  Value at = arith::AddIOp::create(
      b, kb.loc, smem, kb.i32(WgmmaLayout(cfg, D).barriersAt + 8 * first));
  if (stage)
    at = arith::AddIOp::create(b, kb.loc, at, toI32(kb.mul(stage, kb.idx(8))));
  return sharedPointer(at);
}

void AttentionMmaEmitter::waitBarrier(Value pointer, Value parity) {
  NVVM::MBarrierTryWaitParityOp::create(b, kb.loc, pointer, toI32(parity),
                                        kb.i32(10'000'000)); // suspend hint, ns
}

/// The wgmma shared-memory descriptor of a 128-byte swizzled operand at
/// shared address `address`: start address, leading and stride byte
/// offsets (16-byte units), swizzle mode 1 (128 bytes) in bits 62-63.
Value AttentionMmaEmitter::descriptor(Value address, int64_t leadingBytes, int64_t strideBytes) {
  auto i64 = b.getI64Type();
  uint64_t fixed = (uint64_t(leadingBytes >> 4) << 16) | (uint64_t(strideBytes >> 4) << 32) |
                   (uint64_t(1) << 62);
  Value start = arith::ShRUIOp::create(
      b, kb.loc, arith::AndIOp::create(b, kb.loc, address, kb.i32(0x3FFFF)), kb.i32(4));
  return arith::OrIOp::create(b, kb.loc, arith::ExtUIOp::create(b, kb.loc, i64, start),
                              arith::ConstantIntOp::create(b, kb.loc, i64, fixed));
}

static Value offsetDescriptor(OpBuilder &b, Location loc, Value desc, int64_t bytes) {
  if (!bytes)
    return desc;
  return arith::AddIOp::create(b, loc, desc,
                               arith::ConstantIntOp::create(b, loc, b.getI64Type(), bytes >> 4));
}

/// Pins `values` (f32, i32 or i64) at this point: an empty volatile asm reads and
/// rewrites them, so that LLVM computes them before the wgmma.fence that
/// follows rather than between the wgmma ops (where ptxas would fence each).
static void pinRegisters(OpBuilder &b, Location loc, MutableArrayRef<Value> values) {
  std::string constraints;
  SmallVector<Type> types;
  for (Value v : values) {
    constraints += v.getType().isF32() ? "=f," : v.getType().isInteger(64) ? "=l," : "=r,";
    types.push_back(v.getType());
  }
  for (size_t i = 0; i < values.size(); ++i)
    constraints += (i ? "," : "") + std::to_string(i);
  auto pin = LLVM::InlineAsmOp::create(
      b, loc, LLVM::LLVMStructType::getLiteral(b.getContext(), types), values, "", constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr(), ArrayAttr());
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = LLVM::ExtractValueOp::create(b, loc, pin.getResult(0), i);
}

void AttentionMmaEmitter::wgmmaSharedMemory() {
  raw = gpu::DynamicSharedMemoryOp::create(b, kb.loc,
                                           workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  Value base = toI32(memref::ExtractAlignedPointerAsIndexOp::create(b, kb.loc, raw));
  smem = arith::AndIOp::create(b, kb.loc, arith::AddIOp::create(b, kb.loc, base, kb.i32(1023)),
                               kb.i32(~1023));
}

/// The producer's first thread: Q's boxes, then tile j's K and V boxes into
/// stage j mod 2 once the consumers released the stage's previous tile
/// (use j / 2 - 1 of the stage: a fresh barrier's phase "-1" counts as
/// complete). TMA zero-fills rows past S and T and head dims past D.
void AttentionMmaEmitter::produce() {
  WgmmaLayout L(cfg, D);
  Value head = toI32(kb.blockId(gpu::Dimension::y)), batch = toI32(kb.blockId(gpu::Dimension::z));
  Value kvHead = toI32(kb.div(kb.blockId(gpu::Dimension::y), kb.div(H, G)));
  auto clusterShared = LLVM::LLVMPointerType::get(b.getContext(), 7);
  auto copy = [&](Value map, Value full, Value dst, ValueRange coords) {
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, kb.loc, LLVM::AddrSpaceCastOp::create(b, kb.loc, clusterShared, sharedPointer(dst)),
        map, coords, full, ValueRange{}, Value(), Value(), NVVM::TMALoadMode::TILE,
        /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
  };
  auto expect = [&](Value full, int64_t bytes) {
    NVVM::MBarrierArriveExpectTxOp::create(b, kb.loc, Type(), full, kb.i32(bytes),
                                           NVVM::MemScopeKind::CTA, false, Value());
  };
  auto at = [&](Value base, int64_t offset) {
    return arith::AddIOp::create(b, kb.loc, base, kb.i32(offset)).getResult();
  };
  Value qFull = barrier(kQFull);
  int64_t groups = cfg.getWarps() / 4;
  expect(qFull, groups * L.boxes * 64 * kRowBytes);
  for (int64_t g = 0; g < groups; ++g)
    for (int64_t box = 0; box < L.boxes; ++box)
      copy(qMap, qFull, at(smem, g * L.qBytes + box * 64 * kRowBytes),
           {kb.i32(box * kBoxCols), toI32(kb.add(row0, kb.idx(64 * g))), head, batch});
  Value tiles = arith::CeilDivUIOp::create(b, kb.loc, kb.sub(keyEnd, keyStart), kb.idx(keys()));
  kb.forLoop(kb.idx(0), tiles, kb.idx(1), {}, [&](Value j, ValueRange) {
    Value stage = kb.rem(j, kb.idx(kStages)), use = kb.div(j, kb.idx(kStages));
    Value key = toI32(kb.add(keyStart, kb.mul(j, kb.idx(keys()))));
    Value stageAt = arith::AddIOp::create(b, kb.loc, smem,
                                          toI32(kb.mul(stage, kb.idx(L.stageBytes))));
    for (auto [map, first, empty, offset] :
         {std::tuple(kMap, kKFull, kKEmpty, L.kAt), {vMap, kVFull, kVEmpty, L.vAt}}) {
      waitBarrier(barrier(empty, stage), kb.rem(kb.add(use, kb.idx(1)), kb.idx(2)));
      Value full = barrier(first, stage);
      expect(full, L.stageBytes);
      for (int64_t box = 0; box < L.boxes; ++box)
        copy(map, full, at(stageAt, offset + box * keys() * kRowBytes),
             {kb.i32(box * kBoxCols), key, kvHead, batch});
    }
    return SmallVector<Value>{};
  });
}

/// S = Q Kt for the warpgroup's 64 rows (`qDesc`: its Q), K at `stage`:
/// Dp / 16 wgmma k-steps; a k-step inside a 128-byte swizzled row starts 32
/// bytes further (the hardware swizzles the address it computes). The
/// chain only: no fence, commit or wait.
Value AttentionMmaEmitter::stageDescriptor(bool isV, Value stage) {
  WgmmaLayout L(cfg, D);
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
  pinRegisters(b, kb.loc, values);
  SmallVector<Value> out;
  for (size_t f = 0; f < frags.size(); ++f)
    out.push_back(vector::FromElementsOp::create(b, kb.loc, frags[f].getType(),
                                                 ArrayRef<Value>(values).slice(4 * f, 4)));
  return out;
}

/// O's accumulators (after the wait that completes them), pinned, as
/// fragments of the types of `like`.
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
  WgmmaLayout L(cfg, D);
  // 128-byte swizzle: the row's 16-byte chunk c sits at chunk c ^ (row mod 8).
  Value chunk = arith::XOrIOp::create(b, kb.loc, kb.idx(n % 8), kb.rem(row, kb.idx(8)));
  Value offset = kb.add(kb.add(kb.idx(L.vAt + n / 8 * keys() * kRowBytes),
                               kb.mul(stage, kb.idx(L.stageBytes))),
                        kb.add(kb.mul(row, kb.idx(kRowBytes)),
                               kb.add(kb.mul(chunk, kb.idx(16)), kb.mul(col, kb.idx(2)))));
  return sharedPointer(arith::AddIOp::create(b, kb.loc, smem, toI32(offset)));
}

/// A loop over the tile's 16-byte chunks, not unrolled: it runs on masked
/// tiles only.
Value AttentionMmaEmitter::anyNonFiniteSwizzled(Value stage) {
  WgmmaLayout L(cfg, D);
  int64_t chunks = L.stageBytes / 16;
  auto bitsType = VectorType::get({8}, b.getI16Type());
  int64_t expBits = elt.isF16() ? 0x7C00 : 0x7F80;
  Value mask = arith::ConstantOp::create(b, kb.loc, bitsType,
                                         DenseElementsAttr::get(bitsType, APInt(16, expBits)));
  Value tile = arith::AddIOp::create(
      b, kb.loc, smem, toI32(kb.add(kb.idx(L.vAt), kb.mul(stage, kb.idx(L.stageBytes)))));
  Value none = arith::ConstantIntOp::create(b, kb.loc, 0, 1);
  auto rounds = kb.forLoop(kb.idx(0), kb.idx(chunks), kb.idx(32), {none},
                           [&](Value c0, ValueRange found) {
    Value at = arith::AddIOp::create(b, kb.loc, tile, toI32(kb.mul(kb.add(c0, lane), kb.idx(16))));
    Value bits = LLVM::LoadOp::create(b, kb.loc, bitsType, sharedPointer(at), /*alignment=*/16);
    Value exp = arith::AndIOp::create(b, kb.loc, bits, mask);
    Value bad = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq, exp, mask);
    Value any = vector::ReductionOp::create(b, kb.loc, vector::CombiningKind::OR, bad);
    return SmallVector<Value>{arith::OrIOp::create(b, kb.loc, found[0], any).getResult()};
  });
  Value asF32 = kb.select(rounds.getResult(0), kb.f32(1.0f), kb.f32(0.0f));
  return arith::CmpFOp::create(b, kb.loc, arith::CmpFPredicate::OGT,
                               kb.warpAllReduce(asF32, /*isMax=*/true), kb.f32(0.0f));
}

/// O += P V on a tile that may need the causal mask: a masked key must
/// contribute nothing even where V holds NaN or Inf (wgmma would compute 0 x
/// NaN), so a masked tile whose V has any goes to CUDA cores, with the mask.
SmallVector<Value> AttentionMmaEmitter::wgmmaMultiplyVMasked(ArrayRef<Value> pA, ValueRange o,
                                                             Value t0, Value masked,
                                                             Value stage) {
  auto ifMasked = scf::IfOp::create(b, kb.loc, b.getI1Type(), masked, /*withElse=*/true);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifMasked.thenBlock());
    scf::YieldOp::create(b, kb.loc, anyNonFiniteSwizzled(stage));
    b.setInsertionPointToStart(ifMasked.elseBlock());
    scf::YieldOp::create(b, kb.loc, ValueRange{arith::ConstantIntOp::create(b, kb.loc, 0, 1)});
  }
  TypeRange types = o.getTypes();
  auto ifBad = scf::IfOp::create(b, kb.loc, types, ifMasked.getResult(0), /*withElse=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(ifBad.thenBlock());
  SmallVector<Value> acc(o.begin(), o.end());
  for (int64_t slice = 0; slice < keys() / 16; ++slice)
    acc = multiplyVOnCudaCores(pA[slice], acc, t0, slice, stage);
  scf::YieldOp::create(b, kb.loc, acc);
  b.setInsertionPointToStart(ifBad.elseBlock());
  scf::YieldOp::create(b, kb.loc, wgmmaMultiplyV(pA, o, stage));
  return SmallVector<Value>(ifBad.getResults());
}

/// A consumer warpgroup: waits for Q, runs the key loop (keyTileMath with
/// the wgmma products between the stage's barriers) and the epilogue, which
/// stages O in the warpgroup's own Q tile.
void AttentionMmaEmitter::consume() {
  WgmmaLayout L(cfg, D);
  Value group = kb.div(warp, kb.idx(4));
  Value qAt = toI32(kb.mul(group, kb.idx(L.qBytes)));
  Value qDesc = descriptor(arith::AddIOp::create(b, kb.loc, smem, qAt), 16, kAtomBytes);
  // With causal, the warpgroup's own rows bound its keys: it skips the math
  // of the block's tiles that none of them sees, and masks only the tiles
  // that its first row does not see whole.
  Value seenEnd;
  if (causal) {
    Value first = kb.add(row0, kb.mul(group, kb.idx(64)));
    plainEnd = kb.mul(kb.div(T, kb.idx(keys())), kb.idx(keys()));
    causalKeyRange(first, kb.min(kb.add(first, kb.idx(63)), kb.sub(S, kb.idx(1))));
    seenEnd = kb.select(kb.ult(first, S), kb.min(kvEnd, keyEnd), keyStart);
  }
  waitBarrier(barrier(kQFull), kb.idx(0));
  Value negInf = kb.f32(-std::numeric_limits<float>::infinity());
  SmallVector<Value> init = {negInf, negInf, kb.f32(0.0f), kb.f32(0.0f)};
  llvm::append_range(init, fr.zero(kb, tile("acc", 16, Dp, b.getF32Type())));
  SmallVector<Value> state;
  if (causal) {
    auto loop = kb.forLoop(keyStart, keyEnd, kb.idx(keys()), init, [&](Value t0, ValueRange it) {
      return consumeTile(t0, it, qDesc, seenEnd);
    });
    state.assign(loop.getResults().begin(), loop.getResults().end());
  } else {
    state = consumePipelined(qDesc, init);
  }
  // Warp w's scratch (16 rows of rowStride from w x 16 rows) lies in its
  // warpgroup's Q tile.
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, kb.loc, raw);
  Value aligned = arith::IndexCastUIOp::create(b, kb.loc, b.getIndexType(), smem);
  scratchShift = kb.sub(kb.add(kb.sub(aligned, base), kb.mul(group, kb.idx(L.qBytes))),
                        kb.mul(group, kb.idx(64 * rowStride(D) * 2)));
  epilogue(ValueRange(state).slice(0, 2), ValueRange(state).slice(2, 2),
           ValueRange(state).slice(4, Dp / 8));
}

/// The key loop without causal, overlapped within the warpgroup (as
/// FlashAttention-3 does): iteration j issues S_j = Q K_j^T and then
/// O += P_{j-1} V_{j-1}, waits for S_j alone and runs its softmax while the
/// second product is in flight, then waits for it and rescales O. Tile 0's
/// S and softmax come before the loop, the last tile's O += P V after it.
/// Returns m, l and O's fragments.
SmallVector<Value> AttentionMmaEmitter::consumePipelined(Value qDesc, ValueRange init) {
  Value tiles = arith::CeilDivUIOp::create(b, kb.loc, kb.sub(keyEnd, keyStart), kb.idx(keys()));
  auto stageOf = [&](Value j) { return kb.rem(j, kb.idx(kStages)); };
  auto parityOf = [&](Value j) { return kb.rem(kb.div(j, kb.idx(kStages)), kb.idx(2)); };
  auto arrive = [&](int64_t empty, Value stage) {
    NVVM::MBarrierArriveOp::create(b, kb.loc, Type(), barrier(empty, stage), Value());
  };
  auto maskIfNeeded = [&](SmallVector<Value> s, Value t0) {
    auto ifMasked = scf::IfOp::create(b, kb.loc, ValueRange(s).getTypes(),
                                      kb.ult(plainEnd, kb.add(t0, kb.idx(keys()))), true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifMasked.thenBlock());
    scf::YieldOp::create(b, kb.loc, maskScores(s, t0));
    b.setInsertionPointToStart(ifMasked.elseBlock());
    scf::YieldOp::create(b, kb.loc, s);
    return SmallVector<Value>(ifMasked.getResults());
  };
  auto pFragments = [&](ArrayRef<Value> p) {
    SmallVector<Value> pA;
    for (int64_t slice = 0; slice < keys() / 16; ++slice)
      pA.push_back(pFragment(p, slice));
    return pA;
  };
  auto inRange = [&](Value cond, ValueRange otherwise, function_ref<SmallVector<Value>()> fn) {
    auto ifOp = scf::IfOp::create(b, kb.loc, otherwise.getTypes(), cond, true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, kb.loc, fn());
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, kb.loc, otherwise);
    return SmallVector<Value>(ifOp.getResults());
  };
  int64_t oFrags = Dp / 8;
  auto pType = VectorType::get({4, 2}, elt);
  Value zeroP = arith::ConstantOp::create(b, kb.loc, pType, b.getZeroAttr(pType));
  SmallVector<Value> first(init.begin(), init.end());
  first.append(keys() / 16, zeroP);
  Value any = kb.ult(kb.idx(0), tiles);
  // Tile 0: m, l, O (zeros, rescaled) and P_0.
  first = inRange(any, first, [&] {
    waitBarrier(barrier(kKFull, kb.idx(0)), kb.idx(0));
    SmallVector<Value> s = wgmmaScores(qDesc, kb.idx(0));
    arrive(kKEmpty, kb.idx(0));
    Softmax step = softmax(maskIfNeeded(s, keyStart), init.slice(0, 2), init.slice(2, 2),
                           init.slice(4, oFrags));
    SmallVector<Value> out = step.m;
    llvm::append_range(out, step.l);
    llvm::append_range(out, step.o);
    llvm::append_range(out, pFragments(step.p));
    return out;
  });
  auto loop = kb.forLoop(kb.idx(1), tiles, kb.idx(1), first, [&](Value j, ValueRange it) {
    Value prev = kb.sub(j, kb.idx(1));
    Value stage = stageOf(j), prevStage = stageOf(prev);
    Value t0 = kb.add(keyStart, kb.mul(j, kb.idx(keys())));
    ValueRange m = it.slice(0, 2), l = it.slice(2, 2), o = it.slice(4, oFrags);
    waitBarrier(barrier(kKFull, stage), parityOf(j));
    waitBarrier(barrier(kVFull, prevStage), parityOf(prev));
    // Every register the two chains read is computed before the fence
    // (ptxas serializes wgmma whose inputs are defined within the chain).
    SmallVector<Value> descs = {stageDescriptor(false, stage), stageDescriptor(true, prevStage)};
    pinRegisters(b, kb.loc, descs);
    SmallVector<Value> pinned = pinnedOperands(SmallVector<Value>(it.drop_front(4 + oFrags)), o);
    NVVM::WgmmaFenceAlignedOp::create(b, kb.loc);
    Value sAcc = issueScores(qDesc, descs[0]);
    NVVM::WgmmaGroupSyncAlignedOp::create(b, kb.loc);
    SmallVector<Value> oAcc = issueMultiplyV(pinned, descs[1]);
    NVVM::WgmmaGroupSyncAlignedOp::create(b, kb.loc);
    NVVM::WgmmaWaitGroupSyncOp::create(b, kb.loc, 1);
    SmallVector<Value> s = unpackScores(sAcc);
    arrive(kKEmpty, stage);
    Softmax step = softmax(maskIfNeeded(s, t0), m, l, ValueRange{});
    NVVM::WgmmaWaitGroupSyncOp::create(b, kb.loc, 0);
    // P's A fragments are written only now: in PTX they are the registers
    // that the product just waited for read (ptxas would serialize it).
    SmallVector<Value> pA = pFragments(pinFragments(step.p));
    SmallVector<Value> out = step.m;
    llvm::append_range(out, step.l);
    for (Value frag : packO(oAcc, o))
      out.push_back(arith::MulFOp::create(b, kb.loc, frag, step.factors));
    arrive(kVEmpty, prevStage);
    llvm::append_range(out, pA);
    return out;
  });
  ValueRange last = loop.getResults();
  SmallVector<Value> state(last.begin(), last.begin() + 4 + oFrags);
  // The last tile's O += P V.
  return inRange(any, state, [&] {
    Value j = kb.sub(tiles, kb.idx(1));
    waitBarrier(barrier(kVFull, stageOf(j)), parityOf(j));
    SmallVector<Value> out(last.begin(), last.begin() + 4);
    llvm::append_range(out, wgmmaMultiplyV(SmallVector<Value>(last.drop_front(4 + oFrags)),
                                           last.slice(4, oFrags), stageOf(j)));
    arrive(kVEmpty, stageOf(j));
    return out;
  });
}

/// Tile t0 (the loop's j-th) sits in stage j mod 2, use j / 2. Its math
/// runs if the warpgroup sees some key of it (t0 < seenEnd, when given); the
/// stage is released either way, once K landed.
SmallVector<Value> AttentionMmaEmitter::consumeTile(Value t0, ValueRange carried, Value qDesc,
                                                    Value seenEnd) {
  Value j = kb.div(kb.sub(t0, keyStart), kb.idx(keys()));
  Value stage = kb.rem(j, kb.idx(kStages));
  Value parity = kb.rem(kb.div(j, kb.idx(kStages)), kb.idx(2));
  // Every tile's K is waited for, math or not: a warpgroup that skipped
  // ahead would arrive twice in one phase of the empty barrier, releasing a
  // stage that the other still reads. (K of tile j + 2 landed only once
  // both released tile j.)
  waitBarrier(barrier(kKFull, stage), parity);
  auto math = [&] {
    return keyTileMath(t0, carried, {}, stage, qDesc,
                       [&] { waitBarrier(barrier(kVFull, stage), parity); });
  };
  SmallVector<Value> next;
  if (!seenEnd) {
    next = math();
  } else {
    auto ifSeen = scf::IfOp::create(b, kb.loc, carried.getTypes(), kb.ult(t0, seenEnd), true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifSeen.thenBlock());
    scf::YieldOp::create(b, kb.loc, math());
    b.setInsertionPointToStart(ifSeen.elseBlock());
    scf::YieldOp::create(b, kb.loc, carried);
    next.assign(ifSeen.getResults().begin(), ifSeen.getResults().end());
  }
  for (int64_t empty : {kKEmpty, kVEmpty})
    NVVM::MBarrierArriveOp::create(b, kb.loc, Type(), barrier(empty, stage), Value());
  return next;
}

void AttentionMmaEmitter::emitWgmma() {
  wgmmaSharedMemory();
  laneSetup();
  keyRange();
  int64_t consumers = threads();
  Value isThread0 = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq, tid, kb.idx(0));
  kb.ifThenElse(isThread0, [&] {
    auto init = [&](Value pointer, int64_t arrivals) {
      NVVM::MBarrierInitOp::create(b, kb.loc, pointer, kb.i32(arrivals), Value());
    };
    init(barrier(kQFull), 1);
    for (int64_t s = 0; s < kStages; ++s) {
      init(barrier(kKFull + s), 1);
      init(barrier(kVFull + s), 1);
      init(barrier(kKEmpty + s), consumers);
      init(barrier(kVEmpty + s), consumers);
    }
    NVVM::FenceMbarrierInitOp::create(b, kb.loc);
  });
  gpu::BarrierOp::create(b, kb.loc);
  int64_t registers = std::min<int64_t>(
      kMostConsumerRegisters, (65536 - 128 * kProducerRegisters) / consumers / 8 * 8);
  kb.ifThenElse(
      kb.ult(tid, kb.idx(consumers)),
      [&] {
        NVVM::SetMaxRegisterOp::create(b, kb.loc, registers, NVVM::SetMaxRegisterAction::increase);
        consume();
      },
      [&] {
        NVVM::SetMaxRegisterOp::create(b, kb.loc, kProducerRegisters,
                                       NVVM::SetMaxRegisterAction::decrease);
        Value first = arith::CmpIOp::create(b, kb.loc, arith::CmpIPredicate::eq, tid,
                                            kb.idx(consumers));
        kb.ifThenElse(first, [&] { produce(); });
      });
}

} // namespace mini
