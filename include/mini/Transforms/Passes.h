#ifndef MINI_TRANSFORMS_PASSES_H
#define MINI_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mini {

#define GEN_PASS_DECL
#include "mini/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "mini/Transforms/Passes.h.inc"

/// The config passes' count options take -1 for "the default"; any other
/// negative is a typo, reported on `op` with the option's name.
inline mlir::LogicalResult
checkCountOptions(mlir::Operation *op,
                  llvm::ArrayRef<std::pair<llvm::StringRef, int64_t>> options) {
  for (auto [name, value] : options)
    if (value < -1)
      return op->emitOpError() << "cannot take option " << name << " = " << value
                               << ": expected a count >= 0, or -1 for the default";
  return mlir::success();
}

/// Registers `mini-pipeline`: mini ops -> kernels -> cubin -> bundle.
void registerMiniPipeline();

} // namespace mini

#endif
