// Few long rows: each shape with the default config (`_new`: the blocks of
// a cluster share each row where the rows leave over half the SMs idle) and
// with a block a row streaming by 32 warps (`_old`, the config before),
// static sizes (docs/PERF.md rows v7).
//   mini-opt bench/rows-few.mlir --mini-pipeline="bundle=DIR toolkit=/usr/local/cuda" -o /dev/null
func.func @softmax_f16_r16_c1048576_new(%x: tensor<16x1048576xf16>) -> tensor<16x1048576xf16> {
  %y = mini.softmax %x : tensor<16x1048576xf16> -> tensor<16x1048576xf16>
  return %y : tensor<16x1048576xf16>
}
func.func @softmax_f16_r16_c1048576_old(%x: tensor<16x1048576xf16>) -> tensor<16x1048576xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<16x1048576xf16> -> tensor<16x1048576xf16>
  return %y : tensor<16x1048576xf16>
}
func.func @softmax_bf16_r16_c1048576_new(%x: tensor<16x1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.softmax %x : tensor<16x1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @softmax_bf16_r16_c1048576_old(%x: tensor<16x1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<16x1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @softmax_f32_r16_c1048576_new(%x: tensor<16x1048576xf32>) -> tensor<16x1048576xf32> {
  %y = mini.softmax %x : tensor<16x1048576xf32> -> tensor<16x1048576xf32>
  return %y : tensor<16x1048576xf32>
}
func.func @softmax_f32_r16_c1048576_old(%x: tensor<16x1048576xf32>) -> tensor<16x1048576xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<16x1048576xf32> -> tensor<16x1048576xf32>
  return %y : tensor<16x1048576xf32>
}
func.func @rmsnorm_f16_r16_c1048576_new(%x: tensor<16x1048576xf16>, %w: tensor<1048576xf16>) -> tensor<16x1048576xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16x1048576xf16>, tensor<1048576xf16> -> tensor<16x1048576xf16>
  return %y : tensor<16x1048576xf16>
}
func.func @rmsnorm_f16_r16_c1048576_old(%x: tensor<16x1048576xf16>, %w: tensor<1048576xf16>) -> tensor<16x1048576xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<16x1048576xf16>, tensor<1048576xf16> -> tensor<16x1048576xf16>
  return %y : tensor<16x1048576xf16>
}
func.func @rmsnorm_bf16_r16_c1048576_new(%x: tensor<16x1048576xbf16>, %w: tensor<1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16x1048576xbf16>, tensor<1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @rmsnorm_bf16_r16_c1048576_old(%x: tensor<16x1048576xbf16>, %w: tensor<1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<16x1048576xbf16>, tensor<1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @rmsnorm_f32_r16_c1048576_new(%x: tensor<16x1048576xf32>, %w: tensor<1048576xf32>) -> tensor<16x1048576xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16x1048576xf32>, tensor<1048576xf32> -> tensor<16x1048576xf32>
  return %y : tensor<16x1048576xf32>
}
func.func @rmsnorm_f32_r16_c1048576_old(%x: tensor<16x1048576xf32>, %w: tensor<1048576xf32>) -> tensor<16x1048576xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<16x1048576xf32>, tensor<1048576xf32> -> tensor<16x1048576xf32>
  return %y : tensor<16x1048576xf32>
}
func.func @layernorm_bf16_r16_c1048576_new(%x: tensor<16x1048576xbf16>, %w: tensor<1048576xbf16>, %b: tensor<1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<16x1048576xbf16>, tensor<1048576xbf16>, tensor<1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @layernorm_bf16_r16_c1048576_old(%x: tensor<16x1048576xbf16>, %w: tensor<1048576xbf16>, %b: tensor<1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<16x1048576xbf16>, tensor<1048576xbf16>, tensor<1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @softmax_f16_r3_c262147_new(%x: tensor<3x262147xf16>) -> tensor<3x262147xf16> {
  %y = mini.softmax %x : tensor<3x262147xf16> -> tensor<3x262147xf16>
  return %y : tensor<3x262147xf16>
}
func.func @softmax_f16_r3_c262147_old(%x: tensor<3x262147xf16>) -> tensor<3x262147xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<3x262147xf16> -> tensor<3x262147xf16>
  return %y : tensor<3x262147xf16>
}
func.func @rmsnorm_bf16_r3_c262147_new(%x: tensor<3x262147xbf16>, %w: tensor<262147xbf16>) -> tensor<3x262147xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<3x262147xbf16>, tensor<262147xbf16> -> tensor<3x262147xbf16>
  return %y : tensor<3x262147xbf16>
}
func.func @rmsnorm_bf16_r3_c262147_old(%x: tensor<3x262147xbf16>, %w: tensor<262147xbf16>) -> tensor<3x262147xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<3x262147xbf16>, tensor<262147xbf16> -> tensor<3x262147xbf16>
  return %y : tensor<3x262147xbf16>
}
func.func @softmax_f16_r8_c2097152_new(%x: tensor<8x2097152xf16>) -> tensor<8x2097152xf16> {
  %y = mini.softmax %x : tensor<8x2097152xf16> -> tensor<8x2097152xf16>
  return %y : tensor<8x2097152xf16>
}
func.func @softmax_f16_r8_c2097152_old(%x: tensor<8x2097152xf16>) -> tensor<8x2097152xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<8x2097152xf16> -> tensor<8x2097152xf16>
  return %y : tensor<8x2097152xf16>
}
func.func @softmax_f16_r32_c524288_new(%x: tensor<32x524288xf16>) -> tensor<32x524288xf16> {
  %y = mini.softmax %x : tensor<32x524288xf16> -> tensor<32x524288xf16>
  return %y : tensor<32x524288xf16>
}
func.func @softmax_f16_r32_c524288_old(%x: tensor<32x524288xf16>) -> tensor<32x524288xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<32x524288xf16> -> tensor<32x524288xf16>
  return %y : tensor<32x524288xf16>
}
func.func @rmsnorm_f16_r64_c262144_new(%x: tensor<64x262144xf16>, %w: tensor<262144xf16>) -> tensor<64x262144xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<64x262144xf16>, tensor<262144xf16> -> tensor<64x262144xf16>
  return %y : tensor<64x262144xf16>
}
func.func @rmsnorm_f16_r64_c262144_old(%x: tensor<64x262144xf16>, %w: tensor<262144xf16>) -> tensor<64x262144xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<64x262144xf16>, tensor<262144xf16> -> tensor<64x262144xf16>
  return %y : tensor<64x262144xf16>
}
func.func @softmax_f32_r64_c50257_new(%x: tensor<64x50257xf32>) -> tensor<64x50257xf32> {
  %y = mini.softmax %x : tensor<64x50257xf32> -> tensor<64x50257xf32>
  return %y : tensor<64x50257xf32>
}
func.func @softmax_f32_r64_c50257_old(%x: tensor<64x50257xf32>) -> tensor<64x50257xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<64x50257xf32> -> tensor<64x50257xf32>
  return %y : tensor<64x50257xf32>
}
func.func @softmax_f16_r100_c50257_new(%x: tensor<100x50257xf16>) -> tensor<100x50257xf16> {
  %y = mini.softmax %x : tensor<100x50257xf16> -> tensor<100x50257xf16>
  return %y : tensor<100x50257xf16>
}
func.func @softmax_f16_r100_c50257_old(%x: tensor<100x50257xf16>) -> tensor<100x50257xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<100x50257xf16> -> tensor<100x50257xf16>
  return %y : tensor<100x50257xf16>
}
