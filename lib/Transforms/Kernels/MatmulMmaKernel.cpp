// Tensor-core matmul (f16 or bf16 operands, f32 accumulation) through upstream
// nvgpu and gpu ops: a tile_m x tile_n C tile per block; A and B tiles of depth
// tile_k staged in dynamic shared memory in a `stages`-deep software pipeline,
// either by cp.async (nvgpu.device_async_copy, every thread) or, with
// copy = "tma" on sm_90, by TMA box copies (nvvm.cp.async.bulk.tensor, thread
// 0, mini.stage_copy_tma) tracked by a full and an empty mbarrier per stage
// (with cluster_m > 1, the blocks of a cluster multicast their shares of the
// common B tile to one another). The builder emits one stage's copy, wait
// and multiply per K step; mini-pipeline-stages pipelines that loop. Each warp multiplies its tile_m / warps_m x tile_n / warps_n share
// with warp ops (mini.warp_load / warp_mma / warp_store) that mini-lower-mma
// lowers to ldmatrix + mma.sync m16n8k16 or to WMMA 16x16x16, as the
// kernel's mini.mma_kind (the config's math) says.
//
// The pieces are in TensorCoreEmitter.h (copies: TensorCoreCopies.cpp; the
// warp ops: TensorCoreMath.cpp); this file sizes the kernel, lays out its
// dynamic shared memory and builds the pipelined K loop.
#include "TensorCoreEmitter.h"

#include "mini/Transforms/MatmulConfig.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;

namespace mini {
using namespace tensorcore;

FailureOr<gpu::GPUFuncOp> buildMatmulMmaKernel(Operation *op, MatmulConfigAttr cfg,
                                               gpu::GPUModuleOp module, StringRef name,
                                               KernelSpec &spec) {
  auto mm = cast<MatmulOp>(op);
  Tiling t{cfg.getTileM(),  cfg.getTileN(),  cfg.getTileK(),
           cfg.getWarpsM(), cfg.getWarpsN(), cfg.getStages(),
           32 * cfg.getWarpsM() * cfg.getWarpsN(), cfg.getMath() == "wmma"};
  Type inElt = cast<RankedTensorType>(mm.getLhs().getType()).getElementType();
  setMatmulSpec(op, spec, t.tm, t.tn, t.threads);
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
  func->setAttr(MiniDialect::kMmaKindAttrName, b.getStringAttr(cfg.getMath()));
  b.setInsertionPointToStart(&func.getBody().front());
  KernelBuilder kb(b, loc);

  // Dynamic shared memory (beyond the 48 KB of a static allocation): the A
  // stages, the B stages, then (wmma) the epilogue tiles. The mma.sync
  // epilogue reuses the stages.
  // The TMA path's padded views hold the one stage of the scalar path.
  int64_t paddedStages = useTma ? 1 : t.stages;
  MemRefType aType = workgroupMemRef({paddedStages, t.tm, t.tk + kPad}, inElt);
  MemRefType bType = workgroupMemRef({paddedStages, t.tk, t.tn + kPad}, inElt);
  MemRefType cType = workgroupMemRef({t.wm * t.wn, 16, 16}, b.getF32Type());
  Value raw = gpu::DynamicSharedMemoryOp::create(
      b, loc, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t aBytes = aType.getNumElements() * eltBytes;
  int64_t bBytes = bType.getNumElements() * eltBytes;
  Value sa = memref::ViewOp::create(b, loc, aType, raw, kb.idx(0), ValueRange{});
  Value sb = memref::ViewOp::create(b, loc, bType, raw, kb.idx(aBytes), ValueRange{});
  Value scratch = t.wmma ? memref::ViewOp::create(b, loc, cType, raw, kb.idx(aBytes + bBytes),
                                                  ValueRange{})
                               .getResult()
                         : Value();

  Value A = func.getArgument(0), B = func.getArgument(1), C = func.getArgument(2);
  Value M = func.getArgument(4), N = func.getArgument(5), K = func.getArgument(6);
  Value batch = kb.blockId(gpu::Dimension::z);
  Value row0 = kb.mul(kb.blockId(gpu::Dimension::y), kb.idx(t.tm));
  Value col0 = kb.mul(kb.blockId(gpu::Dimension::x), kb.idx(t.tn));
  TensorCoreEmitter e(kb, t, inElt, A, B, M, N, K, kb.mul(batch, kb.mul(M, K)),
                      kb.mul(batch, kb.mul(K, N)), row0, col0, sa, sb);
  Value cBase = kb.mul(batch, kb.mul(M, N));
  // TMA path: the swizzled stages start at the first 1024-byte boundary of
  // the dynamic shared memory (the swizzle pattern is anchored there).
  std::optional<TensorCoreEmitter> te;
  if (useTma) {
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, raw);
    const int64_t align = MatmulConfigAttr::kTmaAlign;
    Value shift = kb.rem(kb.sub(kb.idx(align), kb.rem(base, kb.idx(align))), kb.idx(align));
    int64_t aStages = llvm::alignTo(t.stages * t.tm * t.tk * eltBytes, align);
    int64_t bStages = t.stages * t.tk * t.tn * eltBytes;
    auto view = [&](ArrayRef<int64_t> shape, Type type, int64_t offset) -> Value {
      return memref::ViewOp::create(b, loc, workgroupMemRef(shape, type), raw,
                                    kb.add(shift, kb.idx(offset)), ValueRange{});
    };
    Value swizzledA = view({t.stages, t.tm, t.tk}, inElt, 0);
    Value swizzledB = view({t.stages, t.tn / kTmaBoxCols, t.tk, kTmaBoxCols}, inElt, aStages);
    te.emplace(kb, t, inElt, A, B, M, N, K, kb.mul(batch, kb.mul(M, K)),
               kb.mul(batch, kb.mul(K, N)), row0, col0, swizzledA, swizzledB);
    unsigned maps = func.getNumArguments() - 2;
    te->tma = TensorCoreEmitter::Tma{func.getArgument(maps), func.getArgument(maps + 1),
                                     view({2 * t.stages}, b.getI64Type(), aStages + bStages),
                                     batch, clusterM};
  }
  // The mma.sync epilogue stages C through the (then idle) pipeline buffers
  // when they are large enough.
  Type outElt = cast<MemRefType>(C.getType()).getElementType();
  int64_t outBytes = outElt.getIntOrFloatBitWidth() / 8;
  Value stagedScratch;
  if (!t.wmma && e.stagedEpilogueElements() * outBytes <= aBytes + bBytes)
    stagedScratch = memref::ViewOp::create(
        b, loc, workgroupMemRef({e.stagedEpilogueElements()}, outElt), raw, kb.idx(0),
        ValueRange{});
  Value numK = arith::CeilDivUIOp::create(b, loc, K, kb.idx(t.tk));
  Value init = e.zeroAccumulator();

  // N is a multiple of 8 on the cp.async paths: stores go out in pairs, or
  // staged as 16-byte chunks.
  auto alignedEpilogue = [&](Value acc) {
    if (stagedScratch) // every warp must be done reading the stages
      gpu::BarrierOp::create(b, loc);
    e.epilogue(acc, C, cBase, stagedScratch ? stagedScratch : scratch, /*pairs=*/true);
  };
  // TMA path: one thread copies step kt into stage 0 and every thread waits
  // on the stage's full barrier, then multiplies; mini-pipeline-stages
  // turns this loop into the mbarrier pipeline over all the stages. (With
  // clusters, the barrier at the top spans the cluster: the other blocks'
  // copies write into this block's stage too.)
  auto tmaUnpipelined = [&](TensorCoreEmitter &e) {
    e.initBarriers();
    Value issuer = e.isThread0();
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
      if (clusterM > 1) {
        NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
        NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
      } else {
        gpu::BarrierOp::create(b, loc);
      }
      kb.ifThenElse(issuer, [&] { e.stageCopyTma(kb.idx(0), kt); });
      StageWaitOp::create(b, loc, e.tma->barriers, kb.idx(0), kt, /*released=*/false);
      return SmallVector<Value>{e.multiplyTile(kb.idx(0), acc[0])};
    });
    // Every TMA copy was waited for: none is left writing shared memory.
    alignedEpilogue(loop.getResult(0));
  };
  // cp.async path: copy into stage 0, wait, multiply, no overlap; with more
  // stages, mini-pipeline-stages pipelines this loop.
  auto unpipelined = [&] {
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
      gpu::BarrierOp::create(b, loc);
      Value token = e.stageCopy(kb.idx(0), kt, /*async=*/true);
      nvgpu::DeviceAsyncWaitOp::create(b, loc, token, b.getI32IntegerAttr(0));
      gpu::BarrierOp::create(b, loc);
      return SmallVector<Value>{e.multiplyTile(kb.idx(0), acc[0])};
    });
    alignedEpilogue(loop.getResult(0));
  };
  // Unaligned rows: scalar staging through stage 0, no overlap.
  auto synchronous = [&] {
    auto loop = kb.forLoop(kb.idx(0), numK, kb.idx(1), init, [&](Value kt, ValueRange acc) {
      gpu::BarrierOp::create(b, loc);
      e.stageCopy(kb.idx(0), kt, /*async=*/false);
      gpu::BarrierOp::create(b, loc);
      return SmallVector<Value>{e.multiplyTile(kb.idx(0), acc[0])};
    });
    e.epilogue(loop.getResult(0), C, cBase, scratch, /*pairs=*/false);
  };
  auto multipleOf = [&](Value v, int64_t m) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kb.rem(v, kb.idx(m)),
                                 kb.idx(0));
  };
  Value aligned = kb.andi(multipleOf(K, kChunk), multipleOf(N, kChunk));
  if (te)
    kb.ifThenElse(aligned, [&] { tmaUnpipelined(*te); }, synchronous);
  else
    kb.ifThenElse(aligned, unpipelined, synchronous);
  if (clusterM > 1) { // no block exits while others may still arrive on its barriers
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
  }
  gpu::ReturnOp::create(b, loc);
  return func;
}

} // namespace mini
