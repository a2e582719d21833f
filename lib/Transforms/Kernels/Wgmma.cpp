// Shared wgmma helpers (Wgmma.h).
#include "Wgmma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace mini::wgmma {

Value descriptor(OpBuilder &b, Location loc, Value address, int64_t leadingBytes,
                 int64_t strideBytes) {
  auto i64 = b.getI64Type();
  uint64_t fixed = (uint64_t(leadingBytes >> 4) << 16) | (uint64_t(strideBytes >> 4) << 32) |
                   (uint64_t(1) << 62);
  auto i32 = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v); };
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, address, i32(0x3FFFF)), i32(4));
  return arith::OrIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, start),
                              arith::ConstantIntOp::create(b, loc, i64, fixed));
}

Value offsetDescriptor(OpBuilder &b, Location loc, Value desc, int64_t bytes) {
  if (!bytes)
    return desc;
  return arith::AddIOp::create(b, loc, desc,
                               arith::ConstantIntOp::create(b, loc, b.getI64Type(), bytes >> 4));
}

void pinRegisters(OpBuilder &b, Location loc, MutableArrayRef<Value> values) {
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

} // namespace mini::wgmma
