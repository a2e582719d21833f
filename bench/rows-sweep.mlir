// Row ops across row lengths at about the same data (rows x length ~ 2^24),
// static shapes: the sweep of bench/cases/rows-sweep.txt compiled for its
// exact sizes (the suite compiles the same ops for dynamic ones).
//   mini-opt bench/rows-sweep.mlir --mini-pipeline="bundle=DIR toolkit=/usr/local/cuda" -o /dev/null
func.func @softmax_f16_c1(%x: tensor<16777216x1xf16>) -> tensor<16777216x1xf16> {
  %y = mini.softmax %x : tensor<16777216x1xf16> -> tensor<16777216x1xf16>
  return %y : tensor<16777216x1xf16>
}
func.func @rmsnorm_f16_c1(%x: tensor<16777216x1xf16>, %w: tensor<1xf16>) -> tensor<16777216x1xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16777216x1xf16>, tensor<1xf16> -> tensor<16777216x1xf16>
  return %y : tensor<16777216x1xf16>
}
func.func @softmax_f16_c3(%x: tensor<5592405x3xf16>) -> tensor<5592405x3xf16> {
  %y = mini.softmax %x : tensor<5592405x3xf16> -> tensor<5592405x3xf16>
  return %y : tensor<5592405x3xf16>
}
func.func @rmsnorm_f16_c3(%x: tensor<5592405x3xf16>, %w: tensor<3xf16>) -> tensor<5592405x3xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<5592405x3xf16>, tensor<3xf16> -> tensor<5592405x3xf16>
  return %y : tensor<5592405x3xf16>
}
func.func @softmax_f16_c8(%x: tensor<2097152x8xf16>) -> tensor<2097152x8xf16> {
  %y = mini.softmax %x : tensor<2097152x8xf16> -> tensor<2097152x8xf16>
  return %y : tensor<2097152x8xf16>
}
func.func @rmsnorm_f16_c8(%x: tensor<2097152x8xf16>, %w: tensor<8xf16>) -> tensor<2097152x8xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<2097152x8xf16>, tensor<8xf16> -> tensor<2097152x8xf16>
  return %y : tensor<2097152x8xf16>
}
func.func @softmax_f16_c17(%x: tensor<986895x17xf16>) -> tensor<986895x17xf16> {
  %y = mini.softmax %x : tensor<986895x17xf16> -> tensor<986895x17xf16>
  return %y : tensor<986895x17xf16>
}
func.func @rmsnorm_f16_c17(%x: tensor<986895x17xf16>, %w: tensor<17xf16>) -> tensor<986895x17xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<986895x17xf16>, tensor<17xf16> -> tensor<986895x17xf16>
  return %y : tensor<986895x17xf16>
}
func.func @softmax_f16_c64(%x: tensor<262144x64xf16>) -> tensor<262144x64xf16> {
  %y = mini.softmax %x : tensor<262144x64xf16> -> tensor<262144x64xf16>
  return %y : tensor<262144x64xf16>
}
func.func @rmsnorm_f16_c64(%x: tensor<262144x64xf16>, %w: tensor<64xf16>) -> tensor<262144x64xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<262144x64xf16>, tensor<64xf16> -> tensor<262144x64xf16>
  return %y : tensor<262144x64xf16>
}
func.func @softmax_f16_c1000(%x: tensor<16777x1000xf16>) -> tensor<16777x1000xf16> {
  %y = mini.softmax %x : tensor<16777x1000xf16> -> tensor<16777x1000xf16>
  return %y : tensor<16777x1000xf16>
}
func.func @rmsnorm_f16_c1000(%x: tensor<16777x1000xf16>, %w: tensor<1000xf16>) -> tensor<16777x1000xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16777x1000xf16>, tensor<1000xf16> -> tensor<16777x1000xf16>
  return %y : tensor<16777x1000xf16>
}
func.func @softmax_f16_c4096(%x: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %y = mini.softmax %x : tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %y : tensor<4096x4096xf16>
}
func.func @rmsnorm_f16_c4096(%x: tensor<4096x4096xf16>, %w: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<4096x4096xf16>, tensor<4096xf16> -> tensor<4096x4096xf16>
  return %y : tensor<4096x4096xf16>
}
func.func @softmax_f16_c50257(%x: tensor<334x50257xf16>) -> tensor<334x50257xf16> {
  %y = mini.softmax %x : tensor<334x50257xf16> -> tensor<334x50257xf16>
  return %y : tensor<334x50257xf16>
}
func.func @rmsnorm_f16_c50257(%x: tensor<334x50257xf16>, %w: tensor<50257xf16>) -> tensor<334x50257xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<334x50257xf16>, tensor<50257xf16> -> tensor<334x50257xf16>
  return %y : tensor<334x50257xf16>
}
func.func @softmax_f16_c128256(%x: tensor<131x128256xf16>) -> tensor<131x128256xf16> {
  %y = mini.softmax %x : tensor<131x128256xf16> -> tensor<131x128256xf16>
  return %y : tensor<131x128256xf16>
}
func.func @rmsnorm_f16_c128256(%x: tensor<131x128256xf16>, %w: tensor<128256xf16>) -> tensor<131x128256xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<131x128256xf16>, tensor<128256xf16> -> tensor<131x128256xf16>
  return %y : tensor<131x128256xf16>
}
func.func @softmax_f16_c1048576(%x: tensor<16x1048576xf16>) -> tensor<16x1048576xf16> {
  %y = mini.softmax %x : tensor<16x1048576xf16> -> tensor<16x1048576xf16>
  return %y : tensor<16x1048576xf16>
}
func.func @rmsnorm_f16_c1048576(%x: tensor<16x1048576xf16>, %w: tensor<1048576xf16>) -> tensor<16x1048576xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16x1048576xf16>, tensor<1048576xf16> -> tensor<16x1048576xf16>
  return %y : tensor<16x1048576xf16>
}
func.func @softmax_bf16_c1(%x: tensor<16777216x1xbf16>) -> tensor<16777216x1xbf16> {
  %y = mini.softmax %x : tensor<16777216x1xbf16> -> tensor<16777216x1xbf16>
  return %y : tensor<16777216x1xbf16>
}
func.func @rmsnorm_bf16_c1(%x: tensor<16777216x1xbf16>, %w: tensor<1xbf16>) -> tensor<16777216x1xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16777216x1xbf16>, tensor<1xbf16> -> tensor<16777216x1xbf16>
  return %y : tensor<16777216x1xbf16>
}
func.func @softmax_bf16_c3(%x: tensor<5592405x3xbf16>) -> tensor<5592405x3xbf16> {
  %y = mini.softmax %x : tensor<5592405x3xbf16> -> tensor<5592405x3xbf16>
  return %y : tensor<5592405x3xbf16>
}
func.func @rmsnorm_bf16_c3(%x: tensor<5592405x3xbf16>, %w: tensor<3xbf16>) -> tensor<5592405x3xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<5592405x3xbf16>, tensor<3xbf16> -> tensor<5592405x3xbf16>
  return %y : tensor<5592405x3xbf16>
}
func.func @softmax_bf16_c8(%x: tensor<2097152x8xbf16>) -> tensor<2097152x8xbf16> {
  %y = mini.softmax %x : tensor<2097152x8xbf16> -> tensor<2097152x8xbf16>
  return %y : tensor<2097152x8xbf16>
}
func.func @rmsnorm_bf16_c8(%x: tensor<2097152x8xbf16>, %w: tensor<8xbf16>) -> tensor<2097152x8xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<2097152x8xbf16>, tensor<8xbf16> -> tensor<2097152x8xbf16>
  return %y : tensor<2097152x8xbf16>
}
func.func @softmax_bf16_c17(%x: tensor<986895x17xbf16>) -> tensor<986895x17xbf16> {
  %y = mini.softmax %x : tensor<986895x17xbf16> -> tensor<986895x17xbf16>
  return %y : tensor<986895x17xbf16>
}
func.func @rmsnorm_bf16_c17(%x: tensor<986895x17xbf16>, %w: tensor<17xbf16>) -> tensor<986895x17xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<986895x17xbf16>, tensor<17xbf16> -> tensor<986895x17xbf16>
  return %y : tensor<986895x17xbf16>
}
func.func @softmax_bf16_c64(%x: tensor<262144x64xbf16>) -> tensor<262144x64xbf16> {
  %y = mini.softmax %x : tensor<262144x64xbf16> -> tensor<262144x64xbf16>
  return %y : tensor<262144x64xbf16>
}
func.func @rmsnorm_bf16_c64(%x: tensor<262144x64xbf16>, %w: tensor<64xbf16>) -> tensor<262144x64xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<262144x64xbf16>, tensor<64xbf16> -> tensor<262144x64xbf16>
  return %y : tensor<262144x64xbf16>
}
func.func @softmax_bf16_c1000(%x: tensor<16777x1000xbf16>) -> tensor<16777x1000xbf16> {
  %y = mini.softmax %x : tensor<16777x1000xbf16> -> tensor<16777x1000xbf16>
  return %y : tensor<16777x1000xbf16>
}
func.func @rmsnorm_bf16_c1000(%x: tensor<16777x1000xbf16>, %w: tensor<1000xbf16>) -> tensor<16777x1000xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16777x1000xbf16>, tensor<1000xbf16> -> tensor<16777x1000xbf16>
  return %y : tensor<16777x1000xbf16>
}
func.func @softmax_bf16_c4096(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %y = mini.softmax %x : tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
  return %y : tensor<4096x4096xbf16>
}
func.func @rmsnorm_bf16_c4096(%x: tensor<4096x4096xbf16>, %w: tensor<4096xbf16>) -> tensor<4096x4096xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<4096x4096xbf16>, tensor<4096xbf16> -> tensor<4096x4096xbf16>
  return %y : tensor<4096x4096xbf16>
}
func.func @softmax_bf16_c50257(%x: tensor<334x50257xbf16>) -> tensor<334x50257xbf16> {
  %y = mini.softmax %x : tensor<334x50257xbf16> -> tensor<334x50257xbf16>
  return %y : tensor<334x50257xbf16>
}
func.func @rmsnorm_bf16_c50257(%x: tensor<334x50257xbf16>, %w: tensor<50257xbf16>) -> tensor<334x50257xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<334x50257xbf16>, tensor<50257xbf16> -> tensor<334x50257xbf16>
  return %y : tensor<334x50257xbf16>
}
func.func @softmax_bf16_c128256(%x: tensor<131x128256xbf16>) -> tensor<131x128256xbf16> {
  %y = mini.softmax %x : tensor<131x128256xbf16> -> tensor<131x128256xbf16>
  return %y : tensor<131x128256xbf16>
}
func.func @rmsnorm_bf16_c128256(%x: tensor<131x128256xbf16>, %w: tensor<128256xbf16>) -> tensor<131x128256xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<131x128256xbf16>, tensor<128256xbf16> -> tensor<131x128256xbf16>
  return %y : tensor<131x128256xbf16>
}
func.func @softmax_bf16_c1048576(%x: tensor<16x1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.softmax %x : tensor<16x1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @rmsnorm_bf16_c1048576(%x: tensor<16x1048576xbf16>, %w: tensor<1048576xbf16>) -> tensor<16x1048576xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16x1048576xbf16>, tensor<1048576xbf16> -> tensor<16x1048576xbf16>
  return %y : tensor<16x1048576xbf16>
}
func.func @softmax_f32_c1(%x: tensor<16777216x1xf32>) -> tensor<16777216x1xf32> {
  %y = mini.softmax %x : tensor<16777216x1xf32> -> tensor<16777216x1xf32>
  return %y : tensor<16777216x1xf32>
}
func.func @rmsnorm_f32_c1(%x: tensor<16777216x1xf32>, %w: tensor<1xf32>) -> tensor<16777216x1xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16777216x1xf32>, tensor<1xf32> -> tensor<16777216x1xf32>
  return %y : tensor<16777216x1xf32>
}
func.func @softmax_f32_c3(%x: tensor<5592405x3xf32>) -> tensor<5592405x3xf32> {
  %y = mini.softmax %x : tensor<5592405x3xf32> -> tensor<5592405x3xf32>
  return %y : tensor<5592405x3xf32>
}
func.func @rmsnorm_f32_c3(%x: tensor<5592405x3xf32>, %w: tensor<3xf32>) -> tensor<5592405x3xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<5592405x3xf32>, tensor<3xf32> -> tensor<5592405x3xf32>
  return %y : tensor<5592405x3xf32>
}
func.func @softmax_f32_c8(%x: tensor<2097152x8xf32>) -> tensor<2097152x8xf32> {
  %y = mini.softmax %x : tensor<2097152x8xf32> -> tensor<2097152x8xf32>
  return %y : tensor<2097152x8xf32>
}
func.func @rmsnorm_f32_c8(%x: tensor<2097152x8xf32>, %w: tensor<8xf32>) -> tensor<2097152x8xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<2097152x8xf32>, tensor<8xf32> -> tensor<2097152x8xf32>
  return %y : tensor<2097152x8xf32>
}
func.func @softmax_f32_c17(%x: tensor<986895x17xf32>) -> tensor<986895x17xf32> {
  %y = mini.softmax %x : tensor<986895x17xf32> -> tensor<986895x17xf32>
  return %y : tensor<986895x17xf32>
}
func.func @rmsnorm_f32_c17(%x: tensor<986895x17xf32>, %w: tensor<17xf32>) -> tensor<986895x17xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<986895x17xf32>, tensor<17xf32> -> tensor<986895x17xf32>
  return %y : tensor<986895x17xf32>
}
func.func @softmax_f32_c64(%x: tensor<262144x64xf32>) -> tensor<262144x64xf32> {
  %y = mini.softmax %x : tensor<262144x64xf32> -> tensor<262144x64xf32>
  return %y : tensor<262144x64xf32>
}
func.func @rmsnorm_f32_c64(%x: tensor<262144x64xf32>, %w: tensor<64xf32>) -> tensor<262144x64xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<262144x64xf32>, tensor<64xf32> -> tensor<262144x64xf32>
  return %y : tensor<262144x64xf32>
}
func.func @softmax_f32_c1000(%x: tensor<16777x1000xf32>) -> tensor<16777x1000xf32> {
  %y = mini.softmax %x : tensor<16777x1000xf32> -> tensor<16777x1000xf32>
  return %y : tensor<16777x1000xf32>
}
func.func @rmsnorm_f32_c1000(%x: tensor<16777x1000xf32>, %w: tensor<1000xf32>) -> tensor<16777x1000xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16777x1000xf32>, tensor<1000xf32> -> tensor<16777x1000xf32>
  return %y : tensor<16777x1000xf32>
}
func.func @softmax_f32_c4096(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.softmax %x : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @rmsnorm_f32_c4096(%x: tensor<4096x4096xf32>, %w: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<4096x4096xf32>, tensor<4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @softmax_f32_c50257(%x: tensor<334x50257xf32>) -> tensor<334x50257xf32> {
  %y = mini.softmax %x : tensor<334x50257xf32> -> tensor<334x50257xf32>
  return %y : tensor<334x50257xf32>
}
func.func @rmsnorm_f32_c50257(%x: tensor<334x50257xf32>, %w: tensor<50257xf32>) -> tensor<334x50257xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<334x50257xf32>, tensor<50257xf32> -> tensor<334x50257xf32>
  return %y : tensor<334x50257xf32>
}
func.func @softmax_f32_c128256(%x: tensor<131x128256xf32>) -> tensor<131x128256xf32> {
  %y = mini.softmax %x : tensor<131x128256xf32> -> tensor<131x128256xf32>
  return %y : tensor<131x128256xf32>
}
func.func @rmsnorm_f32_c128256(%x: tensor<131x128256xf32>, %w: tensor<128256xf32>) -> tensor<131x128256xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<131x128256xf32>, tensor<128256xf32> -> tensor<131x128256xf32>
  return %y : tensor<131x128256xf32>
}
func.func @softmax_f32_c1048576(%x: tensor<16x1048576xf32>) -> tensor<16x1048576xf32> {
  %y = mini.softmax %x : tensor<16x1048576xf32> -> tensor<16x1048576xf32>
  return %y : tensor<16x1048576xf32>
}
func.func @rmsnorm_f32_c1048576(%x: tensor<16x1048576xf32>, %w: tensor<1048576xf32>) -> tensor<16x1048576xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<16x1048576xf32>, tensor<1048576xf32> -> tensor<16x1048576xf32>
  return %y : tensor<16x1048576xf32>
}
