// The kernels of the elementwise ops (MiniElementwiseOps.td), each on its
// own: memory-bound, so what matters is 16-byte accesses and enough of them
// in flight. Every op but transpose runs one flat kernel over the elements:
// a block takes kVectorsPerThread x kThreads consecutive vectors of 16 bytes
// (of the widest element type), loads them all before it stores any, and
// only the last, partial block checks bounds. Transpose goes through a
// shared-memory tile so both its reads and its writes are coalesced (a
// swap of two dims with dims after them moves whole runs instead).
#include "ElementwiseScalar.h"
#include "KernelBuilder.h"

using namespace mlir;

namespace mini {
namespace {

constexpr int64_t kThreads = 256;
constexpr int64_t kVectorsPerThread = 4;

/// Product of dims [from, to) of `type`, or kDynamic.
int64_t staticDims(RankedTensorType type, int64_t from, int64_t to) {
  int64_t p = 1;
  for (int64_t i = from; i < to; ++i) {
    if (type.isDynamicDim(i))
      return ShapedType::kDynamic;
    p *= type.getDimSize(i);
  }
  return p;
}

RankedTensorType tensorType(Value v) { return cast<RankedTensorType>(v.getType()); }

/// How the flat kernel of one op indexes its elements.
struct FlatShape {
  SmallVector<std::string, 3> sizes; // the element count is their product
  SmallVector<int64_t, 3> staticSizes;
  SmallVector<bool, 4> broadcast; // per input: a suffix of the result, index i mod C
};

/// The sizes an elementwise op's kernel takes (OpSizes.h's collectSizes
/// gives the host values of the same names): R x C (rows, last dim; with
/// broadcast inputs, C is their elements); a causal mask batch x S x T.
FlatShape flatShapeOf(Operation *op) {
  RankedTensorType y = tensorType(op->getResult(0));
  int64_t rank = y.getRank();
  FlatShape s;
  if (isa<CausalMaskOp>(op)) {
    s.sizes = {"batch", "S", "T"};
    s.staticSizes = {staticDims(y, 0, rank - 2), y.getDimSize(rank - 2), y.getDimSize(rank - 1)};
    s.broadcast = {false};
    return s;
  }
  s.sizes = {"R", "C"};
  int64_t inner = 1;
  for (Value in : op->getOperands()) {
    int64_t r = tensorType(in).getRank();
    s.broadcast.push_back(r < rank);
    if (r < rank)
      inner = r;
  }
  s.staticSizes = {staticDims(y, 0, rank - inner), staticDims(y, rank - inner, rank)};
  return s;
}

/// Emits the flat kernel's body (FlatShape, applyOp).
class FlatEmitter {
public:
  FlatEmitter(KernelBuilder &kb, Operation *op, gpu::GPUFuncOp func, const FlatShape &shape,
              int64_t vw)
      : kb(kb), op(op), shape(shape), vw(vw) {
    unsigned tensors = op->getNumOperands() + 1;
    for (unsigned i = 0; i < tensors; ++i)
      mems.push_back(func.getArgument(i));
    for (auto [i, s] : llvm::enumerate(shape.staticSizes))
      sizes.push_back(ShapedType::isDynamic(s) ? Value(func.getArgument(tensors + i)) : kb.idx(s));
  }

  void emit() {
    Value count = sizes[0];
    for (Value s : ArrayRef<Value>(sizes).drop_front())
      count = kb.mul(count, s);
    Value perBlock = kb.idx(vw * kThreads * kVectorsPerThread);
    Value start = kb.mul(kb.blockId(gpu::Dimension::x), perBlock);
    Value tid = kb.threadId();
    SmallVector<Value> firsts;
    for (int64_t u = 0; u < kVectorsPerThread; ++u)
      firsts.push_back(kb.add(start, kb.mul(kb.add(kb.idx(u * kThreads), tid), kb.idx(vw))));
    auto wholeBlock = [&] {
      // Every load before the first store: the stores may alias the inputs
      // as far as the compiler knows.
      SmallVector<Operands> in;
      for (Value n : firsts)
        in.push_back(load(n, vw));
      for (auto [n, operands] : llvm::zip(firsts, in))
        store(n, operands);
    };
    int64_t staticCount = 1;
    for (int64_t s : shape.staticSizes)
      staticCount = ShapedType::isDynamic(s) || ShapedType::isDynamic(staticCount)
                        ? ShapedType::kDynamic
                        : staticCount * s;
    if (!ShapedType::isDynamic(staticCount) &&
        staticCount % (vw * kThreads * kVectorsPerThread) == 0)
      return wholeBlock(); // no partial block
    kb.ifThenElse(kb.ule(kb.add(start, perBlock), count), wholeBlock, [&] {
      for (Value n : firsts)
        kb.ifThenElse(
            kb.ule(kb.add(n, kb.idx(vw)), count), [&] { store(n, load(n, vw)); },
            [&] {
              for (int64_t e = 0; e < vw; ++e) {
                Value m = kb.add(n, kb.idx(e));
                kb.ifThenElse(kb.ult(m, count), [&] { store(m, load(m, 1)); });
              }
            });
    });
  }

private:
  struct Operands {
    SmallVector<SmallVector<Value>> in; // per input, its values
    SmallVector<Value> masked;
  };

  bool staticMultiple(Value size, int64_t width) {
    auto c = getConstantIntValue(size);
    return width == 1 || (c && *c % width == 0);
  }
  Value isMultiple(Value size, int64_t width) {
    return arith::CmpIOp::create(kb.b, kb.loc, arith::CmpIPredicate::eq,
                                 kb.rem(size, kb.idx(width)), kb.idx(0));
  }

  /// `width` values from element `n` on, for each of `width` elements
  /// (`aligned`: all in one row of `rowLength`) or one element at a time.
  SmallVector<Value> rowwise(Value rowLength, int64_t width, Type type,
                             function_ref<SmallVector<Value>(Value, int64_t)> fn, Value n) {
    if (staticMultiple(rowLength, width))
      return fn(n, width);
    auto oneByOne = [&] {
      SmallVector<Value> out;
      for (int64_t e = 0; e < width; ++e)
        out.push_back(fn(kb.add(n, kb.idx(e)), 1)[0]);
      return out;
    };
    if (getConstantIntValue(rowLength))
      return oneByOne();
    return kb.ifValues(
        isMultiple(rowLength, width), [&] { return fn(n, width); }, oneByOne,
        SmallVector<Type>(width, type));
  }

  Operands load(Value n, int64_t width) {
    Operands o;
    Value c = sizes.back();
    for (auto [i, broadcast] : llvm::enumerate(shape.broadcast)) {
      Value mem = mems[i];
      o.in.push_back(
          broadcast
              ? rowwise(
                    c, width, kb.b.getF32Type(),
                    [&](Value m, int64_t w) { return kb.loadVecF32(mem, kb.rem(m, c), w); }, n)
              : kb.loadVecF32(mem, n, width));
    }
    if (isa<CausalMaskOp>(op)) {
      Value s = sizes[1], t = sizes[2];
      o.masked = rowwise(
          t, width, kb.b.getI1Type(),
          [&](Value m, int64_t w) {
            // Row i = (m / T) mod S, key j = m mod T: masked where j > i + T - S.
            Value q = kb.div(m, t);
            Value j = kb.sub(m, kb.mul(q, t));
            Value bound = kb.add(kb.rem(q, s), t);
            SmallVector<Value> out;
            for (int64_t e = 0; e < w; ++e)
              out.push_back(kb.ult(bound, kb.add(kb.add(j, kb.idx(e)), s)));
            return out;
          },
          n);
    }
    return o;
  }

  void store(Value n, const Operands &o) {
    SmallVector<Value> y;
    for (size_t e = 0; e < o.in[0].size(); ++e) {
      SmallVector<Value> values;
      for (const SmallVector<Value> &in : o.in)
        values.push_back(in[e]);
      y.push_back(emitElementwiseScalar(kb.b, kb.loc, op, values,
                                        o.masked.empty() ? Value() : o.masked[e]));
    }
    kb.storeVecF32(y, mems.back(), n);
  }

  KernelBuilder &kb;
  Operation *op;
  const FlatShape &shape;
  int64_t vw;
  SmallVector<Value> mems, sizes;
};

FailureOr<gpu::GPUFuncOp> buildFlatKernel(Operation *op, gpu::GPUModuleOp module, StringRef name,
                                          KernelSpec &spec) {
  FlatShape shape = flatShapeOf(op);
  SmallVector<std::string, 4> dims(shape.sizes.begin(), shape.sizes.end());
  int64_t maxBytes = 1;
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
    maxBytes = std::max<int64_t>(maxBytes, tensorType(v).getElementTypeBitWidth() / 8);
  int64_t vw = 16 / maxBytes;

  OpBuilder b(op->getContext());
  spec.op = op->getName().stripDialect().str();
  spec.sizes.assign(dims.begin(), dims.end());
  bool binary = isa<AddOp, MulOp>(op), fused = isa<ElementwiseOp>(op);
  for (auto [i, in] : llvm::enumerate(op->getOperands()))
    spec.tensors.push_back({fused    ? "x" + std::to_string(i)
                            : binary ? std::string(i ? "b" : "a")
                                     : std::string("x"),
                            tensorType(in).getElementType(),
                            shape.broadcast[i] ? SmallVector<std::string, 4>{"C"} : dims, false});
  spec.tensors.push_back({"y", tensorType(op->getResult(0)).getElementType(), dims, true});
  spec.grid[0] = {{dims.begin(), dims.end()}, vw * kThreads * kVectorsPerThread};
  spec.block[0] = kThreads;
  spec.attrs.set("vector_width", b.getI64IntegerAttr(vw));
  if (auto scale = dyn_cast<ScaleOp>(op))
    spec.attrs.set("factor", scale.getFactorAttr());
  if (auto gelu = dyn_cast<GeluOp>(op))
    spec.attrs.set("tanh", b.getBoolAttr(gelu.isTanh()));
  if (auto fusedOp = dyn_cast<ElementwiseOp>(op))
    recordProgram(fusedOp.getBody().front(), spec);

  gpu::GPUFuncOp func = createKernel(b, op->getLoc(), module, name, spec, /*sharedF32=*/0);
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, op->getLoc());
  FlatEmitter(kb, op, func, shape, vw).emit();
  gpu::ReturnOp::create(b, op->getLoc());
  return func;
}

constexpr int64_t kTile = 64; // transpose: a 64 x 64 tile per block of 256 threads

/// y[z, c, r] = x[z, r, c]: each block reads a 64 x 64 tile along rows of
/// x (a warp 32 consecutive elements), keeps it in shared memory as f32
/// (padded to 65 columns: a column's reads hit 32 banks), and writes it
/// along rows of y.
FailureOr<gpu::GPUFuncOp> buildTransposeKernel(TransposeOp op, gpu::GPUModuleOp module,
                                               StringRef name, KernelSpec &spec) {
  RankedTensorType x = tensorType(op.getInput());
  int64_t rank = x.getRank();
  assert(op.getSwappedDim() == rank - 2 && "the last two dims; others: buildRowTransposeKernel");
  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  spec.op = "transpose";
  spec.sizes = {"batch", "R", "C"};
  spec.tensors = {{"x", x.getElementType(), {"batch", "R", "C"}, false},
                  {"y", x.getElementType(), {"batch", "C", "R"}, true}};
  spec.grid[0] = {{"C"}, kTile};
  spec.grid[1] = {{"R"}, kTile};
  spec.grid[2] = {{"batch"}, 1};
  spec.block[0] = kThreads;
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec,
                                     {workgroupMemRef({kTile, kTile + 1}, b.getF32Type())});
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value in = func.getArgument(0), out = func.getArgument(1);
  SmallVector<int64_t> statics = {staticDims(x, 0, rank - 2), x.getDimSize(rank - 2),
                                  x.getDimSize(rank - 1)};
  auto size = [&](unsigned i) {
    return ShapedType::isDynamic(statics[i]) ? Value(func.getArgument(2 + i)) : kb.idx(statics[i]);
  };
  Value R = size(1), C = size(2);
  Value tile = func.getWorkgroupAttributions()[0];
  Value c0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(kTile));
  Value r0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(kTile));
  Value base = kb.mul(kb.blockId(gpu::Dimension::z), kb.mul(R, C));
  Value tid = kb.threadId();
  Value lane = kb.rem(tid, kb.idx(kTile)), first = kb.div(tid, kb.idx(kTile));
  constexpr int64_t kSteps = kTile * kTile / kThreads, kRowsPerStep = kThreads / kTile;
  Value full = kb.andi(kb.ule(kb.add(r0, kb.idx(kTile)), R), kb.ule(kb.add(c0, kb.idx(kTile)), C));

  // Each step moves kRowsPerStep rows of the tile; `guarded` checks bounds.
  // A step's element is the previous one's plus kRowsPerStep rows: one add
  // (with dynamic sizes, a 64-bit multiply per step cost 20% of the copy's
  // bandwidth).
  Value r = kb.add(r0, first), c = kb.add(c0, lane);
  Value inAt = kb.add(base, kb.add(kb.mul(r, C), c));
  Value inStep = kb.mul(kb.idx(kRowsPerStep), C);
  auto copyIn = [&](bool guarded) {
    SmallVector<Value> values;
    Value i = inAt;
    for (int64_t k = 0; k < kSteps; ++k, i = kb.add(i, inStep)) {
      Value rk = kb.add(r, kb.idx(k * kRowsPerStep));
      values.push_back(guarded ? kb.loadF32If(kb.andi(kb.ult(rk, R), kb.ult(c, C)), in, i, 0.0f)
                               : kb.loadF32(in, i));
    }
    for (int64_t k = 0; k < kSteps; ++k)
      memref::StoreOp::create(b, loc, values[k], tile,
                              ValueRange{kb.add(first, kb.idx(k * kRowsPerStep)), lane});
  };
  // y's rows are x's columns: row c0 + first of y, column r0 + lane.
  Value yRow = kb.add(c0, first), yCol = kb.add(r0, lane);
  Value outAt = kb.add(base, kb.add(kb.mul(yRow, R), yCol));
  Value outStep = kb.mul(kb.idx(kRowsPerStep), R);
  auto copyOut = [&](bool guarded) {
    Value i = outAt;
    for (int64_t k = 0; k < kSteps; ++k, i = kb.add(i, outStep)) {
      Value cc = kb.add(first, kb.idx(k * kRowsPerStep));
      Value v = memref::LoadOp::create(b, loc, tile, ValueRange{lane, cc});
      Value ck = kb.add(c0, cc);
      if (guarded)
        kb.storeIf(kb.andi(kb.ult(ck, C), kb.ult(yCol, R)), v, out, i);
      else
        kb.storeF32(v, out, i);
    }
  };
  kb.ifThenElse(
      full, [&] { copyIn(false); }, [&] { copyIn(true); });
  gpu::BarrierOp::create(b, loc);
  kb.ifThenElse(
      full, [&] { copyOut(false); }, [&] { copyOut(true); });
  gpu::ReturnOp::create(b, loc);
  return func;
}

/// y[z, c, r, :] = x[z, r, c, :]: a swap of two dims that keeps the dims
/// after them (`inner` elements), so each run of `inner` elements moves
/// whole. Flat over y like the elementwise kernels: each thread takes
/// kVectorsPerThread slots of 16 bytes of y and loads them from where x
/// keeps them (whole vectors where `inner` is a multiple of the vector: at
/// compile time, or checked at run time where `inner` is dynamic; else
/// element by element), all before the first store; a warp's reads are
/// runs of `inner` consecutive elements.
FailureOr<gpu::GPUFuncOp> buildRowTransposeKernel(TransposeOp op, gpu::GPUModuleOp module,
                                                  StringRef name, KernelSpec &spec) {
  RankedTensorType x = tensorType(op.getInput());
  int64_t rank = x.getRank(), d = op.getSwappedDim();
  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  SmallVector<int64_t> statics = {staticDims(x, 0, d), x.getDimSize(d), x.getDimSize(d + 1),
                                  staticDims(x, d + 2, rank)};
  int64_t slot = 16 / (x.getElementTypeBitWidth() / 8), vw = slot;
  bool dynamicRun = ShapedType::isDynamic(statics[3]);
  while (!dynamicRun && statics[3] % vw != 0)
    vw /= 2;
  spec.op = "transpose";
  spec.sizes = {"batch", "R", "C", "inner"};
  spec.tensors = {{"x", x.getElementType(), {"batch", "R", "C", "inner"}, false},
                  {"y", x.getElementType(), {"batch", "C", "R", "inner"}, true}};
  spec.grid[0] = {{"batch", "R", "C", "inner"}, slot * kThreads * kVectorsPerThread};
  spec.block[0] = kThreads;
  spec.attrs.set("vector_width", b.getI64IntegerAttr(vw));
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, /*sharedF32=*/0);
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  Value in = func.getArgument(0), out = func.getArgument(1);
  SmallVector<Value> size;
  for (auto [i, st] : llvm::enumerate(statics))
    size.push_back(ShapedType::isDynamic(st) ? Value(func.getArgument(2 + i)) : kb.idx(st));
  Value R = size[1], C = size[2], inner = size[3];
  Value count = kb.mul(kb.mul(size[0], R), kb.mul(C, inner));
  Value start = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(slot * kThreads * kVectorsPerThread));
  SmallVector<Value> slots;
  for (int64_t u = 0; u < kVectorsPerThread; ++u)
    slots.push_back(
        kb.add(start, kb.mul(kb.add(kb.idx(u * kThreads), kb.threadId()), kb.idx(slot))));
  // n = ((z C + c) R + r) inner + i  ->  ((z R + r) C + c) inner + i
  auto sourceOf = [&](Value n) {
    Value row = kb.div(n, inner), r = kb.rem(row, R), zc = kb.div(row, R);
    Value c = kb.rem(zc, C), z = kb.div(zc, C), i = kb.rem(n, inner);
    return kb.add(kb.mul(kb.add(kb.mul(kb.add(kb.mul(z, R), r), C), c), inner), i);
  };
  // Each slot as loads of `width` elements (`width` divides `inner`, so a
  // load in bounds is whole).
  auto copy = [&](int64_t width) {
    SmallVector<std::pair<Value, SmallVector<Value>>> loaded;
    for (Value first : slots)
      for (int64_t e = 0; e < slot; e += width) {
        Value n = kb.add(first, kb.idx(e));
        Value from = sourceOf(n), inBounds = kb.ult(n, count);
        loaded.push_back({n, kb.loadVecF32If(inBounds, in, from, width, 0.0f)});
      }
    for (auto &[n, values] : loaded)
      kb.ifThenElse(kb.ult(n, count), [&] { kb.storeVecF32(values, out, n); });
  };
  if (dynamicRun)
    kb.ifThenElse(
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kb.rem(inner, kb.idx(vw)),
                              kb.idx(0)),
        [&] { copy(vw); }, [&] { copy(1); });
  else
    copy(vw);
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace

FailureOr<gpu::GPUFuncOp> buildElementwiseKernel(Operation *op, gpu::GPUModuleOp module,
                                                 StringRef name, KernelSpec &spec) {
  if (auto transpose = dyn_cast<TransposeOp>(op))
    return transpose.getSwappedDim() + 2 == tensorType(transpose.getInput()).getRank()
               ? buildTransposeKernel(transpose, module, name, spec)
               : buildRowTransposeKernel(transpose, module, name, spec);
  return buildFlatKernel(op, module, name, spec);
}

} // namespace mini
