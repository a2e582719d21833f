#ifndef MINI_STAGE_OPS_TD
#define MINI_STAGE_OPS_TD

// Block-level ops of the tensor-core matmul: a block's tile of the matmul
// (mini-lower-to-gpu emits it, mini-promote-tiles stages its operands in
// shared memory), and the copies of operand tiles into shared-memory stages
// (mini-lower-stage-copies turns each into the copies of every thread).

include "mini/Dialect/Mini/MiniDialect.td"
include "mini/Dialect/Mini/MiniAttrs.td"
include "mlir/Dialect/NVGPU/IR/NVGPUTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Mini_BlockMatmulOp : Mini_Op<"block_matmul", [AttrSizedOperandSegments, IsolatedFromAbove]> {
  let summary = "One thread block's tile of a matmul on tensor cores";
  let description = [{
    The block's `tile_m x tile_n` tile of `C = A x B` (the tile sizes of
    `config`), at rows `row0 ..` and columns `col0 ..` of batch `batch`: A
    is row-major `m x k` at `a_base`, B `k x n` at `b_base`, C `m x n` at
    `c_base`; rows and columns past `m` and `n` are not written. f16 or
    bf16 operands (or f32 ones multiplied as tf32 by a mma_sync config),
    f32 accumulation, C converted to its element type. With
    `copy = "tma"` in the config, `tensor_maps` are the CUtensorMap
    pointers of A (boxes [1, tile_m, tile_k]) and B (boxes [1, tile_k, 64]).
    mini-promote-tiles lowers it: shared-memory stages, their copies, and
    each warp's share of the math.

    With `tail_block` (config `tail_splits` > 1, TMA with a producer
    warpgroup), the block computes a share of the last tiles' K steps,
    stream-K style, and `batch`, `row0` and `col0` are not used: the tiles
    after the first `unsplit_tiles` (numbered along N, then M; one batch)
    are laid end to end as one sequence of K steps, and this block computes
    the `steps_per_block` steps from `tail_block * steps_per_block` (fewer
    at the end), which span at most two tiles (`steps_per_block` must not
    exceed a tile's K steps). For split tile `t` (counted from 0) it writes
    its f32 partial tile (`tile_m x tile_n`, row-major) to slot
    `tail_block + t` of `partials` and counts itself in `counters[t]`; the
    last of the tile's blocks to count (it resets the counter to 0) adds the
    tile's slots in block order and writes C. `k` and `n` must be multiples
    of 8 (there is no scalar path). It must be the only one of its kernel,
    whose blocks have `32 x warps_m x warps_n` threads (and the producer
    warps) and the config's dynamic shared memory (as mini-lower-to-gpu
    launches them).

    An `epilogue` (mini.matmul's) maps each f32 accumulator before C's
    conversion; its inputs are flat, indexed like C (from `c_base`) or,
    where `bias_inputs` says so, by C's column alone.

    With `up_pair` (a SwiGLU pair: mini.matmul with `up`; wgmma with a
    producer warpgroup, no tail, no clusters), `tensor_maps` has a third
    map, of the second right-hand side, and the block's C tile is
    `tile_m x tile_n / 2`: its B tile is columns `col0 ..` of B beside the
    same columns of the second matrix, and C is `silu(A x B) * (A x up)`
    (then the epilogue). `k` and `n` must be multiples of 8.
  }];
  let arguments = (ins MemRefRankOf<[F16, BF16, F32], [1]>:$a, Index:$a_base,
                       MemRefRankOf<[F16, BF16, F32], [1]>:$b, Index:$b_base,
                       MemRefRankOf<[F16, BF16, F32], [1]>:$c, Index:$c_base,
                       Index:$batch, Index:$row0, Index:$col0, Index:$m, Index:$n, Index:$k,
                       Variadic<AnyType>:$tensor_maps,
                       Optional<Index>:$tail_block, Optional<Index>:$steps_per_block,
                       Optional<Index>:$unsplit_tiles,
                       Optional<MemRefRankOf<[F32], [1]>>:$partials,
                       Optional<MemRefRankOf<[I32], [1]>>:$counters,
                       Variadic<MemRefRankOf<[F16, BF16, F32], [1]>>:$epilogue_inputs,
                       OptionalAttr<DenseBoolArrayAttr>:$bias_inputs,
                       Mini_MatmulConfigAttr:$config, UnitAttr:$up_pair);
  let regions = (region AnyRegion:$epilogue);
  let assemblyFormat = [{
    $a `[` $a_base `]` `,` $b `[` $b_base `]` `->` $c `[` $c_base `]`
    `block` `(` $row0 `,` $col0 `)` `batch` $batch `sizes` `(` $m `,` $n `,` $k `)`
    (`tensor_maps` `(` $tensor_maps^ `:` type($tensor_maps) `)`)?
    (`tail` `block` $tail_block^ `width` $steps_per_block `after` $unsplit_tiles
     `partials` $partials `counters` $counters `:` type($partials) `,` type($counters))?
    (`epilogue` `(` $epilogue_inputs^ `:` type($epilogue_inputs) `)`)?
    attr-dict `:` type($a) `,` type($b) `,` type($c) ($epilogue^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    bool isTail() { return static_cast<bool>(getTailBlock()); }
  }];
}

def Mini_StageCopyOp : Mini_Op<"stage_copy"> {
  let summary = "The block's A and B tiles of one K step, copied into a shared-memory stage";
  let description = [{
    Copies the `tile_m x tile_k` tile of A (rows `row0 ..`, row-major
    `m x k` at `a_base`) and the `tile_k x tile_n` tile of B (columns
    `col0 ..`, row-major `k x n` at `b_base`) of K step `step` into stage
    `stage` of `sa` (`[stages, tile_m, >= tile_k]`) and `sb` (`[stages,
    tile_k, >= tile_n]`). Elements outside the matrices are zero. The
    block's `threads` threads share the work, 16 bytes per thread and copy
    (8 f16 or bf16 elements, 4 f32).

    With `async` (cp.async, which needs the rows of A and B, `k` and `n`
    elements, to be whole 16-byte chunks at run time), the copies are 16 bytes each and complete when the returned
    token is waited for; step `s` covers depths `s * tile_k - pad ..` with
    `pad = ceildiv(k, tile_k) * tile_k - k`, so that only step 0 is partial,
    and a step at or past `ceildiv(k, tile_k)` is all zeros. `interior`
    promises `step >= 1`, so no depth below 0 needs a check. Without
    `async`, the copies are element by element and done when the op is;
    step `s` covers depths `s * tile_k ..` (the residue last).

    With `first_step`, the step copied is `first_step + step` (a block that
    computes only some of the K steps).

    With `swizzled` (not `async`), the stages are TMA's instead, for wgmma
    to read where TMA cannot copy (rows not 16-byte aligned): `sa` is
    `[stages, tile_m, tile_k]` and `sb` `[stages, tile_n / 64, tile_k, 64]`,
    rows of 128 bytes whose 16-byte chunk c is stored at c ^ (row mod 8),
    as TMA's 128-byte swizzle lays them out. Each thread then fences its
    stores for the async proxy (`fence.proxy.async.shared::cta`), so that
    wgmma reads them after the next barrier.
  }];
  let arguments = (ins Arg<MemRefRankOf<[F16, BF16, F32], [1]>, "A", [MemRead]>:$a, Index:$a_base,
                       Arg<MemRefRankOf<[F16, BF16, F32], [1]>, "B", [MemRead]>:$b, Index:$b_base,
                       Index:$row0, Index:$col0, Index:$m, Index:$n, Index:$k,
                       Arg<AnyStaticShapeMemRef, "A stages", [MemWrite]>:$sa,
                       Arg<AnyStaticShapeMemRef, "B stages", [MemWrite]>:$sb,
                       Index:$stage, Index:$step, Optional<Index>:$first_step,
                       DenseI64ArrayAttr:$tile, I64Attr:$threads, UnitAttr:$async,
                       UnitAttr:$interior, UnitAttr:$swizzled);
  let results = (outs Optional<NVGPU_DeviceAsyncToken>:$token);
  let assemblyFormat = [{
    $a `[` $a_base `]` `,` $b `[` $b_base `]` `block` `(` $row0 `,` $col0 `)`
    `sizes` `(` $m `,` $n `,` $k `)` `into` $sa `,` $sb `[` $stage `]` `step` $step
    (`after` $first_step^)? attr-dict `:` type($a) `,` type($b) `,` type($sa) `,` type($sb) (`->` type($token)^)?
  }];
  let hasVerifier = 1;
}

def Mini_StageCopyTmaOp : Mini_Op<"stage_copy_tma", [AttrSizedOperandSegments]> {
  let summary = "TMA box copies of the block's A and B tiles of one K step into a stage";
  let description = [{
    Issues the Hopper TMA copies (`cp.async.bulk.tensor`) of K step `step`
    into stage `stage`: one `tile_m x tile_k` box of A at rows `row0 ..`
    (tensor map `desc_a`, box [1, tile_m, tile_k]) into `sa` (`[stages,
    tile_m, tile_k]`), and the `tile_k x tile_n` tile of B at columns
    `col0 ..` as `tile_n / box` boxes of `box` columns (tensor map `desc_b`)
    into `sb` (`[stages, tile_n / box, tile_k, box]`), both of batch
    `batch`. The stages are unpadded and carry TMA's XOR swizzle (rows of
    32, 64 or 128 bytes). Step `s` covers depths `s * tile_k - pad ..` with
    `pad = ceildiv(k, tile_k) * tile_k - k`, so that only step 0 is partial,
    where `k` is a multiple of the 16-byte chunk; else (the rows of A are a
    padded copy) `pad = 0` and the last step is partial, since a box must
    start on a 16-byte boundary. TMA zero-fills what lies outside the
    matrices.

    `barriers` holds two mbarriers per stage: the stage's "full" barrier at
    `stage` and its "empty" one at `stages + stage`. The op arms the full
    barrier with the bytes of both tiles (one arrival); the copies complete
    on it. The thread that runs the op issues the copies: the kernel runs it
    from one thread.

    With `cluster_m` > 1, the blocks of a cluster (ranks 0 .. cluster_m - 1)
    share the B tile: each copies its rank's share of the B boxes and
    multicasts it into every block of the cluster.

    With `first_step`, the step copied is `first_step + step`.

    With `desc_up` (a SwiGLU pair; no clusters), the first half of the B
    boxes are columns `col0 ..` of `desc_b`'s matrix and the second half
    the same columns of `desc_up`'s.
  }];
  let arguments = (ins AnyType:$desc_a, AnyType:$desc_b, Optional<AnyType>:$desc_up,
                       Index:$row0, Index:$col0,
                       Index:$batch, Index:$k, AnyStaticShapeMemRef:$sa,
                       AnyStaticShapeMemRef:$sb, AnyStaticShapeMemRef:$barriers,
                       Index:$stage, Index:$step, Optional<Index>:$first_step,
                       DefaultValuedAttr<I64Attr, "1">:$cluster_m);
  let assemblyFormat = [{
    $desc_a `,` $desc_b (`up` $desc_up^ `:` type($desc_up))?
    `block` `(` $row0 `,` $col0 `)` `batch` $batch `depth` $k
    `into` $sa `,` $sb `[` $stage `]` `step` $step (`after` $first_step^)?
    `barriers` $barriers attr-dict `:`
    type($desc_a) `,` type($desc_b) `,` type($sa) `,` type($sb) `,` type($barriers)
  }];
  let hasVerifier = 1;
}

def Mini_StageWaitOp : Mini_Op<"stage_wait"> {
  let summary = "Waits for a use of a stage's full (or, released, empty) mbarrier";
  let description = [{
    Blocks until phase `use` (counted from 0) of stage `stage`'s "full"
    mbarrier in `barriers` has completed (its TMA copies landed), or with
    `released`, of its "empty" one (every thread of every block in the
    cluster released the stage). Layout of `barriers`: see
    `mini.stage_copy_tma`.

    `filled_below` (math loops beside a producer loop only, for
    mini-pipeline-stages): the producer fills every step below it, past
    the end of this loop too, so the pipelined loop's wait for the step
    after its last is a real one while that step is below `filled_below`.
    Without it, the producer stops at the loop's end.
  }];
  let arguments = (ins AnyStaticShapeMemRef:$barriers, Index:$stage, Index:$use,
                       Optional<Index>:$filled_below, UnitAttr:$released);
  let assemblyFormat = [{
    $barriers `[` $stage `]` `use` $use (`released` $released^)?
    (`filled_below` $filled_below^)? attr-dict `:` type($barriers)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$barriers, "::mlir::Value":$stage, "::mlir::Value":$use,
                   "bool":$released,
                   CArg<"::mlir::Value", "{}">:$filled_below), [{
      build($_builder, $_state, barriers, stage, use, filled_below, released);
    }]>
  ];
  let hasVerifier = 1;
}

def Mini_StageReleaseOp : Mini_Op<"stage_release"> {
  let summary = "This thread is done reading a stage: arrive on its empty mbarrier";
  let description = [{
    Arrives on stage `stage`'s "empty" mbarrier in `barriers` (see
    `mini.stage_copy_tma`), in every block of the cluster when `cluster_m`
    > 1: their copies write into this block's stage too.
  }];
  let arguments = (ins AnyStaticShapeMemRef:$barriers, Index:$stage,
                       DefaultValuedAttr<I64Attr, "1">:$cluster_m);
  let assemblyFormat = "$barriers `[` $stage `]` attr-dict `:` type($barriers)";
  let hasVerifier = 1;
}

#endif // MINI_STAGE_OPS_TD
