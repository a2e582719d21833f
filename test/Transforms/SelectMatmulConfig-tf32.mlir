// Tests lib/Transforms/SelectMatmulConfig.cpp: f32 matmuls with
// precision = "tf32" on the tensor cores.
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="chip=sm_80" | FileCheck %s --check-prefix=AMPERE80
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="chip=sm_86" | FileCheck %s --check-prefix=AMPERE86
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="chip=sm_75" | FileCheck %s --check-prefix=TURING
// RUN: mini-opt %s -split-input-file -mini-pipeline="matmul-precision=tf32 format=llvm" -mlir-print-ir-after=mini-select-matmul-config 2>&1 | FileCheck %s --check-prefix=GLOBAL

// sm_80+: mma.sync m16n8k8 from stages 32 deep (128-byte rows), warp tiles
// of 64x64 on 128x256 tiles of 2x4 warps. sm_90 (the default chip,
// sm_90a): TMA copies in 4 stages issued by a producer warpgroup, with the
// stream-K tail; sm_80: cp.async in 3 stages; sm_86 (about 99 KB a
// block): 128x128 in 2. Sizes known at launch only: the smaller cp.async
// tilings by launch cost, and the gemv kernel (exact f32) for M <= 8.
// Before sm_80: SIMT.
// CHECK-LABEL: func.func @tf32_dynamic
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, precision = "tf32", size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, #mini.matmul_config<tile_m = 8, tile_n = 16, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">], sm_count = 132 : i64, tile_rates = array<i64: 100, 71, 64, 100>, variant_max_m = array<i64: 0, 0, 8>}
// AMPERE80-LABEL: func.func @tf32_dynamic
// AMPERE80: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">, precision = "tf32", size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, #mini.matmul_config<tile_m = 8, tile_n = 16, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">], sm_count = 108 : i64, tile_rates = array<i64: 100, 78, 70, 100>, variant_max_m = array<i64: 0, 0, 8>}
// AMPERE86-LABEL: func.func @tf32_dynamic
// AMPERE86: {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">, precision = "tf32", size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync">,
// TURING-LABEL: func.func @tf32_dynamic
// TURING: math = "simt"
func.func @tf32_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// Static sizes: the tiling of least launch cost. 1000 x 1030: 40 large
// tiles (a wave at rate 100), 72 of 128x128 (a wave at 71: cheaper), 144
// of 64x128 (two waves). M <= 8: the gemv kernel. Tall K (256 x 256 x
// 65536): two large tiles, their K split over the SMs by the tail.
// CHECK-LABEL: func.func @tf32_static
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, precision = "tf32"}
// CHECK: {config = #mini.matmul_config<tile_m = 8, tile_n = 16, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">, precision = "tf32"}
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, precision = "tf32", sm_count = 132 : i64}
func.func @tf32_static(%a: tensor<1000x777xf32>, %b: tensor<777x1030xf32>, %x: tensor<4x777xf32>, %p: tensor<256x65536xf32>, %q: tensor<65536x256xf32>) -> (tensor<1000x1030xf32>, tensor<4x1030xf32>, tensor<256x256xf32>) {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<1000x777xf32>, tensor<777x1030xf32> -> tensor<1000x1030xf32>
  %y = mini.matmul %x, %b {precision = "tf32"} : tensor<4x777xf32>, tensor<777x1030xf32> -> tensor<4x1030xf32>
  %t = mini.matmul %p, %q {precision = "tf32"} : tensor<256x65536xf32>, tensor<65536x256xf32> -> tensor<256x256xf32>
  return %c, %y, %t : tensor<1000x1030xf32>, tensor<4x1030xf32>, tensor<256x256xf32>
}

// -----

// Without precision = "tf32" (or with "ieee") f32 stays exact on CUDA cores.
// The pipeline's matmul-precision=tf32 gives "tf32" to the f32 matmuls
// that name no precision; "ieee" on the op wins.
// CHECK-LABEL: func.func @ieee
// CHECK: math = "simt"
// CHECK: math = "simt"
// GLOBAL-LABEL: func.func @ieee
// GLOBAL: math = "mma_sync">, precision = "tf32"}
// GLOBAL: math = "simt">, precision = "ieee"}
func.func @ieee(%a: tensor<256x256xf32>) -> (tensor<256x256xf32>, tensor<256x256xf32>) {
  %c = mini.matmul %a, %a : tensor<256x256xf32>, tensor<256x256xf32> -> tensor<256x256xf32>
  %d = mini.matmul %a, %a {precision = "ieee"} : tensor<256x256xf32>, tensor<256x256xf32> -> tensor<256x256xf32>
  return %c, %d : tensor<256x256xf32>, tensor<256x256xf32>
}
