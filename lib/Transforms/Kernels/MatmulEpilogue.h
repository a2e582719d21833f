// A matmul's fused epilogue as the kernels apply it: the f32 body of
// mini.matmul's epilogue region, cloned per element of C between the
// accumulator and the store, with its inputs read at the element's place.
// Every store path of the matmul kernels (SIMT, WMMA, mma.sync, the staged
// and stream-K stores) goes through store() and apply(), which emit the
// body's exp, erf, tanh and afn divisions in approximate forms on
// ex2/rcp.approx.ftz (their errors: MatmulEpilogue.cpp; docs/PERF.md v40).
// Private to lib/Transforms.
#ifndef MINI_TRANSFORMS_KERNELS_MATMULEPILOGUE_H
#define MINI_TRANSFORMS_KERNELS_MATMULEPILOGUE_H

#include "KernelBuilder.h"

namespace mini {

struct MatmulEpilogue {
  mlir::Region *body = nullptr;             // null: C is the accumulator
  llvm::SmallVector<mlir::Value, 4> inputs; // flat memrefs
  llvm::SmallVector<bool, 4> biasInputs;    // indexed by C's column alone

  /// The epilogue an op carries (`biasInputs` null: none is a bias).
  static MatmulEpilogue of(mlir::Region &body, mlir::ValueRange inputs,
                           std::optional<llvm::ArrayRef<bool>> biasInputs);
  explicit operator bool() const { return body && !body->empty(); }

  /// C's elements `acc` (f32) at consecutive columns from `col` of one
  /// row, the first at flat index `at` of C (batch offset included); inside
  /// C where `inside` holds (null: known to be). `at` and `col` are
  /// multiples of the group's width. Or, where `elements` is set, element
  /// e at flat index elements[e].at and column elements[e].col, inside C
  /// where elements[e].inside holds: its inputs are read element by
  /// element (apply() only; the caller stores).
  struct Element {
    mlir::Value at, col, inside;
  };
  struct Group {
    llvm::SmallVector<mlir::Value, 4> acc;
    mlir::Value at, col, inside;
    llvm::SmallVector<Element, 4> elements;
  };
  /// The values to store for each group (`acc` where there is no epilogue).
  /// A batch of groups' inputs is loaded first, one aligned vector per
  /// input and group (a group outside C reads element 0 instead: no
  /// branch), then the batch's bodies follow as straight-line code: the
  /// loads are in flight together and the bodies' arithmetic interleaves
  /// (a branch per group would leave the epilogue latency-bound).
  llvm::SmallVector<llvm::SmallVector<mlir::Value>> apply(KernelBuilder &kb,
                                                          llvm::ArrayRef<Group> groups) const;
  /// apply(), then each group's values stored into `dest` at `at` where it
  /// is inside C. With a body and several groups, one branch on the whole
  /// batch being inside leads to unguarded stores: behind a branch per group
  /// the compiler sank each body into its branch and ran the bodies one at
  /// a time, latency-bound (docs/PERF.md v40).
  void store(KernelBuilder &kb, llvm::ArrayRef<Group> groups, mlir::Value dest) const;

  /// Asks for the block's tile of each input of C's shape in L2, one
  /// cp.async.bulk.prefetch per row (threads 0 .. tileM - 1 of `threads`):
  /// issued before the K loop, the epilogue's reads then wait on L2 rather
  /// than DRAM. The tile is at rows `row0 ..`, columns `col0 ..` of the
  /// batch at `offset`; rows must be 16-byte aligned (N a multiple of 8).
  void prefetchTile(KernelBuilder &kb, int64_t threads, mlir::Value offset, mlir::Value row0,
                    mlir::Value col0, mlir::Value rows, mlir::Value cols, int64_t tileM,
                    int64_t tileN) const;

  /// Copies the body into `region` (empty) of the op that carries the
  /// epilogue to the next lowering; biasAttr is its bias_inputs (null
  /// without an epilogue).
  void cloneInto(mlir::Region &region) const;
  mlir::DenseBoolArrayAttr biasAttr(mlir::MLIRContext *ctx) const;
};

/// x * sigmoid(x) as the epilogues compute it: x / (1 + e^-x) on
/// ex2.approx.ftz and rcp.approx.ftz (the SwiGLU pair's gate).
mlir::Value approximateSilu(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);

/// A matmul kernel's parameters (setMatmulSpec's ABI).
struct MatmulKernelArgs {
  mlir::Value A, B, C, batch, M, N, K;
  llvm::SmallVector<mlir::Value, 4> epilogueInputs;
};
MatmulKernelArgs matmulKernelArgs(mlir::gpu::GPUFuncOp func, MatmulOp op);

/// The epilogue of `op` (a mini.matmul), at kernel level: its body over the
/// kernel's tensor arguments `inputs` (the epilogue inputs, in order).
MatmulEpilogue matmulEpilogueOf(MatmulOp op, mlir::ValueRange inputs);

} // namespace mini

#endif
