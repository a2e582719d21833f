#ifndef MINI_OPS_TD
#define MINI_OPS_TD

include "mini/Dialect/Mini/MiniDialect.td"
include "mini/Dialect/Mini/MiniAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Mini_MatmulOp : Mini_Op<"matmul", [Pure, IsolatedFromAbove, AttrSizedOperandSegments]> {
  let summary = "Matrix product with f32 accumulation, optionally batched";
  let description = [{
    `C[b..., m, n] = sum_k A[b..., m, k] * B[b..., k, n]`, accumulated in f32
    whatever the operands' element type, then converted to the result's element
    type. Operands are rank 2, or share identical leading batch dimensions.

    ```mlir
    %c = mini.matmul %a, %b : tensor<64x32xf16>, tensor<32x16xf16> -> tensor<64x16xf32>
    ```

    `config` says how the kernel tiles the product. When the sizes are only
    known at launch, `size_variants` lists configs with smaller tiles (each
    its own kernel), `sm_count` the SMs of the target and `tile_rates` the
    rate of each kernel (`config` first, then the variants) in the cost
    model, in percent of `config`'s. A launch takes the first variant whose
    `variant_max_m` (one per variant, 0 for none) is at least M (the gemv
    kernel for M <= 8, 16-row tensor-core tiles for M <= 16) and whose
    `variant_max_n` (where given: one per variant, 0 for any N) is at least
    N, else the kernel
    of least `ceil(blocks / sm_count) * tile_m * tile_n * 100 / rate` (waves
    of blocks times the time per wave) among the others, the first one on a
    tie.

    An `epilogue` (mini-fuse builds it from the elementwise ops that consume
    the product) maps each f32 accumulator to the value stored, before the
    conversion to the result's element type: its body takes the accumulator
    and one f32 element of each epilogue input and yields one f32, with the
    ops of a `mini.elementwise` body. An epilogue input has the result's
    shape (a residual) or is a vector of N (a bias along the columns).

    With `up` (a second right-hand side of `rhs`'s type: SwiGLU's gate and
    up projections, which mini-fuse's SwiGLU rule joins), the value the
    epilogue and the store see is `silu(A x rhs) * (A x up)`, both products
    accumulated in f32 from the same A tiles.

    ```mlir
    %h = mini.matmul %x, %w_gate up(%w_up : tensor<4096x14336xf16>)
           : tensor<?x4096xf16>, tensor<4096x14336xf16> -> tensor<?x14336xf16>
    ```

    `precision` (f32 operands only): "ieee" (the default) multiplies in f32
    on CUDA cores, exactly; "tf32" lets the tensor cores multiply the
    operands as TF32 (10 mantissa bits, as cuBLAS's
    CUBLAS_COMPUTE_32F_FAST_TF32 and Triton's `input_precision = "tf32"`),
    accumulating in f32.

    ```mlir
    %c = mini.matmul %a, %b {precision = "tf32"}
           : tensor<?x4096xf32>, tensor<4096x4096xf32> -> tensor<?x4096xf32>
    ```

    ```mlir
    %y = mini.matmul %x, %w epilogue(%bias : tensor<4096xf16>)
           : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16> {
    ^bb0(%acc: f32, %b: f32):
      %s = arith.addf %acc, %b : f32
      mini.yield %s : f32
    }
    ```
  }];
  let arguments = (ins Mini_Tensor:$lhs, Mini_Tensor:$rhs, Optional<Mini_Tensor>:$up,
                       Variadic<Mini_Tensor>:$epilogue_inputs,
                       OptionalAttr<Mini_MatmulConfigAttr>:$config,
                       OptionalAttr<TypedArrayAttrBase<Mini_MatmulConfigAttr,
                                                       "matmul configs">>:$size_variants,
                       OptionalAttr<I64Attr>:$sm_count,
                       OptionalAttr<DenseI64ArrayAttr>:$tile_rates,
                       OptionalAttr<DenseI64ArrayAttr>:$variant_max_m,
                       OptionalAttr<DenseI64ArrayAttr>:$variant_max_n,
                       OptionalAttr<StrAttr>:$precision);
  let results = (outs Mini_Tensor:$result);
  let regions = (region AnyRegion:$epilogue);
  let assemblyFormat = [{
    $lhs `,` $rhs (`up` `(` $up^ `:` type($up) `)`)?
    (`epilogue` `(` $epilogue_inputs^ `:` type($epilogue_inputs) `)`)?
    attr-dict `:` type($lhs) `,` type($rhs) `->` type($result) ($epilogue^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    bool hasEpilogue() { return !getEpilogue().empty(); }
    /// Whether the tensor cores may multiply f32 operands as TF32.
    bool allowsTf32() { return getPrecision() == "tf32"; }
    /// verify()'s second half: the size variants, their rates and the M
    /// each takes, sm_count.
    ::mlir::LogicalResult verifyLaunchChoices();
    /// Whether epilogue input `i` is a bias along N (else it has the
    /// result's shape).
    bool isBiasInput(unsigned i) {
      return ::llvm::cast<::mlir::RankedTensorType>(getEpilogueInputs()[i].getType()).getRank() <
             ::llvm::cast<::mlir::RankedTensorType>(getResult().getType()).getRank();
    }
  }];
}

// Row configs a launch chooses from by the row length (rows of dynamic
// length): the op's `config`, then these, each for rows up to its cached
// length (cache_slots x vector_width x threads per row); the last one for
// any longer row.
def Mini_RowConfigArrayAttr : TypedArrayAttrBase<Mini_RowConfigAttr, "row configs">;

def Mini_SoftmaxOp : Mini_Op<"softmax", [Pure]> {
  let summary = "Softmax along the last dimension";
  let description = [{
    `y[..., i] = exp(x[..., i] - max(x[..., :])) / sum_j exp(x[..., j] - max(x[..., :]))`,
    computed in f32. Any rank >= 1; the result has the input's type.
    With rows of dynamic length, `mini-select-row-config` adds
    `length_variants`: configs for longer rows, one kernel each, of which a
    launch runs the first whose cached length holds the row (a staged config
    followed by an unstaged one of the same length: the staged one if the
    row is not a whole number of 16-byte vectors).

    ```mlir
    %y = mini.softmax %x : tensor<8x1000xf16> -> tensor<8x1000xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input, OptionalAttr<Mini_RowConfigAttr>:$config,
                       OptionalAttr<Mini_RowConfigArrayAttr>:$length_variants);
  let results = (outs Mini_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Mini_RmsNormOp : Mini_Op<"rmsnorm", [Pure]> {
  let summary = "RMS normalization along the last dimension, scaled by a weight";
  let description = [{
    `y[..., i] = x[..., i] / sqrt(mean_j(x[..., j]^2) + epsilon) * w[i]`, with
    the mean accumulated in f32. `w` has the size of the last dimension.

    ```mlir
    %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32}
        : tensor<4x4096xbf16>, tensor<4096xbf16> -> tensor<4x4096xbf16>
    ```

    With a `residual` (of the input's shape and type), the op normalizes the
    sum `h = x + r`, rounded to the element type as `mini.add` stores it;
    the optional second result is that sum (a residual stream's next value),
    written by the same kernel (`mini-fuse` makes this form from
    `rmsnorm(add(x, r), w)`):

    ```mlir
    %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-06 : f32}
        : tensor<?x4096xf16> + tensor<?x4096xf16>, tensor<4096xf16>
        -> tensor<?x4096xf16>, tensor<?x4096xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input, Optional<Mini_Tensor>:$residual, Mini_Tensor:$weight,
                       F32Attr:$epsilon,
                       OptionalAttr<Mini_RowConfigAttr>:$config,
                       OptionalAttr<Mini_RowConfigArrayAttr>:$length_variants);
  let results = (outs Mini_Tensor:$result, Optional<Mini_Tensor>:$sum);
  let assemblyFormat = [{
    $input (`+` $residual^)? `,` $weight attr-dict `:` type($input) (`+` type($residual)^)? `,`
    type($weight) `->` type($result) (`,` type($sum)^)?
  }];
  let hasVerifier = 1;
}

def Mini_LayerNormOp : Mini_Op<"layernorm", [Pure]> {
  let summary = "Layer normalization along the last dimension, with weight and bias";
  let description = [{
    `y[..., i] = (x[..., i] - mean) / sqrt(var + epsilon) * w[i] + b[i]`, the
    mean and the (biased) variance over the last dimension, accumulated in
    f32. `w` and `b` have the size of the last dimension. Same row kernels
    and `#mini.row_config` as `mini.rmsnorm`, and the same optional
    `residual` operand and `sum` result.

    ```mlir
    %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32}
        : tensor<4x4096xf16>, tensor<4096xf16>, tensor<4096xf16> -> tensor<4x4096xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$input, Optional<Mini_Tensor>:$residual, Mini_Tensor:$weight,
                       Mini_Tensor:$bias, F32Attr:$epsilon,
                       OptionalAttr<Mini_RowConfigAttr>:$config,
                       OptionalAttr<Mini_RowConfigArrayAttr>:$length_variants);
  let results = (outs Mini_Tensor:$result, Optional<Mini_Tensor>:$sum);
  let assemblyFormat = [{
    $input (`+` $residual^)? `,` $weight `,` $bias attr-dict `:` type($input)
    (`+` type($residual)^)? `,` type($weight) `,` type($bias) `->` type($result)
    (`,` type($sum)^)?
  }];
  let hasVerifier = 1;
}

def Mini_AttentionOp : Mini_Op<"attention", [Pure]> {
  let summary = "Scaled dot-product attention with optional causal mask and GQA";
  let description = [{
    `O = softmax(Q K^T * scale [+ causal mask]) V` per batch and head.
    Q is `BxHxSxD`, K and V are `BxGxTxD` with `H % G == 0`: query head `h`
    reads key/value head `h / (H / G)` (grouped-query attention; `G = H` is
    plain multi-head attention). `scale` defaults to `1/sqrt(D)`.
    With `causal`, the mask is aligned to the bottom right as in
    FlashAttention 2.1+: query `i` sees key `j` iff `j <= i + T - S`, so a
    decode step with `S = 1` sees every key. A masked key contributes
    nothing, even when its value holds NaN or Inf. A query row that sees no
    key at all (possible only when `S > T`) produces zeros; a row whose
    visible scores are all -inf produces NaN, as softmax over them does. NaN
    in visible inputs propagates to the rows that see it.

    `config` says how the kernel maps the rows and keys (tensor cores or
    CUDA cores); `mini-select-attention-config` picks it. `short_config`,
    where set (beside a `config`), is a second kernel's for at most
    `kShortKeys` keys (eight times as many with causal up to D = 64; and,
    without causal, `kShortKeys` query rows): where T (and S)
    are static it is built alone if they are that short, else the launch
    takes it where they are.

    ```mlir
    %o = mini.attention %q, %k, %v {scale = 0.125 : f32, causal}
        : tensor<2x8x128x64xf16>, tensor<2x2x128x64xf16>, tensor<2x2x128x64xf16>
        -> tensor<2x8x128x64xf16>
    ```
  }];
  let arguments = (ins Mini_Tensor:$query, Mini_Tensor:$key, Mini_Tensor:$value,
                       OptionalAttr<F32Attr>:$scale, UnitAttr:$causal,
                       OptionalAttr<Mini_AttentionConfigAttr>:$config,
                       OptionalAttr<Mini_AttentionConfigAttr>:$short_config);
  let results = (outs Mini_Tensor:$result);
  let assemblyFormat = [{
    $query `,` $key `,` $value attr-dict `:` type($query) `,` type($key) `,`
    type($value) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The scale actually applied: the attribute, or 1/sqrt(D) when absent.
    /// Returns std::nullopt when D is dynamic and no scale is given.
    std::optional<float> getEffectiveScale();
    /// The most keys (T; with causal up to D = 64, eight times as many),
    /// and without causal query rows (S), at which a launch runs
    /// `short_config`'s kernel.
    static constexpr int64_t kShortKeys = 1024;
  }];
}

include "mini/Dialect/Mini/MiniWarpOps.td"
include "mini/Dialect/Mini/MiniStageOps.td"
include "mini/Dialect/Mini/MiniElementwiseOps.td"

#endif // MINI_OPS_TD
