// Residual norms at static shapes (mini-fuse's add + norm rule): each
// function adds a residual, normalizes the sum and returns both, as a
// transformer's residual stream does. Compiled as is, each is one row
// kernel; with fuse=0, an add kernel and a norm kernel. docs/PERF.md
// "Residual norms v1" runs both with `mini-run --function NAME --bench`
// and the fused kernels with `--kernel ... --bench` (x of a copy).
func.func @rms_f16_4096(%x: tensor<4096x4096xf16>, %r: tensor<4096x4096xf16>, %w: tensor<4096xf16>) -> (tensor<4096x4096xf16>, tensor<4096x4096xf16>) {
  %h = mini.add %x, %r : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-05 : f32} : tensor<4096x4096xf16>, tensor<4096xf16> -> tensor<4096x4096xf16>
  return %y, %h : tensor<4096x4096xf16>, tensor<4096x4096xf16>
}
func.func @rms_bf16_8192(%x: tensor<2048x8192xbf16>, %r: tensor<2048x8192xbf16>, %w: tensor<8192xbf16>) -> (tensor<2048x8192xbf16>, tensor<2048x8192xbf16>) {
  %h = mini.add %x, %r : tensor<2048x8192xbf16>, tensor<2048x8192xbf16> -> tensor<2048x8192xbf16>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-05 : f32} : tensor<2048x8192xbf16>, tensor<8192xbf16> -> tensor<2048x8192xbf16>
  return %y, %h : tensor<2048x8192xbf16>, tensor<2048x8192xbf16>
}
func.func @rms_f16_decode(%x: tensor<16x4096xf16>, %r: tensor<16x4096xf16>, %w: tensor<4096xf16>) -> (tensor<16x4096xf16>, tensor<16x4096xf16>) {
  %h = mini.add %x, %r : tensor<16x4096xf16>, tensor<16x4096xf16> -> tensor<16x4096xf16>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-05 : f32} : tensor<16x4096xf16>, tensor<4096xf16> -> tensor<16x4096xf16>
  return %y, %h : tensor<16x4096xf16>, tensor<16x4096xf16>
}
func.func @rms_f32_4096(%x: tensor<4096x4096xf32>, %r: tensor<4096x4096xf32>, %w: tensor<4096xf32>) -> (tensor<4096x4096xf32>, tensor<4096x4096xf32>) {
  %h = mini.add %x, %r : tensor<4096x4096xf32>, tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-05 : f32} : tensor<4096x4096xf32>, tensor<4096xf32> -> tensor<4096x4096xf32>
  return %y, %h : tensor<4096x4096xf32>, tensor<4096x4096xf32>
}
func.func @ln_f16_1024(%x: tensor<16384x1024xf16>, %r: tensor<16384x1024xf16>, %w: tensor<1024xf16>, %b: tensor<1024xf16>) -> (tensor<16384x1024xf16>, tensor<16384x1024xf16>) {
  %h = mini.add %x, %r : tensor<16384x1024xf16>, tensor<16384x1024xf16> -> tensor<16384x1024xf16>
  %y = mini.layernorm %h, %w, %b {epsilon = 1.0e-05 : f32} : tensor<16384x1024xf16>, tensor<1024xf16>, tensor<1024xf16> -> tensor<16384x1024xf16>
  return %y, %h : tensor<16384x1024xf16>, tensor<16384x1024xf16>
}
func.func @ln_bf16_5120(%x: tensor<4099x5120xbf16>, %r: tensor<4099x5120xbf16>, %w: tensor<5120xbf16>, %b: tensor<5120xbf16>) -> (tensor<4099x5120xbf16>, tensor<4099x5120xbf16>) {
  %h = mini.add %x, %r : tensor<4099x5120xbf16>, tensor<4099x5120xbf16> -> tensor<4099x5120xbf16>
  %y = mini.layernorm %h, %w, %b {epsilon = 1.0e-05 : f32} : tensor<4099x5120xbf16>, tensor<5120xbf16>, tensor<5120xbf16> -> tensor<4099x5120xbf16>
  return %y, %h : tensor<4099x5120xbf16>, tensor<4099x5120xbf16>
}
func.func @rms_f16_odd(%x: tensor<1001x5003xf16>, %r: tensor<1001x5003xf16>, %w: tensor<5003xf16>) -> (tensor<1001x5003xf16>, tensor<1001x5003xf16>) {
  %h = mini.add %x, %r : tensor<1001x5003xf16>, tensor<1001x5003xf16> -> tensor<1001x5003xf16>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-05 : f32} : tensor<1001x5003xf16>, tensor<5003xf16> -> tensor<1001x5003xf16>
  return %y, %h : tensor<1001x5003xf16>, tensor<1001x5003xf16>
}
func.func @rms_bf16_long(%x: tensor<264x50257xbf16>, %r: tensor<264x50257xbf16>, %w: tensor<50257xbf16>) -> (tensor<264x50257xbf16>, tensor<264x50257xbf16>) {
  %h = mini.add %x, %r : tensor<264x50257xbf16>, tensor<264x50257xbf16> -> tensor<264x50257xbf16>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-05 : f32} : tensor<264x50257xbf16>, tensor<50257xbf16> -> tensor<264x50257xbf16>
  return %y, %h : tensor<264x50257xbf16>, tensor<264x50257xbf16>
}
