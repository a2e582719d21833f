// Tests lib/Transforms/LowerToGPU.cpp.
// RUN: mini-opt %s -split-input-file -mini-lower-to-gpu -verify-diagnostics

func.func @attention_dynamic_head_dim(%q: tensor<1x2x3x?xf16>) -> tensor<1x2x3x?xf16> {
  // expected-error @+1 {{lowering to GPU needs a static head dim D; got 'tensor<1x2x3x?xf16>'}}
  %o = mini.attention %q, %q, %q : tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16> -> tensor<1x2x3x?xf16>
  return %o : tensor<1x2x3x?xf16>
}

// -----

func.func @attention_head_dim_too_large(%q: tensor<1x2x3x1024xf16>) -> tensor<1x2x3x1024xf16> {
  // expected-error @+1 {{config: math = "simt" supports head dim D <= 512, got D = 1024}}
  %o = mini.attention %q, %q, %q : tensor<1x2x3x1024xf16>, tensor<1x2x3x1024xf16>, tensor<1x2x3x1024xf16> -> tensor<1x2x3x1024xf16>
  return %o : tensor<1x2x3x1024xf16>
}

// -----

func.func @softmax_zero_size_dim(%x: tensor<?x0xf16>) -> tensor<?x0xf16> {
  // expected-error @+1 {{lowering to GPU needs no dimension fixed to 0; got 'tensor<?x0xf16>'}}
  %y = mini.softmax %x : tensor<?x0xf16> -> tensor<?x0xf16>
  return %y : tensor<?x0xf16>
}

// -----

// A SwiGLU pair reaching the lowering with a config its kernel cannot take
// (mini-select-matmul-config would have split it).
func.func @pair_mma_sync(%x: tensor<?x512xf16>, %wg: tensor<512x1000xf16>, %wu: tensor<512x1000xf16>) -> tensor<?x1000xf16> {
  // expected-error @+1 {{'mini.matmul' op with up (a SwiGLU pair) needs configs that fit the pair's kernel (wgmma, TMA, a producer warpgroup, warps_n = 1, no clusters, no tail, tile_n a multiple of 128); got #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">}}
  %y = mini.matmul %x, %wg up(%wu : tensor<512x1000xf16>) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<?x512xf16>, tensor<512x1000xf16> -> tensor<?x1000xf16>
  return %y : tensor<?x1000xf16>
}

// -----

// The ping-pong kernel has no scalar path: TMA must address every row of A
// and B (K and N static multiples of 8).
func.func @pingpong_dynamic_k(%a: tensor<?x?xf16>, %b: tensor<?x512xf16>) -> tensor<?x512xf16> {
  // expected-error @+1 {{matmul_config pingpong = 1 needs K and N static multiples of 8; got K = ?, N = 512}}
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<?x?xf16>, tensor<?x512xf16> -> tensor<?x512xf16>
  return %c : tensor<?x512xf16>
}

// -----

func.func @pingpong_odd_n(%a: tensor<?x512xf16>, %b: tensor<512x1001xf16>) -> tensor<?x1001xf16> {
  // expected-error @+1 {{matmul_config pingpong = 1 needs K and N static multiples of 8; got K = 512, N = 1001}}
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<?x512xf16>, tensor<512x1001xf16> -> tensor<?x1001xf16>
  return %c : tensor<?x1001xf16>
}
