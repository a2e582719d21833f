// mini-lower-bf16-mma-sync: nvgpu.mma.sync on bf16 operands -> nvvm.mma.sync.
//
// Upstream's convert-nvgpu-to-nvvm deduces the PTX operand type from the
// element type and knows no bf16. The fragments are the same registers as
// for f16 (two 16-bit values per 32-bit register), so this pattern mirrors
// upstream's f16 lowering with explicit bf16 PTX types.
#include "mini/Transforms/Passes.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mini {
#define GEN_PASS_DEF_MINILOWERBF16MMASYNC
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace {

bool isBF16MmaSync(nvgpu::MmaSyncOp op) {
  return op.getMatrixA().getType().getElementType().isBF16();
}

bool isSupported(nvgpu::MmaSyncOp op) {
  return op.getMmaShapeAsArray() == std::array<int64_t, 3>{16, 8, 16} &&
         op.getMatrixC().getType().getElementType().isF32();
}

struct BF16MmaSyncToNVVM : ConvertOpToLLVMPattern<nvgpu::MmaSyncOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(nvgpu::MmaSyncOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isBF16MmaSync(op) || !isSupported(op))
      return rewriter.notifyMatchFailure(op, "not a bf16 m16n8k16 mma.sync with f32 accumulators");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Type i32 = b.getI32Type(), f32 = b.getF32Type();
    // Operands arrive as !llvm.array<n x vector<2xT>>: bf16 rows become one
    // i32 register each, f32 rows two scalars.
    auto unpack = [&](Value array, bool packed) {
      SmallVector<Value> regs;
      auto type = cast<LLVM::LLVMArrayType>(array.getType());
      for (unsigned i = 0; i < type.getNumElements(); ++i) {
        Value row = LLVM::ExtractValueOp::create(b, array, i);
        if (packed) {
          regs.push_back(LLVM::BitcastOp::create(b, i32, row));
          continue;
        }
        for (int64_t j = 0; j < 2; ++j)
          regs.push_back(LLVM::ExtractElementOp::create(
              b, row, LLVM::ConstantOp::create(b, i32, b.getI32IntegerAttr(j))));
      }
      return regs;
    };
    SmallVector<Value> a = unpack(adaptor.getMatrixA(), true);
    SmallVector<Value> bm = unpack(adaptor.getMatrixB(), true);
    SmallVector<Value> c = unpack(adaptor.getMatrixC(), false);
    auto structType = LLVM::LLVMStructType::getLiteral(getContext(), {f32, f32, f32, f32});
    Value mma = NVVM::MmaOp::create(
        b, structType, a, bm, c, ArrayRef<int64_t>{16, 8, 16}, std::nullopt, std::nullopt,
        std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16, NVVM::MMATypes::bf16},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
    // Back to !llvm.array<2 x vector<2xf32>>.
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type rowType = cast<LLVM::LLVMArrayType>(resultType).getElementType();
    Value result = LLVM::UndefOp::create(b, resultType);
    for (int64_t i = 0; i < 2; ++i) {
      Value row = LLVM::UndefOp::create(b, rowType);
      for (int64_t j = 0; j < 2; ++j)
        row = LLVM::InsertElementOp::create(
            b, row, LLVM::ExtractValueOp::create(b, mma, 2 * i + j),
            LLVM::ConstantOp::create(b, i32, b.getI32IntegerAttr(j)));
      result = LLVM::InsertValueOp::create(b, result, row, i);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct MiniLowerBF16MmaSyncPass
    : mini::impl::MiniLowerBF16MmaSyncBase<MiniLowerBF16MmaSyncPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    WalkResult unsupported = getOperation()->walk([](nvgpu::MmaSyncOp op) {
      if (!isBF16MmaSync(op) || isSupported(op))
        return WalkResult::advance();
      op.emitOpError("bf16 mma.sync is lowered for m16n8k16 with f32 accumulators only");
      return WalkResult::interrupt();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    patterns.add<BF16MmaSyncToNVVM>(converter);
    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addDynamicallyLegalOp<nvgpu::MmaSyncOp>(
        [](nvgpu::MmaSyncOp op) { return !isBF16MmaSync(op); });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
