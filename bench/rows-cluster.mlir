// f32 rows too long for one block's registers: `_new`, the default (split
// over a cluster's blocks, each keeping its part in registers), beside
// `_old`, one block a row (shared memory or streamed), static sizes
// (docs/PERF.md rows v8).
//   mini-opt bench/rows-cluster.mlir --mini-pipeline="bundle=DIR toolkit=/usr/local/cuda" -o /dev/null
func.func @softmax_f32_r500_c50257_new(%x: tensor<500x50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.softmax %x {} : tensor<500x50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @softmax_f32_r500_c50257_old(%x: tensor<500x50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 25>} : tensor<500x50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @rmsnorm_f32_r500_c50257_new(%x: tensor<500x50257xf32>, %w: tensor<50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<500x50257xf32>, tensor<50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @rmsnorm_f32_r500_c50257_old(%x: tensor<500x50257xf32>, %w: tensor<50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 25>} : tensor<500x50257xf32>, tensor<50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @layernorm_f32_r500_c50257_new(%x: tensor<500x50257xf32>, %w: tensor<50257xf32>, %b: tensor<50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<500x50257xf32>, tensor<50257xf32>, tensor<50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @layernorm_f32_r500_c50257_old(%x: tensor<500x50257xf32>, %w: tensor<50257xf32>, %b: tensor<50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 25>} : tensor<500x50257xf32>, tensor<50257xf32>, tensor<50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
func.func @softmax_f32_r4096_c128256_new(%x: tensor<4096x128256xf32>) -> tensor<4096x128256xf32> {
  %y = mini.softmax %x {} : tensor<4096x128256xf32> -> tensor<4096x128256xf32>
  return %y : tensor<4096x128256xf32>
}
func.func @softmax_f32_r4096_c128256_old(%x: tensor<4096x128256xf32>) -> tensor<4096x128256xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<4096x128256xf32> -> tensor<4096x128256xf32>
  return %y : tensor<4096x128256xf32>
}
func.func @rmsnorm_f32_r4096_c128256_new(%x: tensor<4096x128256xf32>, %w: tensor<128256xf32>) -> tensor<4096x128256xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<4096x128256xf32>, tensor<128256xf32> -> tensor<4096x128256xf32>
  return %y : tensor<4096x128256xf32>
}
func.func @rmsnorm_f32_r4096_c128256_old(%x: tensor<4096x128256xf32>, %w: tensor<128256xf32>) -> tensor<4096x128256xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>} : tensor<4096x128256xf32>, tensor<128256xf32> -> tensor<4096x128256xf32>
  return %y : tensor<4096x128256xf32>
}
func.func @softmax_f32_r1000_c65536_new(%x: tensor<1000x65536xf32>) -> tensor<1000x65536xf32> {
  %y = mini.softmax %x {} : tensor<1000x65536xf32> -> tensor<1000x65536xf32>
  return %y : tensor<1000x65536xf32>
}
func.func @softmax_f32_r1000_c65536_old(%x: tensor<1000x65536xf32>) -> tensor<1000x65536xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 4, shared_slots = 12>} : tensor<1000x65536xf32> -> tensor<1000x65536xf32>
  return %y : tensor<1000x65536xf32>
}
func.func @layernorm_f32_r1000_c65536_new(%x: tensor<1000x65536xf32>, %w: tensor<65536xf32>, %b: tensor<65536xf32>) -> tensor<1000x65536xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<1000x65536xf32>, tensor<65536xf32>, tensor<65536xf32> -> tensor<1000x65536xf32>
  return %y : tensor<1000x65536xf32>
}
func.func @layernorm_f32_r1000_c65536_old(%x: tensor<1000x65536xf32>, %w: tensor<65536xf32>, %b: tensor<65536xf32>) -> tensor<1000x65536xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 4, shared_slots = 12>} : tensor<1000x65536xf32>, tensor<65536xf32>, tensor<65536xf32> -> tensor<1000x65536xf32>
  return %y : tensor<1000x65536xf32>
}
func.func @softmax_f32_r2000_c40009_new(%x: tensor<2000x40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.softmax %x {} : tensor<2000x40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
func.func @softmax_f32_r2000_c40009_old(%x: tensor<2000x40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 20>} : tensor<2000x40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
func.func @rmsnorm_f32_r2000_c40009_new(%x: tensor<2000x40009xf32>, %w: tensor<40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<2000x40009xf32>, tensor<40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
func.func @rmsnorm_f32_r2000_c40009_old(%x: tensor<2000x40009xf32>, %w: tensor<40009xf32>) -> tensor<2000x40009xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 20>} : tensor<2000x40009xf32>, tensor<40009xf32> -> tensor<2000x40009xf32>
  return %y : tensor<2000x40009xf32>
}
func.func @softmax_f32_r1024_c32769_new(%x: tensor<1024x32769xf32>) -> tensor<1024x32769xf32> {
  %y = mini.softmax %x {} : tensor<1024x32769xf32> -> tensor<1024x32769xf32>
  return %y : tensor<1024x32769xf32>
}
func.func @softmax_f32_r1024_c32769_old(%x: tensor<1024x32769xf32>) -> tensor<1024x32769xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 17>} : tensor<1024x32769xf32> -> tensor<1024x32769xf32>
  return %y : tensor<1024x32769xf32>
}
func.func @softmax_f32_r67_c100003_new(%x: tensor<67x100003xf32>) -> tensor<67x100003xf32> {
  %y = mini.softmax %x {} : tensor<67x100003xf32> -> tensor<67x100003xf32>
  return %y : tensor<67x100003xf32>
}
func.func @softmax_f32_r67_c100003_old(%x: tensor<67x100003xf32>) -> tensor<67x100003xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>} : tensor<67x100003xf32> -> tensor<67x100003xf32>
  return %y : tensor<67x100003xf32>
}
func.func @layernorm_f32_r200_c33001_new(%x: tensor<200x33001xf32>, %w: tensor<33001xf32>, %b: tensor<33001xf32>) -> tensor<200x33001xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<200x33001xf32>, tensor<33001xf32>, tensor<33001xf32> -> tensor<200x33001xf32>
  return %y : tensor<200x33001xf32>
}
func.func @layernorm_f32_r200_c33001_old(%x: tensor<200x33001xf32>, %w: tensor<33001xf32>, %b: tensor<33001xf32>) -> tensor<200x33001xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 17>} : tensor<200x33001xf32>, tensor<33001xf32>, tensor<33001xf32> -> tensor<200x33001xf32>
  return %y : tensor<200x33001xf32>
}
