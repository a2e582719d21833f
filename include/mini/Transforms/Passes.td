#ifndef MINI_TRANSFORMS_PASSES_TD
#define MINI_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def MiniFuse : Pass<"mini-fuse"> {
  let summary = "Fuse chains of mini ops into fewer kernels";
  let description = [{
    The first pass of `--mini-pipeline` (`fuse=0` skips it). Each rule is a
    pattern of its own, applied where fusion is legal: every value it
    removes has no other user, shapes and element types agree, and the
    fused op computes the unfused result within the tolerances.
    - Attention: `matmul(softmax([causal_mask](scale(matmul(q,
      transpose(k))))), v)`, the scale also on q or after the mask, a cast
      between softmax and the last matmul, becomes `mini.attention` with the
      product of the scales and `causal`: no S x T tensor is stored. q, k, v
      are B x H x S|T x D with a static D.
    - Elementwise chains: `add`, `mul`, `silu`, `gelu`, `scale` and `cast`
      feeding one another become one `mini.elementwise` (its body the ops'
      f32 arithmetic), read once and written once; a producer's result must
      have the consumer's shape (a broadcast operand stays an input), the
      broadcast inputs one shape, at most 8 inputs and 64 body ops.
    - Matmul epilogues: such an op (or a fused chain) on a matmul's result,
      of the same shape, joins the matmul's `epilogue`, applied to the f32
      accumulators before the store; its other operands must have the
      result's shape (a residual) or be a vector of N (a bias), at most 7
      of them. An operand of the result's shape joins only a matmul of
      static K >= `epilogue-min-k`: the epilogue's reads are not overlapped
      with the K loop (no persistent kernel yet), and at shallower K they
      cost more than the separate elementwise kernel (docs/PERF.md, "Fusion
      v3"). Attention runs first, so that its scale stays visible.
    - SwiGLU: `mul(silu(matmul(x, w_gate)), matmul(x, w_up))` (either
      order), each product used only there, f16/bf16 with a static N that
      is a multiple of 8, becomes one `mini.matmul` with `up`: both products
      from the same A tiles, only silu(gate) * up written. Runs first of
      all, so that the epilogue rule does not take the silu.
    - Residual norms: `rmsnorm(add(x, r), w)` and `layernorm(add(x, r), w, b)`,
      x and r of one shape, become the norm with the residual `x + r`: one
      row kernel reads x and r and, where the sum has other users, writes it
      as the norm's second result (they read that). Runs before the
      elementwise and epilogue rules, which would otherwise take the add.
  }];
  let options = [
    Option<"epilogueMinK", "epilogue-min-k", "int64_t", "8192",
           "Least static K of a matmul whose epilogue reads a tensor of its result's shape "
           "(0: any K, dynamic included)">,
  ];
  let dependentDialects = ["mini::MiniDialect", "mlir::arith::ArithDialect",
                           "mlir::math::MathDialect"];
}

def MiniSelectRowConfig : Pass<"mini-select-row-config"> {
  let summary = "Choose vector width, warps per row, rows per block and register caching for row ops";
  let description = [{
    Attaches a `#mini.row_config` to every `mini.softmax`, `mini.rmsnorm` and `mini.layernorm`
    that has none, chosen from the row length and element type: 16-byte
    vectors; enough threads per row that each keeps at most 32 values of the
    row in registers (so the row is read once): for a known length under 256
    values a vector a thread (several rows per warp, 256-thread blocks), up
    to 16 warps per row beyond; rows of up to 32 values that may start
    unaligned, and of up to 64 that do, staged through shared memory
    (`staged`). Rows too long for
    registers, of a static length, are kept in shared memory where they fit
    the chip's (`shared_slots`: 16 warps, or 32 with 16 values a thread in
    registers; 224 KB a block on sm_90a) and a static row count fills at
    least 75% of the last wave, so they are still read once; others are
    streamed (8 warps a row where a static row count fills two blocks an
    SM, else 32). On sm_90a, a static count of rows of 64 KB or more that
    leaves over half the SMs idle gets `cluster_blocks`: up to 8 blocks of
    a cluster share each row, each mapped as above for its part; so do
    static f32 rows too long for one block's registers (32769 to 131072
    values): the fewest blocks (2, 4, 8) that keep each part in registers,
    at most 16384 values, where the waves are 75% full. Rows of dynamic length get `length_variants`: the
    defaults for rows of up to 8 (f32: 4), 16, ..., 32768 values (with a
    staged kernel before the band of 64 for its rows that are not whole
    vectors), then 16 streaming warps, one kernel each, chosen at launch by
    the row length. Options override the choice (and replace configs
    already present, with no length variants); -1 keeps the heuristic's
    value.
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "int64_t", "-1", "Elements per vector access">,
    Option<"warpsPerRow", "warps-per-row", "int64_t", "-1", "Warps that share one row">,
    Option<"rowsPerBlock", "rows-per-block", "int64_t", "-1", "Rows per thread block">,
    Option<"cacheSlots", "cache-slots", "int64_t", "-1", "Vectors per thread kept in registers (0: stream)">,
    Option<"rowsPerWarp", "rows-per-warp", "int64_t", "-1", "Rows that share one warp (warps-per-row 1)">,
    Option<"sharedSlots", "shared-slots", "int64_t", "-1", "Vectors per thread kept in shared memory"
           " after the register slots">,
    Option<"clusterBlocks", "cluster-blocks", "int64_t", "-1",
           "Blocks of a cluster that share each row (2, 4 or 8; sm_90a)">,
    Option<"chip", "chip", "std::string", "\"sm_90a\"",
           "Target chip (how much shared memory a block may keep its row in)">
  ];
}

def MiniSelectAttentionConfig : Pass<"mini-select-attention-config"> {
  let summary = "Choose tensor cores or CUDA cores, rows per block and keys per tile for attention";
  let description = [{
    Attaches a `#mini.attention_config` to every `mini.attention` that has
    none: f16 and bf16 with a static head dim D that is a multiple of 8 up to
    256 go to tensor cores. On sm_90a: wgmma (FlashAttention-3 style), two
    consumer warpgroups of 64 query rows and a producer warpgroup, 128-key
    tiles (D > 128: 64). Elsewhere: mma_sync
    (FlashAttention-2 style), 4 warps of 16 query rows and 64-key tiles (D >
    64 without causal: 32), Q's fragments in registers (D > 128: re-read
    from shared memory per tile). Either way a decode kernel (mma_sync) with
    up to 64 key splits. The rest go to the CUDA-core kernel (simt). A
    wgmma config on another chip is an error. Options override the choice (and replace
    configs already present); -1 and "" keep the heuristic's value.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"sm_90a\"", "Target chip">,
    Option<"math", "math", "std::string", "\"\"", "wgmma, mma_sync or simt">,
    Option<"warps", "warps", "int64_t", "-1", "Warps per block, 16 query rows each (mma_sync)">,
    Option<"tileKeys", "tile-keys", "int64_t", "-1", "Keys per K/V tile (mma_sync)">,
    Option<"keepQ", "keep-q", "int64_t", "-1", "1: Q's fragments stay in registers; 0: re-read per tile">,
    Option<"splitKeys", "split-keys", "int64_t", "-1", "Most key splits of the decode kernel (0: no decode kernel)">
  ];
}

def MiniSelectMatmulConfig : Pass<"mini-select-matmul-config"> {
  let summary = "Choose block tile, warp grid, pipeline stages and math unit for matmuls";
  let description = [{
    Attaches a `#mini.matmul_config` to every `mini.matmul` that has none. f16
    and bf16 operands on sm_80 and newer go to tensor cores (on sm_90a wgmma:
    128x256 block tiles of two math warpgroups, 64 deep, in 4 TMA stages
    issued by a producer warpgroup; mma_sync elsewhere: on sm_90 256x128
    tiles of 4x2 warps with the same stages and producer, else 128x256 tiles
    of 2x4 warps, 32 deep, in 5 cp.async stages on sm_80 and 3 on the other
    sm_8x; options that the wgmma tiling cannot take, such as stages=1,
    start from mma_sync's defaults); f32
    to the SIMT kernel. The tile is the one of least launch cost, waves of
    blocks, ceil(blocks / SMs), times the time of a wave, tile area / rate,
    among 256x128 and 64x128 (2x2 warps, TMA, 64 deep, 4 stages; rates 100 and
    60) on sm_90, and 128x256, 128x128 and 64x128 (2x2 warps, cp.async, 32
    deep, 4 stages; rates 100, 70 and 50) elsewhere, the rates fitted on the
    H100. When M, N and the batch are static the pass chooses; when they are
    known only at launch, the op gets the smaller tilings as `size_variants`,
    with `sm_count` and `tile_rates`, and the launch chooses. Options that fix
    the tiling leave no variants. Options override the choice (and replace
    configs already present); -1 or "" keeps the default. A TMA default that
    the options no longer fit (one stage, say) falls back to cp.async. Tile
    and stage options apply to SIMT configs only together with math=simt.

    The options are also the switches of the matmul ladder
    (bench/matmul-ladder.mlir, docs/PERF.md), each turning one optimization
    off:
      - tensor cores, not pipelined: `stages=1` (copy, wait, multiply);
      - no tensor cores: `math=simt` (shared-memory tiles, f32 FMA);
      - no shared memory: `math=simt stages=0` (register tiles from global);
      - no tiling: `math=simt tile-m=16 tile-n=16 tile-k=1 stages=0` (naive).
    `copy=tma` (sm_90) replaces the cp.async copies with TMA box copies.
    `cluster-m=N` (sm_90; implies `copy=tma`) groups N blocks along M into
    a cluster that multicasts each B tile to all of them (measured no faster
    than N = 1 with mma.sync, docs/PERF.md v12, so not a default).
    `producer-warps=4` (tma) adds a producer warpgroup that issues the copies.
    `math=mma_sync` on sm_90a gives the mma.sync ladder rungs; the wgmma
    tiling's small variant (64x128) is mma.sync's.
    `tail-splits=S` runs the last, partial wave stream-K style, each block
    taking at least 1 / S of a tile's K steps (`tail_splits` in the config);
    it applies to the configs with TMA copies, a producer warpgroup and no
    clusters, and is dropped from the others (the small tiles).
    `pingpong=1` (sm_90a) starts from the persistent ping-pong wgmma config
    (64x256 tiles a warpgroup, 5 stages; `pingpong` in the config), which
    the other options then adjust.
    `precision=tf32` gives the f32 matmuls that have no `precision` of
    their own `precision = "tf32"` (PyTorch's `allow_tf32` for a whole
    module): tensor cores, TF32 rounding of the operands.

    A SwiGLU pair (`mini.matmul` with `up`, from mini-fuse) keeps its one
    kernel on sm_90a where K and N are static multiples of 8 (TMA rows), M
    is not a static few rows (<= 64: each product's gemv or few-rows kernel
    reads B once) and no option is given: the wgmma default's 128x256 tiles,
    each the gate's 128 columns beside the up's, without the stream-K tail
    or size variants (a config written on the pair is kept if it fits that
    kernel). Elsewhere the pair splits into its two products and one
    `mini.elementwise` of silu(gate) * up (and the pair's epilogue).
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"sm_90a\"", "Target chip">,
    Option<"math", "math", "std::string", "\"\"", "mma_sync, wmma, wgmma (sm_90a), simt or gemv (decode-size M)">,
    Option<"tileM", "tile-m", "int64_t", "-1", "Block tile rows">,
    Option<"tileN", "tile-n", "int64_t", "-1", "Block tile columns">,
    Option<"tileK", "tile-k", "int64_t", "-1", "Block tile depth">,
    Option<"warpsM", "warps-m", "int64_t", "-1", "Warp grid rows">,
    Option<"warpsN", "warps-n", "int64_t", "-1", "Warp grid columns">,
    Option<"stages", "stages", "int64_t", "-1", "Shared-memory pipeline stages (0: none, simt only)">,
    Option<"copy", "copy", "std::string", "\"\"", "cp_async or tma (sm_90, mma_sync)">,
    Option<"clusterM", "cluster-m", "int64_t", "-1", "Blocks per cluster along M, sharing B by TMA multicast (tma)">,
    Option<"producerWarps", "producer-warps", "int64_t", "-1", "Warps that only issue the TMA copies: 0 or 4 (tma, 8 math warps)">,
    Option<"tailSplits", "tail-splits", "int64_t", "-1", "The last, partial wave stream-K style, each block taking at least 1/S of a tile's K steps (TMA with producer warps; 1: none)">,
    Option<"pingpong", "pingpong", "int64_t", "-1", "1: the persistent ping-pong wgmma kernel (sm_90a; K and N static multiples of 8), 0: not">,
    Option<"precision", "precision", "std::string", "\"\"", "tf32 or ieee: the precision of f32 matmuls that do not name one">
  ];
  // A SwiGLU pair may split into a mini.elementwise (arith and math body).
  let dependentDialects = ["mini::MiniDialect", "mlir::arith::ArithDialect",
                           "mlir::math::MathDialect"];
}

def MiniLowerToGPU : Pass<"mini-lower-to-gpu", "mlir::ModuleOp"> {
  let summary = "Lower each mini op to a GPU kernel and a gpu.launch_func";
  let description = [{
    Every `mini` op becomes one `gpu.func` kernel in the `gpu.module`
    `@mini_kernels` (a matmul with `size_variants`: one per config, named
    `<kernel>_<tile_m>x<tile_n>`, and an `scf.index_switch` on the launch cost
    computed from the grid sizes that picks one at launch; a config with
    `tail_splits`: also `<kernel>_split`, launched after it with a workspace
    when the split plan computed from the sizes splits), and is replaced,
    still on tensors, by a launch of that kernel on buffers
    (`bufferization.to_buffer` of the operands, a `memref.alloc` for the
    result, `bufferization.to_tensor` back), so that upstream one-shot
    bufferization finishes the host side. A `mini.reshape` launches nothing:
    it becomes upstream's `tensor.reshape`, and in the function record its
    result names its input's buffer.

    All kernels share one ABI: each tensor is passed flattened as a
    `memref<?xT>`, then each size as an `index`. Kernels are shape-generic:
    only element types, the attention head dim D and op attributes are baked
    in. Each launch carries a `mini.kernel` dictionary describing the ABI and
    how to compute the launch shape from the sizes; `mini-export-bundle`
    writes it to the bundle manifest.

    Tensor-core matmul kernels stage their operand tiles with
    `mini.stage_copy` (cp.async or scalar; `mini-lower-stage-copies` lowers
    them; TMA copies and their pipeline are built directly) in a K loop
    that copies, waits and multiplies (`mini-pipeline-stages` pipelines it
    over the stages of its buffers), do their math with warp ops
    (`mini.warp_zero`, `warp_load`, `warp_mma`, `warp_store` on
    `!mini.warp_tile` values) and carry `mini.mma_kind` from the config's
    math; `mini-lower-mma` lowers those.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::bufferization::BufferizationDialect",
    "mlir::gpu::GPUDialect", "mlir::math::MathDialect",
    "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect", "mlir::vector::VectorDialect",
    "mlir::nvgpu::NVGPUDialect", "mlir::NVVM::NVVMDialect", "mini::MiniDialect"
  ];
}

def MiniPromoteTiles : Pass<"mini-promote-tiles"> {
  let summary = "Stage each block's matmul operand tiles in shared memory and split its tile over warps";
  let description = [{
    Each `mini.block_matmul` (a thread block's C tile, from
    mini-lower-to-gpu) becomes its kernel body: views of dynamic shared
    memory for the A and B stages (rows padded by 16 bytes for cp.async and
    scalar copies; unpadded, TMA-swizzled and 1 KiB aligned for TMA, with a
    full and an empty mbarrier per stage), a K loop that copies each step
    into stage 0 (`mini.stage_copy`, or one thread's `mini.stage_copy_tma`),
    waits, and multiplies with each warp's share (`mini.warp_load`,
    `mini.warp_mma` per 16-deep slice), and the epilogue (`mini.warp_store`,
    staged through the idle stages when they fit). Rows that are not 16-byte
    aligned at run time take scalar copies through one padded stage. The
    function gets the config's math as its `mini.mma_kind`. With
    `producer_warps = 4`, the threads past the math warps' are a producer
    warpgroup: its first thread has its own K loop (wait for stage 0's
    release, `mini.stage_copy_tma`), the math warps' loop waits, multiplies
    and releases (`mini.stage_release`), `setmaxnreg` gives the math warps
    240 registers and the producer warps 24, and the math warps' barriers
    are named barriers of their own threads.
    mini-pipeline-stages then pipelines the K loop(s).
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::gpu::GPUDialect", "mlir::memref::MemRefDialect",
    "mlir::NVVM::NVVMDialect", "mlir::nvgpu::NVGPUDialect", "mlir::scf::SCFDialect",
    "mlir::vector::VectorDialect"
  ];
}

def MiniPipelineStages : Pass<"mini-pipeline-stages"> {
  let summary = "Software-pipeline K loops over the shared-memory stages of their tiles";
  let description = [{
    Each K loop in one of the forms `mini-promote-tiles` emits (one step
    per iteration, everything in stage 0 of the buffers) gets a schedule:
    its body rewritten into ops that are right for any step (stage operands
    read the step's slot of the ring, waits name the step's phase), each
    with a pipeline stage, in the order of the pipelined body. A generic
    expansion (lib/Transforms/Kernels/PipelineSchedule.h, tested by
    `test-mini-pipeline-schedule`) then builds the prologue, the loop (the
    slot carried and rotated by compare and select, values carried across
    stages) and, for a peeled schedule, the drain. Buffers with one stage
    are left as they are: `stages = 1` in the matmul config is the switch
    that turns the pipeline off.

    cp.async (`mini.stage_copy` async, wait, barrier, warp loads and mma):
    stage 0 copies step kt + stages - 1 into the slot step kt - 1 used
    (zeros past the end); stage stages - 2 waits (cp.async.wait_group
    stages - 2, then a barrier) for step kt + 1 and loads its first 16-deep
    slice, before the last slice of step kt, so that those fragments load
    while that slice's mma ops run; stage stages - 1 multiplies step kt.
    No copy is left in flight after the loop.

    TMA (one thread's `mini.stage_copy_tma`, `mini.stage_wait` on its full
    barrier): the same stages; the issuing thread refills a slot after its
    own math for step kt, once every thread released the slot's previous
    use (with two stages, before the wait for step kt + 1, which is that
    refill); each thread releases a slot (`mini.stage_release`) after the
    mma that reads its last fragments (ldmatrix may still be reading when
    the next instruction issues), and waits on the full barrier of step
    kt + 1 (phase (kt + 1) / stages; past the last step one more, a phase
    that has completed, so the wait needs no branch). No block barrier is
    left in the loop.

    Beside a producer warpgroup, the math warps' loop (wait for step kt,
    warp loads and mma, release of stage 0) has two stages: the wait and
    first slice of step kt + 1, and the math and release of step kt. The
    producer's loop (wait for the release of use kt + 1, copy of step kt,
    both on stage 0) copies step kt into slot kt mod stages once that
    slot's previous use is released. With wgmma (`mini.warpgroup_mma`
    followed by its `mini.warpgroup_mma_wait 0`), the schedule is peeled:
    stage 0 waits for step kt's slot and issues its batch, stage 1 waits
    until only that batch is in flight (`wait 1`) and releases step
    kt - 1's slot; after the loop the last batch is waited for and its slot
    released.

    A loop in none of these forms is left as it is. Loops that share a ring
    of mbarrier stages (a producer's and the math warps') are pipelined
    together or not at all: where one of them is in none of the forms, all
    stay on stage 0 and the pass warns (one pipelined beside one on stage 0
    would wait forever).
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::gpu::GPUDialect", "mlir::nvgpu::NVGPUDialect",
    "mlir::scf::SCFDialect"
  ];
}

def MiniLowerStageCopies : Pass<"mini-lower-stage-copies"> {
  let summary = "Lower the stage copies to cp.async (nvgpu), scalar loads or TMA with mbarriers (nvvm)";
  let description = [{
    Each `mini.stage_copy` becomes the copies of the calling thread: with
    `async`, one 16-byte `nvgpu.device_async_copy` per 8-element chunk
    (zero-filled outside the matrices, the K residue in step 0), committed
    as one group whose token replaces the op's; otherwise element-by-element
    loads and stores. The chunk addresses and bounds of the async copies are
    planned once per tile pair, before the loops that copy, so a step's
    copies are an add and a select per chunk.

    Each `mini.stage_copy_tma` becomes the issuing thread's
    `mbarrier.arrive.expect_tx` on the stage's full barrier and its
    `cp.async.bulk.tensor` box copies (one for A, one per 64-column box of B,
    multicast over the cluster when `cluster_m` > 1); `mini.stage_wait`
    becomes an `mbarrier.try_wait.parity` on the full or empty barrier, and
    `mini.stage_release` an `mbarrier.arrive` on the empty one (in every
    block of the cluster).
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::gpu::GPUDialect", "mlir::LLVM::LLVMDialect",
    "mlir::memref::MemRefDialect", "mlir::NVVM::NVVMDialect", "mlir::nvgpu::NVGPUDialect",
    "mlir::scf::SCFDialect"
  ];
}

def MiniLowerMma : Pass<"mini-lower-mma"> {
  let summary = "Lower warp tiles to mma.sync + ldmatrix (nvgpu) or WMMA (gpu.subgroup_mma_*) fragments";
  let description = [{
    Spreads the `!mini.warp_tile` values of each function over the lanes of
    the warp and lowers the warp ops on them, as the function's
    `mini.mma_kind` says:
      - `mma_sync`: an A tile becomes one 16x16 fragment per 16 rows, read
        with `nvgpu.ldmatrix` x4; a B tile one 16x8 fragment per 8 columns,
        read two at a time with ldmatrix x4 transposed; the accumulator one
        16x8 f32 fragment each; `mini.warp_mma` becomes `nvgpu.mma.sync`
        m16n8k16.
      - `wmma`: 16x16x16 `gpu.subgroup_mma_*` fragments for f16; for bf16,
        which upstream's `gpu.mma_matrix` lacks, the NVVM wmma intrinsics on
        LLVM structs.
      - `wgmma`: warp ops as with `mma_sync` (a scalar fallback path);
        `mini.warpgroup_mma` becomes `nvvm.wgmma.fence`, tile_k / 16
        `nvvm.wgmma.mma_async` m64n<N>k16 on descriptors of the swizzled A
        (K-major) and B (N-major, transposed) stages, and
        `nvvm.wgmma.commit.group`, the accumulator fragments going in and
        out as they are (a warp's quarter of the m64nN accumulator is its
        16 x N tile of m16n8 fragments); `mini.warpgroup_mma_wait` becomes
        `nvvm.wgmma.wait.group` with its tiles' registers pinned after it.
    `mini.warp_swiglu` (mma_sync and wgmma) combines each lane's gate and
    up accumulators in place: silu(gate) * up.
    Loads from swizzled TMA stages apply TMA's 128-byte XOR swizzle to the
    ldmatrix addresses (mma_sync only) and read through `nvvm.ldmatrix` at
    the stage's base plus the lane's byte offset, constant multiples of 16
    rows being an immediate. `mini.warp_store` writes the
    accumulators to C masked at the edges: through the scratch when given
    (16-byte row chunks), else as one store per lane and row (pairs when
    `pairs`). Loop-carried warp tiles become their fragments.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::gpu::GPUDialect", "mlir::LLVM::LLVMDialect",
    "mlir::math::MathDialect", "mlir::memref::MemRefDialect", "mlir::nvgpu::NVGPUDialect",
    "mlir::NVVM::NVVMDialect", "mlir::scf::SCFDialect", "mlir::vector::VectorDialect"
  ];
}

def MiniLowerBF16MmaSync : Pass<"mini-lower-bf16-mma-sync"> {
  let summary = "Lower bf16 nvgpu.mma.sync to nvvm.mma.sync";
  let description = [{
    Upstream `convert-nvgpu-to-nvvm` lowers `nvgpu.mma.sync` for f16, tf32,
    f64 and integer operands but not bf16 ("failed to deduce operand PTX
    types"). This pass lowers the bf16 m16n8k16 form with f32 accumulators to
    `nvvm.mma.sync` with explicit bf16 PTX types; operands and results cross
    to the rest of the IR through `builtin.unrealized_conversion_cast`, which
    `reconcile-unrealized-casts` removes once upstream has lowered the
    ldmatrix producers. Run it before `convert-nvgpu-to-nvvm`.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

def MiniLowerSubgroupReduce : Pass<"mini-lower-subgroup-reduce"> {
  let summary = "Lower gpu.subgroup_reduce to butterfly shuffles of a 32-lane warp";
  let description = [{
    The kernel builders reduce across a warp's lanes (a row's partial sums and
    maxima, clusters of a row's lanes) with `gpu.subgroup_reduce`. Upstream
    `convert-gpu-to-nvvm` lowers it only to `redux.sync` for 32-bit integers;
    this pass applies upstream's shuffle lowering
    (`populateGpuLowerSubgroupReduceToShufflePatterns` and its clustered
    counterpart: `gpu.shuffle xor` at offsets 1, 2, 4, ... within the
    cluster) for warps of 32 lanes and 32-bit shuffles. Run it before
    `convert-gpu-to-nvvm`.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::gpu::GPUDialect",
                           "mlir::vector::VectorDialect"];
}

def MiniExportBundle : Pass<"mini-export-bundle", "mlir::ModuleOp"> {
  let summary = "Write the kernel bundle: cubins and a manifest.json";
  let description = [{
    Writes each `gpu.binary` object (cubin, from `gpu-module-to-binary
    format=bin`) to `<dir>/<module>.cubin` and a `manifest.json` that lists,
    for each `gpu.launch_func` made by `mini-lower-to-gpu`, the entry name,
    the cubin, the chip, the argument ABI and the launch shape as functions of
    the sizes, and for TMA kernels the `tensor_maps` (tensor, box, swizzle)
    the runtime encodes as CUtensorMaps and passes by pointer after the
    sizes. A program with no MLIR runs the bundle from these two files.
  }];
  let options = [
    Option<"dir", "dir", "std::string", /*default=*/"\"\"",
           "Directory to write the bundle into (created if missing)">
  ];
}

#endif // MINI_TRANSFORMS_PASSES_TD
