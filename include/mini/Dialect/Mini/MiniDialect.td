#ifndef MINI_DIALECT_TD
#define MINI_DIALECT_TD

include "mlir/IR/OpBase.td"

def Mini_Dialect : Dialect {
  let name = "mini";
  let summary = "High-level tensor ops of LLM kernels (matmul, softmax, rmsnorm, attention)";
  let description = [{
    The `mini` dialect is the input language of the compiler: a few tensor ops
    whose semantics are fixed precisely enough to be lowered to tiled GPU kernels
    and checked against hand-written CUDA reference kernels.
  }];
  let cppNamespace = "::mini";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  // mini.mma_kind and the launch records (lib/Dialect/Mini/KernelRecords.cpp).
  let hasOperationAttrVerify = 1;
  // mini.size_names on a func.func's arguments.
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// On a gpu.func with warp ops: how mini-lower-mma lowers them, a
    /// #mini.math: mma_sync (ldmatrix + mma.sync), wmma (gpu.subgroup_mma_*)
    /// or wgmma (warpgroup ops on wgmma, warp ops on mma.sync).
    static constexpr ::llvm::StringLiteral kMmaKindAttrName = "mini.mma_kind";
    /// On a gpu.launch_func: the kernel's manifest record (its ABI, grid and
    /// plans), which mini-export-bundle writes as JSON.
    static constexpr ::llvm::StringLiteral kKernelRecordAttrName = "mini.kernel";
    /// On a gpu.launch_func: the records, each with its "entry", of the
    /// kernels that run through this launch's plan (a decode attention's).
    static constexpr ::llvm::StringLiteral kCompanionKernelsAttrName = "mini.companion_kernels";
    /// On a func.func: the function as the manifest's "functions" describe it
    /// (its tensors with dims named by the function's dynamic sizes, its
    /// intermediate buffers, and its launches in order).
    static constexpr ::llvm::StringLiteral kFunctionRecordAttrName = "mini.function";
    /// On a func.func's tensor argument: a name for each of its dynamic
    /// dims, in order (e.g. ["tokens"]), which the function record (and so
    /// mini-run --size and the runtime) uses instead of "arg<i>.<d>"; one
    /// name on several dims says they are one size.
    static constexpr ::llvm::StringLiteral kSizeNamesAttrName = "mini.size_names";
  }];
}

class Mini_Op<string mnemonic, list<Trait> traits = []>
    : Op<Mini_Dialect, mnemonic, traits>;

// Element types every op accepts.
def Mini_Float : AnyTypeOf<[F16, BF16, F32]>;
def Mini_Tensor : RankedTensorOf<[F16, BF16, F32]>;

#endif // MINI_DIALECT_TD
