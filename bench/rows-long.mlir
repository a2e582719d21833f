// Long rows: each shape with the default config (`_new`: shared slots where
// the row fits a block and the row count fills the waves) and with rows v5's
// streamed config (`_old`), static sizes (docs/PERF.md rows v6).
//   mini-opt bench/rows-long.mlir --mini-pipeline="bundle=DIR toolkit=/usr/local/cuda" -o /dev/null
func.func @softmax_f16_r500_c50257_new(%x: tensor<500x50257xf16>) -> tensor<500x50257xf16> {
  %y = mini.softmax %x : tensor<500x50257xf16> -> tensor<500x50257xf16>
  return %y : tensor<500x50257xf16>
}
func.func @softmax_f16_r500_c50257_old(%x: tensor<500x50257xf16>) -> tensor<500x50257xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x50257xf16> -> tensor<500x50257xf16>
  return %y : tensor<500x50257xf16>
}
func.func @rmsnorm_f16_r500_c50257_new(%x: tensor<500x50257xf16>, %w: tensor<50257xf16>) -> tensor<500x50257xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<500x50257xf16>, tensor<50257xf16> -> tensor<500x50257xf16>
  return %y : tensor<500x50257xf16>
}
func.func @rmsnorm_f16_r500_c50257_old(%x: tensor<500x50257xf16>, %w: tensor<50257xf16>) -> tensor<500x50257xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x50257xf16>, tensor<50257xf16> -> tensor<500x50257xf16>
  return %y : tensor<500x50257xf16>
}
func.func @softmax_f16_r334_c50257_new(%x: tensor<334x50257xf16>) -> tensor<334x50257xf16> {
  %y = mini.softmax %x : tensor<334x50257xf16> -> tensor<334x50257xf16>
  return %y : tensor<334x50257xf16>
}
func.func @softmax_f16_r334_c50257_old(%x: tensor<334x50257xf16>) -> tensor<334x50257xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<334x50257xf16> -> tensor<334x50257xf16>
  return %y : tensor<334x50257xf16>
}
func.func @rmsnorm_f16_r334_c50257_new(%x: tensor<334x50257xf16>, %w: tensor<50257xf16>) -> tensor<334x50257xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<334x50257xf16>, tensor<50257xf16> -> tensor<334x50257xf16>
  return %y : tensor<334x50257xf16>
}
func.func @rmsnorm_f16_r334_c50257_old(%x: tensor<334x50257xf16>, %w: tensor<50257xf16>) -> tensor<334x50257xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<334x50257xf16>, tensor<50257xf16> -> tensor<334x50257xf16>
  return %y : tensor<334x50257xf16>
}
func.func @softmax_f16_r131_c128256_new(%x: tensor<131x128256xf16>) -> tensor<131x128256xf16> {
  %y = mini.softmax %x : tensor<131x128256xf16> -> tensor<131x128256xf16>
  return %y : tensor<131x128256xf16>
}
func.func @softmax_f16_r131_c128256_old(%x: tensor<131x128256xf16>) -> tensor<131x128256xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<131x128256xf16> -> tensor<131x128256xf16>
  return %y : tensor<131x128256xf16>
}
func.func @rmsnorm_f16_r131_c128256_new(%x: tensor<131x128256xf16>, %w: tensor<128256xf16>) -> tensor<131x128256xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<131x128256xf16>, tensor<128256xf16> -> tensor<131x128256xf16>
  return %y : tensor<131x128256xf16>
}
func.func @rmsnorm_f16_r131_c128256_old(%x: tensor<131x128256xf16>, %w: tensor<128256xf16>) -> tensor<131x128256xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<131x128256xf16>, tensor<128256xf16> -> tensor<131x128256xf16>
  return %y : tensor<131x128256xf16>
}
func.func @softmax_f16_r500_c40009_new(%x: tensor<500x40009xf16>) -> tensor<500x40009xf16> {
  %y = mini.softmax %x : tensor<500x40009xf16> -> tensor<500x40009xf16>
  return %y : tensor<500x40009xf16>
}
func.func @softmax_f16_r500_c40009_old(%x: tensor<500x40009xf16>) -> tensor<500x40009xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x40009xf16> -> tensor<500x40009xf16>
  return %y : tensor<500x40009xf16>
}
func.func @rmsnorm_f16_r500_c40009_new(%x: tensor<500x40009xf16>, %w: tensor<40009xf16>) -> tensor<500x40009xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<500x40009xf16>, tensor<40009xf16> -> tensor<500x40009xf16>
  return %y : tensor<500x40009xf16>
}
func.func @rmsnorm_f16_r500_c40009_old(%x: tensor<500x40009xf16>, %w: tensor<40009xf16>) -> tensor<500x40009xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x40009xf16>, tensor<40009xf16> -> tensor<500x40009xf16>
  return %y : tensor<500x40009xf16>
}
func.func @softmax_f16_r2000_c40009_new(%x: tensor<2000x40009xf16>) -> tensor<2000x40009xf16> {
  %y = mini.softmax %x : tensor<2000x40009xf16> -> tensor<2000x40009xf16>
  return %y : tensor<2000x40009xf16>
}
func.func @softmax_f16_r2000_c40009_old(%x: tensor<2000x40009xf16>) -> tensor<2000x40009xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<2000x40009xf16> -> tensor<2000x40009xf16>
  return %y : tensor<2000x40009xf16>
}
func.func @rmsnorm_f16_r2000_c40009_new(%x: tensor<2000x40009xf16>, %w: tensor<40009xf16>) -> tensor<2000x40009xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<2000x40009xf16>, tensor<40009xf16> -> tensor<2000x40009xf16>
  return %y : tensor<2000x40009xf16>
}
func.func @rmsnorm_f16_r2000_c40009_old(%x: tensor<2000x40009xf16>, %w: tensor<40009xf16>) -> tensor<2000x40009xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<2000x40009xf16>, tensor<40009xf16> -> tensor<2000x40009xf16>
  return %y : tensor<2000x40009xf16>
}
func.func @softmax_bf16_r500_c50257_new(%x: tensor<500x50257xbf16>) -> tensor<500x50257xbf16> {
  %y = mini.softmax %x : tensor<500x50257xbf16> -> tensor<500x50257xbf16>
  return %y : tensor<500x50257xbf16>
}
func.func @softmax_bf16_r500_c50257_old(%x: tensor<500x50257xbf16>) -> tensor<500x50257xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x50257xbf16> -> tensor<500x50257xbf16>
  return %y : tensor<500x50257xbf16>
}
func.func @rmsnorm_bf16_r500_c50257_new(%x: tensor<500x50257xbf16>, %w: tensor<50257xbf16>) -> tensor<500x50257xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<500x50257xbf16>, tensor<50257xbf16> -> tensor<500x50257xbf16>
  return %y : tensor<500x50257xbf16>
}
func.func @rmsnorm_bf16_r500_c50257_old(%x: tensor<500x50257xbf16>, %w: tensor<50257xbf16>) -> tensor<500x50257xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x50257xbf16>, tensor<50257xbf16> -> tensor<500x50257xbf16>
  return %y : tensor<500x50257xbf16>
}
func.func @softmax_bf16_r334_c50257_new(%x: tensor<334x50257xbf16>) -> tensor<334x50257xbf16> {
  %y = mini.softmax %x : tensor<334x50257xbf16> -> tensor<334x50257xbf16>
  return %y : tensor<334x50257xbf16>
}
func.func @softmax_bf16_r334_c50257_old(%x: tensor<334x50257xbf16>) -> tensor<334x50257xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<334x50257xbf16> -> tensor<334x50257xbf16>
  return %y : tensor<334x50257xbf16>
}
func.func @rmsnorm_bf16_r334_c50257_new(%x: tensor<334x50257xbf16>, %w: tensor<50257xbf16>) -> tensor<334x50257xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<334x50257xbf16>, tensor<50257xbf16> -> tensor<334x50257xbf16>
  return %y : tensor<334x50257xbf16>
}
func.func @rmsnorm_bf16_r334_c50257_old(%x: tensor<334x50257xbf16>, %w: tensor<50257xbf16>) -> tensor<334x50257xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<334x50257xbf16>, tensor<50257xbf16> -> tensor<334x50257xbf16>
  return %y : tensor<334x50257xbf16>
}
func.func @softmax_bf16_r131_c128256_new(%x: tensor<131x128256xbf16>) -> tensor<131x128256xbf16> {
  %y = mini.softmax %x : tensor<131x128256xbf16> -> tensor<131x128256xbf16>
  return %y : tensor<131x128256xbf16>
}
func.func @softmax_bf16_r131_c128256_old(%x: tensor<131x128256xbf16>) -> tensor<131x128256xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<131x128256xbf16> -> tensor<131x128256xbf16>
  return %y : tensor<131x128256xbf16>
}
func.func @rmsnorm_bf16_r131_c128256_new(%x: tensor<131x128256xbf16>, %w: tensor<128256xbf16>) -> tensor<131x128256xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<131x128256xbf16>, tensor<128256xbf16> -> tensor<131x128256xbf16>
  return %y : tensor<131x128256xbf16>
}
func.func @rmsnorm_bf16_r131_c128256_old(%x: tensor<131x128256xbf16>, %w: tensor<128256xbf16>) -> tensor<131x128256xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<131x128256xbf16>, tensor<128256xbf16> -> tensor<131x128256xbf16>
  return %y : tensor<131x128256xbf16>
}
func.func @softmax_bf16_r500_c40009_new(%x: tensor<500x40009xbf16>) -> tensor<500x40009xbf16> {
  %y = mini.softmax %x : tensor<500x40009xbf16> -> tensor<500x40009xbf16>
  return %y : tensor<500x40009xbf16>
}
func.func @softmax_bf16_r500_c40009_old(%x: tensor<500x40009xbf16>) -> tensor<500x40009xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x40009xbf16> -> tensor<500x40009xbf16>
  return %y : tensor<500x40009xbf16>
}
func.func @rmsnorm_bf16_r500_c40009_new(%x: tensor<500x40009xbf16>, %w: tensor<40009xbf16>) -> tensor<500x40009xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<500x40009xbf16>, tensor<40009xbf16> -> tensor<500x40009xbf16>
  return %y : tensor<500x40009xbf16>
}
func.func @rmsnorm_bf16_r500_c40009_old(%x: tensor<500x40009xbf16>, %w: tensor<40009xbf16>) -> tensor<500x40009xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x40009xbf16>, tensor<40009xbf16> -> tensor<500x40009xbf16>
  return %y : tensor<500x40009xbf16>
}
func.func @softmax_bf16_r2000_c40009_new(%x: tensor<2000x40009xbf16>) -> tensor<2000x40009xbf16> {
  %y = mini.softmax %x : tensor<2000x40009xbf16> -> tensor<2000x40009xbf16>
  return %y : tensor<2000x40009xbf16>
}
func.func @softmax_bf16_r2000_c40009_old(%x: tensor<2000x40009xbf16>) -> tensor<2000x40009xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<2000x40009xbf16> -> tensor<2000x40009xbf16>
  return %y : tensor<2000x40009xbf16>
}
func.func @rmsnorm_bf16_r2000_c40009_new(%x: tensor<2000x40009xbf16>, %w: tensor<40009xbf16>) -> tensor<2000x40009xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<2000x40009xbf16>, tensor<40009xbf16> -> tensor<2000x40009xbf16>
  return %y : tensor<2000x40009xbf16>
}
func.func @rmsnorm_bf16_r2000_c40009_old(%x: tensor<2000x40009xbf16>, %w: tensor<40009xbf16>) -> tensor<2000x40009xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<2000x40009xbf16>, tensor<40009xbf16> -> tensor<2000x40009xbf16>
  return %y : tensor<2000x40009xbf16>
}
func.func @softmax_f32_r500_c50257_new(%x: tensor<500x50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.softmax %x : tensor<500x50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @softmax_f32_r500_c50257_old(%x: tensor<500x50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @rmsnorm_f32_r500_c50257_new(%x: tensor<500x50257xf32>, %w: tensor<50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<500x50257xf32>, tensor<50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @rmsnorm_f32_r500_c50257_old(%x: tensor<500x50257xf32>, %w: tensor<50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x50257xf32>, tensor<50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @softmax_f32_r334_c50257_new(%x: tensor<334x50257xf32>) -> tensor<334x50257xf32> {
  %y = mini.softmax %x : tensor<334x50257xf32> -> tensor<334x50257xf32>
  return %y : tensor<334x50257xf32>
}
func.func @softmax_f32_r334_c50257_old(%x: tensor<334x50257xf32>) -> tensor<334x50257xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<334x50257xf32> -> tensor<334x50257xf32>
  return %y : tensor<334x50257xf32>
}
func.func @rmsnorm_f32_r334_c50257_new(%x: tensor<334x50257xf32>, %w: tensor<50257xf32>) -> tensor<334x50257xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<334x50257xf32>, tensor<50257xf32> -> tensor<334x50257xf32>
  return %y : tensor<334x50257xf32>
}
func.func @rmsnorm_f32_r334_c50257_old(%x: tensor<334x50257xf32>, %w: tensor<50257xf32>) -> tensor<334x50257xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<334x50257xf32>, tensor<50257xf32> -> tensor<334x50257xf32>
  return %y : tensor<334x50257xf32>
}
func.func @softmax_f32_r500_c40009_new(%x: tensor<500x40009xf32>) -> tensor<500x40009xf32> {
  %y = mini.softmax %x : tensor<500x40009xf32> -> tensor<500x40009xf32>
  return %y : tensor<500x40009xf32>
}
func.func @softmax_f32_r500_c40009_old(%x: tensor<500x40009xf32>) -> tensor<500x40009xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x40009xf32> -> tensor<500x40009xf32>
  return %y : tensor<500x40009xf32>
}
func.func @rmsnorm_f32_r500_c40009_new(%x: tensor<500x40009xf32>, %w: tensor<40009xf32>) -> tensor<500x40009xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<500x40009xf32>, tensor<40009xf32> -> tensor<500x40009xf32>
  return %y : tensor<500x40009xf32>
}
func.func @rmsnorm_f32_r500_c40009_old(%x: tensor<500x40009xf32>, %w: tensor<40009xf32>) -> tensor<500x40009xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<500x40009xf32>, tensor<40009xf32> -> tensor<500x40009xf32>
  return %y : tensor<500x40009xf32>
}
func.func @softmax_f32_r2000_c40009_new(%x: tensor<2000x40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.softmax %x : tensor<2000x40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
func.func @softmax_f32_r2000_c40009_old(%x: tensor<2000x40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<2000x40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
func.func @rmsnorm_f32_r2000_c40009_new(%x: tensor<2000x40009xf32>, %w: tensor<40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<2000x40009xf32>, tensor<40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
func.func @rmsnorm_f32_r2000_c40009_old(%x: tensor<2000x40009xf32>, %w: tensor<40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<2000x40009xf32>, tensor<40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
