// RUN: mini-opt %s -split-input-file | FileCheck %s
// Generic form round-trips to the same custom form.
// RUN: mini-opt %s -split-input-file -mlir-print-op-generic | mini-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func @matmul_2d
// CHECK: mini.matmul %{{.*}}, %{{.*}} : tensor<17x65xf16>, tensor<65x33xf16> -> tensor<17x33xf32>
func.func @matmul_2d(%a: tensor<17x65xf16>, %b: tensor<65x33xf16>) -> tensor<17x33xf32> {
  %c = mini.matmul %a, %b : tensor<17x65xf16>, tensor<65x33xf16> -> tensor<17x33xf32>
  return %c : tensor<17x33xf32>
}

// -----

// The copy kind and the cluster size print only when they are not the
// defaults (cp_async, 1).
// CHECK-LABEL: func @matmul_configs
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">}
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">}
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", cluster_m = 2>}
func.func @matmul_configs(%a: tensor<17x65xf16>, %b: tensor<65x33xf16>) -> (tensor<17x33xf32>, tensor<17x33xf32>, tensor<17x33xf32>) {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", cluster_m = 1>} : tensor<17x65xf16>, tensor<65x33xf16> -> tensor<17x33xf32>
  %d = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync", copy = "cp_async">} : tensor<17x65xf16>, tensor<65x33xf16> -> tensor<17x33xf32>
  %e = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", cluster_m = 2>} : tensor<17x65xf16>, tensor<65x33xf16> -> tensor<17x33xf32>
  return %c, %d, %e : tensor<17x33xf32>, tensor<17x33xf32>, tensor<17x33xf32>
}

// -----

// pingpong prints only when set (1: the persistent ping-pong kernel).
// CHECK-LABEL: func @matmul_pingpong
// CHECK: {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>}
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>}
func.func @matmul_pingpong(%a: tensor<17x64xf16>, %b: tensor<64x32xf16>) -> (tensor<17x32xf16>, tensor<17x32xf16>) {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<17x64xf16>, tensor<64x32xf16> -> tensor<17x32xf16>
  %d = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 0>} : tensor<17x64xf16>, tensor<64x32xf16> -> tensor<17x32xf16>
  return %c, %d : tensor<17x32xf16>, tensor<17x32xf16>
}

// -----

// CHECK-LABEL: func @matmul_batched_dynamic
// CHECK: mini.matmul %{{.*}}, %{{.*}} : tensor<4x?x?xbf16>, tensor<4x?x?xbf16> -> tensor<4x?x?xbf16>
func.func @matmul_batched_dynamic(%a: tensor<4x?x?xbf16>, %b: tensor<4x?x?xbf16>) -> tensor<4x?x?xbf16> {
  %c = mini.matmul %a, %b : tensor<4x?x?xbf16>, tensor<4x?x?xbf16> -> tensor<4x?x?xbf16>
  return %c : tensor<4x?x?xbf16>
}

// -----

// CHECK-LABEL: func @matmul_f32_to_f16
// CHECK: mini.matmul {{.*}} : tensor<2x3x8x16xf32>, tensor<2x3x16x4xf32> -> tensor<2x3x8x4xf16>
func.func @matmul_f32_to_f16(%a: tensor<2x3x8x16xf32>, %b: tensor<2x3x16x4xf32>) -> tensor<2x3x8x4xf16> {
  %c = mini.matmul %a, %b : tensor<2x3x8x16xf32>, tensor<2x3x16x4xf32> -> tensor<2x3x8x4xf16>
  return %c : tensor<2x3x8x4xf16>
}

// -----

// CHECK-LABEL: func @softmax_ranks
// CHECK: mini.softmax %{{.*}} : tensor<7xf32> -> tensor<7xf32>
// CHECK: mini.softmax %{{.*}} : tensor<?x?x1000xf16> -> tensor<?x?x1000xf16>
func.func @softmax_ranks(%x: tensor<7xf32>, %y: tensor<?x?x1000xf16>) -> (tensor<7xf32>, tensor<?x?x1000xf16>) {
  %a = mini.softmax %x : tensor<7xf32> -> tensor<7xf32>
  %b = mini.softmax %y : tensor<?x?x1000xf16> -> tensor<?x?x1000xf16>
  return %a, %b : tensor<7xf32>, tensor<?x?x1000xf16>
}

// -----

// CHECK-LABEL: func @rmsnorm
// CHECK: mini.rmsnorm %{{.*}}, %{{.*}} {epsilon = 9.99999997E-7 : f32} : tensor<3x4096xbf16>, tensor<4096xbf16> -> tensor<3x4096xbf16>
func.func @rmsnorm(%x: tensor<3x4096xbf16>, %w: tensor<4096xbf16>) -> tensor<3x4096xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<3x4096xbf16>, tensor<4096xbf16> -> tensor<3x4096xbf16>
  return %y : tensor<3x4096xbf16>
}

// -----

// A residual norm: the input is x + r; the optional second result is the sum.
// CHECK-LABEL: func @rmsnorm_residual
// CHECK: %{{.*}}, %{{.*}} = mini.rmsnorm %{{.*}} + %{{.*}}, %{{.*}} {epsilon = 9.99999997E-7 : f32} : tensor<?x4096xf16> + tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>, tensor<?x4096xf16>
// CHECK: mini.layernorm %{{.*}} + %{{.*}}, %{{.*}}, %{{.*}} {epsilon = 9.99999974E-6 : f32} : tensor<3x8xf32> + tensor<3x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<3x8xf32>
func.func @rmsnorm_residual(%x: tensor<?x4096xf16>, %r: tensor<?x4096xf16>, %w: tensor<4096xf16>,
                            %a: tensor<3x8xf32>, %c: tensor<3x8xf32>, %v: tensor<8xf32>) -> (tensor<?x4096xf16>, tensor<?x4096xf16>, tensor<3x8xf32>) {
  %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-06 : f32} : tensor<?x4096xf16> + tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>, tensor<?x4096xf16>
  %z = mini.layernorm %a + %c, %v, %v {epsilon = 1.0e-05 : f32} : tensor<3x8xf32> + tensor<3x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<3x8xf32>
  return %y, %h, %z : tensor<?x4096xf16>, tensor<?x4096xf16>, tensor<3x8xf32>
}

// -----

// CHECK-LABEL: func @layernorm
// CHECK: mini.layernorm %{{.*}}, %{{.*}}, %{{.*}} {epsilon = 9.99999974E-6 : f32} : tensor<?x2x?xf16>, tensor<?xf16>, tensor<?xf16> -> tensor<?x2x?xf16>
func.func @layernorm(%x: tensor<?x2x?xf16>, %w: tensor<?xf16>, %b: tensor<?xf16>) -> tensor<?x2x?xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x2x?xf16>, tensor<?xf16>, tensor<?xf16> -> tensor<?x2x?xf16>
  return %y : tensor<?x2x?xf16>
}

// -----

// CHECK-LABEL: func @attention_gqa_causal
// CHECK: mini.attention %{{.*}}, %{{.*}}, %{{.*}} {causal, scale = 1.250000e-01 : f32} : tensor<2x8x1x64xf16>, tensor<2x2x77x64xf16>, tensor<2x2x77x64xf16> -> tensor<2x8x1x64xf16>
func.func @attention_gqa_causal(%q: tensor<2x8x1x64xf16>, %k: tensor<2x2x77x64xf16>, %v: tensor<2x2x77x64xf16>) -> tensor<2x8x1x64xf16> {
  %o = mini.attention %q, %k, %v {scale = 0.125 : f32, causal} : tensor<2x8x1x64xf16>, tensor<2x2x77x64xf16>, tensor<2x2x77x64xf16> -> tensor<2x8x1x64xf16>
  return %o : tensor<2x8x1x64xf16>
}

// -----

// Scale is optional; causal is a unit attribute that may be absent.
// CHECK-LABEL: func @attention_defaults
// CHECK: mini.attention %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x8x?x128xbf16>
// CHECK-NOT: causal
func.func @attention_defaults(%q: tensor<?x8x?x128xbf16>, %k: tensor<?x8x?x128xbf16>, %v: tensor<?x8x?x128xbf16>) -> tensor<?x8x?x128xbf16> {
  %o = mini.attention %q, %k, %v : tensor<?x8x?x128xbf16>, tensor<?x8x?x128xbf16>, tensor<?x8x?x128xbf16> -> tensor<?x8x?x128xbf16>
  return %o : tensor<?x8x?x128xbf16>
}

// -----

// CHECK-LABEL: func @softmax_with_config
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 2, cache_slots = 1>} : tensor<4x4096xf16> -> tensor<4x4096xf16>
func.func @softmax_with_config(%x: tensor<4x4096xf16>) -> tensor<4x4096xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 2, cache_slots = 1>} : tensor<4x4096xf16> -> tensor<4x4096xf16>
  return %y : tensor<4x4096xf16>
}

// -----

// CHECK-LABEL: func @matmul_size_variants
// CHECK: {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">], sm_count = 132 : i64, tile_rates = array<i64: 100, 50>}
func.func @matmul_size_variants(%a: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">], sm_count = 132 : i64, tile_rates = array<i64: 100, 50>} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// A matmul epilogue: the body takes the f32 accumulator, then an element of
// each epilogue input (a bias of N, a residual of the result's shape).
// CHECK-LABEL: func @matmul_epilogue
// CHECK: mini.matmul %{{.*}}, %{{.*}} epilogue(%{{.*}}, %{{.*}} : tensor<33xf16>, tensor<?x33xf16>) : tensor<?x65xf16>, tensor<65x33xf16> -> tensor<?x33xf16> {
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[B:.*]]: f32, %[[R:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[B]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[S]], %[[R]] : f32
// CHECK-NEXT: mini.yield %[[T]] : f32
func.func @matmul_epilogue(%a: tensor<?x65xf16>, %b: tensor<65x33xf16>, %bias: tensor<33xf16>,
                           %res: tensor<?x33xf16>) -> tensor<?x33xf16> {
  %c = mini.matmul %a, %b epilogue(%bias, %res : tensor<33xf16>, tensor<?x33xf16>)
         : tensor<?x65xf16>, tensor<65x33xf16> -> tensor<?x33xf16> {
  ^bb0(%acc: f32, %x: f32, %r: f32):
    %s = arith.addf %acc, %x : f32
    %t = arith.addf %s, %r : f32
    mini.yield %t : f32
  }
  return %c : tensor<?x33xf16>
}

// -----

// An epilogue with no inputs (an activation alone).
// CHECK-LABEL: func @matmul_epilogue_no_inputs
// CHECK: mini.matmul %{{.*}}, %{{.*}} : tensor<16x16xbf16>, tensor<16x16xbf16> -> tensor<16x16xbf16> {
// CHECK: math.tanh
func.func @matmul_epilogue_no_inputs(%a: tensor<16x16xbf16>, %b: tensor<16x16xbf16>) -> tensor<16x16xbf16> {
  %c = mini.matmul %a, %b : tensor<16x16xbf16>, tensor<16x16xbf16> -> tensor<16x16xbf16> {
  ^bb0(%acc: f32):
    %t = math.tanh %acc : f32
    mini.yield %t : f32
  }
  return %c : tensor<16x16xbf16>
}
