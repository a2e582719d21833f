// Every op x element type with dynamic sizes: one bundle that mini-run and the
// benchmarks run at any shape (scripts/gpu-check.sh). Attention bakes in D and causal.
// The default matmuls take TMA copies on sm_90; mm_*_cp_async keep the cp.async path;
// mm_*_split run the last, partial wave stream-K style (tail_splits);
// mm_*_wgmma multiply with warpgroup MMA (sm_90a).

func.func @mm_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
func.func @mm_f16_to_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @mm_f16_cp_async(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @mm_f16_split(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @mm_f16_wmma(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "wmma">} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
// Weights of static N and K with M known at launch: the gemv kernel to 4
// rows, then the few-rows tiling (narrow 32x64 tiles to 32 rows, to 64
// where N <= 1024 and K <= 4096; then 64x128), to 128 rows the one-wave
// 128x64 wgmma tiles, past that the tiling of least launch cost.
func.func @mm_f16_weights(%a: tensor<?x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<?x1000xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x1000xf16> -> tensor<?x1000xf16>
  return %c : tensor<?x1000xf16>
}
func.func @mm_bf16_weights_long_k(%a: tensor<?x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<?x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<?x11008xbf16>, tensor<11008x4096xbf16> -> tensor<?x4096xbf16>
  return %c : tensor<?x4096xbf16>
}
// K = 2048: the one-wave tiles without their tail, up to 8 rows of them
// (16 whole columns), then the mid tiles by launch cost.
func.func @mm_f16_weights_k2048(%a: tensor<?x2048xf16>, %b: tensor<2048x1024xf16>) -> tensor<?x1024xf16> {
  %c = mini.matmul %a, %b : tensor<?x2048xf16>, tensor<2048x1024xf16> -> tensor<?x1024xf16>
  return %c : tensor<?x1024xf16>
}
func.func @mm_f16_wgmma(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @softmax_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @rmsnorm_f16(%x: tensor<?x?xf16>, %w: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @layernorm_f16(%x: tensor<?x?xf16>, %w: tensor<?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @attn64_f16(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x?x64xf16>, %v: tensor<?x?x?x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}
func.func @attn64_causal_f16(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x?x64xf16>, %v: tensor<?x?x?x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}
func.func @attn128_f16(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x?x128xf16>, %v: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}
func.func @attn128_causal_f16(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x?x128xf16>, %v: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}
// Head dims past 128 (Q re-read per tile, 32-key tiles) and odd multiples of 8.
func.func @attn256_causal_f16(%q: tensor<?x?x?x256xf16>, %k: tensor<?x?x?x256xf16>, %v: tensor<?x?x?x256xf16>) -> tensor<?x?x?x256xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16> -> tensor<?x?x?x256xf16>
  return %o : tensor<?x?x?x256xf16>
}
func.func @attn256_bf16(%q: tensor<?x?x?x256xbf16>, %k: tensor<?x?x?x256xbf16>, %v: tensor<?x?x?x256xbf16>) -> tensor<?x?x?x256xbf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x256xbf16>, tensor<?x?x?x256xbf16>, tensor<?x?x?x256xbf16> -> tensor<?x?x?x256xbf16>
  return %o : tensor<?x?x?x256xbf16>
}
func.func @attn80_causal_f16(%q: tensor<?x?x?x80xf16>, %k: tensor<?x?x?x80xf16>, %v: tensor<?x?x?x80xf16>) -> tensor<?x?x?x80xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x80xf16>, tensor<?x?x?x80xf16>, tensor<?x?x?x80xf16> -> tensor<?x?x?x80xf16>
  return %o : tensor<?x?x?x80xf16>
}
func.func @attn96_bf16(%q: tensor<?x?x?x96xbf16>, %k: tensor<?x?x?x96xbf16>, %v: tensor<?x?x?x96xbf16>) -> tensor<?x?x?x96xbf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x96xbf16>, tensor<?x?x?x96xbf16>, tensor<?x?x?x96xbf16> -> tensor<?x?x?x96xbf16>
  return %o : tensor<?x?x?x96xbf16>
}
func.func @mm_bf16(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
func.func @mm_bf16_to_bf16(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %c : tensor<?x?x?xbf16>
}
func.func @mm_bf16_cp_async(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %c : tensor<?x?x?xbf16>
}
func.func @mm_bf16_split(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 3>} : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
func.func @mm_bf16_wmma(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "wmma">} : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %c : tensor<?x?x?xbf16>
}
func.func @mm_bf16_wgmma(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 3>} : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
func.func @softmax_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.softmax %x : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @rmsnorm_bf16(%x: tensor<?x?xbf16>, %w: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @layernorm_bf16(%x: tensor<?x?xbf16>, %w: tensor<?xbf16>, %b: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xbf16>, tensor<?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @attn64_bf16(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @attn64_causal_bf16(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @attn128_bf16(%q: tensor<?x?x?x128xbf16>, %k: tensor<?x?x?x128xbf16>, %v: tensor<?x?x?x128xbf16>) -> tensor<?x?x?x128xbf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x128xbf16>, tensor<?x?x?x128xbf16>, tensor<?x?x?x128xbf16> -> tensor<?x?x?x128xbf16>
  return %o : tensor<?x?x?x128xbf16>
}
func.func @attn128_causal_bf16(%q: tensor<?x?x?x128xbf16>, %k: tensor<?x?x?x128xbf16>, %v: tensor<?x?x?x128xbf16>) -> tensor<?x?x?x128xbf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x128xbf16>, tensor<?x?x?x128xbf16>, tensor<?x?x?x128xbf16> -> tensor<?x?x?x128xbf16>
  return %o : tensor<?x?x?x128xbf16>
}
func.func @mm_f32(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
// f32 on the tensor cores as TF32 (opt-in; mm_f32 stays exact).
func.func @mm_tf32(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
func.func @softmax_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.softmax %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @rmsnorm_f32(%x: tensor<?x?xf32>, %w: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @layernorm_f32(%x: tensor<?x?xf32>, %w: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
// Rows in shared memory (the default for static long rows of a static
// count that fills the waves; a dynamic length keeps the streamed band):
// written here so that gpu-check runs the path at any length, including
// rows past its slots (streamed).
func.func @softmax_f16_shared(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 13>} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @rmsnorm_bf16_shared(%x: tensor<?x?xbf16>, %w: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 2, shared_slots = 14>} : tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @softmax_f32_shared(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 4, shared_slots = 3>} : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
// Rows shared by the blocks of a cluster (cluster_blocks), hand-configured
// so that gpu-check runs them at dynamic sizes: f16 8 blocks x 16 warps with
// 2 + 4 slots a thread (rows up to 196608 read once, longer streamed); bf16
// rmsnorm 4 blocks, two rows a block; f32 2 blocks, four rows a warp (short
// rows, the peeled edges dealt over both blocks); layernorm f16 8 blocks
// streaming; add + rmsnorm bf16 2 blocks with shared slots.
func.func @softmax_f16_cluster(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 2, shared_slots = 4, cluster_blocks = 8>} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @rmsnorm_bf16_cluster(%x: tensor<?x?xbf16>, %w: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 2, cache_slots = 4, cluster_blocks = 4>} : tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @softmax_f32_cluster(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 32, cache_slots = 2, rows_per_warp = 4, cluster_blocks = 2>} : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @layernorm_f16_cluster(%x: tensor<?x?xf16>, %w: tensor<?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0, cluster_blocks = 8>} : tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @add_rmsnorm_bf16_cluster(%x: tensor<?x?xbf16>, %r: tensor<?x?xbf16>, %w: tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 3, cluster_blocks = 2>} : tensor<?x?xbf16> + tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>, tensor<?x?xbf16>
  return %y, %h : tensor<?x?xbf16>, tensor<?x?xbf16>
}
// f32 rows split over a cluster's blocks, each keeping its part in registers
// (the select pass's choice for static f32 rows of 32769 to 131072 values;
// .minnctapersm 2): softmax 4 blocks x 16 warps x 7 slots (rows up to 57344
// read once, longer streamed), layernorm 8 x 8 slots (up to 131072), rmsnorm
// 4 x 5 slots (up to 40960).
func.func @softmax_f32_split(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 7, cluster_blocks = 4>} : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @layernorm_f32_split(%x: tensor<?x?xf32>, %w: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 8, cluster_blocks = 8>} : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @rmsnorm_f32_split(%x: tensor<?x?xf32>, %w: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 5, cluster_blocks = 4>} : tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
// Residual norms (mini-fuse's add + norm rule, written fused): the norm of
// x + r, and the sum as a second result; one without the sum; one through
// shared slots.
func.func @add_rmsnorm_f16(%x: tensor<?x?xf16>, %r: tensor<?x?xf16>, %w: tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xf16> + tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>, tensor<?x?xf16>
  return %y, %h : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @add_rmsnorm_bf16(%x: tensor<?x?xbf16>, %r: tensor<?x?xbf16>, %w: tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xbf16> + tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>, tensor<?x?xbf16>
  return %y, %h : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @add_rmsnorm_f32(%x: tensor<?x?xf32>, %r: tensor<?x?xf32>, %w: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xf32> + tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>, tensor<?x?xf32>
  return %y, %h : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @add_rmsnorm_nosum_bf16(%x: tensor<?x?xbf16>, %r: tensor<?x?xbf16>, %w: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xbf16> + tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @add_rmsnorm_f16_shared(%x: tensor<?x?xf16>, %r: tensor<?x?xf16>, %w: tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 13>} : tensor<?x?xf16> + tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>, tensor<?x?xf16>
  return %y, %h : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @add_layernorm_f16(%x: tensor<?x?xf16>, %r: tensor<?x?xf16>, %w: tensor<?xf16>, %b: tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %y, %h = mini.layernorm %x + %r, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xf16> + tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16> -> tensor<?x?xf16>, tensor<?x?xf16>
  return %y, %h : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @add_layernorm_bf16(%x: tensor<?x?xbf16>, %r: tensor<?x?xbf16>, %w: tensor<?xbf16>, %b: tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %y, %h = mini.layernorm %x + %r, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xbf16> + tensor<?x?xbf16>, tensor<?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>, tensor<?x?xbf16>
  return %y, %h : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @add_layernorm_f32(%x: tensor<?x?xf32>, %r: tensor<?x?xf32>, %w: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %y, %h = mini.layernorm %x + %r, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xf32> + tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<?x?xf32>, tensor<?x?xf32>
  return %y, %h : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @attn64_f32(%q: tensor<?x?x?x64xf32>, %k: tensor<?x?x?x64xf32>, %v: tensor<?x?x?x64xf32>) -> tensor<?x?x?x64xf32> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x64xf32>, tensor<?x?x?x64xf32>, tensor<?x?x?x64xf32> -> tensor<?x?x?x64xf32>
  return %o : tensor<?x?x?x64xf32>
}
func.func @attn64_causal_f32(%q: tensor<?x?x?x64xf32>, %k: tensor<?x?x?x64xf32>, %v: tensor<?x?x?x64xf32>) -> tensor<?x?x?x64xf32> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x64xf32>, tensor<?x?x?x64xf32>, tensor<?x?x?x64xf32> -> tensor<?x?x?x64xf32>
  return %o : tensor<?x?x?x64xf32>
}
func.func @attn128_f32(%q: tensor<?x?x?x128xf32>, %k: tensor<?x?x?x128xf32>, %v: tensor<?x?x?x128xf32>) -> tensor<?x?x?x128xf32> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x128xf32>, tensor<?x?x?x128xf32>, tensor<?x?x?x128xf32> -> tensor<?x?x?x128xf32>
  return %o : tensor<?x?x?x128xf32>
}
func.func @attn128_causal_f32(%q: tensor<?x?x?x128xf32>, %k: tensor<?x?x?x128xf32>, %v: tensor<?x?x?x128xf32>) -> tensor<?x?x?x128xf32> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x128xf32>, tensor<?x?x?x128xf32>, tensor<?x?x?x128xf32> -> tensor<?x?x?x128xf32>
  return %o : tensor<?x?x?x128xf32>
}

// Elementwise ops (issue 29), each its own kernel: a bias (broadcast rhs), a
// residual (same shape), the activations, scale, casts, transpose, causal mask.
func.func @add_f16(%a: tensor<?x?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.add %a, %b : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @residual_f16(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.add %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @mul_f16(%a: tensor<?x?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.mul %a, %b : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @silu_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.silu %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @gelu_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.gelu %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @gelu_tanh_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @scale_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @transpose_f16(%x: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %y = mini.transpose %x : tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %y : tensor<?x?x?xf16>
}
// Heads before tokens (a swap with a run after it): a static run of 128
// (16-byte vectors) and a dynamic one (element by element).
func.func @heads_f16(%x: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %y = mini.transpose %x {permutation = array<i64: 0, 2, 1, 3>} : tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %y : tensor<?x?x?x128xf16>
}
func.func @heads_any_f32(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %y = mini.transpose %x {permutation = array<i64: 0, 2, 1, 3>} : tensor<?x?x?x?xf32> -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}
func.func @heads_bf16(%x: tensor<?x?x64xbf16>) -> tensor<?x?x64xbf16> {
  %y = mini.transpose %x {permutation = array<i64: 1, 0, 2>} : tensor<?x?x64xbf16> -> tensor<?x?x64xbf16>
  return %y : tensor<?x?x64xbf16>
}
func.func @mask_f16(%x: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %y = mini.causal_mask %x : tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %y : tensor<?x?x?xf16>
}
func.func @add_bf16(%a: tensor<?x?xbf16>, %b: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.add %a, %b : tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @residual_bf16(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.add %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @mul_bf16(%a: tensor<?x?xbf16>, %b: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.mul %a, %b : tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @silu_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.silu %x : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @gelu_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.gelu %x : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @gelu_tanh_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @scale_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @transpose_bf16(%x: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %y = mini.transpose %x : tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
}
func.func @mask_bf16(%x: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %y = mini.causal_mask %x : tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
}
func.func @add_f32(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.add %a, %b : tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @residual_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.add %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @mul_f32(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.mul %a, %b : tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @silu_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.silu %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @gelu_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.gelu %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @gelu_tanh_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @scale_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @transpose_f32(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %y = mini.transpose %x : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
func.func @mask_f32(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %y = mini.causal_mask %x : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
func.func @cast_f32_to_bf16(%x: tensor<?x?xf32>) -> tensor<?x?xbf16> {
  %y = mini.cast %x : tensor<?x?xf32> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @cast_f32_to_f16(%x: tensor<?x?xf32>) -> tensor<?x?xf16> {
  %y = mini.cast %x : tensor<?x?xf32> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @cast_f16_to_f32(%x: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %y = mini.cast %x : tensor<?x?xf16> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @cast_bf16_to_f16(%x: tensor<?x?xbf16>) -> tensor<?x?xf16> {
  %y = mini.cast %x : tensor<?x?xbf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
// Elementwise chains, fused by mini-fuse into one mini.elementwise kernel each.
func.func @chain_f16(%x: tensor<?x?xf16>, %b: tensor<?xf16>, %r: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %0 = mini.add %x, %b : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  %1 = mini.gelu %0 {approximate = "tanh"} : tensor<?x?xf16> -> tensor<?x?xf16>
  %2 = mini.scale %1 {factor = 0.5 : f32} : tensor<?x?xf16> -> tensor<?x?xf16>
  %3 = mini.add %2, %r : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %3 : tensor<?x?xf16>
}
func.func @swiglu_bf16(%g: tensor<?x?xbf16>, %u: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %s = mini.silu %g : tensor<?x?xbf16> -> tensor<?x?xbf16>
  %h = mini.mul %s, %u : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %h : tensor<?x?xbf16>
}
func.func @chain_cast_f32(%x: tensor<?x?xf32>, %w: tensor<?xf32>) -> tensor<?x?xbf16> {
  %0 = mini.mul %x, %w : tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  %1 = mini.gelu %0 : tensor<?x?xf32> -> tensor<?x?xf32>
  %2 = mini.cast %1 : tensor<?x?xf32> -> tensor<?x?xbf16>
  return %2 : tensor<?x?xbf16>
}
// Matmul epilogues, fused by mini-fuse into the matmul's store (issue 29):
// each tensor-core path (the default size variants, wgmma, cp.async staged
// through shared memory, WMMA, the stream-K tail) and SIMT, with a bias of N,
// a residual, activations and a cast.
func.func @epi_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>, %bias: tensor<?xf16>, %r: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  %0 = mini.add %c, %bias : tensor<?x?x?xf16>, tensor<?xf16> -> tensor<?x?x?xf16>
  %1 = mini.gelu %0 : tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  %2 = mini.add %1, %r : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %2 : tensor<?x?x?xf16>
}
func.func @epi_bf16_wgmma(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>, %bias: tensor<?xbf16>) -> tensor<?x?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>} : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  %0 = mini.add %c, %bias : tensor<?x?x?xbf16>, tensor<?xbf16> -> tensor<?x?x?xbf16>
  %1 = mini.silu %0 : tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %1 : tensor<?x?x?xbf16>
}
func.func @epi_f16_cp_async(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>, %r: tensor<?x?x?xf32>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf32>
  %0 = mini.scale %c {factor = 0.5 : f32} : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %1 = mini.add %r, %0 : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %2 = mini.cast %1 : tensor<?x?x?xf32> -> tensor<?x?x?xf16>
  return %2 : tensor<?x?x?xf16>
}
func.func @epi_bf16_wmma(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>, %bias: tensor<?xf32>) -> tensor<?x?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "wmma">} : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xf32>
  %0 = mini.mul %c, %bias : tensor<?x?x?xf32>, tensor<?xf32> -> tensor<?x?x?xf32>
  %1 = mini.gelu %0 {approximate = "tanh"} : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %2 = mini.cast %1 : tensor<?x?x?xf32> -> tensor<?x?x?xbf16>
  return %2 : tensor<?x?x?xbf16>
}
func.func @epi_f16_split(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>, %bias: tensor<?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  %0 = mini.add %c, %bias : tensor<?x?x?xf16>, tensor<?xf16> -> tensor<?x?x?xf16>
  %1 = mini.gelu %0 : tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %1 : tensor<?x?x?xf16>
}
func.func @epi_f32(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %0 = mini.add %c, %bias : tensor<?x?x?xf32>, tensor<?xf32> -> tensor<?x?x?xf32>
  %1 = mini.silu %0 : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @epi_bias_gelu_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>, %bias: tensor<?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  %0 = mini.add %c, %bias : tensor<?x?x?xf16>, tensor<?xf16> -> tensor<?x?x?xf16>
  %1 = mini.gelu %0 : tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %1 : tensor<?x?x?xf16>
}
// SwiGLU's product pair (mini-fuse's rule; on sm_90a one wgmma kernel whose
// tiles hold the gate's 128 columns beside the up's): N past the last whole
// tile and K of a partial first step; then Llama-3 8B's FFN width with a
// bias after the pair (its epilogue).
func.func @pair_f16(%x: tensor<?x520xf16>, %wg: tensor<520x1000xf16>, %wu: tensor<520x1000xf16>) -> tensor<?x1000xf16> {
  %g = mini.matmul %x, %wg : tensor<?x520xf16>, tensor<520x1000xf16> -> tensor<?x1000xf16>
  %u = mini.matmul %x, %wu : tensor<?x520xf16>, tensor<520x1000xf16> -> tensor<?x1000xf16>
  %s = mini.silu %g : tensor<?x1000xf16> -> tensor<?x1000xf16>
  %h = mini.mul %s, %u : tensor<?x1000xf16>, tensor<?x1000xf16> -> tensor<?x1000xf16>
  return %h : tensor<?x1000xf16>
}
func.func @pair_bf16(%x: tensor<?x4096xbf16>, %wg: tensor<4096x14336xbf16>, %wu: tensor<4096x14336xbf16>,
                     %bias: tensor<14336xbf16>) -> tensor<?x14336xbf16> {
  %g = mini.matmul %x, %wg : tensor<?x4096xbf16>, tensor<4096x14336xbf16> -> tensor<?x14336xbf16>
  %u = mini.matmul %x, %wu : tensor<?x4096xbf16>, tensor<4096x14336xbf16> -> tensor<?x14336xbf16>
  %s = mini.silu %g : tensor<?x14336xbf16> -> tensor<?x14336xbf16>
  %h = mini.mul %u, %s : tensor<?x14336xbf16>, tensor<?x14336xbf16> -> tensor<?x14336xbf16>
  %y = mini.add %h, %bias : tensor<?x14336xbf16>, tensor<14336xbf16> -> tensor<?x14336xbf16>
  return %y : tensor<?x14336xbf16>
}
// The persistent ping-pong wgmma kernel (pingpong = 1: a block per SM, its
// two math warpgroups on alternate 64 x 256 tiles): N past the last whole
// tile and K of a partial first step; a batch of three with bias + GELU in
// the epilogue; a residual of C's shape.
func.func @pp_f16(%a: tensor<?x520xf16>, %b: tensor<520x1000xf16>) -> tensor<?x1000xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<?x520xf16>, tensor<520x1000xf16> -> tensor<?x1000xf16>
  return %c : tensor<?x1000xf16>
}
func.func @pp_epi_bf16(%a: tensor<3x?x776xbf16>, %b: tensor<3x776x264xbf16>, %bias: tensor<264xbf16>) -> tensor<3x?x264xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<3x?x776xbf16>, tensor<3x776x264xbf16> -> tensor<3x?x264xbf16>
  %0 = mini.add %c, %bias : tensor<3x?x264xbf16>, tensor<264xbf16> -> tensor<3x?x264xbf16>
  %1 = mini.gelu %0 : tensor<3x?x264xbf16> -> tensor<3x?x264xbf16>
  return %1 : tensor<3x?x264xbf16>
}
func.func @pp_res_f16(%a: tensor<?x1032xf16>, %b: tensor<1032x4104xf16>, %r: tensor<?x4104xf16>) -> tensor<?x4104xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<?x1032xf16>, tensor<1032x4104xf16> -> tensor<?x4104xf16>
  %0 = mini.add %c, %r : tensor<?x4104xf16>, tensor<?x4104xf16> -> tensor<?x4104xf16>
  return %0 : tensor<?x4104xf16>
}
// ... in clusters of 2 and 4 blocks sharing B stages by TMA multicast: odd
// row-tile counts leave a block of a cluster rows past M.
func.func @pp_c2_f16(%a: tensor<?x520xf16>, %b: tensor<520x1000xf16>, %bias: tensor<1000xf16>) -> tensor<?x1000xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", cluster_m = 2, producer_warps = 4, pingpong = 1>} : tensor<?x520xf16>, tensor<520x1000xf16> -> tensor<?x1000xf16>
  %0 = mini.add %c, %bias : tensor<?x1000xf16>, tensor<1000xf16> -> tensor<?x1000xf16>
  %1 = mini.silu %0 : tensor<?x1000xf16> -> tensor<?x1000xf16>
  return %1 : tensor<?x1000xf16>
}
func.func @pp_c4_bf16(%a: tensor<2x?x776xbf16>, %b: tensor<2x776x264xbf16>) -> tensor<2x?x264xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", cluster_m = 4, producer_warps = 4, pingpong = 1>} : tensor<2x?x776xbf16>, tensor<2x776x264xbf16> -> tensor<2x?x264xf32>
  return %c : tensor<2x?x264xf32>
}
