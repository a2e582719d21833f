#include "KernelBuilder.h"
#include "ElementwiseScalar.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace mini {

Value KernelBuilder::idx(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
Value KernelBuilder::f32(float v) {
  return arith::ConstantFloatOp::create(b, loc, b.getF32Type(), APFloat(v));
}
Value KernelBuilder::i32(int32_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}
Value KernelBuilder::add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
Value KernelBuilder::sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
Value KernelBuilder::mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
Value KernelBuilder::div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
Value KernelBuilder::rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
Value KernelBuilder::min(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
Value KernelBuilder::max(Value x, Value y) { return arith::MaxUIOp::create(b, loc, x, y); }
Value KernelBuilder::ult(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
}
Value KernelBuilder::ule(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, x, y);
}
Value KernelBuilder::andi(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
Value KernelBuilder::select(Value c, Value t, Value f) {
  return arith::SelectOp::create(b, loc, c, t, f);
}

Value KernelBuilder::fadd(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
Value KernelBuilder::fsub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
Value KernelBuilder::fmul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
Value KernelBuilder::fdiv(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
Value KernelBuilder::fma(Value a, Value x, Value y) { return math::FmaOp::create(b, loc, a, x, y); }
Value KernelBuilder::fmax(Value x, Value y) { return arith::MaximumFOp::create(b, loc, x, y); }
Value KernelBuilder::exp2(Value x) { return math::Exp2Op::create(b, loc, x); }
Value KernelBuilder::exp(Value x) { return math::ExpOp::create(b, loc, x); }
Value KernelBuilder::rsqrt(Value x) { return math::RsqrtOp::create(b, loc, x); }
Value KernelBuilder::exp2Approx(Value x) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(),
                                       b.getStringAttr("llvm.nvvm.ex2.approx.ftz.f32"), x)
      .getResult(0);
}
Value KernelBuilder::rcpApprox(Value x) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(),
                                       b.getStringAttr("llvm.nvvm.rcp.approx.ftz.f"), x)
      .getResult(0);
}
Value KernelBuilder::expApprox(Value x) {
  return exp2Approx(fmul(x, f32(1.4426950408889634f))); // log2 e
}

Value KernelBuilder::sharedPointer(Value mem, ValueRange indices) {
  auto type = cast<MemRefType>(mem.getType());
  Value linear = idx(0);
  for (auto [i, index] : llvm::enumerate(indices)) {
    int64_t stride = 1;
    for (int64_t d : type.getShape().drop_front(i + 1))
      stride *= d;
    linear = add(linear, mul(index, idx(stride)));
  }
  int64_t eltBytes = type.getElementTypeBitWidth() / 8;
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, mem);
  Value address =
      arith::IndexCastOp::create(b, loc, b.getI64Type(), add(base, mul(linear, idx(eltBytes))));
  return LLVM::IntToPtrOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext(), 3), address);
}

std::pair<Value, Value> KernelBuilder::ringNeighbours(Value stage, int64_t stages) {
  if (stages == 2) { // the other stage, both ways
    Value other = sub(idx(1), stage);
    return {other, other};
  }
  auto is = [&](int64_t s) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stage, idx(s));
  };
  Value next = select(is(stages - 1), idx(0), add(stage, idx(1)));
  Value previous = select(is(0), idx(stages - 1), sub(stage, idx(1)));
  return {next, previous};
}

Value KernelBuilder::threadId() {
  return gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
}
Value KernelBuilder::blockId(gpu::Dimension d) {
  return gpu::BlockIdOp::create(b, loc, d);
}

Value KernelBuilder::loadF32(Value mem, Value i) {
  Value v = memref::LoadOp::create(b, loc, mem, ValueRange{i});
  if (v.getType().isF32())
    return v;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
}

Value KernelBuilder::loadF32If(Value inBounds, Value mem, Value i, float fill) {
  return loadVecF32If(inBounds, mem, i, /*width=*/1, fill)[0];
}

void KernelBuilder::storeF32(Value v, Value mem, Value i) {
  Type elt = cast<MemRefType>(mem.getType()).getElementType();
  if (elt != v.getType())
    v = arith::TruncFOp::create(b, loc, elt, v);
  memref::StoreOp::create(b, loc, v, mem, ValueRange{i});
}

void KernelBuilder::storeIf(Value cond, Value v, Value mem, Value i) {
  scf::IfOp::create(b, loc, cond, [&](OpBuilder &nb, Location nl) {
    KernelBuilder kb(nb, nl);
    kb.storeF32(v, mem, i);
    scf::YieldOp::create(nb, nl);
  });
}

Value KernelBuilder::warpAllReduce(Value v, bool isMax, int64_t lanes) {
  auto kind = isMax ? gpu::AllReduceOperation::MAXIMUMF : gpu::AllReduceOperation::ADD;
  std::optional<uint32_t> cluster;
  if (lanes < 32)
    cluster = static_cast<uint32_t>(lanes);
  return gpu::SubgroupReduceOp::create(b, loc, v, kind, /*uniform=*/true, cluster);
}

SmallVector<Value> KernelBuilder::ifValues(Value cond, function_ref<SmallVector<Value>()> thenFn,
                                           function_ref<SmallVector<Value>()> elseFn,
                                           TypeRange types) {
  auto ifOp = scf::IfOp::create(b, loc, types, cond, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(b, loc, thenFn());
  b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, elseFn());
  return SmallVector<Value>(ifOp.getResults());
}

void KernelBuilder::ifThenElse(Value cond, function_ref<void()> thenFn,
                               function_ref<void()> elseFn) {
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, cond, /*withElseRegion=*/bool(elseFn));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  thenFn();
  if (elseFn) {
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    elseFn();
  }
}

namespace {
int64_t accessAlignment(Value mem, int64_t width) {
  Type elt = cast<MemRefType>(mem.getType()).getElementType();
  return width * elt.getIntOrFloatBitWidth() / 8;
}
} // namespace

SmallVector<Value> KernelBuilder::loadVecF32(Value mem, Value i, int64_t width) {
  if (width == 1)
    return {loadF32(mem, i)};
  Type elt = cast<MemRefType>(mem.getType()).getElementType();
  auto load = vector::LoadOp::create(b, loc, VectorType::get({width}, elt), mem, ValueRange{i});
  load.setAlignment(accessAlignment(mem, width));
  SmallVector<Value> out;
  for (int64_t e = 0; e < width; ++e) {
    Value v = vector::ExtractOp::create(b, loc, load, e);
    out.push_back(elt.isF32() ? v : Value(arith::ExtFOp::create(b, loc, b.getF32Type(), v)));
  }
  return out;
}

SmallVector<Value> KernelBuilder::loadVecF32If(Value inBounds, Value mem, Value i,
                                               int64_t width, float fill) {
  SmallVector<Type> types(width, b.getF32Type());
  auto ifOp = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &nb, Location nl) {
        KernelBuilder kb(nb, nl);
        scf::YieldOp::create(nb, nl, kb.loadVecF32(mem, i, width));
      },
      [&](OpBuilder &nb, Location nl) {
        KernelBuilder kb(nb, nl);
        scf::YieldOp::create(nb, nl, SmallVector<Value>(width, kb.f32(fill)));
      });
  return SmallVector<Value>(ifOp.getResults());
}

void KernelBuilder::storeVecF32(ArrayRef<Value> values, Value mem, Value i) {
  if (values.size() == 1)
    return storeF32(values[0], mem, i);
  Type elt = cast<MemRefType>(mem.getType()).getElementType();
  SmallVector<Value> narrow;
  for (Value v : values)
    narrow.push_back(elt.isF32() ? v : Value(arith::TruncFOp::create(b, loc, elt, v)));
  auto vecType = VectorType::get({int64_t(values.size())}, elt);
  Value vec = vector::FromElementsOp::create(b, loc, vecType, narrow);
  auto store = vector::StoreOp::create(b, loc, vec, mem, ValueRange{i});
  store.setAlignment(accessAlignment(mem, values.size()));
}

scf::ForOp KernelBuilder::forLoop(
    Value lb, Value ub, Value step, ValueRange init,
    function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  return scf::ForOp::create(
      b, loc, lb, ub, step, init,
      [&](OpBuilder &nb, Location nl, Value iv, ValueRange iters) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        SmallVector<Value> yields = body(iv, iters);
        scf::YieldOp::create(b, nl, yields);
      });
}

void setMatmulSpec(Operation *matmul, KernelSpec &spec, int64_t tileM, int64_t tileN,
                   int64_t threads) {
  auto mm = cast<MatmulOp>(matmul);
  Type inElt = cast<RankedTensorType>(mm.getLhs().getType()).getElementType();
  Type outElt = cast<RankedTensorType>(mm.getResult().getType()).getElementType();
  spec.op = "matmul";
  spec.tensors = {{"a", inElt, {"batch", "M", "K"}, false},
                  {"b", inElt, {"batch", "K", "N"}, false}};
  if (mm.getUp()) // a SwiGLU pair's second right-hand side
    spec.tensors.push_back({"up", inElt, {"batch", "K", "N"}, false});
  for (auto [i, input] : llvm::enumerate(mm.getEpilogueInputs())) {
    KernelTensor e{"e" + std::to_string(i),
                   cast<RankedTensorType>(input.getType()).getElementType(),
                   {"batch", "M", "N"},
                   false};
    if (mm.isBiasInput(i))
      e.dims = {"N"};
    spec.tensors.push_back(std::move(e));
  }
  spec.tensors.push_back({"c", outElt, {"batch", "M", "N"}, true});
  if (mm.getUp()) {
    // The program of a pair starts from both products (the references
    // compute them): silu(gate) * up, then the epilogue.
    Region body;
    Block *block = new Block();
    body.push_back(block);
    SmallVector<Type> f32(2 + mm.getEpilogueInputs().size(), Float32Type::get(mm.getContext()));
    block->addArguments(f32, SmallVector<Location>(f32.size(), mm.getLoc()));
    OpBuilder b(mm.getContext());
    emitProductPairBody(b, *block, mm);
    recordProgram(*block, spec);
  } else if (mm.hasEpilogue()) {
    recordProgram(mm.getEpilogue().front(), spec);
  }
  spec.sizes = {"batch", "M", "N", "K"};
  spec.grid[0] = {{"N"}, tileN};
  spec.grid[1] = {{"M"}, tileM};
  spec.grid[2] = {{"batch"}, 1};
  spec.block[0] = threads;
}

MemRefType workgroupMemRef(ArrayRef<int64_t> shape, Type elementType) {
  return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                         gpu::AddressSpaceAttr::get(elementType.getContext(),
                                                    gpu::AddressSpace::Workgroup));
}

gpu::GPUFuncOp createKernel(OpBuilder &b, Location loc, gpu::GPUModuleOp module,
                            StringRef name, const KernelSpec &spec,
                            int64_t sharedF32) {
  SmallVector<MemRefType> workgroup;
  if (sharedF32 > 0)
    workgroup.push_back(workgroupMemRef({sharedF32}, b.getF32Type()));
  return createKernel(b, loc, module, name, spec, workgroup);
}

gpu::GPUFuncOp createKernel(OpBuilder &b, Location loc, gpu::GPUModuleOp module,
                            StringRef name, const KernelSpec &spec,
                            ArrayRef<MemRefType> workgroup) {
  SmallVector<Type> argTypes;
  for (const KernelTensor &t : spec.tensors)
    argTypes.push_back(MemRefType::get({ShapedType::kDynamic}, t.elementType));
  for (size_t i = 0; i < spec.sizes.size(); ++i)
    argTypes.push_back(b.getIndexType());
  for (size_t i = 0; i < spec.tensorMaps.size(); ++i) // CUtensorMap in global memory
    argTypes.push_back(LLVM::LLVMPointerType::get(b.getContext()));
  if (spec.splitTail.splitBlocks)
    argTypes.append({MemRefType::get({ShapedType::kDynamic}, b.getF32Type()),
                     MemRefType::get({ShapedType::kDynamic}, b.getI32Type()), b.getIndexType(),
                     b.getIndexType()});
  else if (spec.splitTail.maxSplits > 1)
    argTypes.push_back(b.getIndexType());
  if (!spec.splitKeys.part.empty()) // partial O, log2-sum-exp, splits
    argTypes.append({MemRefType::get({ShapedType::kDynamic}, b.getF32Type()),
                     MemRefType::get({ShapedType::kDynamic}, b.getF32Type()), b.getIndexType()});
  SmallVector<Type> workgroupTypes(workgroup.begin(), workgroup.end());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  auto func = gpu::GPUFuncOp::create(b, loc, name,
                                     b.getFunctionType(argTypes, {}), workgroupTypes);
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  func.setKnownBlockSizeAttr(b.getDenseI32ArrayAttr(
      {int32_t(spec.block[0]), int32_t(spec.block[1]), int32_t(spec.block[2])}));
  return func;
}

} // namespace mini
