// What every wgmma kernel needs, below the kernels' own choices: the
// shared-memory descriptors of 128-byte swizzled operands and the register
// pinning that keeps LLVM from moving accumulator reads across wgmma's
// fence and wait. Used by the attention kernel (AttentionWgmma*.cpp) and the
// matmul's mini.warpgroup_mma lowering (WarpgroupMma.cpp). Private to
// lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_WGMMA_H
#define MINI_TRANSFORMS_KERNELS_WGMMA_H

#include "mlir/IR/Builders.h"

namespace mini::wgmma {

constexpr int64_t kRowBytes = 128;   // a swizzled row: the 128-byte swizzle span
constexpr int64_t kAtomBytes = 1024; // a swizzle atom: 8 rows

/// The wgmma shared-memory descriptor of a 128-byte swizzled operand at
/// shared address `address` (i32): start address, leading and stride byte
/// offsets (16-byte units), swizzle mode 1 (128 bytes) in bits 62-63.
mlir::Value descriptor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value address,
                       int64_t leadingBytes, int64_t strideBytes);

/// `desc` moved `bytes` further into shared memory (a multiple of 16).
mlir::Value offsetDescriptor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value desc,
                             int64_t bytes);

/// Pins `values` (f32, i32 or i64) at this point: an empty volatile asm reads
/// and rewrites them, so that LLVM computes them before the wgmma.fence that
/// follows rather than between the wgmma ops (where ptxas would fence each),
/// or reads them only after the wait that completes them.
void pinRegisters(mlir::OpBuilder &b, mlir::Location loc, mlir::MutableArrayRef<mlir::Value> values);

} // namespace mini::wgmma

#endif
