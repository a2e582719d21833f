// Tests lib/Transforms/SelectMatmulConfig.cpp.
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="chip=sm_75" | FileCheck %s --check-prefix=TURING
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="chip=sm_86" | FileCheck %s --check-prefix=AMPERE86
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="chip=sm_100a" | FileCheck %s --check-prefix=BLACKWELL
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="tile-n=128 tile-k=32 stages=2" | FileCheck %s --check-prefix=OVERRIDE
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="math=simt" | FileCheck %s --check-prefix=SIMT
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="math=simt tile-m=16 tile-n=16 tile-k=1 stages=0" | FileCheck %s --check-prefix=NAIVE
// RUN: not mini-opt %s -split-input-file -mini-select-matmul-config="math=wmma stages=1" 2>/dev/null | FileCheck %s --check-prefix=WMMA
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="copy=cp_async" | FileCheck %s --check-prefix=CPASYNC
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="stages=1" | FileCheck %s --check-prefix=ONESTAGE
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="cluster-m=2" | FileCheck %s --check-prefix=CLUSTER
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="producer-warps=0" | FileCheck %s --check-prefix=NOPRODUCER
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="warps-m=2" | FileCheck %s --check-prefix=FOURWARPS
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="tail-splits=4" | FileCheck %s --check-prefix=TAIL
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="tail-splits=1" | FileCheck %s --check-prefix=NOTAIL
// RUN: not mini-opt %s -split-input-file -mini-select-matmul-config="math=mma_sync" 2>/dev/null | FileCheck %s --check-prefix=MMA
// RUN: not mini-opt %s -split-input-file -mini-select-matmul-config="math=wgmma" 2>/dev/null | FileCheck %s --check-prefix=WGMMA
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="math=gemv tile-n=64" | FileCheck %s --check-prefix=GEMV

// f16 on sm_80+: tensor cores. sm_90a: wgmma on 128x256 tiles of two math
// warpgroups (8 x 1 warps), TMA copies of 64-deep tiles, 4 stages, issued by
// a producer warpgroup. Options the wgmma tiling cannot take (one stage,
// cp.async, no producer, other warps) start from mma.sync's defaults:
// 256x128 tiles of 4x2 warps (producer-warps=0: copies by thread 0; warp
// options other than 8 math warps drop the producer).
// Otherwise cp.async of 32-deep tiles, 5 stages where a block may have 163 KB
// of shared memory (sm_80), 3 where it may have about 99 KB (sm_86). Before
// sm_80 (no m16n8k16 mma.sync): SIMT. copy=cp_async on sm_90 starts from the
// cp.async defaults; options TMA cannot take (one stage) fall back to
// cp.async (SelectMatmulConfig-tma-invalid.mlir: chips without TMA).
// Sizes known only at launch: smaller-tile variants (sm_90: 64x128 with TMA;
// cp.async: 128x128 and 64x128), with the SM count (132 on sm_90, 84 on
// sm_86) and each tiling's rate, for the launch to take the one of least
// cost; and the variants the launch takes by M before any cost (their
// rates are not used): the gemv kernel where M <= 8 and, with TMA, the
// narrow few-rows tiling (32x64 tiles in 8 stages, a producer, the
// stream-K tail of at most 8 splits a tile) where M <= 32 and N <= 8192
// (variant_max_n), 16x64 tiles where M <= 16 and the few-rows tiling
// (64x128 tiles, 4 stages) where M <= 64; tail-splits=4 gives the
// few-rows tilings 4, producer-warps=0 and cluster-m=2 leave them out.
// CHECK-LABEL: func.func @f16
// CHECK: mini.matmul %{{.*}}, %{{.*}} {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma">, #mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">, #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, #mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">, #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>], sm_count = 132 : i64, tile_rates = array<i64: 100, 60, 100, 100, 100, 100>, variant_max_m = array<i64: 0, 8, 32, 16, 64>, variant_max_n = array<i64: 0, 0, 8192, 0, 0>}
// CPASYNC-LABEL: func.func @f16
// CPASYNC: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">
// ONESTAGE-LABEL: func.func @f16
// Options that fix the tiling leave no size variants.
// ONESTAGE: #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 1, math = "mma_sync">}
// NOPRODUCER-LABEL: func.func @f16
// NOPRODUCER: #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma">, size_variants = [
// NOPRODUCER-SAME: variant_max_m = array<i64: 0, 8, 16>}
// NOPRODUCER-NOT: variant_max_n
// FOURWARPS-LABEL: func.func @f16
// FOURWARPS: #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma">}
// CLUSTER-LABEL: func.func @f16
// CLUSTER: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", cluster_m = 2, producer_warps = 4>
// AMPERE86-LABEL: func.func @f16
// AMPERE86: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">, size_variants = [{{.*}}], sm_count = 84 : i64, tile_rates = array<i64: 100, 70, 50, 100>, variant_max_m = array<i64: 0, 0, 8>}
// Three-digit chips read as such (sm_100a is 10.0, not 1.0): tensor cores,
// cp.async in 5 stages, 148 SMs.
// BLACKWELL-LABEL: func.func @f16
// BLACKWELL: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, size_variants = [{{.*}}], sm_count = 148 : i64, tile_rates = array<i64: 100, 70, 50, 100>, variant_max_m = array<i64: 0, 0, 8>}
// TURING-LABEL: func.func @f16
// TURING: #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt">
// OVERRIDE-LABEL: func.func @f16
// OVERRIDE: #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 32, warps_m = 4, warps_n = 2, stages = 2, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64}
// SIMT-LABEL: func.func @f16
// SIMT: #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt">
// NAIVE-LABEL: func.func @f16
// NAIVE: #mini.matmul_config<tile_m = 16, tile_n = 16, tile_k = 1, warps_m = 2, warps_n = 4, stages = 0, math = "simt">
// WMMA-LABEL: func.func @f16
// WMMA: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 1, math = "wmma">
// tail-splits does not fix the tiling: the variants stay (unsplit).
// TAIL-LABEL: func.func @f16
// TAIL: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma">, #mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">, #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, #mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">, #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>], sm_count = 132 : i64
func.func @f16(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// bf16 on tensor cores as well; f32 operands: SIMT (no f32 mma.sync without
// tf32 rounding).
// CHECK-LABEL: func.func @bf16_f32
// CHECK: math = "mma_sync"
// CHECK: math = "simt"
// Forcing wmma on f32 is an error (no f32 tensor-core path); the other
// splits still get wmma, bf16 included (@by_size).
// WMMA-LABEL: func.func @kept
// WMMA: math = "wmma"
func.func @bf16_f32(%a: tensor<16x16xbf16>, %b: tensor<16x16xf32>) -> (tensor<16x16xbf16>, tensor<16x16xf32>) {
  %c = mini.matmul %a, %a : tensor<16x16xbf16>, tensor<16x16xbf16> -> tensor<16x16xbf16>
  %d = mini.matmul %b, %b : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %c, %d : tensor<16x16xbf16>, tensor<16x16xf32>
}

// -----

// A config already on the op is kept unless options are given; options
// apply to the chip's defaults and replace it.
// CHECK-LABEL: func.func @kept
// CHECK: #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">
// OVERRIDE-LABEL: func.func @kept
// OVERRIDE: #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 32, warps_m = 4, warps_n = 2, stages = 2, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>
func.func @kept(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}

// -----

// Static sizes take the tiling of least launch cost: ceil(blocks / SMs) x
// tile area / rate. sm_90a: 128x256 wgmma (rate 100), 128x192 and 128x128
// wgmma (96 and 90, where K is static and at least 1024) or 64x128 mma.sync
// with TMA (60), one wave costing 32768, 25600, 18204 or 13653. Cp.async: 128x256 (100), 128x128 (70) or
// 64x128 (50), 32768, 23405 or 16384. Dynamic M, N or batch keep the large
// tile;
// the batch counts as blocks too. Options start from the size's choice.
// CHECK-LABEL: func.func @by_size
// 1024 x 1024 x 1024: 8 x 16 = 128 128x64 tiles, one wave: the one-wave
// tiling, by bound (@one_wave), with no tail at K < 4096.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", copy = "tma", producer_warps = 4>} : tensor<1024x1024xf16>
// 512 x 4096 x 4096: 64 / 128 / 256 blocks; the 64 large tiles are all
// tail, 64 steps each, split over 128 blocks of 32 steps: (32 + 15) / 64 of
// a large wave, against one wave of 128x128 tiles (unsplit: 4 x 63 steps
// a block would not save a quarter of their 64) and 2 small waves.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 6, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<512x4096xbf16>
// 16 x 1024 x 1024: 512 / 2048 blocks: 4 / 16 waves.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<16x1024x1024xf16>
// 72 x 72: one wave either way; the smaller tile.
// CHECK: #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma">} : tensor<72x72xf16>
// Dynamic M: size variants, the 128x192 and 128x128 wgmma tiles first (K
// static, 4096).
// A dynamic K (@f16 above) and K = 777 (below) leave them out.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 192, tile_k = 64, warps_m = 8, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 6, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, #mini.matmul_config<tile_m = 64, tile_n = 128,
// 1536 x 1536: 72 / 96 / 144 / 288 blocks, unsplit (more than a quarter of
// the SMs): one wave each but of 64x128; 96 128x192 tiles leave fewer SMs
// idle than 72 large ones.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 192, tile_k = 64, warps_m = 8, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<1536x4096xf16>
// 1000 x 1030 x 777: 40 / 144 blocks; the runtime copies its odd rows for
// TMA, so the large tiles' 13 steps may split, 3 blocks of 5 a tile: (5 +
// 15) / 13 of a large wave, more than 2 small waves (0.64x of cuBLAS
// against 1.0x at 1000 x 1032 x 776 on the H200).
// CHECK: #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma">} : tensor<1000x777xf16>
// CPASYNC-LABEL: func.func @by_size
// 1024 x 1024: 32 / 64 / 128 blocks, one wave each.
// CPASYNC: #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<1024x1024xf16>
// 512 x 4096: 64 / 128 / 256 blocks: 1 / 1 / 2 waves.
// CPASYNC: #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<512x4096xbf16>
// CPASYNC: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<16x1024x1024xf16>
// CPASYNC: #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<72x72xf16>
// CPASYNC: size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 128, {{.*}}>, #mini.matmul_config<tile_m = 64, tile_n = 128, {{.*}}>, #mini.matmul_config<tile_m = 8, {{.*}} math = "gemv">], sm_count = 132 : i64, tile_rates = array<i64: 100, 70, 50, 100>, variant_max_m = array<i64: 0, 0, 8>}
// 1536 x 1536: 72 / 144 / 288 blocks: 1 / 2 / 3 waves.
// CPASYNC: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<1536x4096xf16>
// 1000 x 1030: 40 / 72 / 144 blocks: 1 / 1 / 2 waves.
// CPASYNC: #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<1000x777xf16>
// AMPERE86-LABEL: func.func @by_size
// 1024 x 1024 on 84 SMs: 1 / 1 / 2 waves.
// AMPERE86: tile_m = 128, tile_n = 128, {{.*}} stages = 4
// 512 x 4096: 1 / 2 / 4 waves.
// AMPERE86: tile_m = 128, tile_n = 256, {{.*}} stages = 3
// AMPERE86: tile_m = 128, tile_n = 256, {{.*}} stages = 3
// WMMA-LABEL: func.func @by_size
// WMMA: stages = 1, math = "wmma">} : tensor<1024x1024xf16>
// WMMA: stages = 1, math = "wmma">} : tensor<512x4096xbf16>
// math=wgmma where the cost model takes mma.sync's 64x128 tiles (the last
// of wgmma's tilings): the least cost of wgmma's own, as any tile option
// then asks of it (1024^3 takes the one-wave tiles either way).
// WGMMA-LABEL: func.func @by_size
// WGMMA: #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", {{.*}} : tensor<1024x1024xf16>
// WGMMA: tile_m = 128, tile_n = 256, {{.*}} math = "wgmma", {{.*}} : tensor<72x72xf16>
// cluster-m asks for TMA copies, on the small tiles too.
// The small tiles have no producer warpgroup: no stream-K tail for them.
// Static sizes with a tail keep the SM count the host plans with.
// tail-splits=4 gives the one-wave tiles their tail at K = 1024 too.
// TAIL-LABEL: func.func @by_size
// TAIL: #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<1024x1024xf16>
// TAIL: #mini.matmul_config<tile_m = 128, tile_n = 192, tile_k = 64, warps_m = 8, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<1536x4096xf16>
// CLUSTER-LABEL: func.func @by_size
// CLUSTER: #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", cluster_m = 2, producer_warps = 4>
// OVERRIDE-LABEL: func.func @by_size
// OVERRIDE: #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync", copy = "tma">
func.func @by_size(%a: tensor<1024x1024xf16>, %b: tensor<512x4096xbf16>, %c: tensor<4096x4096xbf16>,
                   %d: tensor<16x1024x1024xf16>, %e: tensor<72x72xf16>, %f: tensor<?x4096xf16>,
                   %g: tensor<4096x4096xf16>, %h: tensor<1536x4096xf16>, %i: tensor<4096x1536xf16>,
                   %j: tensor<1000x777xf16>, %k: tensor<777x1030xf16>) {
  %0 = mini.matmul %a, %a : tensor<1024x1024xf16>, tensor<1024x1024xf16> -> tensor<1024x1024xf16>
  %1 = mini.matmul %b, %c : tensor<512x4096xbf16>, tensor<4096x4096xbf16> -> tensor<512x4096xbf16>
  %2 = mini.matmul %d, %d : tensor<16x1024x1024xf16>, tensor<16x1024x1024xf16> -> tensor<16x1024x1024xf16>
  %3 = mini.matmul %e, %e : tensor<72x72xf16>, tensor<72x72xf16> -> tensor<72x72xf16>
  %4 = mini.matmul %f, %g : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  %5 = mini.matmul %h, %i : tensor<1536x4096xf16>, tensor<4096x1536xf16> -> tensor<1536x1536xf16>
  %6 = mini.matmul %j, %k : tensor<1000x777xf16>, tensor<777x1030xf16> -> tensor<1000x1030xf16>
  return
}

// -----

// The one-wave tiling (sm_90a, K static and at least 1024): 128x64 wgmma
// tiles in 8 stages, with the tail where K is at least 4096, where all of
// them fit one wave of 132 SMs on at most 5 rows of tiles (8 where N is a
// whole number of tiles and K at most 8192), M at least 112 (below 128 rows the one row of tiles reads
// past M; past them the last row moves up: boxed rows): as the static
// tiling, and, for as many rows of tiles as fit a wave, as a size variant
// bounded by M (and N, where N is known only at launch: one row) rather
// than rated by launch cost.
// CHECK-LABEL: func.func @one_wave
// 256 x 4096 x 4096: 2 x 64 = 128 tiles, one wave.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<256x4096xf16>
// 384 x 4096 x 4096: 192 tiles; past a wave, the cost model's 128x128 tiles.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 6, {{.*}} : tensor<384x4096xf16>
// 768 x 1024 x 4096: 6 x 16 = 96 tiles, 6 rows of whole tiles.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 64, {{.*}} : tensor<768x4096xf16>, tensor<4096x1024xf16>
// 129 x 4096 x 4096: 128 tiles, the last row of 1 (moved up to rows 1 ..
// 128); 112 rows: one row of tiles, 112 full; 111 rows: too few.
// CHECK: tile_m = 128, tile_n = 64, {{.*}} : tensor<129x4096xf16>
// CHECK: tile_m = 128, tile_n = 64, {{.*}} : tensor<112x4096xf16>
// CHECK-NOT: tile_n = 64, tile_k = 64, warps_m = 8
// CHECK: : tensor<111x4096xf16>
// 1024 x 1000 x 4096: 8 x 16 = 128 tiles, but the last column of them
// partial: at most 5 rows; by cost, 64 128x128 tiles split in two.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 128, {{.*}} : tensor<1024x4096xf16>, tensor<4096x1000xf16>
// 1024 x 1024 x 8192: 8 rows of whole tiles, their tail; at K = 16384,
// at most 5 rows: the larger tiles' split.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 64, {{.*}} tail_splits = 4>, {{.*}} : tensor<1024x8192xf16>
// CHECK-NOT: tile_n = 64, tile_k = 64, warps_m = 8
// CHECK: : tensor<1024x16384xf16>
// A batch counts: 2 x 128 x 1024 is 2 x 16 tiles; 2 x 256 x 4096 is 256.
// CHECK: tile_m = 128, tile_n = 64, {{.*}} : tensor<2x128x4096xf16>
// CHECK: tile_m = 128, tile_n = 128, {{.*}} : tensor<2x256x4096xf16>
// K = 2048: the one-wave tiling without its tail.
// CHECK: tile_m = 128, tile_n = 64, {{.*}} producer_warps = 4>} : tensor<256x2048xf16>
// M at launch: the rows of tiles that fit a wave: N = 1000 gives 16
// column tiles (8 rows, capped at 5: M <= 640); N = 14336 gives 224, more
// than the SMs.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 64, {{.*}} variant_max_m = array<i64: 0, 0, 0, 4, 64, 640>} : tensor<?x4096xf16>, tensor<4096x1000xf16>
// (Past 64 x 132 columns, the few-rows tiles stay 64x128.)
// CHECK: tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, {{.*}} variant_max_m = array<i64: 0, 0, 0, 4, 16, 64>} : tensor<?x4096xf16>, tensor<4096x14336xf16>
// N at launch too: M <= 128 and N <= 64 x 132.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 64, {{.*}} variant_max_m = array<i64: 0, 0, 0, 8, 32, 16, 64, 128>, variant_max_n = array<i64: 0, 0, 0, 0, 8192, 0, 0, 8448>} : tensor<?x4096xf16>, tensor<4096x?xf16>
// A batch at launch: none.
// CHECK: variant_max_m = array<i64: 0, 0, 0, 4, 32, 47, 64>} : tensor<?x?x4096xf16>, tensor<?x4096x4096xf16>
// Without the tail (tail-splits=1), as the few-rows tiling: the static
// tiling keeps its 128x64 tiles, unsplit; no variant at launch.
// NOTAIL-LABEL: func.func @one_wave
// NOTAIL: #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", copy = "tma", producer_warps = 4>} : tensor<256x4096xf16>
// NOTAIL: variant_max_m = array<i64: 0, 0, 0, 4, 16>} : tensor<?x4096xf16>, tensor<4096x1000xf16>
func.func @one_wave(%a: tensor<256x4096xf16>, %b: tensor<4096x4096xf16>, %c: tensor<384x4096xf16>,
                    %d: tensor<2x128x4096xf16>, %e: tensor<2x4096x1024xf16>,
                    %f: tensor<2x256x4096xf16>, %g: tensor<2x4096x4096xf16>,
                    %h: tensor<256x2048xf16>, %i: tensor<2048x4096xf16>, %m: tensor<?x4096xf16>,
                    %n1000: tensor<4096x1000xf16>, %n14336: tensor<4096x14336xf16>,
                    %nd: tensor<4096x?xf16>, %bm: tensor<?x?x4096xf16>, %bw: tensor<?x4096x4096xf16>,
                    %rows: tensor<768x4096xf16>, %w1024: tensor<4096x1024xf16>,
                    %m129: tensor<129x4096xf16>, %m112: tensor<112x4096xf16>,
                    %m111: tensor<111x4096xf16>, %m1024: tensor<1024x4096xf16>,
                    %k8192: tensor<1024x8192xf16>, %w8192: tensor<8192x1024xf16>,
                    %k16384: tensor<1024x16384xf16>, %w16384: tensor<16384x1024xf16>) {
  %0 = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x4096xf16> -> tensor<256x4096xf16>
  %1 = mini.matmul %c, %b : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  %9 = mini.matmul %rows, %w1024 : tensor<768x4096xf16>, tensor<4096x1024xf16> -> tensor<768x1024xf16>
  %10 = mini.matmul %m129, %b : tensor<129x4096xf16>, tensor<4096x4096xf16> -> tensor<129x4096xf16>
  %11 = mini.matmul %m112, %b : tensor<112x4096xf16>, tensor<4096x4096xf16> -> tensor<112x4096xf16>
  %12 = mini.matmul %m111, %b : tensor<111x4096xf16>, tensor<4096x4096xf16> -> tensor<111x4096xf16>
  %13 = mini.matmul %m1024, %n1000 : tensor<1024x4096xf16>, tensor<4096x1000xf16> -> tensor<1024x1000xf16>
  %14 = mini.matmul %k8192, %w8192 : tensor<1024x8192xf16>, tensor<8192x1024xf16> -> tensor<1024x1024xf16>
  %15 = mini.matmul %k16384, %w16384 : tensor<1024x16384xf16>, tensor<16384x1024xf16> -> tensor<1024x1024xf16>
  %2 = mini.matmul %d, %e : tensor<2x128x4096xf16>, tensor<2x4096x1024xf16> -> tensor<2x128x1024xf16>
  %3 = mini.matmul %f, %g : tensor<2x256x4096xf16>, tensor<2x4096x4096xf16> -> tensor<2x256x4096xf16>
  %4 = mini.matmul %h, %i : tensor<256x2048xf16>, tensor<2048x4096xf16> -> tensor<256x4096xf16>
  %5 = mini.matmul %m, %n1000 : tensor<?x4096xf16>, tensor<4096x1000xf16> -> tensor<?x1000xf16>
  %6 = mini.matmul %m, %n14336 : tensor<?x4096xf16>, tensor<4096x14336xf16> -> tensor<?x14336xf16>
  %7 = mini.matmul %m, %nd : tensor<?x4096xf16>, tensor<4096x?xf16> -> tensor<?x?xf16>
  %8 = mini.matmul %bm, %bw : tensor<?x?x4096xf16>, tensor<?x4096x4096xf16> -> tensor<?x?x4096xf16>
  return
}

// -----

// The mid tilings fill the waves the large tile leaves part empty, by
// launch cost (sm_90a, K static and at least 1024). A tail laid end to end
// over more than a quarter of the SMs is not split.
// CHECK-LABEL: func.func @wave_fill
// 768 x 4096 x 4096: 132 128x192 tiles, one wave (25600), against 96 large
// ones (32768) and 192 128x128 tiles, a wave and 60 whole tiles (36408).
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 192, tile_k = 64, warps_m = 8, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<768x4096xf16>, tensor<4096x4096xf16>
// 384 x 4096 x 4096: 96 128x128 tiles, one wave unsplit (18204), against 66
// 128x192 ones split in two ((32 + 15) / 64 of 25600: 18800).
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 128, {{.*}} : tensor<384x4096xf16>, tensor<4096x4096xf16>
// K = 2048 too: 768 x 4096 x 2048 and 384 x 4096 x 2048.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 192, {{.*}} : tensor<768x2048xf16>
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 128, {{.*}} : tensor<384x2048xf16>
// 2304 x 4096 x 4096: 396 128x192 tiles, 3 waves (76800), against 288
// large ones, 2 waves and a tail of 24 split into blocks of 16 steps
// ((128 + 16 + 24) / 64 of 32768: 86016).
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 192, {{.*}} : tensor<2304x4096xf16>
// 1792 x 4096 x 4096: 224 large tiles, a wave and 92 whole tiles (65536).
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 256, {{.*}} : tensor<1792x4096xf16>
// K = 1024 as well: one wave of 128x192 tiles.
// CHECK: #mini.matmul_config<tile_m = 128, tile_n = 192, {{.*}} : tensor<768x1024xf16>
func.func @wave_fill(%a768: tensor<768x4096xf16>, %a384: tensor<384x4096xf16>,
                     %w: tensor<4096x4096xf16>, %s768: tensor<768x2048xf16>,
                     %s384: tensor<384x2048xf16>, %w2048: tensor<2048x4096xf16>,
                     %a2304: tensor<2304x4096xf16>, %a1792: tensor<1792x4096xf16>,
                     %t768: tensor<768x1024xf16>, %w1024: tensor<1024x4096xf16>) {
  %0 = mini.matmul %a768, %w : tensor<768x4096xf16>, tensor<4096x4096xf16> -> tensor<768x4096xf16>
  %1 = mini.matmul %a384, %w : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  %2 = mini.matmul %s768, %w2048 : tensor<768x2048xf16>, tensor<2048x4096xf16> -> tensor<768x4096xf16>
  %3 = mini.matmul %s384, %w2048 : tensor<384x2048xf16>, tensor<2048x4096xf16> -> tensor<384x4096xf16>
  %4 = mini.matmul %a2304, %w : tensor<2304x4096xf16>, tensor<4096x4096xf16> -> tensor<2304x4096xf16>
  %5 = mini.matmul %a1792, %w : tensor<1792x4096xf16>, tensor<4096x4096xf16> -> tensor<1792x4096xf16>
  %6 = mini.matmul %t768, %w1024 : tensor<768x1024xf16>, tensor<1024x4096xf16> -> tensor<768x4096xf16>
  return
}
// -----

// A few rows of A (static M <= 8): the gemv kernel, B streamed once on CUDA
// cores, for every element type: 8 rows, 4 lanes of 16-byte vectors per B
// row (32 f16 or 16 f32 columns per block), 8 vectors in flight per thread,
// 8 warps. Where N and K are static (weights) it takes at most 4 rows of
// 16-bit operands, the tensor-core tilings the rest (gemvMaxM). 9 to 16
// rows take 16x64 tensor-core tiles (mma.sync, TMA, 6 stages), 17 to 64
// the few-rows tiling (64x128, a producer, the stream-K tail; 32x64 in 8
// stages up to 32 rows where N is static and at most 8192, up to 64 where
// N is at most 1024 and K at most 4096; 64x64 in 8 stages from 48 rows
// where N is static, at least 4096 and at most 64 x 132), more the one-wave tiling where
// it applies (@one_wave), else the cost model's tiling.
// Where N and K are static and N is at most 8192, the few-rows tiling
// takes 5 to 16 rows too (narrow). f32 with M known only at launch takes
// SIMT with the gemv kernel as its variant. math=mma_sync leaves out both;
// math=gemv asks for the gemv kernel at any M, and its tile options apply.
// CHECK-LABEL: func.func @decode
// CHECK: {config = #mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">} : tensor<1x4096xf16>
// CHECK: math = "gemv">} : tensor<4x4096xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 32, tile_n = 64, {{.*}} : tensor<5x4096xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 16, tile_n = 64, {{.*}} : tensor<8x4096xf16>, tensor<4096x11008xf16>
// CHECK: math = "gemv">} : tensor<8x4096xf16>, tensor<4096x?xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, sm_count = 132 : i64} : tensor<9x4096xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 32, tile_n = 64, {{.*}} : tensor<16x4096xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, sm_count = 132 : i64} : tensor<16x14336xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">} : tensor<16x4096xf16>, tensor<4096x11008xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, sm_count = 132 : i64} : tensor<17x4096xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 32, tile_n = 64, {{.*}} : tensor<32x4096xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 64, tile_n = 128, {{.*}} : tensor<33x4096xf16>
// CHECK: {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 64, warps_m = 4, warps_n = 2, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, sm_count = 132 : i64} : tensor<64x4096xf16>
// CHECK: tile_m = 128, tile_n = 128, {{.*}} math = "wgmma"{{.*}} : tensor<65x4096xf16>
// CHECK: math = "gemv">, #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 64, warps_m = 4, warps_n = 2, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>], sm_count = 132 : i64, tile_rates = array<i64: 100, 96, 90, 60, 100, 100, 100, 100, 100>, variant_max_m = array<i64: 0, 0, 0, 4, 32, 47, 64, 256>} : tensor<?x4096xf16>
// The narrow tiles to 64 rows at N = 1024 (no 64x128 variant), then the
// one-wave tiles to 8 rows of them (16 whole columns of tiles); to 32 at
// K = 14336, then 64x128 tiles, 64x64 from 48 rows (N = 4096).
// CHECK: math = "gemv">, #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 8, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>, #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>], sm_count = 132 : i64, tile_rates = array<i64: 100, 96, 90, 60, 100, 100, 100>, variant_max_m = array<i64: 0, 0, 0, 4, 64, 1024>} : tensor<?x4096xf16>, tensor<4096x1024xf16>
// CHECK: math = "gemv">, #mini.matmul_config<tile_m = 32, tile_n = 64, {{.*}} #mini.matmul_config<tile_m = 64, tile_n = 128, {{.*}} #mini.matmul_config<tile_m = 64, tile_n = 64, {{.*}} variant_max_m = array<i64: 0, 0, 0, 4, 32, 47, 64, 256>} : tensor<?x14336xf16>
// Where N is dynamic: the gemv kernel to 8 rows, the narrow tiles to 32
// where N <= 8192 at launch, else 16x64 tiles to 16 rows.
// CHECK: math = "gemv">, #mini.matmul_config<tile_m = 32, tile_n = 64, {{.*}} #mini.matmul_config<tile_m = 16, tile_n = 64, {{.*}} #mini.matmul_config<tile_m = 64, tile_n = 128, {{.*}} variant_max_m = array<i64: 0, 0, 0, 8, 32, 16, 64, 128>, variant_max_n = array<i64: 0, 0, 0, 0, 8192, 0, 0, 8448>} : tensor<?x4096xf16>, tensor<4096x?xf16>
// MMA-LABEL: func.func @decode
// MMA: math = "mma_sync"{{.*}} : tensor<1x4096xf16>
// MMA-NOT: gemv
// GEMV-LABEL: func.func @decode
// GEMV: {config = #mini.matmul_config<tile_m = 8, tile_n = 64, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">} : tensor<1x4096xf16>
// GEMV: {config = #mini.matmul_config<tile_m = 8, tile_n = 64, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">} : tensor<9x4096xf16>
func.func @decode(%x: tensor<1x4096xf16>, %w: tensor<4096x4096xf16>, %y: tensor<9x4096xf16>,
                  %y16: tensor<16x4096xf16>, %y17: tensor<17x4096xf16>, %y32: tensor<32x4096xf16>,
                  %y33: tensor<33x4096xf16>, %y64: tensor<64x4096xf16>,
                  %y65: tensor<65x4096xf16>, %z: tensor<?x4096xf16>, %wk: tensor<4096x1024xf16>,
                  %g: tensor<?x14336xf16>, %wd: tensor<14336x4096xf16>, %wn: tensor<4096x?xf16>,
                  %y16k: tensor<16x14336xf16>, %wu: tensor<4096x11008xf16>,
                  %y4: tensor<4x4096xf16>, %y5: tensor<5x4096xf16>, %y8: tensor<8x4096xf16>) {
  %0 = mini.matmul %x, %w : tensor<1x4096xf16>, tensor<4096x4096xf16> -> tensor<1x4096xf16>
  %14 = mini.matmul %y4, %w : tensor<4x4096xf16>, tensor<4096x4096xf16> -> tensor<4x4096xf16>
  %15 = mini.matmul %y5, %w : tensor<5x4096xf16>, tensor<4096x4096xf16> -> tensor<5x4096xf16>
  %16 = mini.matmul %y8, %wu : tensor<8x4096xf16>, tensor<4096x11008xf16> -> tensor<8x11008xf16>
  %17 = mini.matmul %y8, %wn : tensor<8x4096xf16>, tensor<4096x?xf16> -> tensor<8x?xf16>
  %1 = mini.matmul %y, %w : tensor<9x4096xf16>, tensor<4096x4096xf16> -> tensor<9x4096xf16>
  %2 = mini.matmul %y16, %w : tensor<16x4096xf16>, tensor<4096x4096xf16> -> tensor<16x4096xf16>
  %12 = mini.matmul %y16k, %wd : tensor<16x14336xf16>, tensor<14336x4096xf16> -> tensor<16x4096xf16>
  %13 = mini.matmul %y16, %wu : tensor<16x4096xf16>, tensor<4096x11008xf16> -> tensor<16x11008xf16>
  %3 = mini.matmul %y17, %w : tensor<17x4096xf16>, tensor<4096x4096xf16> -> tensor<17x4096xf16>
  %7 = mini.matmul %y32, %w : tensor<32x4096xf16>, tensor<4096x4096xf16> -> tensor<32x4096xf16>
  %8 = mini.matmul %y33, %w : tensor<33x4096xf16>, tensor<4096x4096xf16> -> tensor<33x4096xf16>
  %5 = mini.matmul %y64, %w : tensor<64x4096xf16>, tensor<4096x4096xf16> -> tensor<64x4096xf16>
  %6 = mini.matmul %y65, %w : tensor<65x4096xf16>, tensor<4096x4096xf16> -> tensor<65x4096xf16>
  %4 = mini.matmul %z, %w : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  %9 = mini.matmul %z, %wk : tensor<?x4096xf16>, tensor<4096x1024xf16> -> tensor<?x1024xf16>
  %10 = mini.matmul %g, %wd : tensor<?x14336xf16>, tensor<14336x4096xf16> -> tensor<?x4096xf16>
  %11 = mini.matmul %z, %wn : tensor<?x4096xf16>, tensor<4096x?xf16> -> tensor<?x?xf16>
  return
}

// -----

// CHECK-LABEL: func.func @decode_f32
// CHECK: {config = #mini.matmul_config<tile_m = 8, tile_n = 16, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">} : tensor<8x100xf32>
// CHECK: {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt">, size_variants = [#mini.matmul_config<tile_m = 8, tile_n = 16, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">], sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: 8>} : tensor<?x100xf32>
// GEMV-LABEL: func.func @decode_f32
// GEMV: {config = #mini.matmul_config<tile_m = 8, tile_n = 64, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">} : tensor<8x100xf32>
func.func @decode_f32(%a: tensor<8x100xf32>, %b: tensor<100x300xf32>, %d: tensor<?x100xf32>) {
  %0 = mini.matmul %a, %b : tensor<8x100xf32>, tensor<100x300xf32> -> tensor<8x300xf32>
  %1 = mini.matmul %d, %b : tensor<?x100xf32>, tensor<100x300xf32> -> tensor<?x300xf32>
  return
}
