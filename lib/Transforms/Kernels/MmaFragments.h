// The lane-level code of mini-lower-mma: how a warp tile sits in the lanes'
// registers as mma.sync or WMMA fragments, and the loads, mma ops and stores
// on those fragments. Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_MMAFRAGMENTS_H
#define MINI_TRANSFORMS_KERNELS_MMAFRAGMENTS_H

#include "KernelBuilder.h"
#include "MatmulEpilogue.h"

namespace mini {

class MmaFragments {
public:
  /// The staged mma.sync store's scratch per warp: 16 rows of the tile's
  /// columns, padded by kRowPad elements (so the row chunks a lane writes and
  /// the 16-byte chunks the warp reads back spread over the banks).
  static int64_t stagedRowStride(WarpTileType acc) {
    return acc.getCols() + MatmulConfigAttr::kRowPad;
  }
  static int64_t stagedSliceElements(WarpTileType acc) { return 16 * stagedRowStride(acc); }

  /// `entry` is at the start of the function: the lane index is computed
  /// there once.
  MmaFragments(bool wmma, mlir::Type operandElement, mlir::OpBuilder &entry, mlir::Location loc);

  /// mma.sync: acc -> (rows/16)*(cols/8) vector<2x2xf32>, a -> rows/16
  /// vector<4x2xT>, b -> cols/8 vector<2x2xT> (tf32: vector<4x1xf32> and
  /// vector<2x1xf32>). WMMA: one 16x16
  /// gpu.mma_matrix per 16x16 block (bf16: LLVM structs of the intrinsics).
  void fragmentTypes(WarpTileType tile, llvm::SmallVectorImpl<mlir::Type> &out) const;

  llvm::SmallVector<mlir::Value> zero(KernelBuilder &kb, WarpTileType acc);
  llvm::SmallVector<mlir::Value> load(KernelBuilder &kb, WarpTileType tile, mlir::Value source,
                                      mlir::Value stage, mlir::Value row, mlir::Value col,
                                      bool swizzled);
  /// acc[mi * fragsN + ni] += a[mi] x b[ni].
  llvm::SmallVector<mlir::Value> multiply(KernelBuilder &kb, WarpTileType acc, mlir::ValueRange a,
                                          mlir::ValueRange b, mlir::ValueRange c);

  /// mini.warp_swiglu (mma.sync fragments): silu(left half) * right half.
  llvm::SmallVector<mlir::Value> swiglu(KernelBuilder &kb, WarpTileType acc,
                                        mlir::ValueRange frags);

  /// mini.warpgroup_mma (WarpgroupMma.cpp): fence, the wgmma chain of one
  /// stage, commit; returns the accumulator's fragments, in flight.
  llvm::SmallVector<mlir::Value> warpgroupMma(KernelBuilder &kb, WarpTileType acc,
                                              mlir::ValueRange frags, mlir::Value sa,
                                              mlir::Value sb, mlir::Value stage, mlir::Value row);
  /// mini.warpgroup_mma_wait: the wait, then each tile's fragments pinned
  /// after it.
  llvm::SmallVector<llvm::SmallVector<mlir::Value>>
  warpgroupWait(KernelBuilder &kb, int64_t pending,
                llvm::ArrayRef<mlir::ValueRange> tiles);

  struct Store {
    mlir::Value dest, offset, row, col, rows, cols, scratch;
    bool pairs;
    bool anyCols;            // staged: `cols` may not be whole chunks (mini.warp_store any_cols)
    MatmulEpilogue epilogue; // applied to the f32 accumulators
    mlir::Value firstRow;    // rows below it are not stored (null: none)
    mlir::Value rowIn(KernelBuilder &kb, mlir::Value r) const {
      return storedRow(kb, r, rows, firstRow);
    }
  };
  /// Row r of C is stored: below `rows`, and not below `firstRow` (null:
  /// no lower bound; mini.warp_store's first_row).
  static mlir::Value storedRow(KernelBuilder &kb, mlir::Value r, mlir::Value rows,
                               mlir::Value firstRow);
  void store(KernelBuilder &kb, WarpTileType acc, mlir::ValueRange frags, const Store &s);

  const bool wmma;

private:
  bool intrinsics() const { return wmma && element.isBF16(); }
  /// f32 operands: tf32 mma.sync m16n8k8 (the warp tiles are 8 deep).
  bool tf32() const { return element.isF32(); }
  int64_t fragCols() const { return wmma ? 16 : 8; }
  mlir::Type structType(mlir::Type field, int64_t n) const;
  /// Where ldmatrix finds element (row, col) of the logical tile in `stage`.
  llvm::SmallVector<mlir::Value> indices(KernelBuilder &kb, mlir::Value source, mlir::Value stage,
                                         mlir::Value row, mlir::Value col, bool swizzled);
  /// One ldmatrix x4 from a swizzled (TMA) stage at (the stage's base + the
  /// lane's offset at `row`, `col`) + `rowImmediate` rows, as ptxas can fold
  /// the immediate into the instruction and LLVM hoist the lane offset.
  mlir::Value ldmatrixSwizzled(KernelBuilder &kb, mlir::VectorType type, mlir::Value source,
                               mlir::Value stage, mlir::Value row, int64_t rowImmediate,
                               mlir::Value col, bool transpose);
  llvm::SmallVector<mlir::Value> loadMmaSync(KernelBuilder &kb, WarpTileType tile,
                                             mlir::Value source, mlir::Value stage,
                                             mlir::Value row, mlir::Value col, bool swizzled);
  llvm::SmallVector<mlir::Value> loadTf32(KernelBuilder &kb, WarpTileType tile, mlir::Value source,
                                          mlir::Value stage, mlir::Value row, mlir::Value col,
                                          bool swizzled);
  llvm::SmallVector<mlir::Value> loadWmma(KernelBuilder &kb, WarpTileType tile,
                                          mlir::Value source, mlir::Value stage, mlir::Value row,
                                          mlir::Value col);
  void storeWmma(KernelBuilder &kb, WarpTileType acc, mlir::ValueRange frags, const Store &s);
  void storeMmaSync(KernelBuilder &kb, WarpTileType acc, mlir::ValueRange frags, const Store &s);
  void storeStaged(KernelBuilder &kb, WarpTileType acc, mlir::ValueRange frags, const Store &s);
  void storeShiftedRows(KernelBuilder &kb, const Store &s, int64_t mi, int64_t chunk,
                        int64_t chunksPerRow, int64_t stride, mlir::Value warpBase);

  mlir::Type element;
  mlir::Value tid, lane;
};

} // namespace mini

#endif
