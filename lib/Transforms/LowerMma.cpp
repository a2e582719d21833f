// mini-lower-mma: warp tiles -> mma.sync + ldmatrix (nvgpu) or WMMA
// (gpu.subgroup_mma_*) fragments, per the function's mini.mma_kind.
//
// Each !mini.warp_tile value becomes its fragments (a 1:N type conversion,
// through the loops that carry it); the fragment code is in MmaFragments.cpp.
#include "Kernels/MmaFragments.h"
#include "mini/Transforms/Passes.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mini {
#define GEN_PASS_DEF_MINILOWERMMA
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;
using namespace mini;

namespace {

/// The value of a 1:1 operand (an index, a memref) in a 1:N adaptor; null
/// for an absent optional operand.
Value single(ValueRange converted) { return converted.empty() ? Value() : converted.front(); }

template <typename Op>
struct WarpPattern : OpConversionPattern<Op> {
  WarpPattern(const TypeConverter &converter, MLIRContext *ctx, MmaFragments &frags)
      : OpConversionPattern<Op>(converter, ctx), frags(frags) {}
  MmaFragments &frags;
};

struct LowerWarpZero : WarpPattern<WarpZeroOp> {
  using WarpPattern::WarpPattern;
  LogicalResult matchAndRewrite(WarpZeroOp op, OneToNOpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    KernelBuilder kb(rewriter, op.getLoc());
    rewriter.replaceOpWithMultiple(op, {frags.zero(kb, op.getType())});
    return success();
  }
};

struct LowerWarpLoad : WarpPattern<WarpLoadOp> {
  using WarpPattern::WarpPattern;
  LogicalResult matchAndRewrite(WarpLoadOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    KernelBuilder kb(rewriter, op.getLoc());
    rewriter.replaceOpWithMultiple(
        op, {frags.load(kb, op.getType(), single(adaptor.getSource()), single(adaptor.getStage()),
                        single(adaptor.getRow()), single(adaptor.getCol()), op.getSwizzled())});
    return success();
  }
};

struct LowerWarpMma : WarpPattern<WarpMmaOp> {
  using WarpPattern::WarpPattern;
  LogicalResult matchAndRewrite(WarpMmaOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    KernelBuilder kb(rewriter, op.getLoc());
    rewriter.replaceOpWithMultiple(
        op, {frags.multiply(kb, op.getType(), adaptor.getA(), adaptor.getB(), adaptor.getAcc())});
    return success();
  }
};

struct LowerWarpStore : WarpPattern<WarpStoreOp> {
  using WarpPattern::WarpPattern;
  LogicalResult matchAndRewrite(WarpStoreOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    KernelBuilder kb(rewriter, op.getLoc());
    SmallVector<Value> inputs;
    for (ValueRange input : adaptor.getEpilogueInputs())
      inputs.push_back(single(input));
    MmaFragments::Store store{single(adaptor.getDest()),
                              single(adaptor.getOffset()),
                              single(adaptor.getRow()),
                              single(adaptor.getCol()),
                              single(adaptor.getRows()),
                              single(adaptor.getCols()),
                              single(adaptor.getScratch()),
                              op.getPairs(),
                              op.getAnyCols(),
                              MatmulEpilogue::of(op.getEpilogue(), inputs, op.getBiasInputs()),
                              single(adaptor.getFirstRow())};
    frags.store(kb, op.getAcc().getType(), adaptor.getAcc(), store);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerWarpSwiglu : WarpPattern<WarpSwigluOp> {
  using WarpPattern::WarpPattern;
  LogicalResult matchAndRewrite(WarpSwigluOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    KernelBuilder kb(rewriter, op.getLoc());
    rewriter.replaceOpWithMultiple(op, {frags.swiglu(kb, op.getAcc().getType(), adaptor.getAcc())});
    return success();
  }
};

struct LowerWarpgroupMma : WarpPattern<WarpgroupMmaOp> {
  using WarpPattern::WarpPattern;
  LogicalResult matchAndRewrite(WarpgroupMmaOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    KernelBuilder kb(rewriter, op.getLoc());
    rewriter.replaceOpWithMultiple(
        op, {frags.warpgroupMma(kb, op.getType(), adaptor.getAcc(), single(adaptor.getSa()),
                                single(adaptor.getSb()), single(adaptor.getStage()),
                                single(adaptor.getRow()))});
    return success();
  }
};

struct LowerWarpgroupMmaWait : WarpPattern<WarpgroupMmaWaitOp> {
  using WarpPattern::WarpPattern;
  LogicalResult matchAndRewrite(WarpgroupMmaWaitOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    KernelBuilder kb(rewriter, op.getLoc());
    SmallVector<SmallVector<Value>> done =
        frags.warpgroupWait(kb, op.getPending(), adaptor.getTiles());
    rewriter.replaceOpWithMultiple(op, SmallVector<SmallVector<Value>>(done));
    return success();
  }
};

/// The fragments of `func`'s warp ops, after checking that the function
/// says how to lower them and that they can be lowered that way; failure
/// leaves a diagnostic.
FailureOr<MmaFragments> fragmentsFor(FunctionOpInterface func) {
  auto kind = func->getAttrOfType<MathUnitAttr>(MiniDialect::kMmaKindAttrName);
  // wgmma: warpgroup ops on wgmma, warp ops (a scalar fallback path) on
  // mma.sync, with the same accumulator fragments.
  if (!kind || kind.getValue() == MathUnit::simt)
    return func.emitOpError("has warp ops but no ")
           << MiniDialect::kMmaKindAttrName << " = #mini.math<mma_sync>, <wmma> or <wgmma>";
  bool wmma = kind.getValue() == MathUnit::wmma;
  auto isTile = [](Type t) { return isa<WarpTileType>(t); };
  if (llvm::any_of(func.getArgumentTypes(), isTile) || llvm::any_of(func.getResultTypes(), isTile))
    return func.emitOpError("takes or returns warp tiles; they live within one kernel");
  Type operand;
  // Reports the diagnostic and stops the walk.
  auto fail = [](InFlightDiagnostic &&diag) { return WalkResult::interrupt(); };
  WalkResult checked = func.walk([&](Operation *op) {
    if (isa<WarpgroupMmaOp, WarpgroupMmaWaitOp>(op) && kind.getValue() != MathUnit::wgmma)
      return fail(op->emitOpError("needs a function of ")
                  << MiniDialect::kMmaKindAttrName << " = #mini.math<wgmma>; this one's is "
                  << kind);
    if (isa<WarpSwigluOp>(op) && wmma)
      return fail(op->emitOpError("needs mma.sync or wgmma fragments; WMMA's are opaque"));
    if (auto load = dyn_cast<WarpLoadOp>(op)) {
      Type elt = load.getType().getElementType();
      if (operand && elt != operand) // the WMMA accumulator type depends on it
        return fail(load.emitOpError("reads ") << elt << " but the function's other warp tiles are "
                                                << operand << "; one operand type per function");
      operand = elt;
      if (wmma && elt.isF32())
        return fail(load.emitOpError("reads f32 (tf32) tiles, which only mma.sync multiplies"));
      if (wmma && load.getSwizzled())
        return fail(load.emitOpError("reads swizzled stages, which WMMA loads cannot address"));
    }
    auto store = dyn_cast<WarpStoreOp>(op);
    if (!store)
      return WalkResult::advance();
    auto scratch = dyn_cast_if_present<MemRefType>(
        store.getScratch() ? store.getScratch().getType() : Type());
    if (wmma && (!scratch || scratch.getRank() != 3 || scratch.getDimSize(1) != 16 ||
                 scratch.getDimSize(2) != 16 || !scratch.getElementType().isF32()))
      return fail(store.emitOpError("needs a [warps, 16, 16] f32 scratch with WMMA"));
    // mma.sync: a whole number of warp slices, in C's type (f32 with an
    // epilogue, which runs on the staged accumulators).
    int64_t slice = MmaFragments::stagedSliceElements(store.getAcc().getType());
    Type stagedElt = store.getDest().getType().getElementType();
    if (!store.getEpilogue().empty())
      stagedElt = Float32Type::get(store.getContext());
    if (!wmma && scratch &&
        (scratch.getRank() != 1 || scratch.getElementType() != stagedElt ||
         scratch.getNumElements() % slice != 0))
      return fail(store.emitOpError("needs a 1-D ")
                  << stagedElt << " scratch of whole " << slice << "-element warp slices; got "
                  << scratch);
    return WalkResult::advance();
  });
  if (checked.wasInterrupted())
    return failure();
  OpBuilder b(func.getFunctionBody());
  return MmaFragments(wmma, operand ? operand : Type(b.getF16Type()), b, func.getLoc());
}

struct MiniLowerMmaPass : mini::impl::MiniLowerMmaBase<MiniLowerMmaPass> {
  void runOnOperation() override {
    SmallVector<FunctionOpInterface> funcs;
    getOperation()->walk([&](FunctionOpInterface func) {
      if (func.walk([](Operation *op) {
                return isa<WarpZeroOp, WarpLoadOp, WarpMmaOp, WarpStoreOp, WarpSwigluOp,
                           WarpgroupMmaOp, WarpgroupMmaWaitOp>(op)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted())
        funcs.push_back(func);
    });
    for (FunctionOpInterface func : funcs)
      if (failed(lower(func)))
        return signalPassFailure();
  }

  LogicalResult lower(FunctionOpInterface func) {
    FailureOr<MmaFragments> frags = fragmentsFor(func);
    if (failed(frags))
      return failure();
    MLIRContext *ctx = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type t) { return t; });
    converter.addConversion(
        [&](WarpTileType t, SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
          frags->fragmentTypes(t, out);
          return success();
        });
    ConversionTarget target(*ctx);
    // The ops the patterns create are legal; loops legal once they carry
    // no warp tiles.
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addIllegalOp<WarpZeroOp, WarpLoadOp, WarpMmaOp, WarpStoreOp, WarpSwigluOp,
                        WarpgroupMmaOp, WarpgroupMmaWaitOp>();
    RewritePatternSet patterns(ctx);
    patterns.add<LowerWarpZero, LowerWarpLoad, LowerWarpMma, LowerWarpStore, LowerWarpSwiglu,
                 LowerWarpgroupMma, LowerWarpgroupMmaWait>(converter, ctx, *frags);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    return applyPartialConversion(func, target, std::move(patterns));
  }
};

} // namespace
