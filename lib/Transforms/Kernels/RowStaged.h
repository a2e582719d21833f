// Very short rows through shared memory (#mini.row_config staged = true),
// for RowKernels.cpp. Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_ROWSTAGED_H
#define MINI_TRANSFORMS_KERNELS_ROWSTAGED_H

#include "KernelBuilder.h"

namespace mini {

/// Vectors per thread in flight per step of a streamed row or a staged copy.
constexpr int64_t kStreamUnroll = 4;

/// The grid divisor of a staged kernel of a dynamic length, which takes as
/// many rows a block as its stage holds (emitStagedRows): ceil(R x C /
/// divisor) blocks cover R rows of any length C (those longer than the
/// config holds, too, at rows_per_block a block).
int64_t stagedDynamicGridDivisor(RowConfigAttr cfg);

/// The rows of a staged config's block: copied in from X to shared memory
/// `stage` as 16-byte vectors over all the block's threads, several in
/// flight each (the rows are contiguous and the block's first element
/// 16-byte aligned: rows_per_block is a multiple of the width), each
/// thread's rows mapped by `computeRow` (cachedLength() values, `fill` past
/// C; whether each is in the row; the values of each of `columns`, per-column
/// vectors of length C such as a norm's weight, loaded once) in place, then
/// copied out to Y the same way. With a dynamic length, a block takes
/// rows_per_block x cachedLength() / C rows (a multiple of its threads, at
/// least rows_per_block), so that short rows fill the stage, and each thread
/// maps its rows with the fewest values that hold C (a power of two, or 1.5
/// times one, down to an eighth of cachedLength()). With a `residual`, the
/// rows are X +
/// residual (rounded to the element type), written to `sum` too where it is
/// given.
void emitStagedRows(KernelBuilder &kb, RowConfigAttr cfg, mlir::Value X, mlir::Value Y,
                    mlir::Value R, mlir::Value C, mlir::Value stage, float fill,
                    mlir::ValueRange columns,
                    llvm::function_ref<llvm::SmallVector<mlir::Value>(
                        llvm::ArrayRef<mlir::Value>, llvm::ArrayRef<mlir::Value>,
                        llvm::ArrayRef<llvm::SmallVector<mlir::Value>>)>
                        computeRow,
                    mlir::Value residual = {}, mlir::Value sum = {});

/// Runs `staged()` for a staged config where the row fits its registers
/// (checked at run time for a dynamic length, unless the launch never runs
/// the kernel on longer rows: spec.lengthHeldByLaunch), else `unstaged()`.
void stagedOrNot(KernelBuilder &kb, RowConfigAttr cfg, const KernelSpec &spec, int64_t staticC,
                 mlir::Value C, llvm::function_ref<void()> staged,
                 llvm::function_ref<void()> unstaged);

} // namespace mini

#endif
