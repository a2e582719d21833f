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

// Static sizes: the tiling of least launch cost. 1000 x 1000 x 256: 32
// large tiles (8 steps: split over 4 blocks of 2 steps, (2 + 8) / 8 of a
// wave at rate 100), 64 of 128x128 (a wave at 71), 128 of 64x128 (a
// wave at 64: the cheapest). At K = 259 the rows are not whole 16-byte chunks: the
// runtime copies them for TMA, and the cp.async tilings, which would take
// their element path, are left out (1000 x 1030 x 777: 0.84x of cuBLAS
// against 0.63x on the H200). 1000 x 1030 x 777: 40 large tiles of 25
// steps split over 3 blocks of 9, cheaper than 72 of 128x128. M <= 8: the
// gemv kernel. Tall K (256 x 256 x 65536): two large tiles, their K split
// over the SMs by the tail.
// CHECK-LABEL: func.func @tf32_static
// CHECK: {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, precision = "tf32"} : tensor<1000x256xf32>
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, precision = "tf32", sm_count = 132 : i64} : tensor<1000x259xf32>
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, precision = "tf32", sm_count = 132 : i64} : tensor<1000x777xf32>
// CHECK: {config = #mini.matmul_config<tile_m = 8, tile_n = 16, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">, precision = "tf32"}
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, precision = "tf32", sm_count = 132 : i64}
func.func @tf32_static(%a8: tensor<1000x256xf32>, %b8: tensor<256x1000xf32>, %a9: tensor<1000x259xf32>, %b9: tensor<259x1000xf32>, %a: tensor<1000x777xf32>, %b: tensor<777x1030xf32>, %x: tensor<4x777xf32>, %p: tensor<256x65536xf32>, %q: tensor<65536x256xf32>) -> (tensor<1000x1000xf32>, tensor<1000x1000xf32>, tensor<1000x1030xf32>, tensor<4x1030xf32>, tensor<256x256xf32>) {
  %c8 = mini.matmul %a8, %b8 {precision = "tf32"} : tensor<1000x256xf32>, tensor<256x1000xf32> -> tensor<1000x1000xf32>
  %c9 = mini.matmul %a9, %b9 {precision = "tf32"} : tensor<1000x259xf32>, tensor<259x1000xf32> -> tensor<1000x1000xf32>
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<1000x777xf32>, tensor<777x1030xf32> -> tensor<1000x1030xf32>
  %y = mini.matmul %x, %b {precision = "tf32"} : tensor<4x777xf32>, tensor<777x1030xf32> -> tensor<4x1030xf32>
  %t = mini.matmul %p, %q {precision = "tf32"} : tensor<256x65536xf32>, tensor<65536x256xf32> -> tensor<256x256xf32>
  return %c8, %c9, %c, %y, %t : tensor<1000x1000xf32>, tensor<1000x1000xf32>, tensor<1000x1030xf32>, tensor<4x1030xf32>, tensor<256x256xf32>
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
