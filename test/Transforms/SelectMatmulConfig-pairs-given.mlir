// Tests lib/Transforms/SelectMatmulConfig.cpp on a SwiGLU pair (mini.matmul
// with `up`) that carries a config (the chip is the default sm_90a).
// RUN: mini-opt %s -mini-select-matmul-config | FileCheck %s

// A config written on the pair is kept where it fits the pair's kernel,
// and otherwise goes to each product.
// CHECK-LABEL: func.func @given
// CHECK: mini.matmul %{{.*}}, %{{.*}} up(%{{.*}}) {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 5, math = "wgmma"
// CHECK: %[[G:.*]] = mini.matmul %{{.*}}, %{{.*}} {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync">}
// CHECK: %[[U:.*]] = mini.matmul %{{.*}}, %{{.*}} {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync">}
// CHECK: mini.elementwise %[[G]], %[[U]]
func.func @given(%x: tensor<512x1024xf16>, %wg: tensor<1024x1024xf16>, %wu: tensor<1024x1024xf16>) -> (tensor<512x1024xf16>, tensor<512x1024xf16>) {
  %y = mini.matmul %x, %wg up(%wu : tensor<1024x1024xf16>) {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4>} : tensor<512x1024xf16>, tensor<1024x1024xf16> -> tensor<512x1024xf16>
  %z = mini.matmul %x, %wg up(%wu : tensor<1024x1024xf16>) {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync">} : tensor<512x1024xf16>, tensor<1024x1024xf16> -> tensor<512x1024xf16>
  return %y, %z : tensor<512x1024xf16>, tensor<512x1024xf16>
}
