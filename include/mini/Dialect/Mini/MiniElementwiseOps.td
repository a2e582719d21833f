#ifndef MINI_ELEMENTWISE_OPS_TD
#define MINI_ELEMENTWISE_OPS_TD

// Elementwise ops: the glue between the big ops of an LLM layer (bias,
// activation, residual, scale, cast, transpose, mask, reshape). Each but
// reshape (a view) lowers on its own to one memory-bound kernel; mini-fuse
// folds them into their neighbours.

include "mini/Dialect/Mini/MiniDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

class Mini_BinaryOp<string mnemonic, string formula> : Mini_Op<mnemonic, [Pure]> {
  let summary = "Elementwise " # mnemonic # ", the second operand broadcast over leading dims";
  let description = [{
    `y[..., i] = }] # formula # [{`, computed in f32. `b`'s shape equals `a`'s
    or a suffix of it (a bias or per-channel vector broadcast over the
    leading dims of `a`); the element types agree and the result has
    `a`'s type.

    ```mlir
    %y = mini.}] # mnemonic # [{ %a, %b : tensor<8x4096xf16>, tensor<4096xf16> -> tensor<8x4096xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$lhs, Mini_Tensor:$rhs);
  let results = (outs Mini_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mini_AddOp : Mini_BinaryOp<"add", "a[..., i] + b[..., i]">;
def Mini_MulOp : Mini_BinaryOp<"mul", "a[..., i] * b[..., i]">;

class Mini_UnaryOp<string mnemonic, string summaryText, list<Trait> traits = []>
    : Mini_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = summaryText;
  let results = (outs Mini_Tensor:$result);
  let hasVerifier = 1;
}

def Mini_SiluOp : Mini_UnaryOp<"silu", "SiLU (swish): x * sigmoid(x), elementwise"> {
  let description = [{
    `y = x / (1 + exp(-x))`, computed in f32; the result has the input's type.

    ```mlir
    %y = mini.silu %x : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Mini_GeluOp : Mini_UnaryOp<"gelu", "GELU, exact (erf) or tanh-approximated, elementwise"> {
  let description = [{
    `approximate = "none"` (the default): `y = x / 2 * (1 + erf(x / sqrt(2)))`;
    `approximate = "tanh"`: `y = x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3)))`,
    as PyTorch's `gelu(approximate=...)`. Computed in f32.

    ```mlir
    %y = mini.gelu %x {approximate = "tanh"} : tensor<8x3072xf16> -> tensor<8x3072xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input, DefaultValuedStrAttr<StrAttr, "none">:$approximate);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let extraClassDeclaration = [{
    bool isTanh() { return getApproximate() == "tanh"; }
  }];
}

def Mini_ScaleOp : Mini_UnaryOp<"scale", "Multiplication by a constant, elementwise"> {
  let description = [{
    `y = x * factor`, computed in f32; `factor` is finite.

    ```mlir
    %y = mini.scale %x {factor = 0.125 : f32} : tensor<8x64xf16> -> tensor<8x64xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input, F32Attr:$factor);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Mini_CastOp : Mini_UnaryOp<"cast", "Conversion between f16, bf16 and f32, elementwise"> {
  let description = [{
    The same shape in another element type, rounded to nearest even (NaN
    and infinities kept; values past the narrow type's range become
    infinities).

    ```mlir
    %y = mini.cast %x : tensor<8x4096xf32> -> tensor<8x4096xbf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Mini_TransposeOp : Mini_UnaryOp<"transpose", "Swaps two adjacent dimensions (by default the last two)"> {
  let description = [{
    `y[..., j, i] = x[..., i, j]`; rank >= 2, the same element type. With
    `permutation` (upstream `linalg.transpose`'s form: result dim `k` is
    input dim `permutation[k]`), any two adjacent dims may swap, e.g. a
    projection's `tokens x heads x D` into `mini.attention`'s
    `heads x tokens x D`; permutations that move more than one pair of
    dims are rejected.

    ```mlir
    %kt = mini.transpose %k : tensor<2x8x128x64xf16> -> tensor<2x8x64x128xf16>
    %qh = mini.transpose %q {permutation = array<i64: 0, 2, 1, 3>}
        : tensor<1x?x32x128xf16> -> tensor<1x32x?x128xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input, OptionalAttr<DenseI64ArrayAttr>:$permutation);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let extraClassDeclaration = [{
    /// The first of the two swapped dims (rank - 2 without `permutation`).
    int64_t getSwappedDim();
  }];
}

def Mini_ReshapeOp : Mini_Op<"reshape", [Pure]> {
  let summary = "The same elements in row-major order under another shape (a view, no kernel)";
  let description = [{
    The result holds the input's elements in the same row-major order: the
    element types agree, the static dims' products agree, and the dynamic
    dims carry over in order (the result's k-th dynamic dim is the input's
    k-th). It launches nothing: the kernels that read the result read the
    input's buffer.

    ```mlir
    %q4 = mini.reshape %q : tensor<?x4096xf16> -> tensor<1x?x32x128xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input);
  let results = (outs Mini_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Mini_CausalMaskOp : Mini_UnaryOp<"causal_mask", "Sets scores above the causal diagonal to -inf"> {
  let description = [{
    Over the last two dims (`S x T`, rank >= 2): `y[..., i, j] = -inf` where
    `j > i + T - S`, else `x[..., i, j]`: aligned to the bottom right like
    `mini.attention`'s causal mask, so with `S = T` row `i` keeps keys
    `0..i`. Masked entries become -inf even where `x` holds NaN.

    ```mlir
    %m = mini.causal_mask %s : tensor<2x8x128x128xf32> -> tensor<2x8x128x128xf32>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Mini_ElementwiseOp : Mini_Op<"elementwise", [Pure, IsolatedFromAbove]> {
  let summary = "A fused chain of elementwise ops: one f32 expression per element";
  let description = [{
    `mini-fuse` builds it from a chain of `add`, `mul`, `silu`, `gelu`,
    `scale` and `cast` ops; it lowers to one kernel that reads each input
    once and writes the result once. The body computes one element in f32
    from one element of each input (block arguments, in input order) with
    `arith` (`addf`, `subf`, `mulf`, `divf`, `negf`, `constant`) and `math`
    (`exp`, `erf`, `tanh`, `fma`) ops, and yields it. An input has the
    result's shape or, broadcast over the leading dims, a suffix of it (one
    suffix for every such input; at least one input has the result's
    shape); element types may differ (f16, bf16, f32).

    ```mlir
    %y = mini.elementwise %h, %bias : tensor<8x4096xf16>, tensor<4096xf16> -> tensor<8x4096xf16> {
    ^bb0(%x: f32, %b: f32):
      %s = arith.addf %x, %b : f32
      mini.yield %s : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Mini_Tensor>:$inputs);
  let results = (outs Mini_Tensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $inputs attr-dict `:` type($inputs) `->` type($result) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::mlir::Type":$result, "::mlir::ValueRange":$inputs)>];
  let extraClassDeclaration = [{
    /// The first input of the result's shape (the verifier requires one).
    ::mlir::Value getShapeSource() {
      for (unsigned i = 0; i < getInputs().size(); ++i)
        if (!isBroadcast(i))
          return getInputs()[i];
      return {};
    }
    /// Whether input `i` is broadcast (a suffix of the result's shape).
    bool isBroadcast(unsigned i) {
      return ::llvm::cast<::mlir::RankedTensorType>(getInputs()[i].getType()).getRank() <
             ::llvm::cast<::mlir::RankedTensorType>(getResult().getType()).getRank();
    }
  }];
}

def Mini_YieldOp : Mini_Op<"yield", [Pure, Terminator,
    ParentOneOf<["ElementwiseOp", "MatmulOp", "BlockMatmulOp", "WarpStoreOp"]>]> {
  let summary = "The value of one element of a mini.elementwise or a matmul's epilogue";
  let arguments = (ins F32:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

#endif // MINI_ELEMENTWISE_OPS_TD
