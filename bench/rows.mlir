// Row ops at the shapes issue 5 targets (static, as hidden sizes are in a model):
// scripts/bench-rows.sh times them against a device-to-device copy.
func.func @softmax_f16_32768x4096(%x: tensor<32768x4096xf16>) -> tensor<32768x4096xf16> {
  %y = mini.softmax %x : tensor<32768x4096xf16> -> tensor<32768x4096xf16>
  return %y : tensor<32768x4096xf16>
}
func.func @softmax_f16_4096x32768(%x: tensor<4096x32768xf16>) -> tensor<4096x32768xf16> {
  %y = mini.softmax %x : tensor<4096x32768xf16> -> tensor<4096x32768xf16>
  return %y : tensor<4096x32768xf16>
}
func.func @softmax_f32_32768x4096(%x: tensor<32768x4096xf32>) -> tensor<32768x4096xf32> {
  %y = mini.softmax %x : tensor<32768x4096xf32> -> tensor<32768x4096xf32>
  return %y : tensor<32768x4096xf32>
}
func.func @softmax_f32_4096x32768(%x: tensor<4096x32768xf32>) -> tensor<4096x32768xf32> {
  %y = mini.softmax %x : tensor<4096x32768xf32> -> tensor<4096x32768xf32>
  return %y : tensor<4096x32768xf32>
}
func.func @rmsnorm_f16_16384x4096(%x: tensor<16384x4096xf16>, %w: tensor<4096xf16>) -> tensor<16384x4096xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<16384x4096xf16>, tensor<4096xf16> -> tensor<16384x4096xf16>
  return %y : tensor<16384x4096xf16>
}
func.func @rmsnorm_bf16_16384x4096(%x: tensor<16384x4096xbf16>, %w: tensor<4096xbf16>) -> tensor<16384x4096xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<16384x4096xbf16>, tensor<4096xbf16> -> tensor<16384x4096xbf16>
  return %y : tensor<16384x4096xbf16>
}
func.func @rmsnorm_f16_4096x8192(%x: tensor<4096x8192xf16>, %w: tensor<8192xf16>) -> tensor<4096x8192xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<4096x8192xf16>, tensor<8192xf16> -> tensor<4096x8192xf16>
  return %y : tensor<4096x8192xf16>
}
func.func @rmsnorm_bf16_4096x8192(%x: tensor<4096x8192xbf16>, %w: tensor<8192xbf16>) -> tensor<4096x8192xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<4096x8192xbf16>, tensor<8192xbf16> -> tensor<4096x8192xbf16>
  return %y : tensor<4096x8192xbf16>
}
