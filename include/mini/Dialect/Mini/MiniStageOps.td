#ifndef MINI_STAGE_OPS_TD
#define MINI_STAGE_OPS_TD

// Block-level copies of matmul operand tiles into shared-memory stages.
// mini-lower-to-gpu builds the tensor-core kernels' pipelines from them;
// mini-lower-stage-copies turns each into the copies of every thread.

include "mini/Dialect/Mini/MiniDialect.td"
include "mlir/Dialect/NVGPU/IR/NVGPUTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Mini_StageCopyOp : Mini_Op<"stage_copy"> {
  let summary = "The block's A and B tiles of one K step, copied into a shared-memory stage";
  let description = [{
    Copies the `tile_m x tile_k` tile of A (rows `row0 ..`, row-major
    `m x k` at `a_base`) and the `tile_k x tile_n` tile of B (columns
    `col0 ..`, row-major `k x n` at `b_base`) of K step `step` into stage
    `stage` of `sa` (`[stages, tile_m, >= tile_k]`) and `sb` (`[stages,
    tile_k, >= tile_n]`). Elements outside the matrices are zero. The
    block's `threads` threads share the work, 8 elements per thread and copy.

    With `async` (cp.async, which needs `k` and `n` to be multiples of 8 at
    run time), the copies are 16 bytes each and complete when the returned
    token is waited for; step `s` covers depths `s * tile_k - pad ..` with
    `pad = ceildiv(k, tile_k) * tile_k - k`, so that only step 0 is partial,
    and a step at or past `ceildiv(k, tile_k)` is all zeros. `interior`
    promises `step >= 1`, so no depth below 0 needs a check. Without
    `async`, the copies are element by element and done when the op is;
    step `s` covers depths `s * tile_k ..` (the residue last).
  }];
  let arguments = (ins Arg<MemRefRankOf<[F16, BF16], [1]>, "A", [MemRead]>:$a, Index:$a_base,
                       Arg<MemRefRankOf<[F16, BF16], [1]>, "B", [MemRead]>:$b, Index:$b_base,
                       Index:$row0, Index:$col0, Index:$m, Index:$n, Index:$k,
                       Arg<AnyStaticShapeMemRef, "A stages", [MemWrite]>:$sa,
                       Arg<AnyStaticShapeMemRef, "B stages", [MemWrite]>:$sb,
                       Index:$stage, Index:$step,
                       DenseI64ArrayAttr:$tile, I64Attr:$threads, UnitAttr:$async,
                       UnitAttr:$interior);
  let results = (outs Optional<NVGPU_DeviceAsyncToken>:$token);
  let assemblyFormat = [{
    $a `[` $a_base `]` `,` $b `[` $b_base `]` `block` `(` $row0 `,` $col0 `)`
    `sizes` `(` $m `,` $n `,` $k `)` `into` $sa `,` $sb `[` $stage `]` `step` $step
    attr-dict `:` type($a) `,` type($b) `,` type($sa) `,` type($sb) (`->` type($token)^)?
  }];
  let hasVerifier = 1;
}

#endif // MINI_STAGE_OPS_TD
