#ifndef MINI_ATTRS_TD
#define MINI_ATTRS_TD

include "mini/Dialect/Mini/MiniDialect.td"
include "mini/Dialect/Mini/MiniEnums.td"
include "mlir/IR/AttrTypeBase.td"

def Mini_RowConfigAttr : AttrDef<Mini_Dialect, "RowConfig"> {
  let mnemonic = "row_config";
  let summary = "How a row op (softmax, rmsnorm, layernorm) maps rows onto a thread block";
  let description = [{
    - `vector_width`: elements per vector access; 16 bytes of the element type
      (8 for f16/bf16, 4 for f32) for 16-byte loads, 1 for scalar accesses.
      Rows whose start is not 16-byte aligned (any length that is not a
      multiple of the width) peel their first and last few elements as
      scalars and take vectors in between.
    - `warps_per_row`: warps that share one row; their partial reductions meet
      in shared memory.
    - `rows_per_warp` (default 1): for short rows, a warp shares out 2..32 rows
      (32 / rows_per_warp lanes each; with warps_per_row = 1 only).
    - `rows_per_block`: rows handled by one thread block.
    - `staged` (default false): for very short rows, a thread per row
      (rows_per_warp = 32): the block's rows, contiguous in memory, move
      between global and shared memory in 16-byte vectors spread over the
      block's 256 threads (as a copy does), and each thread takes rows tid,
      tid + 256, ... from shared memory (up to cache_slots x vector_width
      values each; a longer row takes the unstaged path: correct, but one
      thread streams it). rows_per_block may then exceed the block's threads.
      With a dynamic length, rows_per_block is the count at the longest row:
      shorter rows fill the same stage (a block takes rows_per_block x
      cache_slots x vector_width / length rows, in whole rounds of its
      threads). Among length variants, a staged config followed by an
      unstaged one of the same cached length takes only the rows that are
      not a whole number of vectors; the unstaged one takes the rest.
    - `cache_slots`: vectors per thread kept in registers, so that a row that
      fits (length <= slots x width x threads per row) is read from memory
      once; longer rows are streamed (softmax: one online max/sum pass, then
      the write pass).
    - `shared_slots` (default 0): vectors per thread kept in dynamic shared
      memory after the register slots, for rows too long for registers: a
      row of up to (cache_slots + shared_slots) x width x threads per row is
      still read once (each thread reads back only the vectors it wrote, so
      no barrier). Not with `staged`.
    - `cluster_blocks` (default 1; 2, 4 or 8 on sm_90a): blocks of one thread
      block cluster that share each row, so that few long rows still fill the
      GPU. Each row's vectors are dealt over the cluster's threads as over
      one block's; the blocks' partial reductions meet through distributed
      shared memory. Not with `staged`.

    `mini-select-row-config` picks it from the shape; write it by hand to
    override.

    ```mlir
    #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 2, cache_slots = 1>
    ```
  }];
  let parameters = (ins "int64_t":$vector_width, "int64_t":$warps_per_row,
                        "int64_t":$rows_per_block, "int64_t":$cache_slots,
                        DefaultValuedParameter<"int64_t", "1">:$rows_per_warp,
                        DefaultValuedParameter<"bool", "false">:$staged,
                        DefaultValuedParameter<"int64_t", "0">:$shared_slots,
                        DefaultValuedParameter<"int64_t", "1">:$cluster_blocks);
  let assemblyFormat = "`<` struct(params) `>`";
  let builders = [
    AttrBuilder<(ins "int64_t":$vector_width, "int64_t":$warps_per_row,
                     "int64_t":$rows_per_block, "int64_t":$cache_slots), [{
      return $_get($_ctxt, vector_width, warps_per_row, rows_per_block, cache_slots, 1, false, 0,
                   1);
    }]>,
    AttrBuilder<(ins "int64_t":$vector_width, "int64_t":$warps_per_row,
                     "int64_t":$rows_per_block, "int64_t":$cache_slots,
                     "int64_t":$rows_per_warp), [{
      return $_get($_ctxt, vector_width, warps_per_row, rows_per_block, cache_slots,
                   rows_per_warp, false, 0, 1);
    }]>,
    AttrBuilder<(ins "int64_t":$vector_width, "int64_t":$warps_per_row,
                     "int64_t":$rows_per_block, "int64_t":$cache_slots,
                     "int64_t":$rows_per_warp, "bool":$staged), [{
      return $_get($_ctxt, vector_width, warps_per_row, rows_per_block, cache_slots,
                   rows_per_warp, staged, 0, 1);
    }]>,
    AttrBuilder<(ins "int64_t":$vector_width, "int64_t":$warps_per_row,
                     "int64_t":$rows_per_block, "int64_t":$cache_slots,
                     "int64_t":$rows_per_warp, "bool":$staged, "int64_t":$shared_slots), [{
      return $_get($_ctxt, vector_width, warps_per_row, rows_per_block, cache_slots,
                   rows_per_warp, staged, shared_slots, 1);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t threadsPerRow() const { return 32 * getWarpsPerRow() / getRowsPerWarp(); }
    /// The longest row the config keeps in registers and shared memory (0:
    /// it streams rows), over the cluster's blocks.
    int64_t cachedLength() const {
      return (getCacheSlots() + getSharedSlots()) * getVectorWidth() * threadsPerRow() *
             getClusterBlocks();
    }
    /// Dynamic shared memory of the shared slots: the block's rows, as
    /// stored (in the element type).
    int64_t cacheSharedBytes(::mlir::Type elementType) const {
      return getSharedSlots() * getVectorWidth() * threadsPerRow() * getRowsPerBlock() *
             elementType.getIntOrFloatBitWidth() / 8;
    }
    /// Shared memory of a staged config: the block's rows, of `rowLength`
    /// elements where static, else at their longest (cachedLength()).
    int64_t stagedSharedBytes(::mlir::Type elementType,
                              int64_t rowLength = ::mlir::ShapedType::kDynamic) const {
      int64_t length = ::mlir::ShapedType::isDynamic(rowLength)
                           ? cachedLength() : std::min(rowLength, cachedLength());
      return getRowsPerBlock() * std::max<int64_t>(length, 1) *
             elementType.getIntOrFloatBitWidth() / 8;
    }
    static constexpr int64_t kMaxStagedSharedBytes = 48 * 1024;
    /// A staged config runs kStagedThreads threads (fewer for fewer rows),
    /// each taking rows tid, tid + threads, ...
    int64_t threadsPerBlock() const {
      return getStaged() ? std::min(getRowsPerBlock(), kStagedThreads)
                         : threadsPerRow() * getRowsPerBlock();
    }
    static constexpr int64_t kStagedThreads = 256;
    /// Whether this config, before `next` among length variants, takes only
    /// the rows that are not a whole number of vectors (`next` the others).
    bool stagesUnalignedBefore(RowConfigAttr next) const {
      return getStaged() && !next.getStaged() && next.getClusterBlocks() == 1 &&
             cachedLength() == next.cachedLength();
    }
    /// Verifies the config for rows of `elementType`; emits through `emitError`.
    ::llvm::LogicalResult verifyFor(::mlir::Type elementType,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
        int64_t rowLength = ::mlir::ShapedType::kDynamic) const;
  }];
}

def Mini_MatmulConfigAttr : AttrDef<Mini_Dialect, "MatmulConfig"> {
  let mnemonic = "matmul_config";
  let summary = "Tiling of a matmul: block tile, warp grid, pipeline depth, math unit";
  let description = [{
    - `tile_m x tile_n`: the C tile of one thread block; `tile_k`: the depth of
      the A and B tiles staged in shared memory per step.
    - `warps_m x warps_n`: the warp grid of a block (mma_sync: each warp owns a
      (tile_m / warps_m) x (tile_n / warps_n) sub-tile of 16x8 mma fragments;
      B fragments are read two n-tiles at a time, so tile_n / warps_n is a
      multiple of 16).
    - `stages`: shared-memory buffers in the cp.async software pipeline (loads
      of tile k+1 .. k+stages-1 overlap the math of tile k); 1 = no overlap;
      0 = no shared memory, operands read from global memory (simt only).
      Tensor-core stages live in dynamic shared memory (cp_async: rows
      padded by 8 elements; tma: unpadded, swizzled).
    - `math`: the unit that does the multiply-adds:
      "mma_sync" (tensor cores: ldmatrix + mma.sync m16n8k16, f16 or bf16;
      f32 operands of a matmul with `precision = "tf32"` as tf32, m16n8k8
      with B fragments read by scalar loads, cp_async copies only),
      "wmma" (tensor cores: 16x16x16 WMMA, gpu.subgroup_mma_* for f16, the
      NVVM wmma intrinsics for bf16),
      "wgmma" (sm_90a warpgroup MMA: each of the two math warpgroups
      multiplies its 64 rows of the A stage by the whole B stage with
      wgmma.mma_async m64n<tile_n>k16 reading both from the TMA-swizzled
      stages, one batch of wgmma in flight while the next stage is awaited;
      needs copy = "tma", a producer warpgroup, 8 x 1 warps, tile_m = 128,
      tile_n a multiple of 64 up to 256 and 128-byte tile_k rows),
      "simt" (f32 FMA on CUDA cores, any element type; 64x64x16 tiles, or
      16x16x1 with 0 stages for the naive one-thread-per-output kernel) or
      "gemv" (f32 FMA on CUDA cores for decode-size M, any element type: a
      block takes up to tile_m rows of A, a power of two up to 16, and
      tile_n columns of C over all of K, streaming B once in 16-byte vectors
      with tile_k of them in flight per thread; 0 stages: no shared-memory
      tiles, only the block's final sum goes through shared memory).
    - `copy` (mma_sync; wgmma takes "tma"): how tiles reach shared memory. "cp_async"
      (default): every thread copies 16-byte chunks into rows padded by 8
      elements; "tma" (sm_90): one thread issues Hopper TMA box copies
      (cp.async.bulk.tensor) that land XOR-swizzled, completion tracked by an
      mbarrier per stage and stage reuse by a second one, so warps never meet
      at a block barrier in the main loop.
    - `cluster_m` (tma only): thread blocks per cluster along M. The blocks of
      a cluster compute vertically adjacent C tiles, so they need the same B
      tiles: each loads 1 / cluster_m of them and TMA multicasts it into every
      block of the cluster, cutting the B reads from L2 by that factor. 1
      (default, not printed): no clusters.
    - `producer_warps` (tma only): warps added to the block that only issue the
      copies. 0 (default, not printed): thread 0 of the math warps issues them
      between its own mma ops. 4: a producer warpgroup does (8 math warps
      only), and `setmaxnreg` moves its registers to the math warps (24 per
      producer thread, 240 per math thread), so no math warp ever waits for a
      stage to be released.
    - `tail_splits` (copy = "tma" with producer warps, no clusters): the
      last, partial wave (tiles mod SMs) runs stream-K style, its tiles' K
      steps laid end to end and shared evenly by up to one block per SM, each
      block taking at least 1 / `tail_splits` of a tile's steps or 16 steps,
      whichever is fewer (so a few tiles of long K spread over every SM:
      split-K). The matmul becomes two
      kernels: one for the whole tiles, then the tail's, whose blocks run
      the steps of at most two tiles through one pipeline and write an f32
      partial tile per tile to a workspace; the last of a tile's blocks to
      finish adds them up in block order (deterministic) and writes C. The
      launch plans it from the sizes and the SM count, and runs no tail
      kernel when it would not save a quarter of a tile's steps, with a
      batch, or with K or N not a multiple of 8. 1 (not printed): no tail
      kernel.
    - `pingpong` (wgmma only): 1 makes the kernel persistent, CUTLASS's
      ping-pong schedule: one block per SM walks the C tiles in grouped
      order, and its two math warpgroups take alternate tiles, each a whole
      `tile_m` x `tile_n` tile (tile_m = 64, 4 x 1 warps: one warpgroup),
      their K loops in turn through one ring of stages that the producer
      fills tile after tile. One warpgroup's epilogue (a fused bias and
      activation, the stores) runs while the other's wgmma run. 0 (default,
      not printed): a block per tile, both warpgroups on its 128 rows.

    `mini-select-matmul-config` picks it per chip and element type; pass
    options or a hand-written attribute override it.

    ```mlir
    #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 2, math = "mma_sync">
    ```
  }];
  let parameters = (ins "int64_t":$tile_m, "int64_t":$tile_n, "int64_t":$tile_k,
                        "int64_t":$warps_m, "int64_t":$warps_n, "int64_t":$stages,
                        Mini_MathParameter:$math,
                        Mini_CopyParameter:$copy,
                        DefaultValuedParameter<"int64_t", "1">:$cluster_m,
                        DefaultValuedParameter<"int64_t", "0">:$producer_warps,
                        DefaultValuedParameter<"int64_t", "1">:$tail_splits,
                        DefaultValuedParameter<"int64_t", "0">:$pingpong);
  let assemblyFormat = "`<` struct(params) `>`";
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "int64_t":$tile_m, "int64_t":$tile_n, "int64_t":$tile_k,
                     "int64_t":$warps_m, "int64_t":$warps_n, "int64_t":$stages,
                     "::mini::MathUnit":$math,
                     CArg<"::mini::CopyKind", "::mini::CopyKind::cp_async">:$copy,
                     CArg<"int64_t", "1">:$cluster_m,
                     CArg<"int64_t", "0">:$producer_warps,
                     CArg<"int64_t", "1">:$tail_splits,
                     CArg<"int64_t", "0">:$pingpong), [{
      return $_get($_ctxt, tile_m, tile_n, tile_k, warps_m, warps_n, stages, math, copy,
                   cluster_m, producer_warps, tail_splits, pingpong);
    }]>
  ];
  let extraClassDeclaration = [{
    bool isTensorCore() const {
      return getMath() != ::mini::MathUnit::simt && getMath() != ::mini::MathUnit::gemv;
    }
    bool isWgmma() const { return getMath() == ::mini::MathUnit::wgmma; }
    bool isGemv() const { return getMath() == ::mini::MathUnit::gemv; }
    /// gemv: the most rows of A a block takes (tile_m's limit).
    static constexpr int64_t kMaxGemvRows = 16;
    /// wgmma: the widest product one instruction computes (m64n256k16).
    static constexpr int64_t kMaxWgmmaTileN = 256;
    bool usesTma() const { return getCopy() == ::mini::CopyKind::tma; }
    /// Threads of the warps that do the math (and every copy but TMA's).
    int64_t mathThreads() const { return 32 * getWarpsM() * getWarpsN(); }
    /// Math warpgroups that take turns on a persistent block's tiles.
    bool isPingpong() const { return getPingpong() == 1; }
    static constexpr int64_t kPingpongGroups = 2;
    /// Threads per block: the math warps (each ping-pong warpgroup's) and
    /// the producer warps.
    int64_t blockThreads() const {
      return mathThreads() * (isPingpong() ? kPingpongGroups : 1) + 32 * getProducerWarps();
    }
    /// With a producer warpgroup: the registers setmaxnreg leaves each
    /// producer thread and gives each math thread (24 x 128 + 240 x 256 fits
    /// the 64K register file).
    static constexpr int64_t kProducerRegisters = 24;
    static constexpr int64_t kMathRegisters = 240;
    /// Whether this tiling can take TMA copies of operands of `elementType`:
    /// mma_sync or wgmma, >= 2 stages, tile_n a multiple of kTmaBoxCols, and tile_k
    /// rows of 32, 64 or 128 bytes (the swizzle spans).
    bool tmaFits(::mlir::Type elementType) const;
    /// Whether a SwiGLU pair's kernel (mini.matmul with `up`) can take
    /// this config: wgmma with TMA copies and a producer warpgroup, one
    /// warp column, no clusters and no stream-K tail, tile_n a multiple of
    /// two B boxes (the gate's columns beside the up's).
    bool fitsProductPair() const {
      return isWgmma() && usesTma() && getProducerWarps() > 0 && getWarpsN() == 1 &&
             getClusterM() == 1 && getTailSplits() <= 1 && !isPingpong() &&
             getTileN() % (2 * kTmaBoxCols) == 0;
    }
    /// TMA path: elements per row of one B box of 16-bit operands; tile_n
    /// is a multiple of it for every element type (tmaBoxCols).
    static constexpr int64_t kTmaBoxCols = 64;
    /// TMA path: elements of `eltBytes` bytes per row of one B box, the
    /// 128-byte swizzle span: 64 of f16 or bf16, 32 of f32.
    static int64_t tmaBoxCols(int64_t eltBytes) { return 128 / eltBytes; }
    /// TMA path: the swizzle pattern repeats every 1024 bytes, so stages
    /// start 1024-aligned; the kernel rounds the dynamic base up at run time.
    static constexpr int64_t kTmaAlign = 1024;
    /// The most blocks a tile of the last wave may be split over.
    static constexpr int64_t kMaxTailSplits = 8;
    /// Bytes at the end of a split tail's dynamic shared memory that keep a
    /// tail block's two places in the grid across its K loops.
    static constexpr int64_t kSplitStashBytes = 128;
    /// The most blocks a cluster may hold (portable cluster size).
    static constexpr int64_t kMaxClusterBlocks = 8;
    /// Where a tensor-core kernel with this config keeps its tiles, for
    /// operands of `eltBytes` bytes (SharedLayout.h).
    ::mini::MatmulSharedLayout sharedLayout(int64_t eltBytes) const;
    /// Bytes of dynamic shared memory a tensor-core kernel with this config
    /// and operands of `elementType` uses (0 for simt).
    int64_t sharedMemoryBytes(::mlir::Type elementType) const;
    /// Elements of padding per shared-memory row of the A and B stages of
    /// 16-bit operands: 16 bytes, so the 8 rows an ldmatrix reads start in
    /// distinct banks.
    static constexpr int64_t kRowPad = 8;
    /// The cp.async stages' row padding in elements of `eltBytes` bytes: 16
    /// bytes (kRowPad of 16-bit operands), except the B rows of tf32 (f32)
    /// operands, padded by 8 words so that the 4 rows x 8 columns a warp
    /// reads for one m16n8k8 B fragment fall in 32 distinct banks.
    static int64_t rowPadA(int64_t eltBytes) { return chunkElements(eltBytes); }
    static int64_t rowPadB(int64_t eltBytes) { return eltBytes == 4 ? 8 : chunkElements(eltBytes); }
    /// Elements of `eltBytes` bytes in one 16-byte chunk, the unit of the
    /// stage copies and of TMA's swizzle: 8 of f16 or bf16, 4 of f32.
    static int64_t chunkElements(int64_t eltBytes) { return 16 / eltBytes; }
    /// The most dynamic shared memory one block may use (H100: 227 KB).
    static constexpr int64_t kMaxSharedBytes = 227 * 1024;
    /// Verifies the config for operands of `elementType`.
    ::llvm::LogicalResult verifyFor(::mlir::Type elementType,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
    ::llvm::LogicalResult verifyWgmma(::mlir::Type elementType,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def Mini_AttentionConfigAttr : AttrDef<Mini_Dialect, "AttentionConfig"> {
  let mnemonic = "attention_config";
  let summary = "How attention maps query rows and key tiles onto a thread block";
  let description = [{
    - `math`: "mma_sync" (tensor cores, FlashAttention-2 style: ldmatrix +
      mma.sync m16n8k16 for S = Q Kt and O += P V, the online softmax on the
      accumulators in registers, P fed to the second product from registers;
      f16 or bf16, D a multiple of 8 up to 256), "simt" (CUDA cores: one
      warp per query row, any element type, D up to 512), or "wgmma" (sm_90a, FlashAttention-3 style: a producer warp issues TMA
      copies of Q and of K and V tiles into a two-stage ring of 128-byte
      swizzled boxes, with mbarriers; warpgroups of consumers compute S = Q Kt
      with wgmma from shared memory and O += P V with wgmma, P from
      registers; f16 or bf16, D a multiple of 8 up to 256).
    - `warps` (mma_sync, wgmma): warps per block, 16 query rows each (wgmma:
      4, 8 or 12 consumer warps, plus the producer's warpgroup; 12 needs
      tile_keys and the padded D at most 192).
    - `tile_keys` (mma_sync, wgmma): keys per K and V tile in shared memory, a
      multiple of 16.
    - `keep_q` (mma_sync): Q's fragments stay in registers for the whole key
      loop (true), or are re-read from shared memory per tile (large D, to
      leave registers to O).
    - `split_keys` (mma_sync, wgmma: its decode kernel is mma_sync's): decode (flash-decoding). With 1 or more, the
      op also gets a decode kernel: a block takes the query rows of every
      head that shares a K/V head (GQA rows packed, so K and V are read once
      per K/V head), and the keys are split over up to this many blocks per
      row block, each writing a partial O and log-sum-exp that a combine
      kernel merges. The runtime picks it at launch where it saves work or
      fills the GPU (few query rows, long T). 0: no decode kernel.

    `mini-select-attention-config` picks it from the element type and D;
    pass options or a hand-written attribute override it.

    ```mlir
    #mini.attention_config<math = "mma_sync", warps = 4, tile_keys = 64, keep_q = true>
    ```
  }];
  let parameters = (ins Mini_MathParameter:$math,
                        DefaultValuedParameter<"int64_t", "4">:$warps,
                        DefaultValuedParameter<"int64_t", "64">:$tile_keys,
                        DefaultValuedParameter<"bool", "true">:$keep_q,
                        DefaultValuedParameter<"int64_t", "64">:$split_keys);
  let assemblyFormat = "`<` struct(params) `>`";
  let extraClassDeclaration = [{
    bool isTensorCore() const { return getMath() == ::mini::MathUnit::mma_sync || isWgmma(); }
    bool isWgmma() const { return getMath() == ::mini::MathUnit::wgmma; }
    /// wgmma: head dims per TMA box (one 128-byte swizzled row of f16).
    static constexpr int64_t kWgmmaBoxCols = 64;
    /// wgmma: TMA boxes per row of Q, K or V.
    static int64_t wgmmaBoxes(int64_t headDim) {
      return (paddedHeadDim(headDim) + kWgmmaBoxCols - 1) / kWgmmaBoxCols;
    }
    /// wgmma: bytes of a warpgroup's Q tile (64 rows), which its epilogue
    /// reuses to stage O (64 rows of rowStride): a multiple of 1024.
    static int64_t wgmmaQBytes(int64_t headDim) {
      return std::max<int64_t>(wgmmaBoxes(headDim) * 64 * 128, 128 * rowStride(headDim));
    }
    /// wgmma: bytes of one stage of K (or V): its boxes of tile_keys rows.
    int64_t wgmmaStageBytes(int64_t headDim) const {
      return wgmmaBoxes(headDim) * getTileKeys() * 128;
    }
    /// The largest head dim of the tensor-core kernel.
    static constexpr int64_t kMaxMmaHeadDim = 256;
    /// wgmma with 12 consumer warps: the widest product (tile_keys, padded D).
    static constexpr int64_t kMaxWideWgmmaColumns = 192;
    /// The largest head dim of the CUDA-core kernel.
    static constexpr int64_t kMaxSimtHeadDim = 512;
    /// mma_sync: the most key splits of the decode kernel.
    static constexpr int64_t kMaxSplitKeys = 64;
    /// mma_sync: K and V tiles each go through this many shared-memory stages.
    static constexpr int64_t kStages = 2;
    /// mma_sync's decode kernel: up to this many (decodeStages()).
    static constexpr int64_t kMaxDecodeStages = 4;
    /// wgmma: mbarriers (Q's full and empty; per stage K's and V's full and
    /// empty, and V's scanned: with causal, the producer's idle warps check
    /// a masked tile's V for NaN and Inf) and the scan's 32-bit words (per
    /// stage, one per scanning warp), in kWgmmaSyncBytes (padded to 128).
    static constexpr int64_t kWgmmaBarriers = 2 + 5 * kStages;
    static constexpr int64_t kWgmmaScanWarps = 3;
    static constexpr int64_t kWgmmaSyncBytes =
        (8 * kWgmmaBarriers + 4 * kWgmmaScanWarps * kStages + 127) / 128 * 128;
    /// wgmma: bytes of the consumers' own buffer to stage O in, after the
    /// mbarriers (so that the next query tile's Q lands while O is written),
    /// or 0 where it does not fit (O is then staged in the group's Q tile).
    int64_t wgmmaOutputBytes(int64_t headDim) const;
    /// mma_sync: elements per shared-memory row at head dim `headDim`: D
    /// padded to 16, plus 16 bytes so that ldmatrix rows hit distinct banks.
    static int64_t rowStride(int64_t headDim) { return paddedHeadDim(headDim) + 8; }
    /// mma_sync: the head dim padded to the mma's 16-deep k-steps.
    static int64_t paddedHeadDim(int64_t headDim) { return (headDim + 15) / 16 * 16; }
    /// mma_sync: Q's tile lives in V's last stage until its fragments are
    /// in registers (keep_q, and Q's tile fits there).
    bool qSharesStage() const { return getKeepQ() && 16 * getWarps() <= getTileKeys(); }
    /// mma_sync: dynamic shared memory at head dim `headDim` (static), with
    /// `stages` stages of K and V (wgmma: always kStages).
    int64_t sharedMemoryBytes(::mlir::Type elementType, int64_t headDim,
                              int64_t stages = kStages) const;
    /// mma_sync's decode kernel: the stages of K and V. Its loop does little
    /// math per tile (a few query rows): with tiles of 32 keys, as many as
    /// leave room for two blocks an SM (the split plan's), up to
    /// kMaxDecodeStages, so that tiles in flight hide the loads' latency.
    int64_t decodeStages(::mlir::Type elementType, int64_t headDim) const;
    /// Verifies the config for operands of `elementType` and head dim
    /// `headDim` (dynamic: checked when it is known).
    ::llvm::LogicalResult verifyFor(::mlir::Type elementType, int64_t headDim,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

#endif // MINI_ATTRS_TD
