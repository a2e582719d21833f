// Tests lib/Transforms/SelectMatmulConfig.cpp on a matmul with `up` (the
// SwiGLU pair mini-fuse builds). On sm_90a, with K and N static multiples
// of 8 and M not a static few rows, the pair stays one op with the pair
// kernel's config (wgmma 128x256, each tile the gate's 128 columns beside
// the up's; no stream-K tail), or its narrow 128x128 tiling where static
// sizes give that the least launch cost; where M is known only at launch,
// the narrow tiling is its size variant. Elsewhere it becomes its
// two products, each with a config, and one mini.elementwise of silu(gate)
// * up followed by the pair's epilogue.
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="tile-m=64" | FileCheck %s --check-prefix=OPTION

// CHECK-LABEL: func.func @pair
// CHECK-NEXT: %[[Y:.*]] = mini.matmul %{{.*}}, %{{.*}} up(%{{.*}} : tensor<4096x11008xf16>) epilogue(%{{.*}} : tensor<11008xf16>) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>, size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 6, math = "wgmma", copy = "tma", producer_warps = 4>], sm_count = 132 : i64, tile_rates = array<i64: 100, 88>}
// CHECK: return %[[Y]]

// SM80-LABEL: func.func @pair
// SM80-SAME: (%[[X:.*]]: tensor<?x4096xf16>, %[[G:.*]]: tensor<4096x11008xf16>, %[[U:.*]]: tensor<4096x11008xf16>, %[[B:.*]]: tensor<11008xf16>)
// SM80: %[[PG:.*]] = mini.matmul %[[X]], %[[G]] {config = #mini.matmul_config<{{.*}}math = "mma_sync">
// SM80: %[[PU:.*]] = mini.matmul %[[X]], %[[U]] {config = #mini.matmul_config
// SM80: %[[Y:.*]] = mini.elementwise %[[PG]], %[[PU]], %[[B]] : tensor<?x11008xf16>, tensor<?x11008xf16>, tensor<11008xf16> -> tensor<?x11008xf16> {
// SM80-NEXT: ^bb0(%[[EG:.*]]: f32, %[[EU:.*]]: f32, %[[EB:.*]]: f32):
// SM80: %[[E:.*]] = math.exp
// SM80: %[[S:.*]] = arith.divf %[[EG]], %{{.*}} fastmath<afn>
// SM80: %[[P:.*]] = arith.mulf %[[S]], %[[EU]] : f32
// SM80: %[[R:.*]] = arith.addf %[[P]], %[[EB]] : f32
// SM80-NEXT: mini.yield %[[R]] : f32
// SM80: return %[[Y]]

// Options tile the products: the pair splits.
// OPTION-LABEL: func.func @pair
// OPTION: mini.matmul %{{.*}}, %{{.*}} {config = #mini.matmul_config<tile_m = 64,
// OPTION: mini.matmul %{{.*}}, %{{.*}} {config = #mini.matmul_config<tile_m = 64,
// OPTION: mini.elementwise
func.func @pair(%x: tensor<?x4096xf16>, %wg: tensor<4096x11008xf16>, %wu: tensor<4096x11008xf16>,
                %bias: tensor<11008xf16>) -> tensor<?x11008xf16> {
  %y = mini.matmul %x, %wg up(%wu : tensor<4096x11008xf16>) epilogue(%bias : tensor<11008xf16>) : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16> {
  ^bb0(%acc: f32, %b: f32):
    %s = arith.addf %acc, %b : f32
    mini.yield %s : f32
  }
  return %y : tensor<?x11008xf16>
}

// -----

// Static sizes choose by launch cost: at 256 rows the wide tiles make 172
// (two waves of 132 SMs, the second a third full), the narrow ones 344 in
// three waves; at 4096 rows the wide ones fill their waves.
// CHECK-LABEL: func.func @pair_static
// CHECK: mini.matmul {{.*}} up({{.*}}) {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 6, math = "wgmma", copy = "tma", producer_warps = 4>}
// CHECK: mini.matmul {{.*}} up({{.*}}) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>}
// CHECK-NOT: size_variants
func.func @pair_static(%x: tensor<256x4096xf16>, %x2: tensor<4096x4096xf16>, %wg: tensor<4096x11008xf16>, %wu: tensor<4096x11008xf16>) -> (tensor<256x11008xf16>, tensor<4096x11008xf16>) {
  %y = mini.matmul %x, %wg up(%wu : tensor<4096x11008xf16>) : tensor<256x4096xf16>, tensor<4096x11008xf16> -> tensor<256x11008xf16>
  %z = mini.matmul %x2, %wg up(%wu : tensor<4096x11008xf16>) : tensor<4096x4096xf16>, tensor<4096x11008xf16> -> tensor<4096x11008xf16>
  return %y, %z : tensor<256x11008xf16>, tensor<4096x11008xf16>
}

// -----

// A static few rows: each product takes its gemv or few-rows kernel, which
// read B once (8 rows of static weights: the few-rows tiling, gemvMaxM).
// CHECK-LABEL: func.func @few_rows
// CHECK: mini.matmul %{{.*}}, %{{.*}} {config = #mini.matmul_config<tile_m = 32, tile_n = 64, {{.*}}math = "mma_sync"
// CHECK: mini.matmul %{{.*}}, %{{.*}} {config = #mini.matmul_config<tile_m = 32, tile_n = 64, {{.*}}math = "mma_sync"
// CHECK: mini.elementwise
func.func @few_rows(%x: tensor<8x4096xbf16>, %wg: tensor<4096x1024xbf16>, %wu: tensor<4096x1024xbf16>) -> tensor<8x1024xbf16> {
  %y = mini.matmul %x, %wg up(%wu : tensor<4096x1024xbf16>) : tensor<8x4096xbf16>, tensor<4096x1024xbf16> -> tensor<8x1024xbf16>
  return %y : tensor<8x1024xbf16>
}

// -----

// K known only at launch may leave A's rows unaligned for TMA.
// CHECK-LABEL: func.func @dynamic_k
// CHECK-COUNT-2: mini.matmul %{{.*}}, %{{.*}} {config
// CHECK: mini.elementwise
func.func @dynamic_k(%x: tensor<512x?xf16>, %wg: tensor<?x1024xf16>, %wu: tensor<?x1024xf16>) -> tensor<512x1024xf16> {
  %y = mini.matmul %x, %wg up(%wu : tensor<?x1024xf16>) : tensor<512x?xf16>, tensor<?x1024xf16> -> tensor<512x1024xf16>
  return %y : tensor<512x1024xf16>
}
