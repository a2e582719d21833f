// Tests lib/Transforms/SelectMatmulConfig.cpp: pingpong=1 starts from the
// persistent ping-pong wgmma config (64x256 a warpgroup, 5 stages of 40
// KiB, a producer warpgroup, no stream-K tail), which the tiling options
// then adjust; the op records the SM count its grid stops at, and takes no
// size variants by cost (a persistent grid's cost is not its waves) but
// keeps those by M (gemv and, N and K being static and short, the narrow
// few-rows tiles from 9 rows, then the one-wave 128x64 tiles, without a
// tail at K = 1024, for up to 5 rows of them). pingpong=0 keeps the
// default config (SelectMatmulConfig-pingpong-invalid.mlir: where no
// ping-pong kernel exists).
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="pingpong=1" | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="pingpong=1 tile-n=128 stages=6" | FileCheck %s --check-prefix=NARROW
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="pingpong=0" | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @static_m
// CHECK: {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>, sm_count = 132 : i64}
// NARROW-LABEL: func.func @static_m
// NARROW: {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 1, stages = 6, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>, sm_count = 132 : i64}
// OFF-LABEL: func.func @static_m
// OFF: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64}
func.func @static_m(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}

// -----

// CHECK-LABEL: func.func @dynamic_m
// CHECK: pingpong = 1>, size_variants = [#mini.matmul_config<tile_m = 8, {{.*}}math = "gemv">, #mini.matmul_config<tile_m = 32, tile_n = 64,
// CHECK-NOT: tile_rates = array<i64: 100, 60
// CHECK-SAME: #mini.matmul_config<tile_m = 128, tile_n = 64, tile_k = 64, warps_m = 8, warps_n = 1, stages = 8, math = "wgmma", copy = "tma", producer_warps = 4>]
// CHECK-SAME: variant_max_m = array<i64: 4, 64, 640>
func.func @dynamic_m(%a: tensor<?x1024xf16>, %b: tensor<1024x1000xf16>) -> tensor<?x1000xf16> {
  %c = mini.matmul %a, %b : tensor<?x1024xf16>, tensor<1024x1000xf16> -> tensor<?x1000xf16>
  return %c : tensor<?x1000xf16>
}
