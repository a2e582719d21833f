// The PTX each op compiles to (gpu-module-to-binary format=isa keeps the PTX
// text in the gpu.binary; newlines are escaped, so checks run along one line).
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s -split-input-file --mini-pipeline="format=isa toolkit=%cuda_toolkit" | FileCheck %s
// RUN: mini-opt %s -split-input-file --mini-pipeline="format=isa chip=sm_80 toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=SM80

// Matmul, f16, the sm_90a default: wgmma fed by TMA, issued by a producer
// warpgroup. Blocks of 384 threads (two math warpgroups, one producer
// warpgroup), .minnctapersm 1 so that ptxas honours setmaxnreg. Thread 0
// sets up a full and an empty mbarrier per stage; after the block barrier
// the math warps raise their registers to 240 and the producer warps drop
// theirs to 24. The math warps wait on the full barrier, issue the stage's
// four m64n256k16 wgmma (fence, batch, commit), wait until one batch is in
// flight and arrive on the previous stage's empty barrier; after the loop
// they wait for the last batch, meet at a named barrier of their own 256
// threads and stage the epilogue through shared memory in 16-byte chunks.
// The producer's first thread waits for a stage's empty barrier, arms its
// full barrier and issues box copies (cp.async.bulk.tensor). The sizes are
// static and aligned: the kernel has no scalar path for unaligned rows (see
// @matmul_unaligned_k). On sm_80 (no TMA, no wgmma): cp.async and mma.sync.
// (Static sizes that fill the GPU: one kernel; see @matmul_size_variants.)
// CHECK-LABEL: func.func @matmul
// CHECK: gpu.launch_func @mini_kernels::@matmul_matmul
// CHECK: gpu.binary @mini_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">
// CHECK-SAME: .target sm_90a
// CHECK-SAME: .entry matmul_matmul(
// CHECK-SAME: .maxntid 384, 1, 1\0A.minnctapersm 1
// CHECK-SAME: mbarrier.init.shared.b64
// CHECK-SAME: fence.mbarrier_init.release.cluster
// CHECK-SAME: bar.sync {{[^;]*}}0;
// CHECK-SAME: setmaxnreg.inc.sync.aligned.u32 {{[^;]*}}240;
// CHECK-SAME: mbarrier.try_wait.parity.shared.b64
// CHECK-SAME: wgmma.fence.sync.aligned;
// CHECK-SAME: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// CHECK-SAME: wgmma.commit_group.sync.aligned;
// CHECK-SAME: wgmma.wait_group.sync.aligned {{[^;]*}}1;
// CHECK-SAME: mbarrier.arrive.shared.b64
// CHECK-SAME: wgmma.wait_group.sync.aligned {{[^;]*}}0;
// CHECK-SAME: bar.sync {{[^;]*}}1, 256;
// CHECK-SAME: st.shared.v2.b32
// CHECK-SAME: ld.shared.v4.b32
// CHECK-SAME: st.global.v4.b32
// CHECK-SAME: setmaxnreg.dec.sync.aligned.u32 {{[^;]*}}24;
// CHECK-SAME: mbarrier.try_wait.parity.shared.b64
// CHECK-SAME: mbarrier.arrive.expect_tx.shared.b64
// CHECK-SAME: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-NOT: fence.proxy.async.shared::cta;
// SM80: .target sm_80
// SM80-SAME: cp.async.cg.shared.global
// SM80-SAME: mma.sync.aligned.m16n8k16
func.func @matmul(%a: tensor<2048x1024xf16>, %b: tensor<1024x4096xf16>) -> tensor<2048x4096xf32> {
  %c = mini.matmul %a, %b : tensor<2048x1024xf16>, tensor<1024x4096xf16> -> tensor<2048x4096xf32>
  return %c : tensor<2048x4096xf32>
}

// -----

// K known at launch only: the kernel keeps the scalar path for rows that
// are not 16-byte chunks, first in the PTX: element copies into the
// swizzled stage, fenced for the async proxy, then a wgmma batch waited
// for at once.
// CHECK-LABEL: func.func @matmul_unaligned_k
// CHECK: .entry matmul_unaligned_k_matmul(
// CHECK-SAME: setmaxnreg.inc.sync.aligned.u32 {{[^;]*}}240;
// CHECK-SAME: fence.proxy.async.shared::cta;
// CHECK-SAME: bar.sync {{[^;]*}}1, 256;
// CHECK-SAME: wgmma.fence.sync.aligned;
// CHECK-SAME: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// CHECK-SAME: wgmma.wait_group.sync.aligned {{[^;]*}}0;
// CHECK-SAME: setmaxnreg.dec.sync.aligned.u32 {{[^;]*}}24;
// SM80: .target sm_80
// SM80-SAME: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
func.func @matmul_unaligned_k(%a: tensor<2048x?xf16>, %b: tensor<?x4096xf16>) -> tensor<2048x4096xf32> {
  %c = mini.matmul %a, %b : tensor<2048x?xf16>, tensor<?x4096xf16> -> tensor<2048x4096xf32>
  return %c : tensor<2048x4096xf32>
}

// -----

// Matmul, f16, cp.async copies (the default before sm_90): each thread copies
// 16-byte chunks into dynamic shared memory addressed with 32-bit pointers;
// ldmatrix, mma.sync; 5 stages: up to 3 groups in flight past the one
// awaited; the last wait_group 0 before the epilogue.
// CHECK-LABEL: func.func @matmul_cp_async
// CHECK: .entry matmul_cp_async_matmul(
// CHECK-SAME: .shared .align 16 .b8 __dynamic_shmem__0
// CHECK-SAME: cp.async.cg.shared.global {{[^;]*}}[%r{{[0-9]+}}]
// CHECK-SAME: cp.async.commit_group
// CHECK-SAME: cp.async.wait_group {{[^;]*}}3;
// CHECK-SAME: bar.sync
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{[^;]*}}[%r{{[0-9]+}}];
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-SAME: cp.async.wait_group {{[^;]*}}0;
// CHECK-SAME: bar.sync
// CHECK-SAME: st.global.v4.b32
// SM80: .target sm_80
// SM80-SAME: cp.async.wait_group {{[^;]*}}3;
func.func @matmul_cp_async(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync", copy = "cp_async">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// Matmul, bf16: tensor cores too (mini-lower-bf16-mma-sync), bf16 results
// narrowed in pairs.
// CHECK-LABEL: func.func @matmul_bf16
// CHECK: .entry matmul_bf16_matmul(
// CHECK-SAME: cp.async.bulk.tensor.3d
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-SAME: cvt.rn.bf16x2.f32
// SM80: .target sm_80
// SM80-SAME: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
func.func @matmul_bf16(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c = mini.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %c : tensor<?x?xbf16>
}

// -----

// Matmul, WMMA lowering: wmma.load / wmma.mma / wmma.store from the same
// cp.async pipeline.
// CHECK-LABEL: func.func @matmul_wmma
// CHECK: .entry matmul_wmma_matmul(
// CHECK-SAME: cp.async.cg.shared.global
// CHECK-SAME: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16
// CHECK-SAME: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16
// CHECK-SAME: wmma.mma.sync.aligned.row.row.m16n16k16.f32.f32
// CHECK-SAME: wmma.store.d.sync.aligned.row.m16n16k16.shared.f32
// CHECK-NOT: ldmatrix
// SM80: .target sm_80
func.func @matmul_wmma(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "wmma">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}

// -----

// bf16 WMMA goes through the NVVM intrinsics: bf16 fragment loads and the
// f32 += bf16 x bf16 wmma.mma.
// CHECK-LABEL: func.func @matmul_wmma_bf16
// CHECK: .entry matmul_wmma_bf16_matmul(
// CHECK-SAME: cp.async.cg.shared.global
// CHECK-SAME: wmma.load.a.sync.aligned.row.m16n16k16.shared.bf16
// CHECK-SAME: wmma.load.b.sync.aligned.row.m16n16k16.shared.bf16
// CHECK-SAME: wmma.mma.sync.aligned.row.row.m16n16k16.f32.bf16.bf16.f32
// CHECK-SAME: wmma.store.d.sync.aligned.row.m16n16k16.shared.f32
// CHECK-NOT: ldmatrix
func.func @matmul_wmma_bf16(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "wmma">} : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %c : tensor<?x?xbf16>
}

// -----

// Matmul, f32: the SIMT kernel. Loads staged through a shared-memory buffer
// between barriers, f32 FMAs.
// CHECK-LABEL: func.func @matmul_f32
// CHECK: .entry matmul_f32_matmul(
// CHECK-SAME: .shared .align 4 .b8 __wg_matmul_f32_matmul_0[8256]
// CHECK-SAME: ld.global.b32
// CHECK-SAME: st.shared.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: fma.rn.f32
// CHECK-NOT: mma.sync
// SM80: .target sm_80
func.func @matmul_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// Softmax: 16-byte loads and stores (ld/st.global.v4), NaN-propagating max,
// butterfly warp shuffles, a barrier for the cross-warp step, exp via ex2;
// scalar 2-byte accesses remain for rows that are not a multiple of 8.
// CHECK-LABEL: func.func @softmax
// CHECK: .entry softmax_softmax(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: max.NaN.f32
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: ex2.approx
// CHECK-SAME: st.global.v4.b32
// CHECK-SAME: ld.global.b16
// CHECK-SAME: st.global.b16
// SM80: .target sm_80
func.func @softmax(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

// RMSNorm: bf16 rows read with 16-byte loads, shuffles, rsqrt, narrowed back
// with round-to-nearest and stored 16 bytes at a time.
// CHECK-LABEL: func.func @rmsnorm
// CHECK: .entry rmsnorm_rmsnorm(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: rsqrt.approx.f32
// CHECK-SAME: cvt.rn.bf16x2.f32
// CHECK-SAME: st.global.v4.b32
// SM80: .target sm_80
func.func @rmsnorm(%x: tensor<?x4096xbf16>, %w: tensor<4096xbf16>) -> tensor<?x4096xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<?x4096xbf16>, tensor<4096xbf16> -> tensor<?x4096xbf16>
  return %y : tensor<?x4096xbf16>
}

// -----

// Attention, D = 128, f16, causal: the tensor-core kernel. Q, K and V
// tiles by cp.async (16-byte chunks), K's fragments by ldmatrix, V's by
// ldmatrix.trans, both products by mma.sync m16n8k16 with f32 accumulators,
// row max and sum by shuffles within the quad, NaN-propagating max, exp2
// without denormals. The key loop's ldmatrix read at one register and an
// immediate.
// CHECK-LABEL: func.func @attention
// CHECK: .entry attention_attention(
// CHECK-SAME: cp.async.cg.shared.global
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: max.NaN.f32
// CHECK-SAME: ex2.approx.ftz.f32
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{[{][^}]*[}]}}, [%r{{[0-9]+}}+{{[0-9]+}}]
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// SM80: .target sm_80
// SM80: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// SM80-SAME: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
func.func @attention(%q: tensor<?x8x?x128xf16>, %k: tensor<?x2x?x128xf16>, %v: tensor<?x2x?x128xf16>) -> tensor<?x8x?x128xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x8x?x128xf16>, tensor<?x2x?x128xf16>, tensor<?x2x?x128xf16> -> tensor<?x8x?x128xf16>
  return %o : tensor<?x8x?x128xf16>
}

// -----

// Sizes known at launch: the default kernel and its size variant on sm_90
// (64x128 tiles of 4 warps, TMA copies too) in the same binary.
// CHECK-LABEL: func.func @matmul_size_variants
// CHECK: gpu.binary @mini_kernels
// CHECK-SAME: .entry matmul_size_variants_matmul(
// CHECK-SAME: .maxntid 384, 1, 1
// CHECK-SAME: cp.async.bulk.tensor
// CHECK-SAME: .entry matmul_size_variants_matmul_64x128(
// CHECK-SAME: .maxntid 128, 1, 1
// CHECK-SAME: cp.async.bulk.tensor
func.func @matmul_size_variants(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
