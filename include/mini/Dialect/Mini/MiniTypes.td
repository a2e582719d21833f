#ifndef MINI_TYPES_TD
#define MINI_TYPES_TD

include "mini/Dialect/Mini/MiniDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Mini_WarpTileType : TypeDef<Mini_Dialect, "WarpTile"> {
  let mnemonic = "warp_tile";
  let summary = "One warp's tile of a tensor-core matmul, not yet spread over its lanes";
  let description = [{
    The values the warp-level matmul ops (`mini.warp_zero`, `mini.warp_load`,
    `mini.warp_mma`, `mini.warp_store`) pass around: an A operand tile of one
    16-deep step (`a`, rows x 16), a B operand tile (`b`, 16 x cols), or an
    accumulator tile (`acc`, f32). How the elements sit in the lanes'
    registers (mma.sync or WMMA fragments) is decided by `mini-lower-mma`,
    which replaces each value by its fragments.

    ```mlir
    !mini.warp_tile<acc, 64x64xf32>
    !mini.warp_tile<a, 64x16xf16>
    ```
  }];
  let parameters = (ins StringRefParameter<"a, b or acc">:$role,
                        ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isAccumulator() const { return getRole() == "acc"; }
    bool isA() const { return getRole() == "a"; }
    int64_t getRows() const { return getShape()[0]; }
    int64_t getCols() const { return getShape()[1]; }
  }];
}

def Mini_AccTile : Type<And<[CPred<"::llvm::isa<::mini::WarpTileType>($_self)">,
                             CPred<"::llvm::cast<::mini::WarpTileType>($_self).isAccumulator()">]>,
                        "warp accumulator tile", "::mini::WarpTileType">;
def Mini_OperandTile : Type<And<[CPred<"::llvm::isa<::mini::WarpTileType>($_self)">,
                                 CPred<"!::llvm::cast<::mini::WarpTileType>($_self).isAccumulator()">]>,
                            "warp operand tile", "::mini::WarpTileType">;

#endif // MINI_TYPES_TD
