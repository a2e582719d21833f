// TF32 matmuls at static shapes (f32 operands, precision = "tf32"):
// squares, Llama-like projections, odd sizes, few rows and tall K, each
// against cuBLAS with CUBLAS_COMPUTE_32F_FAST_TF32 (docs/PERF.md, tf32):
//   mini-run BUNDLE --bench
func.func @tf32_4096x4096x4096(%a: tensor<4096x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<4096x4096xf32>, tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %c : tensor<4096x4096xf32>
}
func.func @tf32_8192x8192x8192(%a: tensor<8192x8192xf32>, %b: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<8192x8192xf32>, tensor<8192x8192xf32> -> tensor<8192x8192xf32>
  return %c : tensor<8192x8192xf32>
}
func.func @tf32_2048x2048x2048(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<2048x2048xf32>, tensor<2048x2048xf32> -> tensor<2048x2048xf32>
  return %c : tensor<2048x2048xf32>
}
func.func @tf32_4096x11008x4096(%a: tensor<4096x4096xf32>, %b: tensor<4096x11008xf32>) -> tensor<4096x11008xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<4096x4096xf32>, tensor<4096x11008xf32> -> tensor<4096x11008xf32>
  return %c : tensor<4096x11008xf32>
}
func.func @tf32_4096x4096x11008(%a: tensor<4096x11008xf32>, %b: tensor<11008x4096xf32>) -> tensor<4096x4096xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<4096x11008xf32>, tensor<11008x4096xf32> -> tensor<4096x4096xf32>
  return %c : tensor<4096x4096xf32>
}
func.func @tf32_4095x4097x4093(%a: tensor<4095x4093xf32>, %b: tensor<4093x4097xf32>) -> tensor<4095x4097xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<4095x4093xf32>, tensor<4093x4097xf32> -> tensor<4095x4097xf32>
  return %c : tensor<4095x4097xf32>
}
func.func @tf32_1000x1030x777(%a: tensor<1000x777xf32>, %b: tensor<777x1030xf32>) -> tensor<1000x1030xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<1000x777xf32>, tensor<777x1030xf32> -> tensor<1000x1030xf32>
  return %c : tensor<1000x1030xf32>
}
func.func @tf32_32x4096x4096(%a: tensor<32x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<32x4096xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<32x4096xf32>, tensor<4096x4096xf32> -> tensor<32x4096xf32>
  return %c : tensor<32x4096xf32>
}
func.func @tf32_256x256x65536(%a: tensor<256x65536xf32>, %b: tensor<65536x256xf32>) -> tensor<256x256xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<256x65536xf32>, tensor<65536x256xf32> -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}
