// Elementwise ops at static shapes (issue 29): the benchmark shapes (LLM
// activations of 32M+ elements, a D2D copy of the same bytes is the peer) and odd
// shapes whose rows are not whole vectors. `mini-run BUNDLE --kernel K` runs each
// at its own sizes.
func.func @bias_f16(%a: tensor<8192x4096xf16>, %b: tensor<4096xf16>) -> tensor<8192x4096xf16> {
  %y = mini.add %a, %b : tensor<8192x4096xf16>, tensor<4096xf16> -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}
func.func @residual_f16(%a: tensor<8192x4096xf16>, %b: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %y = mini.add %a, %b : tensor<8192x4096xf16>, tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}
func.func @mul_f16(%a: tensor<8192x4096xf16>, %b: tensor<4096xf16>) -> tensor<8192x4096xf16> {
  %y = mini.mul %a, %b : tensor<8192x4096xf16>, tensor<4096xf16> -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}
func.func @silu_f16(%x: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %y = mini.silu %x : tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}
func.func @gelu_f16(%x: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %y = mini.gelu %x : tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}
func.func @gelu_tanh_f16(%x: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}
func.func @scale_f16(%x: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}
func.func @bias_bf16(%a: tensor<8192x4096xbf16>, %b: tensor<4096xbf16>) -> tensor<8192x4096xbf16> {
  %y = mini.add %a, %b : tensor<8192x4096xbf16>, tensor<4096xbf16> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @residual_bf16(%a: tensor<8192x4096xbf16>, %b: tensor<8192x4096xbf16>) -> tensor<8192x4096xbf16> {
  %y = mini.add %a, %b : tensor<8192x4096xbf16>, tensor<8192x4096xbf16> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @mul_bf16(%a: tensor<8192x4096xbf16>, %b: tensor<4096xbf16>) -> tensor<8192x4096xbf16> {
  %y = mini.mul %a, %b : tensor<8192x4096xbf16>, tensor<4096xbf16> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @silu_bf16(%x: tensor<8192x4096xbf16>) -> tensor<8192x4096xbf16> {
  %y = mini.silu %x : tensor<8192x4096xbf16> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @gelu_bf16(%x: tensor<8192x4096xbf16>) -> tensor<8192x4096xbf16> {
  %y = mini.gelu %x : tensor<8192x4096xbf16> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @gelu_tanh_bf16(%x: tensor<8192x4096xbf16>) -> tensor<8192x4096xbf16> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<8192x4096xbf16> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @scale_bf16(%x: tensor<8192x4096xbf16>) -> tensor<8192x4096xbf16> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<8192x4096xbf16> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @bias_f32(%a: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.add %a, %b : tensor<4096x4096xf32>, tensor<4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @residual_f32(%a: tensor<4096x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.add %a, %b : tensor<4096x4096xf32>, tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @mul_f32(%a: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.mul %a, %b : tensor<4096x4096xf32>, tensor<4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @silu_f32(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.silu %x : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @gelu_f32(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.gelu %x : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @gelu_tanh_f32(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @scale_f32(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @bias_f16_odd(%a: tensor<1000x4097xf16>, %b: tensor<4097xf16>) -> tensor<1000x4097xf16> {
  %y = mini.add %a, %b : tensor<1000x4097xf16>, tensor<4097xf16> -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
func.func @residual_f16_odd(%a: tensor<1000x4097xf16>, %b: tensor<1000x4097xf16>) -> tensor<1000x4097xf16> {
  %y = mini.add %a, %b : tensor<1000x4097xf16>, tensor<1000x4097xf16> -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
func.func @mul_f16_odd(%a: tensor<1000x4097xf16>, %b: tensor<4097xf16>) -> tensor<1000x4097xf16> {
  %y = mini.mul %a, %b : tensor<1000x4097xf16>, tensor<4097xf16> -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
func.func @silu_f16_odd(%x: tensor<1000x4097xf16>) -> tensor<1000x4097xf16> {
  %y = mini.silu %x : tensor<1000x4097xf16> -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
func.func @gelu_f16_odd(%x: tensor<1000x4097xf16>) -> tensor<1000x4097xf16> {
  %y = mini.gelu %x : tensor<1000x4097xf16> -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
func.func @gelu_tanh_f16_odd(%x: tensor<1000x4097xf16>) -> tensor<1000x4097xf16> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<1000x4097xf16> -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
func.func @scale_f16_odd(%x: tensor<1000x4097xf16>) -> tensor<1000x4097xf16> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<1000x4097xf16> -> tensor<1000x4097xf16>
  return %y : tensor<1000x4097xf16>
}
func.func @bias_bf16_odd(%a: tensor<3x100003xbf16>, %b: tensor<100003xbf16>) -> tensor<3x100003xbf16> {
  %y = mini.add %a, %b : tensor<3x100003xbf16>, tensor<100003xbf16> -> tensor<3x100003xbf16>
  return %y : tensor<3x100003xbf16>
}
func.func @residual_bf16_odd(%a: tensor<3x100003xbf16>, %b: tensor<3x100003xbf16>) -> tensor<3x100003xbf16> {
  %y = mini.add %a, %b : tensor<3x100003xbf16>, tensor<3x100003xbf16> -> tensor<3x100003xbf16>
  return %y : tensor<3x100003xbf16>
}
func.func @mul_bf16_odd(%a: tensor<3x100003xbf16>, %b: tensor<100003xbf16>) -> tensor<3x100003xbf16> {
  %y = mini.mul %a, %b : tensor<3x100003xbf16>, tensor<100003xbf16> -> tensor<3x100003xbf16>
  return %y : tensor<3x100003xbf16>
}
func.func @silu_bf16_odd(%x: tensor<3x100003xbf16>) -> tensor<3x100003xbf16> {
  %y = mini.silu %x : tensor<3x100003xbf16> -> tensor<3x100003xbf16>
  return %y : tensor<3x100003xbf16>
}
func.func @gelu_bf16_odd(%x: tensor<3x100003xbf16>) -> tensor<3x100003xbf16> {
  %y = mini.gelu %x : tensor<3x100003xbf16> -> tensor<3x100003xbf16>
  return %y : tensor<3x100003xbf16>
}
func.func @gelu_tanh_bf16_odd(%x: tensor<3x100003xbf16>) -> tensor<3x100003xbf16> {
  %y = mini.gelu %x {approximate = "tanh"} : tensor<3x100003xbf16> -> tensor<3x100003xbf16>
  return %y : tensor<3x100003xbf16>
}
func.func @scale_bf16_odd(%x: tensor<3x100003xbf16>) -> tensor<3x100003xbf16> {
  %y = mini.scale %x {factor = 0.125 : f32} : tensor<3x100003xbf16> -> tensor<3x100003xbf16>
  return %y : tensor<3x100003xbf16>
}
func.func @cast_f32_to_bf16_8192(%x: tensor<8192x4096xf32>) -> tensor<8192x4096xbf16> {
  %y = mini.cast %x : tensor<8192x4096xf32> -> tensor<8192x4096xbf16>
  return %y : tensor<8192x4096xbf16>
}
func.func @cast_bf16_to_f32_8192(%x: tensor<8192x4096xbf16>) -> tensor<8192x4096xf32> {
  %y = mini.cast %x : tensor<8192x4096xbf16> -> tensor<8192x4096xf32>
  return %y : tensor<8192x4096xf32>
}
func.func @cast_f32_to_f16_999(%x: tensor<999x1001xf32>) -> tensor<999x1001xf16> {
  %y = mini.cast %x : tensor<999x1001xf32> -> tensor<999x1001xf16>
  return %y : tensor<999x1001xf16>
}
func.func @transpose_f16_2048x2048(%x: tensor<16x2048x2048xf16>) -> tensor<16x2048x2048xf16> {
  %y = mini.transpose %x : tensor<16x2048x2048xf16> -> tensor<16x2048x2048xf16>
  return %y : tensor<16x2048x2048xf16>
}
func.func @transpose_bf16_1024x1024(%x: tensor<32x1024x1024xbf16>) -> tensor<32x1024x1024xbf16> {
  %y = mini.transpose %x : tensor<32x1024x1024xbf16> -> tensor<32x1024x1024xbf16>
  return %y : tensor<32x1024x1024xbf16>
}
func.func @transpose_f32_1024x1024(%x: tensor<16x1024x1024xf32>) -> tensor<16x1024x1024xf32> {
  %y = mini.transpose %x : tensor<16x1024x1024xf32> -> tensor<16x1024x1024xf32>
  return %y : tensor<16x1024x1024xf32>
}
func.func @transpose_f16_1001x999(%x: tensor<3x1001x999xf16>) -> tensor<3x999x1001xf16> {
  %y = mini.transpose %x : tensor<3x1001x999xf16> -> tensor<3x999x1001xf16>
  return %y : tensor<3x999x1001xf16>
}
func.func @transpose_f32_7x5000(%x: tensor<2x7x5000xf32>) -> tensor<2x5000x7xf32> {
  %y = mini.transpose %x : tensor<2x7x5000xf32> -> tensor<2x5000x7xf32>
  return %y : tensor<2x5000x7xf32>
}
func.func @mask_f16_2048x2048(%x: tensor<32x2048x2048xf16>) -> tensor<32x2048x2048xf16> {
  %y = mini.causal_mask %x : tensor<32x2048x2048xf16> -> tensor<32x2048x2048xf16>
  return %y : tensor<32x2048x2048xf16>
}
func.func @mask_f32_2048x2048(%x: tensor<16x2048x2048xf32>) -> tensor<16x2048x2048xf32> {
  %y = mini.causal_mask %x : tensor<16x2048x2048xf32> -> tensor<16x2048x2048xf32>
  return %y : tensor<16x2048x2048xf32>
}
func.func @mask_bf16_300x77(%x: tensor<2x8x300x77xbf16>) -> tensor<2x8x300x77xbf16> {
  %y = mini.causal_mask %x : tensor<2x8x300x77xbf16> -> tensor<2x8x300x77xbf16>
  return %y : tensor<2x8x300x77xbf16>
}
func.func @mask_f16_77x1001(%x: tensor<5x77x1001xf16>) -> tensor<5x77x1001xf16> {
  %y = mini.causal_mask %x : tensor<5x77x1001xf16> -> tensor<5x77x1001xf16>
  return %y : tensor<5x77x1001xf16>
}
// A fused chain (mini-fuse: one mini.elementwise): bias, GELU, scale, residual.
func.func @chain_f16_8192(%x: tensor<8192x4096xf16>, %b: tensor<4096xf16>, %r: tensor<8192x4096xf16>) -> tensor<8192x4096xf16> {
  %0 = mini.add %x, %b : tensor<8192x4096xf16>, tensor<4096xf16> -> tensor<8192x4096xf16>
  %1 = mini.gelu %0 {approximate = "tanh"} : tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  %2 = mini.scale %1 {factor = 0.5 : f32} : tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  %3 = mini.add %2, %r : tensor<8192x4096xf16>, tensor<8192x4096xf16> -> tensor<8192x4096xf16>
  return %3 : tensor<8192x4096xf16>
}
func.func @swiglu_bf16_8192(%g: tensor<8192x11008xbf16>, %u: tensor<8192x11008xbf16>) -> tensor<8192x11008xbf16> {
  %s = mini.silu %g : tensor<8192x11008xbf16> -> tensor<8192x11008xbf16>
  %h = mini.mul %s, %u : tensor<8192x11008xbf16>, tensor<8192x11008xbf16> -> tensor<8192x11008xbf16>
  return %h : tensor<8192x11008xbf16>
}
