#ifndef MINI_WARP_OPS_TD
#define MINI_WARP_OPS_TD

// Warp-level matmul ops. mini-lower-to-gpu builds the tensor-core kernels
// from them (tiled to blocks and warps, operands staged in shared memory,
// pipelined); mini-lower-mma spreads each warp tile over the lanes as
// mma.sync or WMMA fragments, as the enclosing function's `mini.mma_kind`
// says.

include "mini/Dialect/Mini/MiniDialect.td"
include "mini/Dialect/Mini/MiniTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Mini_WarpZeroOp : Mini_Op<"warp_zero", [Pure]> {
  let summary = "A warp's accumulator tile, all zeros";
  let results = (outs Mini_AccTile:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Mini_WarpLoadOp : Mini_Op<"warp_load"> {
  let summary = "A warp's A or B operand tile of one 16-deep step, read from a shared-memory stage";
  let description = [{
    Reads the tile at (`row`, `col`) of stage `stage` of `source`, a
    workgroup memref of the staged A (`[stages, tile_m, tile_k + pad]`) or B
    (`[stages, tile_k, tile_n + pad]`) tiles. With `swizzled`, the stages are
    TMA boxes with the 128-byte XOR swizzle: A as `[stages, tile_m, tile_k]`,
    B as `[stages, tile_n / box, tile_k, box]`; (`row`, `col`) are still
    coordinates in the logical tile.

    ```mlir
    %a = mini.warp_load %sa[%stage, %row, %k] : memref<4x128x40xf16, #gpu.address_space<workgroup>>
        -> !mini.warp_tile<a, 64x16xf16>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "staged tiles", [MemRead]>:$source,
                       Index:$stage, Index:$row, Index:$col, UnitAttr:$swizzled);
  let results = (outs Mini_OperandTile:$result);
  let assemblyFormat = [{
    $source `[` $stage `,` $row `,` $col `]` attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mini_WarpMmaOp : Mini_Op<"warp_mma", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "acc + a x b on a warp's tiles";
  let arguments = (ins Mini_OperandTile:$a, Mini_OperandTile:$b, Mini_AccTile:$acc);
  let results = (outs Mini_AccTile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mini_WarpStoreOp : Mini_Op<"warp_store", [AttrSizedOperandSegments, IsolatedFromAbove]> {
  let summary = "Writes a warp's accumulator tile to C, converted and masked";
  let description = [{
    `dest[offset + (row + i) * cols + col + j] = acc[i][j]`, converted to the
    element type of `dest`, for `row + i < rows` and `col + j < cols` (and,
    with `first_row`, `row + i >= first_row`: a tile whose rows start below
    its own, as the TMA kernels' last row of tiles, leaves the rows below
    to the tile they belong to).
    `scratch` is workgroup memory the store may stage through: with mma.sync,
    `warps * 16 * (tile cols + pad)` elements of C's type, so that rows go
    out as 16-byte chunks (needs `cols` to be a multiple of 8); with WMMA a
    `[warps, 16, 16]` f32 tile per warp, required. `pairs` (mma.sync, no
    scratch): `cols` is even, so each lane's two adjacent outputs go out as
    one store. `any_cols` (mma.sync with scratch): `cols` need not be a
    multiple of the staged chunk (16 bytes of the scratch's type); where it
    is not (a run-time branch), each row's chunks start at its first chunk
    boundary in C, and the elements before and after them are stored one by
    one. An epilogue runs on those chunks too, its bias inputs read element
    by element.

    An `epilogue` (mini.matmul's) maps each f32 accumulator before the
    conversion; its inputs are flat, indexed like `dest` or, where
    `bias_inputs` says so, by the column alone. With mma.sync and scratch,
    the scratch is then f32 and the epilogue runs on the 16-byte chunks read
    back from it.
  }];
  let arguments = (ins Mini_AccTile:$acc,
                       Arg<MemRefRankOf<[F16, BF16, F32], [1]>, "C", [MemWrite]>:$dest,
                       Index:$offset, Index:$row, Index:$col, Index:$rows, Index:$cols,
                       Optional<Index>:$first_row,
                       Arg<Optional<AnyMemRef>, "staging", [MemRead, MemWrite]>:$scratch,
                       UnitAttr:$pairs, UnitAttr:$any_cols,
                       Arg<Variadic<MemRefRankOf<[F16, BF16, F32], [1]>>, "epilogue inputs",
                           [MemRead]>:$epilogue_inputs,
                       OptionalAttr<DenseBoolArrayAttr>:$bias_inputs);
  let regions = (region AnyRegion:$epilogue);
  let assemblyFormat = [{
    $acc `,` $dest `[` $offset `]` `at` `(` $row `,` $col `)` `bounds` `(` $rows `,` $cols `)`
    (`from_row` $first_row^)? (`scratch` `(` $scratch^ `:` type($scratch) `)`)?
    (`epilogue` `(` $epilogue_inputs^ `:` type($epilogue_inputs) `)`)?
    attr-dict `:` type($acc) `,` type($dest) ($epilogue^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Mini_WarpSwigluOp : Mini_Op<"warp_swiglu", [Pure]> {
  let summary = "SwiGLU of a warp's accumulator pair: silu(left half) * right half";
  let description = [{
    `result[i][j] = silu(acc[i][j]) * acc[i][j + cols / 2]`, where `cols` is
    `acc`'s column count: the tile of a SwiGLU pair (mini.block_matmul with
    `up_pair`) holds the gate product's columns beside the up product's.
    With mma.sync (and wgmma) fragments, both halves of an output sit in
    the same lane: no data moves between lanes.

    ```mlir
    %h = mini.warp_swiglu %acc : !mini.warp_tile<acc, 16x256xf32> -> !mini.warp_tile<acc, 16x128xf32>
    ```
  }];
  let arguments = (ins Mini_AccTile:$acc);
  let results = (outs Mini_AccTile:$result);
  let assemblyFormat = "$acc attr-dict `:` type($acc) `->` type($result)";
  let hasVerifier = 1;
}

def Mini_WarpgroupMmaOp : Mini_Op<"warpgroup_mma", [AllTypesMatch<["acc", "result"]>]> {
  let summary = "Issues acc += (the warpgroup's 64 rows of A) x B on one TMA stage, asynchronously";
  let description = [{
    The four warps of a warpgroup (128 threads, all of them, converged)
    multiply rows `row` .. `row + 63` of the A tile in stage `stage` of `sa`
    (`[stages, tile_m, tile_k]`) by the B tile in that stage of `sb`
    (`[stages, tile_n / 64, tile_k, 64]`), both TMA boxes with the 128-byte
    swizzle, and add the product to the group's accumulator: each warp's
    `acc` is its quarter, 16 rows x tile_n, as mma.sync m16n8 fragments lay
    it out. `mini-lower-mma` lowers it to `wgmma.fence`, tile_k / 16
    `wgmma.mma_async` m64n<tile_n>k16 and `wgmma.commit_group`: the result
    is in flight until a `mini.warpgroup_mma_wait` completes it, and may be
    read before that only by another `mini.warpgroup_mma` (which chains on
    it) or that wait.

    ```mlir
    %r = mini.warpgroup_mma stage %stage row %row of %sa, %sb, %acc
        : memref<4x128x64xf16, #gpu.address_space<workgroup>>,
          memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<acc, 16x256xf32>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "A stages", [MemRead]>:$sa,
                       Arg<AnyStaticShapeMemRef, "B stages", [MemRead]>:$sb,
                       Index:$stage, Index:$row, Mini_AccTile:$acc);
  let results = (outs Mini_AccTile:$result);
  let assemblyFormat = [{
    `stage` $stage `row` $row `of` $sa `,` $sb `,` $acc attr-dict `:` type($sa) `,` type($sb)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def Mini_WarpgroupMmaWaitOp : Mini_Op<"warpgroup_mma_wait"> {
  let summary = "Waits until at most `pending` batches of warpgroup_mma are in flight";
  let description = [{
    `wgmma.wait_group pending`: the warpgroup's `mini.warpgroup_mma` batches
    but the `pending` youngest are complete (their shared-memory stages may
    be refilled). Each `tiles` operand is an accumulator completed by it; its
    result is the same tile, readable from here on.

    ```mlir
    mini.warpgroup_mma_wait 1
    %done = mini.warpgroup_mma_wait 0 (%acc) : !mini.warp_tile<acc, 16x256xf32>
    ```
  }];
  let arguments = (ins I64Attr:$pending, Variadic<Mini_AccTile>:$tiles);
  let results = (outs Variadic<Mini_AccTile>:$results);
  let assemblyFormat = [{
    $pending (`(` $tiles^ `)` `:` type($tiles))? attr-dict (`->` type($results)^)?
  }];
  let hasVerifier = 1;
}

#endif // MINI_WARP_OPS_TD
