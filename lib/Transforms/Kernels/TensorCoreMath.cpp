// Tensor-core matmul: fragments (ldmatrix or WMMA loads from the staged
// tiles), the mma ops, and the epilogues.
//
// The mma.sync epilogue converts each warp's accumulators through shared
// memory into 16-byte row chunks: full, coalesced stores instead of 4-byte
// pieces (which left the store queue throttling, docs/PERF.md v9). The
// epilogues mask stores outside C.
#include "TensorCoreEmitter.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mini::tensorcore {

SmallVector<Value> TensorCoreEmitter::zeroAccumulators() {
  Value zero;
  if (wmmaIntrinsics()) {
    zero = LLVM::ZeroOp::create(kb.b, kb.loc, wmmaStructType(kb.b.getF32Type(), 8));
  } else if (t.wmma) {
    auto type = gpu::MMAMatrixType::get({16, 16}, kb.b.getF32Type(), "COp");
    zero = gpu::SubgroupMmaConstantMatrixOp::create(kb.b, kb.loc, type, kb.f32(0.0f));
  } else {
    auto type = VectorType::get({2, 2}, kb.b.getF32Type());
    zero = arith::ConstantOp::create(kb.b, kb.loc, type, DenseElementsAttr::get(type, 0.0f));
  }
  return SmallVector<Value>(t.fragsM() * t.fragsN(), zero);
}

SmallVector<Value> TensorCoreEmitter::bIndices(Value stage, Value k, Value n) {
  if (!tma)
    return {stage, k, n};
  Value box = kb.div(n, kb.idx(kTmaBoxCols));
  Value col = kb.rem(n, kb.idx(kTmaBoxCols));
  return {stage, box, k, swizzledColumn(k, col, kTmaBoxCols * eltBytes())};
}

TensorCoreEmitter::Fragments TensorCoreEmitter::loadMmaSyncFragments(Value stage, int64_t kk) {
  Value laneRow = kb.rem(lane, kb.idx(16));
  Value laneCol = kb.mul(kb.div(lane, kb.idx(16)), kb.idx(8));
  Fragments f;
  for (int64_t mi = 0; mi < t.fragsM(); ++mi) {
    Value r = kb.add(warpRow, kb.add(kb.idx(mi * 16), laneRow));
    f.a.push_back(nvgpu::LdMatrixOp::create(kb.b, kb.loc, VectorType::get({4, 2}, elt), sa,
                                            aIndices(stage, r, kb.add(kb.idx(kk), laneCol)),
                                            /*transpose=*/false, /*numTiles=*/4));
  }
  // B fragments two n-tiles at a time: ldmatrix.x4.trans, lanes 16-31
  // addressing the second tile; registers 0-1 and 2-3 are the two 16x8
  // fragments.
  auto fragType = VectorType::get({2, 2}, elt);
  auto zero = DenseElementsAttr::get(
      fragType, APFloat::getZero(cast<FloatType>(elt).getFloatSemantics()));
  for (int64_t ni = 0; ni < t.fragsN(); ni += 2) {
    Value c = kb.add(warpCol, kb.add(kb.idx(ni * 8), laneCol));
    Value four = nvgpu::LdMatrixOp::create(kb.b, kb.loc, VectorType::get({4, 2}, elt), sb,
                                           bIndices(stage, kb.add(kb.idx(kk), laneRow), c),
                                           /*transpose=*/true, /*numTiles=*/4);
    for (int64_t half = 0; half < 2; ++half) {
      Value frag = arith::ConstantOp::create(kb.b, kb.loc, fragType, zero);
      for (int64_t r = 0; r < 2; ++r)
        frag = vector::InsertOp::create(
            kb.b, kb.loc, vector::ExtractOp::create(kb.b, kb.loc, four, 2 * half + r), frag, r);
      f.b.push_back(frag);
    }
  }
  return f;
}

TensorCoreEmitter::Fragments TensorCoreEmitter::loadWmmaFragments(Value stage, int64_t kk) {
  if (wmmaIntrinsics())
    return loadWmmaIntrinsicFragments(stage, kk);
  auto aType = gpu::MMAMatrixType::get({16, 16}, elt, "AOp");
  auto bType = gpu::MMAMatrixType::get({16, 16}, elt, "BOp");
  Fragments f;
  for (int64_t mi = 0; mi < t.fragsM(); ++mi)
    f.a.push_back(gpu::SubgroupMmaLoadMatrixOp::create(
        kb.b, kb.loc, aType, sa, ValueRange{stage, kb.add(warpRow, kb.idx(mi * 16)), kb.idx(kk)},
        kb.b.getIndexAttr(t.tk + kPad), /*transpose=*/UnitAttr()));
  for (int64_t ni = 0; ni < t.fragsN(); ++ni)
    f.b.push_back(gpu::SubgroupMmaLoadMatrixOp::create(
        kb.b, kb.loc, bType, sb, ValueRange{stage, kb.idx(kk), kb.add(warpCol, kb.idx(ni * 16))},
        kb.b.getIndexAttr(t.tn + kPad), /*transpose=*/UnitAttr()));
  return f;
}

Value TensorCoreEmitter::sharedPointer(Value mem, ValueRange indices) {
  auto type = cast<MemRefType>(mem.getType());
  Value linear = kb.idx(0);
  for (auto [i, index] : llvm::enumerate(indices)) {
    int64_t stride = 1;
    for (int64_t d : type.getShape().drop_front(i + 1))
      stride *= d;
    linear = kb.add(linear, kb.mul(index, kb.idx(stride)));
  }
  int64_t eltBytes = type.getElementTypeBitWidth() / 8;
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(kb.b, kb.loc, mem);
  Value address = arith::IndexCastOp::create(kb.b, kb.loc, kb.b.getI64Type(),
                                             kb.add(base, kb.mul(linear, kb.idx(eltBytes))));
  return LLVM::IntToPtrOp::create(kb.b, kb.loc, LLVM::LLVMPointerType::get(kb.b.getContext(), 3),
                                  address);
}

TensorCoreEmitter::Fragments TensorCoreEmitter::loadWmmaIntrinsicFragments(Value stage, int64_t kk) {
  Type fragType = wmmaStructType(kb.b.getI32Type(), 4);
  auto load = [&](StringRef which, Value mem, Value row, Value col, int64_t ld) {
    return callIntrinsic(fragType,
                         ("llvm.nvvm.wmma.m16n16k16.load." + which + ".row.stride.bf16.p3").str(),
                         {sharedPointer(mem, {stage, row, col}), kb.i32(ld)});
  };
  Fragments f;
  for (int64_t mi = 0; mi < t.fragsM(); ++mi)
    f.a.push_back(load("a", sa, kb.add(warpRow, kb.idx(mi * 16)), kb.idx(kk), t.tk + kPad));
  for (int64_t ni = 0; ni < t.fragsN(); ++ni)
    f.b.push_back(load("b", sb, kb.idx(kk), kb.add(warpCol, kb.idx(ni * 16)), t.tn + kPad));
  return f;
}

Value TensorCoreEmitter::wmmaIntrinsicMma(Value a, Value b, Value c) {
  SmallVector<Value> args;
  appendFields(args, a, 4);
  appendFields(args, b, 4);
  appendFields(args, c, 8);
  return callIntrinsic(c.getType(), "llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16", args);
}

SmallVector<Value> TensorCoreEmitter::multiply(const Fragments &f, ValueRange acc) {
  SmallVector<Value> out(acc.begin(), acc.end());
  for (int64_t mi = 0; mi < t.fragsM(); ++mi)
    for (int64_t ni = 0; ni < t.fragsN(); ++ni) {
      Value &c = out[mi * t.fragsN() + ni];
      if (wmmaIntrinsics()) {
        c = wmmaIntrinsicMma(f.a[mi], f.b[ni], c);
        continue;
      }
      c = t.wmma ? Value(gpu::SubgroupMmaComputeOp::create(kb.b, kb.loc, c.getType(), f.a[mi],
                                                           f.b[ni], c, UnitAttr(), UnitAttr()))
                 : Value(nvgpu::MmaSyncOp::create(kb.b, kb.loc, f.a[mi], f.b[ni], c,
                                                  ArrayRef<int64_t>{16, 8, 16}));
    }
  return out;
}

SmallVector<Value> TensorCoreEmitter::multiplyTile(Value stage, ValueRange acc) {
  SmallVector<Value> out(acc.begin(), acc.end());
  for (int64_t kk = 0; kk < t.tk; kk += 16)
    out = multiply(loadFragments(stage, kk), out);
  return out;
}

void TensorCoreEmitter::epilogue(ValueRange acc, Value C, Value cBase, Value scratch, bool pairs) {
  auto store = [&](Value r, Value c, ArrayRef<Value> vals) {
    Value ok = kb.andi(kb.ult(r, M), kb.ult(c, N));
    Value at = kb.add(cBase, kb.add(kb.mul(r, N), c));
    kb.ifThenElse(ok, [&] { kb.storeVecF32(vals, C, at); });
  };
  if (t.wmma) {
    // Through a 16x16 f32 scratch tile per warp: lane l writes row l/2,
    // columns (l%2)*8 .. +8.
    Value warp = kb.div(tid, kb.idx(32));
    Value lr = kb.div(lane, kb.idx(2)), lc = kb.mul(kb.rem(lane, kb.idx(2)), kb.idx(8));
    for (int64_t mi = 0; mi < t.fragsM(); ++mi)
      for (int64_t ni = 0; ni < t.fragsN(); ++ni) {
        Value frag = acc[mi * t.fragsN() + ni];
        if (wmmaIntrinsics()) {
          SmallVector<Value> args = {sharedPointer(scratch, {warp, kb.idx(0), kb.idx(0)})};
          appendFields(args, frag, 8);
          args.push_back(kb.i32(16));
          LLVM::CallIntrinsicOp::create(
              kb.b, kb.loc,
              kb.b.getStringAttr("llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p3"), args);
        } else {
          gpu::SubgroupMmaStoreMatrixOp::create(kb.b, kb.loc, frag, scratch,
                                                ValueRange{warp, kb.idx(0), kb.idx(0)},
                                                kb.b.getIndexAttr(16), UnitAttr());
        }
        NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
        Value r = kb.add(row0, kb.add(warpRow, kb.add(kb.idx(mi * 16), lr)));
        Value c0 = kb.add(col0, kb.add(warpCol, kb.add(kb.idx(ni * 16), lc)));
        for (int64_t j = 0; j < 8; ++j) {
          Value v = memref::LoadOp::create(kb.b, kb.loc, scratch,
                                           ValueRange{warp, lr, kb.add(lc, kb.idx(j))});
          store(r, kb.add(c0, kb.idx(j)), {v});
        }
        NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
      }
    return;
  }
  // mma.sync m16n8 accumulator: lane l holds rows l/4 and l/4 + 8, columns
  // 2*(l%4) and 2*(l%4) + 1.
  Value lr = kb.div(lane, kb.idx(4)), lc = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
  for (int64_t mi = 0; mi < t.fragsM(); ++mi)
    for (int64_t ni = 0; ni < t.fragsN(); ++ni)
      for (int64_t i = 0; i < 2; ++i) {
        Value r = kb.add(row0, kb.add(warpRow, kb.add(kb.idx(mi * 16 + 8 * i), lr)));
        Value c = kb.add(col0, kb.add(warpCol, kb.add(kb.idx(ni * 8), lc)));
        Value frag = acc[mi * t.fragsN() + ni];
        Value v0 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 0});
        Value v1 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 1});
        if (pairs) {
          store(r, c, {v0, v1});
          continue;
        }
        store(r, c, {v0});
        store(r, kb.add(c, kb.idx(1)), {v1});
      }
}

void TensorCoreEmitter::stagedEpilogue(ValueRange acc, Value C, Value cBase, Value scratch) {
  Type outElt = cast<MemRefType>(C.getType()).getElementType();
  int64_t outBytes = outElt.getIntOrFloatBitWidth() / 8;
  int64_t chunk = 16 / outBytes, stride = t.warpTileN() + kPad;
  Value warp = kb.div(tid, kb.idx(32));
  Value warpBase = kb.mul(warp, kb.idx(16 * stride));
  Value lr = kb.div(lane, kb.idx(4)), lc = kb.mul(kb.rem(lane, kb.idx(4)), kb.idx(2));
  int64_t chunksPerRow = t.warpTileN() / chunk;
  auto vecType = VectorType::get({chunk}, outElt);
  for (int64_t mi = 0; mi < t.fragsM(); ++mi) {
    // mma.sync m16n8 accumulator: lane l holds rows l/4 and l/4 + 8,
    // columns 2*(l%4) and 2*(l%4) + 1.
    for (int64_t ni = 0; ni < t.fragsN(); ++ni)
      for (int64_t i = 0; i < 2; ++i) {
        Value frag = acc[mi * t.fragsN() + ni];
        Value v0 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 0});
        Value v1 = vector::ExtractOp::create(kb.b, kb.loc, frag, ArrayRef<int64_t>{i, 1});
        Value at = kb.add(warpBase, kb.add(kb.mul(kb.add(lr, kb.idx(8 * i)), kb.idx(stride)),
                                           kb.add(lc, kb.idx(ni * 8))));
        kb.storeVecF32({v0, v1}, scratch, at);
      }
    NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
    for (int64_t c = 0; c < 16 * chunksPerRow / 32; ++c) {
      Value id = kb.add(lane, kb.idx(32 * c));
      Value row = kb.div(id, kb.idx(chunksPerRow));
      Value col = kb.mul(kb.rem(id, kb.idx(chunksPerRow)), kb.idx(chunk));
      auto load = vector::LoadOp::create(
          kb.b, kb.loc, vecType, scratch,
          ValueRange{kb.add(warpBase, kb.add(kb.mul(row, kb.idx(stride)), col))});
      load.setAlignment(16);
      Value r = kb.add(row0, kb.add(warpRow, kb.add(kb.idx(mi * 16), row)));
      Value cc = kb.add(col0, kb.add(warpCol, col));
      kb.ifThenElse(kb.andi(kb.ult(r, M), kb.ult(cc, N)), [&] {
        auto store = vector::StoreOp::create(kb.b, kb.loc, load, C,
                                             ValueRange{kb.add(cBase, kb.add(kb.mul(r, N), cc))});
        store.setAlignment(16);
      });
    }
    NVVM::SyncWarpOp::create(kb.b, kb.loc, kb.i32(-1));
  }
}

} // namespace mini::tensorcore
