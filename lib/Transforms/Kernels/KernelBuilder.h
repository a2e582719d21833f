// Small helpers for building GPU kernel bodies with upstream ops (arith, scf,
// memref, gpu). Every kernel uses the same ABI: each tensor is a flat
// memref<?xT> in global memory, each size an `index`.
#ifndef MINI_TRANSFORMS_KERNELS_KERNELBUILDER_H
#define MINI_TRANSFORMS_KERNELS_KERNELBUILDER_H

#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <functional>
#include <string>

namespace mini {

/// Launch shape of one grid dimension: ceildiv(product of the named sizes,
/// div), rounded up to a multiple of `cluster` (blocks per cluster along it;
/// the kernel carries the cluster shape, so a plain launch forms clusters),
/// then at most `maxBlocks` where set (a persistent kernel: its blocks
/// stride over the work).
struct GridDim {
  llvm::SmallVector<std::string, 2> sizes;
  int64_t div = 1;
  int64_t cluster = 1;
  int64_t maxBlocks = 0;
};

/// One tensor of a kernel's ABI, with its dims named by kernel sizes.
struct KernelTensor {
  std::string name;
  mlir::Type elementType;
  llvm::SmallVector<std::string, 4> dims;
  bool isOutput = false;
};

/// A TMA descriptor a kernel reads: the host encodes it for tensor number
/// `tensor`, boxes of `box` elements (in the tensor's dim order) landing in
/// shared memory with a `swizzle`-byte XOR swizzle (0, 32, 64 or 128).
struct KernelTensorMap {
  unsigned tensor;
  llvm::SmallVector<int64_t, 4> box;
  int64_t swizzle;
};

/// A matmul whose last, partial wave of tiles runs stream-K style (config
/// tail_splits = maxSplits) is two kernels. The first computes the whole
/// tiles: its grid counts every C tile, and it takes one more parameter, the
/// number of tiles it computes (the others, the last ones, are the tail's).
/// The second, `kernel`, runs the tail tiles' K steps laid end to end, a
/// range of them per block on a one-dimensional grid, and takes, after the
/// tensor maps, its workspace (an f32 memref of `tileElements` per slot, one
/// slot per block and tail tile, an i32 memref of a zeroed counter per tail
/// tile), the number of whole tiles and the K steps per block.
/// launch::planSplitTail (LaunchRules.h) plans the tail.
struct KernelSplitTail {
  int64_t maxSplits = 1;
  std::string depth; // the size the tile's K steps count
  int64_t tileK = 0;
  int64_t tileElements = 0;
  // Sizes that must be multiples of 8 for a split (16-byte aligned rows: the
  // tail kernel has no scalar path).
  llvm::SmallVector<std::string, 2> aligned;
  std::string kernel;       // the whole-tile kernel: its tail kernel
  bool splitBlocks = false; // this is the tail kernel
};

/// An attention with a decode kernel (config split_keys >= 1) is three
/// kernels. The main one (`decodeKernel` and `combineKernel` set) is the
/// FlashAttention-2 kernel. The decode kernel (`part` "decode") takes the
/// query rows of the H / G heads that share a K/V head as one matrix of
/// S x H / G rows, `rows` per block, and splits the keys (T, or with causal
/// the keys the block's rows see) over `splits` blocks per row block, in
/// whole tiles of `tileKeys`: grid (row blocks x splits, G, B). With one
/// split it writes O; with more, each block writes its rows' O / l (f32,
/// [splits, B, H, S, D]) and log2-sum-exp (f32, [splits, B, H, S]) and the
/// combine kernel (`part` "combine") merges them into O. Both take, after
/// the sizes, the two workspace memrefs and the number of splits.
/// launch::planKeySplits (LaunchRules.h) chooses among them at launch.
struct KernelSplitKeys {
  int64_t maxSplits = 0; // 0: no decode kernel
  int64_t rows = 0, tileKeys = 0;
  std::string decodeKernel, combineKernel; // the main kernel: its parts
  std::string part;                        // "decode" or "combine"; "" for the main kernel
  int64_t mainRows = 0; // the main kernel's query rows per work item (its grid may be persistent)
  int64_t mainBlockCost = 100; // a main block's time, in percent of a decode block's
};

/// What a kernel needs at launch, independent of MLIR: this is what the bundle
/// manifest records. Kernel parameters are the tensors (in order), then the
/// sizes (in order), then a pointer to each tensor map (in order), then
/// with a split tail its plan (KernelSplitTail), or for the parts of a
/// decode attention their workspace and splits (KernelSplitKeys).
struct KernelSpec {
  std::string op;
  llvm::SmallVector<KernelTensor, 4> tensors;
  llvm::SmallVector<std::string, 8> sizes;
  GridDim grid[3];
  int64_t block[3] = {1, 1, 1};
  int64_t dynamicSharedBytes = 0; // gpu.dynamic_shared_memory the kernel uses
  llvm::SmallVector<KernelTensorMap, 2> tensorMaps;
  mlir::NamedAttrList attrs; // op attributes the kernel bakes in
  // Kernels with the same ABI; a launch runs the one launch::chooseVariant
  // picks (see mini.matmul's tile_rates), this kernel's rate first in
  // `tileRates`.
  llvm::SmallVector<std::string, 2> sizeVariants;
  int64_t smCount = 0;
  llvm::SmallVector<int64_t, 3> tileRates;
  // Or, for row ops and attention (`maxLengths` set), the first kernel (this
  // one, then the variants) whose max length holds the row length C (an
  // attention's keys T) and whose max rows (`maxRows`, where set) holds the
  // row count R (an attention's query rows S); 0 = any; a kernel whose
  // `unalignedOnly` entry is w > 0 only where C is not a multiple of w.
  llvm::SmallVector<int64_t, 6> maxLengths, maxRows, unalignedOnly;
  // Set before a row kernel is built: the launch runs it only on rows its
  // config holds (a length variant before the last).
  bool lengthHeldByLaunch = false;
  KernelSplitTail splitTail;
  KernelSplitKeys splitKeys;

  /// A size variant that runs by M (attrs' max_m: the gemv kernel, small
  /// tiles): the most M it takes; 0 for a variant by cost.
  int64_t maxM() const {
    auto maxM = llvm::dyn_cast_or_null<mlir::IntegerAttr>(attrs.get("max_m"));
    return maxM ? maxM.getInt() : 0;
  }
  /// Beside maxM (attrs' max_n), the most N it takes; 0 for any N.
  int64_t maxN() const {
    auto maxN = llvm::dyn_cast_or_null<mlir::IntegerAttr>(attrs.get("max_n"));
    return maxN ? maxN.getInt() : 0;
  }
};

/// Builds code at the insertion point of `b` with location `loc`.
class KernelBuilder {
public:
  KernelBuilder(mlir::OpBuilder &b, mlir::Location loc) : b(b), loc(loc) {}

  mlir::OpBuilder &b;
  mlir::Location loc;

  mlir::Value idx(int64_t v);
  mlir::Value f32(float v);
  mlir::Value i32(int32_t v);
  mlir::Value add(mlir::Value x, mlir::Value y);
  mlir::Value sub(mlir::Value x, mlir::Value y);
  mlir::Value mul(mlir::Value x, mlir::Value y);
  mlir::Value div(mlir::Value x, mlir::Value y);  // unsigned index division
  mlir::Value rem(mlir::Value x, mlir::Value y);  // unsigned index remainder
  mlir::Value min(mlir::Value x, mlir::Value y);  // unsigned index min
  mlir::Value max(mlir::Value x, mlir::Value y);  // unsigned index max
  mlir::Value ult(mlir::Value x, mlir::Value y);
  mlir::Value ule(mlir::Value x, mlir::Value y);
  mlir::Value andi(mlir::Value x, mlir::Value y);
  mlir::Value select(mlir::Value c, mlir::Value t, mlir::Value f);

  mlir::Value fadd(mlir::Value x, mlir::Value y);
  mlir::Value fsub(mlir::Value x, mlir::Value y);
  mlir::Value fmul(mlir::Value x, mlir::Value y);
  mlir::Value fdiv(mlir::Value x, mlir::Value y);
  mlir::Value fma(mlir::Value a, mlir::Value x, mlir::Value y); // a*x + y
  mlir::Value fmax(mlir::Value x, mlir::Value y); // NaN-propagating
  mlir::Value exp2(mlir::Value x);
  mlir::Value exp(mlir::Value x);
  mlir::Value rsqrt(mlir::Value x);
  /// One MUFU op each (ex2.approx.ftz, rcp.approx.ftz): flushing subnormal
  /// results to 0 spares the range checks of the non-ftz forms (5 more ops
  /// apiece); -inf gives 0, NaN stays NaN. For arithmetic that competes with
  /// the memory or tensor cores (epilogues, short rows, attention).
  mlir::Value exp2Approx(mlir::Value x);
  mlir::Value rcpApprox(mlir::Value x);
  /// e^x as 2^(x log2 e): relative error <= ~1e-7 (1 + |x|).
  mlir::Value expApprox(mlir::Value x);

  /// The shared-memory address (!llvm.ptr<3>) of mem[indices], mem a
  /// row-major workgroup memref of static shape.
  mlir::Value sharedPointer(mlir::Value mem, mlir::ValueRange indices);

  mlir::Value threadId();
  mlir::Value blockId(mlir::gpu::Dimension d);

  /// Loads element `i` of a flat memref and widens it to f32.
  mlir::Value loadF32(mlir::Value mem, mlir::Value i);
  /// Loads element `i` widened to f32 when `inBounds`, else `fill`.
  mlir::Value loadF32If(mlir::Value inBounds, mlir::Value mem, mlir::Value i,
                        float fill);
  /// Narrows an f32 value to the memref's element type and stores it.
  void storeF32(mlir::Value v, mlir::Value mem, mlir::Value i);
  void storeIf(mlir::Value cond, mlir::Value v, mlir::Value mem, mlir::Value i);

  /// Sum or max of `v` over each aligned group of `lanes` lanes of a warp
  /// (a power of two <= 32; the whole warp by default), result in every
  /// lane: a gpu.subgroup_reduce (clustered below 32 lanes), which
  /// mini-lower-subgroup-reduce lowers to shuffles.
  mlir::Value warpAllReduce(mlir::Value v, bool isMax, int64_t lanes = 32);

  /// cond ? thenFn() : elseFn(), as an scf.if yielding values of the types
  /// thenFn's have (elseFn builds in the else region).
  llvm::SmallVector<mlir::Value>
  ifValues(mlir::Value cond, llvm::function_ref<llvm::SmallVector<mlir::Value>()> thenFn,
           llvm::function_ref<llvm::SmallVector<mlir::Value>()> elseFn,
           mlir::TypeRange types);

  /// if (cond) { thenFn() } [else { elseFn() }], with the builder inside.
  void ifThenElse(mlir::Value cond, llvm::function_ref<void()> thenFn,
                  llvm::function_ref<void()> elseFn = nullptr);

  /// Loads `width` consecutive elements at `i` (one aligned vector access when
  /// width > 1), widened to f32.
  llvm::SmallVector<mlir::Value> loadVecF32(mlir::Value mem, mlir::Value i, int64_t width);
  /// As loadVecF32 when `inBounds`, else `width` copies of `fill`.
  llvm::SmallVector<mlir::Value> loadVecF32If(mlir::Value inBounds, mlir::Value mem,
                                              mlir::Value i, int64_t width, float fill);
  /// Narrows f32 values to the memref's element type and stores them at `i`
  /// (one aligned vector access when there are several).
  void storeVecF32(llvm::ArrayRef<mlir::Value> values, mlir::Value mem, mlir::Value i);

  /// The stages after and before `stage` in a ring of `stages`, by compare
  /// and select (no remainder per step); with two stages, 1 - stage.
  std::pair<mlir::Value, mlir::Value> ringNeighbours(mlir::Value stage, int64_t stages);

  /// for (iv = lb; iv < ub; iv += step) with loop-carried values.
  mlir::scf::ForOp forLoop(
      mlir::Value lb, mlir::Value ub, mlir::Value step, mlir::ValueRange init,
      llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::Value iv,
                                                        mlir::ValueRange iters)>
          body);
};

/// Creates a kernel `name` in `module` with the spec's ABI and returns it with
/// the builder positioned in its (empty) body. `sharedF32` is the number of
/// f32 words of workgroup memory the kernel reserves (0 for none).
mlir::gpu::GPUFuncOp createKernel(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::gpu::GPUModuleOp module,
                                  llvm::StringRef name, const KernelSpec &spec,
                                  int64_t sharedF32);
/// As above, with workgroup buffers of the given shapes and element types.
mlir::gpu::GPUFuncOp createKernel(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::gpu::GPUModuleOp module,
                                  llvm::StringRef name, const KernelSpec &spec,
                                  llvm::ArrayRef<mlir::MemRefType> workgroup);
/// A memref type in workgroup (shared) memory.
mlir::MemRefType workgroupMemRef(llvm::ArrayRef<int64_t> shape, mlir::Type elementType);

/// Fills the ABI and launch shape shared by the matmul kernels: tensors a, b,
/// the epilogue inputs (e<i>: batch x M x N, or N for a bias), c, as batch x
/// rows x cols, sizes batch, M, N, K, a tileM x tileN C tile per block of
/// `threads`, batch on grid.z; the epilogue's program (recordProgram).
void setMatmulSpec(mlir::Operation *matmul, KernelSpec &spec, int64_t tileM, int64_t tileN,
                   int64_t threads);

// Kernel body builders. Each fills `spec` (ABI and launch shape) and the body
// of the kernel it creates; failure leaves a diagnostic on `op`.
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildMatmulKernel(mlir::Operation *op, mlir::gpu::GPUModuleOp module,
                  llvm::StringRef name, KernelSpec &spec);
/// The tensor-core matmul with tiling `config` (the op's, or a size variant);
/// with `splitBlocks`, the stream-K tail kernel of a config with tail_splits.
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildMatmulMmaKernel(mlir::Operation *op, MatmulConfigAttr config, mlir::gpu::GPUModuleOp module,
                     llvm::StringRef name, KernelSpec &spec, bool splitBlocks = false);
/// The decode-size matmul of a gemv config (the op's, or a size variant):
/// B streamed once on CUDA cores for up to the config's tile_m rows of A.
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildMatmulGemvKernel(mlir::Operation *op, MatmulConfigAttr config, mlir::gpu::GPUModuleOp module,
                      llvm::StringRef name, KernelSpec &spec);
/// The decode and combine kernels of an attention whose tensor-core config
/// has split_keys >= 1 (KernelSplitKeys), named `decodeName` and
/// `combineName`.
mlir::LogicalResult buildAttentionDecodeKernels(mlir::Operation *op, mlir::gpu::GPUModuleOp module,
                                                llvm::StringRef decodeName, KernelSpec &decode,
                                                llvm::StringRef combineName, KernelSpec &combine);
/// Points `main`, a main attention kernel of `mainCfg`, at the decode and
/// combine kernels, with what the launch weighs against them: its rows per
/// work item and its block's cost (percent of a decode block's).
void linkAttentionDecode(KernelSpec &main, AttentionConfigAttr mainCfg, const KernelSpec &decode,
                         llvm::StringRef decodeName, llvm::StringRef combineName);
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildSoftmaxKernel(mlir::Operation *op, RowConfigAttr cfg, mlir::gpu::GPUModuleOp module,
                   llvm::StringRef name, KernelSpec &spec);
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildRmsNormKernel(mlir::Operation *op, RowConfigAttr cfg, mlir::gpu::GPUModuleOp module,
                   llvm::StringRef name, KernelSpec &spec);
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildLayerNormKernel(mlir::Operation *op, RowConfigAttr cfg, mlir::gpu::GPUModuleOp module,
                     llvm::StringRef name, KernelSpec &spec);
/// Fills the attention ABI: tensors q, k, v, o, sizes B, H, G, S, T, D,
/// `rowsPerBlock` query rows of one (batch, head) per block of `threads`.
void setAttentionSpec(mlir::Operation *attention, KernelSpec &spec, int64_t rowsPerBlock,
                      int64_t threads);
/// The tensor-core (mma.sync) attention kernel with `config`; with
/// `decode`, its decode kernel (KernelSplitKeys).
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildAttentionMmaKernel(mlir::Operation *op, AttentionConfigAttr config,
                        mlir::gpu::GPUModuleOp module, llvm::StringRef name, KernelSpec &spec,
                        bool decode = false);
/// The kernel of an elementwise op (add, mul, silu, gelu, scale, cast,
/// causal_mask: one flat pass over the elements; transpose: tiles through
/// shared memory).
mlir::FailureOr<mlir::gpu::GPUFuncOp> buildElementwiseKernel(mlir::Operation *op,
                                                             mlir::gpu::GPUModuleOp module,
                                                             llvm::StringRef name,
                                                             KernelSpec &spec);
mlir::FailureOr<mlir::gpu::GPUFuncOp>
buildAttentionKernel(mlir::Operation *op, mlir::gpu::GPUModuleOp module,
                     llvm::StringRef name, KernelSpec &spec);

} // namespace mini

#endif
