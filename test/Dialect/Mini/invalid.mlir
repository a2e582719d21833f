// RUN: mini-opt %s -split-input-file -verify-diagnostics

func.func @matmul_k_mismatch(%a: tensor<4x8xf16>, %b: tensor<9x4xf16>) {
  // expected-error @+1 {{contraction size mismatch: lhs 4x8 has K = 8 but rhs 9x4 has K = 9}}
  %c = mini.matmul %a, %b : tensor<4x8xf16>, tensor<9x4xf16> -> tensor<4x4xf32>
  return
}

// -----

func.func @matmul_rank1(%a: tensor<8xf16>, %b: tensor<8x4xf16>) {
  // expected-error @+1 {{lhs must have rank >= 2, got rank 1 (8)}}
  %c = mini.matmul %a, %b : tensor<8xf16>, tensor<8x4xf16> -> tensor<4xf32>
  return
}

// -----

func.func @matmul_rank_mismatch(%a: tensor<2x4x8xf16>, %b: tensor<8x4xf16>) {
  // expected-error @+1 {{rhs rank 2 differs from lhs rank 3 (8x4 vs 2x4x8)}}
  %c = mini.matmul %a, %b : tensor<2x4x8xf16>, tensor<8x4xf16> -> tensor<2x4x4xf32>
  return
}

// -----

func.func @matmul_batch_mismatch(%a: tensor<2x4x8xf16>, %b: tensor<3x8x4xf16>) {
  // expected-error @+1 {{batch dim 0 of lhs (2) differs from rhs (3)}}
  %c = mini.matmul %a, %b : tensor<2x4x8xf16>, tensor<3x8x4xf16> -> tensor<2x4x4xf32>
  return
}

// -----

func.func @matmul_result_shape(%a: tensor<4x8xf16>, %b: tensor<8x5xf16>) {
  // expected-error @+1 {{result shape 4x4 does not match M x N = 4x5 from lhs 4x8 and rhs 8x5}}
  %c = mini.matmul %a, %b : tensor<4x8xf16>, tensor<8x5xf16> -> tensor<4x4xf32>
  return
}

// -----

func.func @matmul_mixed_operands(%a: tensor<4x8xf16>, %b: tensor<8x4xbf16>) {
  // expected-error @+1 {{lhs element type 'f16' differs from rhs element type 'bf16'}}
  %c = mini.matmul %a, %b : tensor<4x8xf16>, tensor<8x4xbf16> -> tensor<4x4xf32>
  return
}

// -----

func.func @matmul_int(%a: tensor<4x8xi8>, %b: tensor<8x4xi8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float values}}
  %c = mini.matmul %a, %b : tensor<4x8xi8>, tensor<8x4xi8> -> tensor<4x4xf32>
  return
}

// -----

func.func @softmax_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result shape 4x9 differs from input shape 4x8 at dim 1}}
  %y = mini.softmax %x : tensor<4x8xf32> -> tensor<4x9xf32>
  return
}

// -----

func.func @softmax_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result element type 'f16' differs from input element type 'f32'}}
  %y = mini.softmax %x : tensor<4x8xf32> -> tensor<4x8xf16>
  return
}

// -----

func.func @softmax_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{input must have rank >= 1, got a rank-0 tensor}}
  %y = mini.softmax %x : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @softmax_rank(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result rank 1 differs from input rank 2}}
  %y = mini.softmax %x : tensor<4x8xf32> -> tensor<32xf32>
  return
}

// -----

func.func @rmsnorm_weight_size(%x: tensor<4x4096xbf16>, %w: tensor<4000xbf16>) {
  // expected-error @+1 {{weight size 4000 differs from the input's last dim 4096 (input 4x4096)}}
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<4x4096xbf16>, tensor<4000xbf16> -> tensor<4x4096xbf16>
  return
}

// -----

func.func @rmsnorm_weight_rank(%x: tensor<4x8xf16>, %w: tensor<1x8xf16>) {
  // expected-error @+1 {{weight must have rank 1, got 1x8}}
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<4x8xf16>, tensor<1x8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @rmsnorm_epsilon_zero(%x: tensor<4x8xf16>, %w: tensor<8xf16>) {
  // expected-error @+1 {{epsilon must be a finite value > 0, got 0.000000e+00}}
  %y = mini.rmsnorm %x, %w {epsilon = 0.0 : f32} : tensor<4x8xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @rmsnorm_epsilon_negative(%x: tensor<4x8xf16>, %w: tensor<8xf16>) {
  // expected-error @+1 {{epsilon must be a finite value > 0, got -1.000000e+00}}
  %y = mini.rmsnorm %x, %w {epsilon = -1.0 : f32} : tensor<4x8xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @rmsnorm_missing_epsilon(%x: tensor<4x8xf16>, %w: tensor<8xf16>) {
  // expected-error @+1 {{requires attribute 'epsilon'}}
  %y = mini.rmsnorm %x, %w : tensor<4x8xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @rmsnorm_weight_type(%x: tensor<4x8xf16>, %w: tensor<8xf32>) {
  // expected-error @+1 {{weight element type 'f32' differs from input element type 'f16'}}
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<4x8xf16>, tensor<8xf32> -> tensor<4x8xf16>
  return
}

// -----

func.func @layernorm_bias_size(%x: tensor<4x4096xbf16>, %w: tensor<4096xbf16>, %b: tensor<4000xbf16>) {
  // expected-error @+1 {{bias size 4000 differs from the input's last dim 4096 (input 4x4096)}}
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<4x4096xbf16>, tensor<4096xbf16>, tensor<4000xbf16> -> tensor<4x4096xbf16>
  return
}

// -----

func.func @layernorm_weight_rank(%x: tensor<4x8xf16>, %w: tensor<1x8xf16>, %b: tensor<8xf16>) {
  // expected-error @+1 {{weight must have rank 1, got 1x8}}
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<4x8xf16>, tensor<1x8xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @layernorm_bias_type(%x: tensor<4x8xf16>, %w: tensor<8xf16>, %b: tensor<8xbf16>) {
  // expected-error @+1 {{bias element type 'bf16' differs from input element type 'f16'}}
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<4x8xf16>, tensor<8xf16>, tensor<8xbf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @layernorm_epsilon(%x: tensor<4x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{epsilon must be a finite value > 0, got 0.000000e+00}}
  %y = mini.layernorm %x, %w, %b {epsilon = 0.0 : f32} : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @layernorm_result(%x: tensor<4x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{result}}
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<4x9xf32>
  return
}

// -----

func.func @attention_gqa(%q: tensor<2x8x16x64xf16>, %k: tensor<2x3x16x64xf16>) {
  // expected-error @+1 {{query heads H = 8 must be a multiple of key/value heads G = 3}}
  %o = mini.attention %q, %k, %k : tensor<2x8x16x64xf16>, tensor<2x3x16x64xf16>, tensor<2x3x16x64xf16> -> tensor<2x8x16x64xf16>
  return
}

// -----

func.func @attention_head_dim(%q: tensor<2x8x16x64xf16>, %k: tensor<2x8x16x128xf16>) {
  // expected-error @+1 {{head dim D differs: query 2x8x16x64, key 2x8x16x128, value 2x8x16x128}}
  %o = mini.attention %q, %k, %k : tensor<2x8x16x64xf16>, tensor<2x8x16x128xf16>, tensor<2x8x16x128xf16> -> tensor<2x8x16x64xf16>
  return
}

// -----

func.func @attention_rank(%q: tensor<8x16x64xf16>, %k: tensor<2x8x16x64xf16>) {
  // expected-error @+1 {{query must have rank 4 (BxHxSxD for query, BxGxTxD for key/value), got 8x16x64}}
  %o = mini.attention %q, %k, %k : tensor<8x16x64xf16>, tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16> -> tensor<8x16x64xf16>
  return
}

// -----

func.func @attention_kv_length(%q: tensor<2x8x16x64xf16>, %k: tensor<2x8x16x64xf16>, %v: tensor<2x8x17x64xf16>) {
  // expected-error @+1 {{key 2x8x16x64 and value 2x8x17x64 must agree on G and T}}
  %o = mini.attention %q, %k, %v : tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16>, tensor<2x8x17x64xf16> -> tensor<2x8x16x64xf16>
  return
}

// -----

func.func @attention_batch(%q: tensor<2x8x16x64xf16>, %k: tensor<3x8x16x64xf16>) {
  // expected-error @+1 {{batch size B differs: query 2x8x16x64, key 3x8x16x64, value 3x8x16x64}}
  %o = mini.attention %q, %k, %k : tensor<2x8x16x64xf16>, tensor<3x8x16x64xf16>, tensor<3x8x16x64xf16> -> tensor<2x8x16x64xf16>
  return
}

// -----

func.func @attention_dtype(%q: tensor<2x8x16x64xf16>, %k: tensor<2x8x16x64xbf16>) {
  // expected-error @+1 {{key element type 'bf16' differs from query element type 'f16'}}
  %o = mini.attention %q, %k, %k : tensor<2x8x16x64xf16>, tensor<2x8x16x64xbf16>, tensor<2x8x16x64xbf16> -> tensor<2x8x16x64xf16>
  return
}

// -----

func.func @attention_scale(%q: tensor<2x8x16x64xf16>, %k: tensor<2x8x16x64xf16>) {
  // expected-error @+1 {{scale must be a finite value > 0, got -5.000000e-01}}
  %o = mini.attention %q, %k, %k {scale = -0.5 : f32} : tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16> -> tensor<2x8x16x64xf16>
  return
}

// -----

func.func @attention_result(%q: tensor<2x8x16x64xf16>, %k: tensor<2x8x16x64xf16>) {
  // expected-error @+1 {{result shape 2x8x32x64 differs from query shape 2x8x16x64 at dim 2}}
  %o = mini.attention %q, %k, %k : tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16> -> tensor<2x8x32x64xf16>
  return
}

// -----

func.func @attention_causal_not_unit(%q: tensor<2x8x16x64xf16>, %k: tensor<2x8x16x64xf16>) {
  // expected-error @+1 {{attribute 'causal' failed to satisfy constraint: unit attribute}}
  %o = mini.attention %q, %k, %k {causal = 1 : i32} : tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16>, tensor<2x8x16x64xf16> -> tensor<2x8x16x64xf16>
  return
}

// -----

func.func @row_config_threads(%x: tensor<4x8xf16>) {
  // expected-error @+1 {{row_config needs 1 <= warps_per_row <= 32, rows_per_block >= 1 and at most 1024 threads per block; got warps_per_row = 8, rows_per_warp = 1, rows_per_block = 8}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 8, cache_slots = 1>} : tensor<4x8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @row_config_rows_per_warp(%x: tensor<64x8xf16>) {
  // expected-error @+1 {{row_config rows_per_warp must be a power of two in [1, 32]; got 3}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 8, cache_slots = 1, rows_per_warp = 3>} : tensor<64x8xf16> -> tensor<64x8xf16>
  return
}

// -----

func.func @row_config_rows_per_warp_warps(%x: tensor<64x8xf16>) {
  // expected-error @+1 {{row_config rows_per_warp = 4 shares a warp between rows: warps_per_row must be 1, got 2}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 2, rows_per_block = 8, cache_slots = 1, rows_per_warp = 4>} : tensor<64x8xf16> -> tensor<64x8xf16>
  return
}

// -----

func.func @row_config_rows_per_warp_threads(%x: tensor<64x8xf16>) {
  // expected-error @+1 {{at most 1024 threads per block; got warps_per_row = 1, rows_per_warp = 32, rows_per_block = 1025}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 1025, cache_slots = 1, rows_per_warp = 32>} : tensor<64x8xf16> -> tensor<64x8xf16>
  return
}

// -----

func.func @row_config_width(%x: tensor<4x8xf16>, %w: tensor<8xf16>) {
  // expected-error @+1 {{row_config vector_width must be a power of two of at most 16 bytes; got 3 x 'f16'}}
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32, config = #mini.row_config<vector_width = 3, warps_per_row = 1, rows_per_block = 1, cache_slots = 1>} : tensor<4x8xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @row_config_registers(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{row_config cache_slots x vector_width must be within [0, 64] registers; got 32 x 4}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 1, cache_slots = 32>} : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @matmul_config_f32_mma(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{config math = "mma_sync" rounds f32 operands to tf32: it needs precision = "tf32"}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 2, math = "mma_sync">} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_f32_wmma(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{matmul_config with f32 operands (tf32) needs math = "mma_sync" and copy = "cp_async" or "tma", got math = "wmma", copy = "cp_async"}}
  %c = mini.matmul %a, %a {precision = "tf32", config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 2, math = "wmma">} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

// wgmma takes tf32's B only K-major (B^T); B's stages are N-major.
func.func @matmul_config_tf32_wgmma(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{matmul_config with f32 operands (tf32) needs math = "mma_sync" and copy = "cp_async" or "tma", got math = "wgmma", copy = "tma"}}
  %c = mini.matmul %a, %a {precision = "tf32", config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

// TMA boxes of f32: tile_n a multiple of 64 (kTmaBoxCols), rows of 32, 64
// or 128 bytes.
func.func @matmul_config_tf32_tma_tile(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{matmul_config copy = "tma" needs math = "mma_sync" or "wgmma", stages >= 2, tile_n % 64 == 0 and tile_k rows of 32, 64 or 128 bytes; got math = "mma_sync", 4 stages, tile 128x128x40}}
  %c = mini.matmul %a, %a {precision = "tf32", config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 40, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_tf32_depth(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{matmul_config mma_sync needs tile_m % (16 x warps_m) == 0, tile_n % (16 x warps_n) == 0 and tile_k % 8 == 0; got 128x128x12 with 2x4 warps}}
  %c = mini.matmul %a, %a {precision = "tf32", config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 12, warps_m = 2, warps_n = 4, stages = 2, math = "mma_sync">} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_precision_value(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{precision must be "ieee" or "tf32", got "bf16x3"}}
  %c = mini.matmul %a, %a {precision = "bf16x3"} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_precision_tf32_f16(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{precision = "tf32" needs f32 operands, got 'f16'}}
  %c = mini.matmul %a, %a {precision = "tf32"} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf16>
  return
}

// -----

func.func @matmul_config_shared_memory(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config needs 261120 bytes of shared memory, more than the 232448 one block may use}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_fragments(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config mma_sync needs tile_m % (16 x warps_m) == 0, tile_n % (16 x warps_n) == 0 and tile_k % 16 == 0; got 96x128x32 with 4x2 warps}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 96, tile_n = 128, tile_k = 32, warps_m = 4, warps_n = 2, stages = 2, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_math(%a: tensor<8x8xf16>) {
  // expected-error @+2 {{math must be "simt", "mma_sync", "wmma", "wgmma" or "gemv", got "hmma"}}
  // expected-error @+1 {{failed to parse Mini_MatmulConfigAttr parameter 'math'}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 2, math = "hmma">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// wgmma reads its stages through TMA's swizzle: cp.async stages are padded.
func.func @matmul_config_wgmma_copy(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config math = "wgmma" needs copy = "tma", producer_warps = 4, 8 x 1 warps, tile_m = 128, tile_n a multiple of 64 up to 256 and tile_k rows of 128 bytes; got copy = "cp_async", producer_warps = 0, 8 x 1 warps, tile 128x256x64}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 3, math = "wgmma">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// One wgmma instruction computes at most 256 columns.
func.func @matmul_config_wgmma_wide(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{got copy = "tma", producer_warps = 4, 8 x 1 warps, tile 128x320x64}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 320, tile_k = 64, warps_m = 8, warps_n = 1, stages = 2, math = "wgmma", copy = "tma", producer_warps = 4>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// tile_k = 32 gives 64-byte rows: the descriptors here take the 128-byte swizzle.
func.func @matmul_config_wgmma_depth(%a: tensor<8x8xbf16>) {
  // expected-error @+1 {{got copy = "tma", producer_warps = 4, 8 x 1 warps, tile 128x128x32}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>} : tensor<8x8xbf16>, tensor<8x8xbf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_simt_tiles(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{matmul_config simt supports 8 warps with tile 64x64x16 and 0 or 1 stages, or tile 16x16x1 and 0 stages (naive); got 32x32x16, 8 warps, 1 stages}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 32, tile_n = 32, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt">} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

// gemv: tile_m rows (a power of two up to 16), tile_n a power of two of at
// most 32 16-byte vectors (f32: 4 columns each), no shared-memory stages.
func.func @matmul_config_gemv_rows(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config gemv needs tile_m a power of two up to 16, tile_n a power of two of 1 to 32 16-byte vectors of 'f16', tile_k (vectors in flight) up to 16, 0 stages and no copy options; got 6x32x8, 0 stages}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 6, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf16>
  return
}

// -----

func.func @matmul_config_gemv_columns(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{tile_n a power of two of 1 to 32 16-byte vectors of 'f32', tile_k (vectors in flight) up to 16, 0 stages and no copy options; got 8x256x8, 0 stages}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 8, tile_n = 256, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_gemv_stages(%a: tensor<8x8xbf16>) {
  // expected-error @+1 {{0 stages and no copy options; got 8x32x8, 2 stages}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 2, math = "gemv">} : tensor<8x8xbf16>, tensor<8x8xbf16> -> tensor<8x8xbf16>
  return
}

// -----

// A gemv variant needs a tensor-core or SIMT config beside it.
func.func @matmul_gemv_variant_of_gemv(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{size_variants are tensor-core tilings or gemv beside a tensor-core config, or gemv beside a simt config}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">, sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: 8>, size_variants = [#mini.matmul_config<tile_m = 8, tile_n = 64, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

// The gemv kernel runs by M: its variant names the most M it takes.
func.func @matmul_gemv_variant_by_cost(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{size variant 0 (gemv) needs a variant_max_m: it runs by M, not by cost}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: 0>, size_variants = [#mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @matmul_variant_max_m_negative(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{variant_max_m[0] must be >= 0, got -1}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: -1>, size_variants = [#mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @matmul_variant_max_m_count(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{variant_max_m needs one M per size variant (1), got 2}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: 8, 64>, size_variants = [#mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @matmul_variant_max_n_count(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{variant_max_n needs one N per size variant (1), got 2}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: 16>, variant_max_n = array<i64: 4096, 0>, size_variants = [#mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

// A bound on N narrows a variant taken by M: a variant by cost has none.
func.func @matmul_variant_max_n_by_cost(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{variant_max_n[0] must be 0, or > 0 beside a variant_max_m; got 4096 (variant_max_m 0)}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_n = array<i64: 4096>, size_variants = [#mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @matmul_variant_max_n_negative(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{variant_max_n[0] must be 0, or > 0 beside a variant_max_m; got -1 (variant_max_m 16)}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: 16>, variant_max_n = array<i64: -1>, size_variants = [#mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @matmul_config_mma_unpromoted(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config mma_sync needs stages >= 1: its fragments are read from shared memory}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 0, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_zero_tile(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config tile_m must be in [1, 4096], got 0}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 0, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 2, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_negative_tile(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config tile_k must be in [1, 4096], got -32}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = -32, warps_m = 2, warps_n = 4, stages = 2, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_stages(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config stages must be in [0, 8], got 9}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 9, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_warps(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config warps_m x warps_n must give 1 to 32 warps, got 8 x 8}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 8, warps_n = 8, stages = 2, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_chunks(%a: tensor<8x8xf16>) {
  // The 16x16 A tile is 32 chunks of 16 bytes: 2 warps (64 threads) cannot share them evenly.
  // expected-error @+1 {{matmul_config mma_sync: the 64 threads must split the A and B tiles into 16-byte chunks evenly}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 16, tile_n = 32, tile_k = 16, warps_m = 1, warps_n = 2, stages = 2, math = "mma_sync">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_copy_kind(%a: tensor<8x8xf16>) {
  // expected-error @+2 {{copy must be "cp_async" or "tma", got "bulk"}}
  // expected-error @+1 {{failed to parse Mini_MatmulConfigAttr parameter 'copy'}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 2, math = "mma_sync", copy = "bulk">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// TMA boxes: B in 64-column boxes, A rows one swizzle span (tile_k = 48
// halves is 96 bytes).
func.func @matmul_config_tma_tile_k(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config copy = "tma" needs math = "mma_sync" or "wgmma", stages >= 2, tile_n % 64 == 0 and tile_k rows of 32, 64 or 128 bytes; got math = "mma_sync", 3 stages, tile 128x128x48}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 48, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync", copy = "tma">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_tma_wmma(%a: tensor<8x8xbf16>) {
  // expected-error @+1 {{got math = "wmma", 3 stages, tile 128x128x32}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "wmma", copy = "tma">} : tensor<8x8xbf16>, tensor<8x8xbf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_tma_one_stage(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{got math = "mma_sync", 1 stages, tile 64x64x32}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 1, math = "mma_sync", copy = "tma">} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_cluster_size(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config cluster_m must be 1, 2, 4 or 8, got 3}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", cluster_m = 3>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// Clusters share B through TMA multicast: not with cp.async copies.
func.func @matmul_config_cluster_cp_async(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config cluster_m = 2 needs copy = "tma" and the tile's 4 B boxes (tile_n / 64) to split evenly over the cluster; got copy = "cp_async", tile_n = 256}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync", cluster_m = 2>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// Each block of the cluster copies a whole number of B boxes.
func.func @matmul_config_cluster_boxes(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{needs copy = "tma" and the tile's 2 B boxes (tile_n / 64) to split evenly over the cluster; got copy = "tma", tile_n = 128}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", cluster_m = 4>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_cluster_simt(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{matmul_config cluster_m = 2 needs copy = "tma"}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt", cluster_m = 2>} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_producer_size(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config producer_warps must be 0 or 4 (one warpgroup), got 1}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 1>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// A producer warpgroup issues TMA copies; cp.async copies are every thread's.
func.func @matmul_config_producer_cp_async(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config producer_warps = 4 needs copy = "tma" and 8 math warps; got copy = "cp_async", 2 x 4 warps}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync", producer_warps = 4>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// setmaxnreg gives 240 registers to each of 8 math warps; 4 would start with
// more than that.
func.func @matmul_config_producer_warps(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config producer_warps = 4 needs copy = "tma" and 8 math warps; got copy = "tma", 2 x 2 warps}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_pingpong_range(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config pingpong must be 0 or 1, got 2}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 2>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// The ping-pong schedule is the wgmma kernel's (and its tiles are whole:
// no stream-K tail).
func.func @matmul_config_pingpong_mma_sync(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config pingpong = 1 needs math = "wgmma" and no stream-K tail; got math = "mma_sync", tail_splits = 1}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_pingpong_tail(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config pingpong = 1 needs math = "wgmma" and no stream-K tail; got math = "wgmma", tail_splits = 4}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4, pingpong = 1>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// Two ping-pong warpgroups of 8 warps would be 16 math warps.
func.func @matmul_config_pingpong_warps(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config producer_warps = 4 needs copy = "tma" and 8 math warps; got copy = "tma", 8 x 1 warps (two warpgroups: pingpong)}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// Each ping-pong warpgroup owns a whole tile: 64 rows.
func.func @matmul_config_pingpong_rows(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config math = "wgmma" with pingpong needs copy = "tma", producer_warps = 4, 4 x 1 warps, tile_m = 64, tile_n a multiple of 64 up to 256 and tile_k rows of 128 bytes; got copy = "tma", producer_warps = 4, 4 x 1 warps, tile 128x256x64}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

// Two warpgroups of 64 x 256 accumulators and the ring: 6 stages of 40 KiB
// do not fit.
func.func @matmul_config_pingpong_stages(%a: tensor<8x8xf16>) {
  // expected-error-re @+1 {{matmul_config needs {{[0-9]+}} bytes of shared memory, more than the 232448 one block may use}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 6, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_size_variants_alone(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{size_variants needs a config, sm_count, tile_rates and at least one variant}}
  %c = mini.matmul %a, %a {size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

func.func @matmul_sm_count_alone(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{sm_count, tile_rates, variant_max_m and variant_max_n need size_variants}}
  %c = mini.matmul %a, %a {sm_count = 132 : i64} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

func.func @matmul_tile_rates_per_kernel(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{tile_rates needs one rate for the config and one per size variant (2), got 3}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 70, 50>, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

func.func @matmul_tile_rate_zero(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{tile_rates[1] must be in [1, 1000] (percent), got 0}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 0>, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

func.func @matmul_sm_count_zero(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{sm_count must be >= 1, got 0}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, sm_count = 0 : i64, tile_rates = array<i64: 100, 70>, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

// Each variant is verified like the config.
func.func @matmul_bad_size_variant(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{size variant 1: matmul_config mma_sync needs stages >= 1: its fragments are read from shared memory}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 70, 70>, size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 0, math = "mma_sync">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

func.func @matmul_simt_size_variant(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{size_variants are tensor-core tilings or gemv beside a tensor-core config, or gemv beside a simt config}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 70>, size_variants = [#mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

func.func @matmul_size_variant_not_a_config(%a: tensor<?x?xf16>) {
  // expected-error @+1 {{attribute 'size_variants' failed to satisfy constraint: matmul configs}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">, sm_count = 132 : i64, tile_rates = array<i64: 100, 70>, size_variants = [1 : i64]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return
}

// -----

func.func @matmul_config_tail_splits_range(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config tail_splits must be in [1, 8], got 9}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync", tail_splits = 9>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_tail_splits_simt(%a: tensor<8x8xf32>) {
  // expected-error @+1 {{matmul_config tail_splits = 2 needs copy = "tma" with producer warps and no clusters; got copy = "cp_async", producer_warps = 0, cluster_m = 1}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt", tail_splits = 2>} : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_config_tail_splits_no_producer(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{matmul_config tail_splits = 4 needs copy = "tma" with producer warps and no clusters; got copy = "tma", producer_warps = 0, cluster_m = 1}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", tail_splits = 4>} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @matmul_sm_count_without_split(%a: tensor<8x8xf16>) {
  // expected-error @+1 {{sm_count, tile_rates, variant_max_m and variant_max_n need size_variants (sm_count alone: a config with tail_splits > 1 or pingpong)}}
  %c = mini.matmul %a, %a {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, sm_count = 132 : i64} : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @attention_config_f32_mma(%q: tensor<1x2x3x64xf32>) -> tensor<1x2x3x64xf32> {
  // expected-error @+1 {{config: math = "mma_sync" needs f16 or bf16 operands, got 'f32'}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync">} : tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32> -> tensor<1x2x3x64xf32>
  return %o : tensor<1x2x3x64xf32>
}

// -----

func.func @attention_config_odd_head_dim(%q: tensor<1x2x3x100xf16>) -> tensor<1x2x3x100xf16> {
  // expected-error @+1 {{config: math = "mma_sync" needs head dim D a multiple of 8 and <= 256, got D = 100}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync">} : tensor<1x2x3x100xf16>, tensor<1x2x3x100xf16>, tensor<1x2x3x100xf16> -> tensor<1x2x3x100xf16>
  return %o : tensor<1x2x3x100xf16>
}

// -----

func.func @attention_config_head_dim_too_large(%q: tensor<1x2x3x512xf16>) -> tensor<1x2x3x512xf16> {
  // expected-error @+1 {{config: math = "mma_sync" needs head dim D a multiple of 8 and <= 256, got D = 512}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync">} : tensor<1x2x3x512xf16>, tensor<1x2x3x512xf16>, tensor<1x2x3x512xf16> -> tensor<1x2x3x512xf16>
  return %o : tensor<1x2x3x512xf16>
}

// -----

func.func @attention_config_bad_math(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+2 {{math must be "simt", "mma_sync", "wmma", "wgmma" or "gemv", got "tcgen05"}}
  // expected-error @+1 {{failed to parse Mini_AttentionConfigAttr parameter 'math'}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "tcgen05">} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

// A math unit the attention kernels do not have.
func.func @attention_config_wmma(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{config: math must be "mma_sync", "wgmma" or "simt", got "wmma"}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "wmma">} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_config_wgmma_warps(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{config: math = "wgmma" needs warps = 4, 8 or 12 (one to three warpgroups of consumers), got 16}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "wgmma", warps = 16>} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_config_wgmma_12_warps_wide(%q: tensor<1x2x3x224xf16>) -> tensor<1x2x3x224xf16> {
  // expected-error @+1 {{config: math = "wgmma" with warps = 12 needs tile_keys and D <= 192 (a product's accumulators within 128 registers a thread), got tile_keys = 32, D = 224}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 32>} : tensor<1x2x3x224xf16>, tensor<1x2x3x224xf16>, tensor<1x2x3x224xf16> -> tensor<1x2x3x224xf16>
  return %o : tensor<1x2x3x224xf16>
}

// -----

func.func @attention_config_wgmma_12_warps_keys(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{config: math = "wgmma" with warps = 12 needs tile_keys and D <= 192 (a product's accumulators within 128 registers a thread), got tile_keys = 256, D = 64}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 256>} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_config_wgmma_f32(%q: tensor<1x2x3x64xf32>) -> tensor<1x2x3x64xf32> {
  // expected-error @+1 {{config: math = "wgmma" needs f16 or bf16 operands, got 'f32'}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "wgmma", warps = 8>} : tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32> -> tensor<1x2x3x64xf32>
  return %o : tensor<1x2x3x64xf32>
}

// -----

func.func @attention_config_wgmma_shared_memory(%q: tensor<1x2x3x256xf16>) -> tensor<1x2x3x256xf16> {
  // expected-error @+1 {{config: warps = 8 and tile_keys = 256 at D = 256 need 593024 bytes of shared memory, more than the 232448 a block may use}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 256>} : tensor<1x2x3x256xf16>, tensor<1x2x3x256xf16>, tensor<1x2x3x256xf16> -> tensor<1x2x3x256xf16>
  return %o : tensor<1x2x3x256xf16>
}

// -----

func.func @attention_config_tile_keys(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{config: tile_keys must be a multiple of 16 in 16..256, got 40}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync", tile_keys = 40>} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_config_warps(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{config: warps must be in 1..16 (16 query rows each), got 9223372036854775807}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync", warps = 9223372036854775807>} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_config_split_keys(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{config: split_keys must be in 0..64 (0: no decode kernel), got 65}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync", split_keys = 65>} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_config_shared_memory(%q: tensor<1x2x3x256xf16>) -> tensor<1x2x3x256xf16> {
  // expected-error @+1 {{config: warps = 16 and tile_keys = 256 at D = 256 need 540672 bytes of shared memory, more than the 232448 a block may use}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 256>} : tensor<1x2x3x256xf16>, tensor<1x2x3x256xf16>, tensor<1x2x3x256xf16> -> tensor<1x2x3x256xf16>
  return %o : tensor<1x2x3x256xf16>
}

// -----

// Config fields whose products overflow int64 are still rejected (they
// once passed the checks and crashed or hung the lowering).
func.func @row_config_huge_vector_width(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{row_config vector_width must be a power of two of at most 16 bytes; got 4611686018427387904 x 'f16'}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4611686018427387904, warps_per_row = 1, rows_per_block = 1, cache_slots = 1>} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

func.func @row_config_huge_rows(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{row_config needs 1 <= warps_per_row <= 32, rows_per_block >= 1 and at most 1024 threads per block; got warps_per_row = 1, rows_per_warp = 1, rows_per_block = 9223372036854775807}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 9223372036854775807, cache_slots = 1>} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

func.func @row_config_huge_cache_slots(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{row_config cache_slots x vector_width must be within [0, 64] registers; got 2305843009213693952 x 8}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 1, cache_slots = 2305843009213693952>} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

func.func @matmul_config_huge_warps(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{matmul_config warps_m x warps_n must give 1 to 32 warps, got 1152921504606846978 x 16}}
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 1152921504606846978, warps_n = 16, stages = 2, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}

// -----

func.func @matmul_config_simt_huge_warps(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{matmul_config warps_m x warps_n must give 1 to 32 warps, got 4611686018427387906 x 4}}
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 4611686018427387906, warps_n = 4, stages = 1, math = "simt">} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

func.func @matmul_config_huge_warps_n(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{matmul_config warps_m x warps_n must give 1 to 32 warps, got 2 x 9223372036854775807}}
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 9223372036854775807, stages = 2, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}

// -----

func.func @length_variants_static(%x: tensor<64x100xf16>) {
  // expected-error @+1 {{length_variants are for rows of dynamic length; the input is 64x100}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 1>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>]} : tensor<64x100xf16> -> tensor<64x100xf16>
  return
}

// -----

func.func @length_variants_without_config(%x: tensor<?x?xf16>) {
  // expected-error @+1 {{length_variants need a config (the first, shortest rows' kernel)}}
  %y = mini.softmax %x {length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>]} : tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @length_variants_not_longer(%x: tensor<?x?xf16>, %w: tensor<?xf16>) {
  // expected-error @+1 {{length variants must cache longer and longer rows (all but the last cache them): config 0 caches rows up to 1024, config 1 up to 256}}
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 4>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 32, cache_slots = 4, rows_per_warp = 4>]} : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @length_variants_streamed_first(%x: tensor<?x?xf16>) {
  // expected-error @+1 {{config 0 caches rows up to 0, config 1 up to 1024}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 0>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 4>]} : tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @length_variant_invalid(%x: tensor<?x?xf16>) {
  // expected-error @+1 {{length variant 0: row_config vector_width must be a power of two of at most 16 bytes; got 16 x 'f16'}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 4>, length_variants = [#mini.row_config<vector_width = 16, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>]} : tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @row_config_staged_mapping(%x: tensor<64x8xf16>) {
  // expected-error @+1 {{a staged row_config takes a row per thread (rows_per_warp = 32), cache_slots >= 1 and rows_per_block a multiple of vector_width; got 4, 1 and 64}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 64, cache_slots = 1, rows_per_warp = 4, staged = true>} : tensor<64x8xf16> -> tensor<64x8xf16>
  return
}

// -----

func.func @row_config_staged_shared(%x: tensor<64x?xf32>) {
  // expected-error @+1 {{a staged row_config keeps rows_per_block rows of the row length (at most cache_slots x vector_width) in shared memory: 65536 bytes, over the 49152 a block has without opting in}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 1024, cache_slots = 4, rows_per_warp = 32, staged = true>} : tensor<64x?xf32> -> tensor<64x?xf32>
  return
}

// -----

func.func @row_config_shared_slots_over(%x: tensor<4x?xf16>) {
  // expected-error @+1 {{row_config shared_slots = 30 keeps 245760 bytes of rows in shared memory (30 vectors of 8 x 'f16' for each of 512 threads x 1 rows), over the 232448 one block may use}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 30>} : tensor<4x?xf16> -> tensor<4x?xf16>
  return
}

// -----

func.func @row_config_shared_slots_staged(%x: tensor<64x?xf16>) {
  // expected-error @+1 {{a staged row_config keeps its rows in shared memory already: shared_slots must be 0, got 1}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 256, cache_slots = 1, rows_per_warp = 32, staged = true, shared_slots = 1>} : tensor<64x?xf16> -> tensor<64x?xf16>
  return
}

// -----

func.func @row_config_shared_slots_negative(%x: tensor<64x?xf16>) {
  // expected-error @+1 {{row_config shared_slots must be >= 0 (vectors per thread in shared memory); got -2}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = -2>} : tensor<64x?xf16> -> tensor<64x?xf16>
  return
}

// -----

// A static row length sizes the stage: 8192 rows of 3 f32 fit, of 16 not.
func.func @row_config_staged_static(%x: tensor<64x3xf32>, %z: tensor<64x16xf32>) {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 2048, cache_slots = 4, rows_per_warp = 32, staged = true>} : tensor<64x3xf32> -> tensor<64x3xf32>
  // expected-error @+1 {{in shared memory: 131072 bytes, over the 49152}}
  %w = mini.softmax %z {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 2048, cache_slots = 4, rows_per_warp = 32, staged = true>} : tensor<64x16xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @row_config_staged_rows(%x: tensor<64x3xf32>) {
  // expected-error @+1 {{a staged row_config needs 1 <= rows_per_block <= 65536; got 131072}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 131072, cache_slots = 1, rows_per_warp = 32, staged = true>} : tensor<64x3xf32> -> tensor<64x3xf32>
  return
}

// -----

func.func @matmul_epilogue_input_shape(%a: tensor<4x8xf16>, %b: tensor<8x4xf16>, %r: tensor<4x5xf16>) {
  // expected-error @+1 {{epilogue input 0 4x5 must have the result's shape 4x4 or be a bias of its last dim (4)}}
  %c = mini.matmul %a, %b epilogue(%r : tensor<4x5xf16>) : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16> {
  ^bb0(%acc: f32, %x: f32):
    %s = arith.addf %acc, %x : f32
    mini.yield %s : f32
  }
  return
}

// -----

func.func @matmul_epilogue_batch_bias(%a: tensor<2x4x8xf16>, %b: tensor<2x8x4xf16>, %r: tensor<4x4xf16>) {
  // expected-error @+1 {{epilogue input 0 4x4 must have the result's shape 2x4x4 or be a bias of its last dim (4)}}
  %c = mini.matmul %a, %b epilogue(%r : tensor<4x4xf16>) : tensor<2x4x8xf16>, tensor<2x8x4xf16> -> tensor<2x4x4xf16> {
  ^bb0(%acc: f32, %x: f32):
    %s = arith.addf %acc, %x : f32
    mini.yield %s : f32
  }
  return
}

// -----

func.func @matmul_epilogue_arguments(%a: tensor<4x8xf16>, %b: tensor<8x4xf16>, %bias: tensor<4xf16>) {
  // expected-error @+1 {{epilogue takes 1 arguments, needs 2}}
  %c = mini.matmul %a, %b epilogue(%bias : tensor<4xf16>) : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16> {
  ^bb0(%acc: f32):
    mini.yield %acc : f32
  }
  return
}

// -----

func.func @matmul_epilogue_op(%a: tensor<4x8xf16>, %b: tensor<8x4xf16>) {
  // expected-error @+1 {{epilogue op 'math.sqrt' is not one of arith.addf, subf, mulf, divf, negf, constant, math.exp, erf, tanh, fma}}
  %c = mini.matmul %a, %b : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16> {
  ^bb0(%acc: f32):
    %s = math.sqrt %acc : f32
    mini.yield %s : f32
  }
  return
}

// -----

func.func @matmul_epilogue_f16_argument(%a: tensor<4x8xf16>, %b: tensor<8x4xf16>) {
  // expected-error @+1 {{epilogue arguments must be f32, got 'f16'}}
  %c = mini.matmul %a, %b : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16> {
  ^bb0(%acc: f16):
    %x = arith.extf %acc : f16 to f32
    mini.yield %x : f32
  }
  return
}

// -----

func.func @matmul_epilogue_captures(%a: tensor<4x8xf16>, %b: tensor<8x4xf16>, %f: f32) {
  // expected-note @+1 {{required by region isolation constraints}}
  %c = mini.matmul %a, %b : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16> {
  ^bb0(%acc: f32):
    // expected-error @+1 {{using value defined outside the region}}
    %s = arith.addf %acc, %f : f32
    mini.yield %s : f32
  }
  return
}

// -----

func.func @norm_residual_shape(%x: tensor<4x8xf16>, %r: tensor<4x9xf16>, %w: tensor<8xf16>) {
  // expected-error @+1 {{residual shape 4x9 differs from input shape 4x8 at dim 1}}
  %y = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32} : tensor<4x8xf16> + tensor<4x9xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @norm_residual_type(%x: tensor<4x8xf16>, %r: tensor<4x8xbf16>, %w: tensor<8xf16>, %b: tensor<8xf16>) {
  // expected-error @+1 {{residual element type 'bf16' differs from input element type 'f16'}}
  %y = mini.layernorm %x + %r, %w, %b {epsilon = 1.0e-05 : f32} : tensor<4x8xf16> + tensor<4x8xbf16>, tensor<8xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return
}

// -----

func.func @norm_sum_without_residual(%x: tensor<4x8xf16>, %w: tensor<8xf16>) {
  // expected-error @+1 {{has a sum result but no residual operand to add}}
  %y, %s = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<4x8xf16>, tensor<8xf16> -> tensor<4x8xf16>, tensor<4x8xf16>
  return
}

// -----

func.func @norm_sum_shape(%x: tensor<4x8xf16>, %r: tensor<4x8xf16>, %w: tensor<8xf16>) {
  // expected-error @+1 {{sum shape 8x4 differs from input shape 4x8 at dim 0}}
  %y, %s = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32} : tensor<4x8xf16> + tensor<4x8xf16>, tensor<8xf16> -> tensor<4x8xf16>, tensor<8x4xf16>
  return
}

// -----

func.func @row_config_cluster_blocks(%x: tensor<4x?xf16>) {
  // expected-error @+1 {{row_config cluster_blocks must be 1, 2, 4 or 8 (blocks of a cluster that share a row); got 3}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 3>} : tensor<4x?xf16> -> tensor<4x?xf16>
  return
}

// -----

func.func @row_config_cluster_staged(%x: tensor<64x?xf16>) {
  // expected-error @+1 {{a staged row_config keeps whole rows in one block: cluster_blocks must be 1, got 2}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 256, cache_slots = 1, rows_per_warp = 32, staged = true, cluster_blocks = 2>} : tensor<64x?xf16> -> tensor<64x?xf16>
  return
}

// -----

func.func @length_variants_cluster_order(%x: tensor<?x?xf16>) {
  // expected-error @+1 {{length variants by clusters stream the longest rows (no slots), by fewer and fewer blocks: config 1 has cluster_blocks = 2 and caches rows up to 0, config 2 cluster_blocks = 8}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 1>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 2>, #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 8>, #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0>]} : tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @length_variants_cluster_last(%x: tensor<?x?xf16>) {
  // expected-error @+1 {{the last length variant takes every row count: cluster_blocks must be 1, got 4}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 1>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 4>]} : tensor<?x?xf16> -> tensor<?x?xf16>
  return
}

// -----

func.func @matmul_up_type(%a: tensor<64x256xf16>, %b: tensor<256x512xf16>, %u: tensor<256x256xf16>) {
  // expected-error @+1 {{up 'tensor<256x256xf16>' must have rhs's type 'tensor<256x512xf16>' (the second product's B)}}
  %c = mini.matmul %a, %b up(%u : tensor<256x256xf16>) : tensor<64x256xf16>, tensor<256x512xf16> -> tensor<64x512xf16>
  return
}

// -----

func.func @matmul_up_f32(%a: tensor<64x256xf32>, %b: tensor<256x512xf32>) {
  // expected-error @+1 {{up (a product pair on the tensor cores) needs f16 or bf16 operands, got 'f32'}}
  %c = mini.matmul %a, %b up(%b : tensor<256x512xf32>) : tensor<64x256xf32>, tensor<256x512xf32> -> tensor<64x512xf32>
  return
}

// -----

func.func @attention_short_config_alone(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{short_config needs a config beside it}}
  %o = mini.attention %q, %q, %q {causal, short_config = #mini.attention_config<math = "wgmma">} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_short_config_simt(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{short_config must be a tensor-core config, got #mini.attention_config<math = "simt">}}
  %o = mini.attention %q, %q, %q {causal, config = #mini.attention_config<math = "wgmma">, short_config = #mini.attention_config<math = "simt">} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}

// -----

func.func @attention_short_config_f32(%q: tensor<1x2x3x64xf32>) -> tensor<1x2x3x64xf32> {
  // expected-error @+1 {{short_config: math = "wgmma" needs f16 or bf16 operands, got 'f32'}}
  %o = mini.attention %q, %q, %q {causal, config = #mini.attention_config<math = "simt">, short_config = #mini.attention_config<math = "wgmma">} : tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32> -> tensor<1x2x3x64xf32>
  return %o : tensor<1x2x3x64xf32>
}
