// Tensor-core matmul (f16 or bf16 operands, f32 accumulation), as
// mini-lower-to-gpu emits it: the kernel's ABI and launch shape (a tile_m x
// tile_n C tile per block of 32 x warps_m x warps_n threads (and the producer
// warps), batch on grid.z;
// its dynamic shared memory; with copy = "tma", the tensor maps the host
// encodes; with cluster_m > 1, the cluster shape) and a body that is one
// mini.block_matmul per block. mini-promote-tiles then stages the block's
// operand tiles in shared memory and splits its math over warps.
#include "TensorCoreEmitter.h"

#include "mini/Transforms/MatmulConfig.h"

using namespace mlir;

namespace mini {
using namespace tensorcore;

FailureOr<gpu::GPUFuncOp> buildMatmulMmaKernel(Operation *op, MatmulConfigAttr cfg,
                                               gpu::GPUModuleOp module, StringRef name,
                                               KernelSpec &spec) {
  auto mm = cast<MatmulOp>(op);
  Tiling t{cfg.getTileM(),  cfg.getTileN(),  cfg.getTileK(),
           cfg.getWarpsM(), cfg.getWarpsN(), cfg.getStages(),
           cfg.mathThreads(), cfg.getMath() == "wmma"};
  Type inElt = cast<RankedTensorType>(mm.getLhs().getType()).getElementType();
  setMatmulSpec(op, spec, t.tm, t.tn, cfg.blockThreads());
  spec.dynamicSharedBytes = cfg.sharedMemoryBytes(inElt);
  bool useTma = cfg.usesTma();
  int64_t eltBytes = inElt.getIntOrFloatBitWidth() / 8;
  if (useTma) {
    spec.tensorMaps = {{0, {1, t.tm, t.tk}, t.tk * eltBytes},
                       {1, {1, t.tk, kTmaBoxCols}, kTmaBoxCols * eltBytes}};
    // Rows that TMA cannot copy (K or N not a multiple of 8) take the scalar
    // path through one padded stage in the same memory.
    spec.dynamicSharedBytes = std::max<int64_t>(
        spec.dynamicSharedBytes, (t.tm * (t.tk + kPad) + t.tk * (t.tn + kPad)) * eltBytes);
  }
  OpBuilder b(op->getContext());
  spec.attrs.set("math", b.getStringAttr(cfg.getMath()));
  spec.attrs.set("copy", b.getStringAttr(cfg.getCopy()));
  spec.attrs.set("tile", b.getI64ArrayAttr({t.tm, t.tn, t.tk}));
  spec.attrs.set("warps", b.getI64ArrayAttr({t.wm, t.wn}));
  spec.attrs.set("stages", b.getI64IntegerAttr(t.stages));
  int64_t clusterM = cfg.getClusterM();
  if (clusterM > 1) {
    spec.attrs.set("cluster_m", b.getI64IntegerAttr(clusterM));
    spec.grid[1].cluster = clusterM; // the blocks past M only help with the copies
  }

  Location loc = op->getLoc();
  gpu::GPUFuncOp func = createKernel(b, loc, module, name, spec, ArrayRef<MemRefType>{});
  if (clusterM > 1) // .reqnctapercluster: a plain launch forms the clusters
    func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                  b.getDenseI32ArrayAttr({1, static_cast<int32_t>(clusterM), 1}));
  if (cfg.getProducerWarps()) {
    spec.attrs.set("producer_warps", b.getI64IntegerAttr(cfg.getProducerWarps()));
    // .minnctapersm 1: ptxas honours setmaxnreg only when it knows the
    // registers a thread starts with (65536 / 384 threads: 168).
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(), b.getI32IntegerAttr(1));
  }
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);
  // Block (x, y, z) computes the C tile at columns x * tile_n, rows y *
  // tile_m of batch z; mini-promote-tiles builds its body.
  Value A = func.getArgument(0), B = func.getArgument(1), C = func.getArgument(2);
  Value M = func.getArgument(4), N = func.getArgument(5), K = func.getArgument(6);
  Value batch = kb.blockId(gpu::Dimension::z);
  Value row0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(t.tm));
  Value col0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(t.tn));
  SmallVector<Value> maps;
  if (useTma)
    maps = {func.getArgument(func.getNumArguments() - 2),
            func.getArgument(func.getNumArguments() - 1)};
  BlockMatmulOp::create(b, loc, A, kb.mul(batch, kb.mul(M, K)), B, kb.mul(batch, kb.mul(K, N)), C,
                        kb.mul(batch, kb.mul(M, N)), batch, row0, col0, M, N, K, maps, cfg);
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
