// Tensor-core matmul (f16 or bf16 operands, or f32 as tf32; f32 accumulation), as
// mini-lower-to-gpu emits it: the kernel's ABI and launch shape (a tile_m x
// tile_n C tile per block of 32 x warps_m x warps_n threads (and the producer
// warps), batch on grid.z;
// its dynamic shared memory; with copy = "tma", the tensor maps the host
// encodes; with cluster_m > 1, the cluster shape) and a body that is one
// mini.block_matmul per block. mini-promote-tiles then stages the block's
// operand tiles in shared memory and splits its math over warps.
#include "MatmulEpilogue.h"
#include "TensorCoreEmitter.h"

#include "mini/Transforms/MatmulConfig.h"

using namespace mlir;

namespace mini {
using namespace tensorcore;

namespace {

/// The tail operands of a block_matmul (all null: a whole tile).
struct TailBlock {
  Value block, stepsPerBlock, unsplit, partials, counters;
};

} // namespace

/// The manifest record of the kernel: grid, shared memory, tensor maps, the
/// split tail, the config's choices as attributes.
static void describeMatmulMmaKernel(Operation *op, MatmulConfigAttr cfg, const Tiling &t,
                                    Type inElt, KernelSpec &spec, bool splitBlocks,
                                    OpBuilder &b) {
  setMatmulSpec(op, spec, t.tm, t.storedTileN(), cfg.blockThreads());
  spec.dynamicSharedBytes = cfg.sharedMemoryBytes(inElt);
  bool useTma = cfg.usesTma();
  int64_t eltBytes = inElt.getIntOrFloatBitWidth() / 8;
  if (useTma) {
    int64_t boxCols = MatmulConfigAttr::tmaBoxCols(eltBytes);
    spec.tensorMaps = {{0, {1, t.tm, t.tk}, t.tk * eltBytes},
                       {1, {1, t.tk, boxCols}, boxCols * eltBytes}};
    if (t.upPair) // tensor 2: up, boxed as B
      spec.tensorMaps.push_back({2, {1, t.tk, boxCols}, boxCols * eltBytes});
  }
  spec.attrs.set("math", b.getStringAttr(stringifyMathUnit(cfg.getMath())));
  spec.attrs.set("copy", b.getStringAttr(stringifyCopyKind(cfg.getCopy())));
  spec.attrs.set("tile", b.getI64ArrayAttr({t.tm, t.tn, t.tk}));
  spec.attrs.set("warps", b.getI64ArrayAttr({t.wm, t.wn}));
  spec.attrs.set("stages", b.getI64IntegerAttr(t.stages));
  if (inElt.isF32()) // the runtime's checks and peers take TF32's precision
    spec.attrs.set("tf32", b.getBoolAttr(true));
  if (cfg.getTailSplits() > 1)
    spec.splitTail = {cfg.getTailSplits(), "K", t.tk, t.tm * t.tn, {"K", "N"}, "", splitBlocks};
  int64_t clusterM = cfg.getClusterM();
  if (clusterM > 1)
    spec.attrs.set("cluster_m", b.getI64IntegerAttr(clusterM));
  if (cfg.isPingpong()) {
    // Persistent: one block an SM at most (whole clusters of them), striding
    // over the tiles (at least one block a tile when there are fewer).
    auto mm = cast<MatmulOp>(op);
    int64_t sms = mm.getSmCount() ? int64_t(*mm.getSmCount()) : smCount("sm_90a");
    spec.attrs.set("pingpong", b.getBoolAttr(true));
    spec.grid[0] = {{"batch", "M", "N"}, 1, clusterM, sms / clusterM * clusterM};
    spec.grid[1] = spec.grid[2] = GridDim{};
  } else if (clusterM > 1) {
    spec.grid[1].cluster = clusterM; // the blocks past M only help with the copies
  }
}

FailureOr<gpu::GPUFuncOp> buildMatmulMmaKernel(Operation *op, MatmulConfigAttr cfg,
                                               gpu::GPUModuleOp module, StringRef name,
                                               KernelSpec &spec, bool splitBlocks) {
  auto mm = cast<MatmulOp>(op);
  bool pair = static_cast<bool>(mm.getUp()); // its config fits (buildKernels checks)
  if (cfg.isPingpong()) {
    // Its tiles have no scalar path: TMA must address every row.
    auto rhs = cast<RankedTensorType>(mm.getRhs().getType());
    int64_t k = rhs.getShape()[rhs.getRank() - 2], n = rhs.getShape().back();
    if (ShapedType::isDynamic(k) || ShapedType::isDynamic(n) || k % 8 || n % 8)
      return op->emitOpError() << "matmul_config pingpong = 1 needs K and N static multiples of "
                               << "8; got K = "
                               << (ShapedType::isDynamic(k) ? "?" : std::to_string(k))
                               << ", N = " << (ShapedType::isDynamic(n) ? "?" : std::to_string(n));
  }
  Tiling t{cfg.getTileM(),
           cfg.getTileN(),
           cfg.getTileK(),
           cfg.getWarpsM(),
           cfg.getWarpsN(),
           cfg.getStages(),
           cfg.mathThreads(),
           cfg.getMath() == MathUnit::wmma,
           pair};
  Type inElt = cast<RankedTensorType>(mm.getLhs().getType()).getElementType();
  OpBuilder b(op->getContext());
  describeMatmulMmaKernel(op, cfg, t, inElt, spec, splitBlocks, b);
  int64_t clusterM = cfg.getClusterM();
  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, ArrayRef<MemRefType>{});
  if (clusterM > 1) { // .reqnctapercluster: a plain launch forms the clusters
    int32_t blocks = static_cast<int32_t>(clusterM);
    func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                  b.getDenseI32ArrayAttr(cfg.isPingpong() ? ArrayRef<int32_t>{blocks, 1, 1}
                                                          : ArrayRef<int32_t>{1, blocks, 1}));
  }
  if (cfg.getProducerWarps()) {
    spec.attrs.set("producer_warps", b.getI64IntegerAttr(cfg.getProducerWarps()));
    // .minnctapersm 1: ptxas honours setmaxnreg only when it knows the
    // registers a thread starts with (65536 / 384 threads: 168).
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(), b.getI32IntegerAttr(1));
  }
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  MatmulKernelArgs args = matmulKernelArgs(func, mm);
  Value A = args.A, B = args.B, C = args.C, M = args.M, N = args.N, K = args.K;
  MatmulEpilogue epilogue = matmulEpilogueOf(mm, args.epilogueInputs);
  unsigned mapsAt = spec.tensors.size() + spec.sizes.size();
  SmallVector<Value> maps;
  for (unsigned i = 0; i < spec.tensorMaps.size(); ++i)
    maps.push_back(func.getArgument(mapsAt + i));
  auto blockMatmul = [&](Value batch, Value row0, Value col0, const TailBlock &s) {
    // mini-promote-tiles builds the block's body.
    auto block = BlockMatmulOp::create(b, loc, A, kb.mul(batch, kb.mul(M, K)), B,
                                       kb.mul(batch, kb.mul(K, N)), C, kb.mul(batch, kb.mul(M, N)),
                                       batch, row0, col0, M, N, K, maps, s.block, s.stepsPerBlock,
                                       s.unsplit, s.partials, s.counters, epilogue.inputs,
                                       epilogue.biasAttr(b.getContext()), cfg, /*up_pair=*/pair);
    epilogue.cloneInto(block.getEpilogue());
  };
  // The (row, column) tile of block (x, y) (batch z). In launch order, x
  // fastest, a wave of blocks covers one to three rows of tiles and so
  // reads all of B from DRAM for every few rows; a SwiGLU pair (its B tile
  // twice its C tile) then ran at 0.56x of two cuBLAS GEMMs at 4096 x 11008
  // x 4096. wgmma kernels take grouped order instead (groupedTile), and so
  // do tf32's, whose 4-byte tiles need twice the L2 (+2.5-10% at 4096^3,
  // 8192^3 and 4096 x 11008 x 4096; f16 and bf16 mma.sync kernels measured
  // within noise of launch order: docs/PERF.md tf32 v1). The grid is the
  // tiles' (gridDim = tiles along N, M). Not with clusters: a cluster's
  // blocks, consecutive along y, share the B tile of their column.
  Value tilesN = gpu::GridDimOp::create(b, loc, gpu::Dimension::x);
  Value tilesM = gpu::GridDimOp::create(b, loc, gpu::Dimension::y);
  auto place = [&]() -> std::pair<Value, Value> {
    if ((!cfg.isWgmma() && !inElt.isF32()) || clusterM > 1)
      return {kb.blockId(gpu::Dimension::y), kb.blockId(gpu::Dimension::x)};
    Value id = kb.add(kb.blockId(gpu::Dimension::x), kb.mul(tilesN, kb.blockId(gpu::Dimension::y)));
    return groupedTile(kb, id, tilesM, tilesN);
  };
  auto wholeTile = [&](Value row, Value col) {
    blockMatmul(kb.blockId(gpu::Dimension::z), kb.mul(row, kb.idx(t.tm)),
                kb.mul(col, kb.idx(t.storedTileN())), TailBlock{});
  };
  unsigned planAt = mapsAt + spec.tensorMaps.size();
  if (cfg.isPingpong()) {
    // The persistent block finds its tiles (mini-promote-tiles): the
    // batch operand is the batch count, the corner unused.
    Value zero = kb.idx(0);
    auto block = BlockMatmulOp::create(b, loc, A, zero, B, zero, C, zero, args.batch, zero, zero, M,
                                       N, K, maps, Value(), Value(), Value(), Value(), Value(),
                                       epilogue.inputs, epilogue.biasAttr(b.getContext()), cfg,
                                       /*up_pair=*/false);
    epilogue.cloneInto(block.getEpilogue());
  } else if (splitBlocks) {
    // Block x runs its range of the tail's K steps; mini-promote-tiles
    // finds the tiles in it.
    TailBlock tail{kb.blockId(gpu::Dimension::x), func.getArgument(planAt + 3),
                   func.getArgument(planAt + 2), func.getArgument(planAt),
                   func.getArgument(planAt + 1)};
    blockMatmul(kb.idx(0), kb.idx(0), kb.idx(0), tail);
  } else if (spec.splitTail.maxSplits > 1) {
    // The last tiles, numbered along N, then M, then the batch, are the
    // tail kernel's.
    auto [row, col] = place();
    Value tile =
        kb.add(col, kb.mul(tilesN, kb.add(row, kb.mul(tilesM, kb.blockId(gpu::Dimension::z)))));
    kb.ifThenElse(kb.ult(tile, func.getArgument(planAt)), [&] { wholeTile(row, col); });
  } else {
    auto [row, col] = place();
    wholeTile(row, col);
  }
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
