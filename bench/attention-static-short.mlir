// Static attention at short sequences (T <= 1024), where the short_config's kernel replaces
// the config's: one warpgroup, two blocks an SM, three up to D = 64 (without causal, up to
// D = 64 only): docs/PERF.md attention v16, v17. (With causal up to D = 64 it also takes
// T <= 8192: bench/attention-static.mlir's s4099_d64_causal_f16.)
func.func @s512_d128_causal_f16(%q: tensor<32x16x512x128xf16>, %k: tensor<32x16x512x128xf16>, %v: tensor<32x16x512x128xf16>) -> tensor<32x16x512x128xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<32x16x512x128xf16>, tensor<32x16x512x128xf16>, tensor<32x16x512x128xf16> -> tensor<32x16x512x128xf16>
  return %o : tensor<32x16x512x128xf16>
}
func.func @s1024_d128_causal_bf16(%q: tensor<16x16x1024x128xbf16>, %k: tensor<16x16x1024x128xbf16>, %v: tensor<16x16x1024x128xbf16>) -> tensor<16x16x1024x128xbf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<16x16x1024x128xbf16>, tensor<16x16x1024x128xbf16>, tensor<16x16x1024x128xbf16> -> tensor<16x16x1024x128xbf16>
  return %o : tensor<16x16x1024x128xbf16>
}
func.func @s256_g4_d128_causal_f16(%q: tensor<64x16x256x128xf16>, %k: tensor<64x4x256x128xf16>, %v: tensor<64x4x256x128xf16>) -> tensor<64x16x256x128xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<64x16x256x128xf16>, tensor<64x4x256x128xf16>, tensor<64x4x256x128xf16> -> tensor<64x16x256x128xf16>
  return %o : tensor<64x16x256x128xf16>
}
func.func @s1000_g8_d128_causal_f16(%q: tensor<4x32x1000x128xf16>, %k: tensor<4x8x1000x128xf16>, %v: tensor<4x8x1000x128xf16>) -> tensor<4x32x1000x128xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<4x32x1000x128xf16>, tensor<4x8x1000x128xf16>, tensor<4x8x1000x128xf16> -> tensor<4x32x1000x128xf16>
  return %o : tensor<4x32x1000x128xf16>
}
func.func @s512_d64_causal_f16(%q: tensor<32x16x512x64xf16>, %k: tensor<32x16x512x64xf16>, %v: tensor<32x16x512x64xf16>) -> tensor<32x16x512x64xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<32x16x512x64xf16>, tensor<32x16x512x64xf16>, tensor<32x16x512x64xf16> -> tensor<32x16x512x64xf16>
  return %o : tensor<32x16x512x64xf16>
}
func.func @s1024_d64_causal_bf16(%q: tensor<16x16x1024x64xbf16>, %k: tensor<16x16x1024x64xbf16>, %v: tensor<16x16x1024x64xbf16>) -> tensor<16x16x1024x64xbf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<16x16x1024x64xbf16>, tensor<16x16x1024x64xbf16>, tensor<16x16x1024x64xbf16> -> tensor<16x16x1024x64xbf16>
  return %o : tensor<16x16x1024x64xbf16>
}
func.func @s256_g4_d64_causal_f16(%q: tensor<64x16x256x64xf16>, %k: tensor<64x4x256x64xf16>, %v: tensor<64x4x256x64xf16>) -> tensor<64x16x256x64xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<64x16x256x64xf16>, tensor<64x4x256x64xf16>, tensor<64x4x256x64xf16> -> tensor<64x16x256x64xf16>
  return %o : tensor<64x16x256x64xf16>
}
func.func @s1000_g8_d64_causal_f16(%q: tensor<4x32x1000x64xf16>, %k: tensor<4x8x1000x64xf16>, %v: tensor<4x8x1000x64xf16>) -> tensor<4x32x1000x64xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<4x32x1000x64xf16>, tensor<4x8x1000x64xf16>, tensor<4x8x1000x64xf16> -> tensor<4x32x1000x64xf16>
  return %o : tensor<4x32x1000x64xf16>
}
func.func @s1024_d64_f16(%q: tensor<16x16x1024x64xf16>, %k: tensor<16x16x1024x64xf16>, %v: tensor<16x16x1024x64xf16>) -> tensor<16x16x1024x64xf16> {
  %o = mini.attention %q, %k, %v : tensor<16x16x1024x64xf16>, tensor<16x16x1024x64xf16>, tensor<16x16x1024x64xf16> -> tensor<16x16x1024x64xf16>
  return %o : tensor<16x16x1024x64xf16>
}
func.func @s77_t300_d64_bf16(%q: tensor<3x8x77x64xbf16>, %k: tensor<3x2x300x64xbf16>, %v: tensor<3x2x300x64xbf16>) -> tensor<3x8x77x64xbf16> {
  %o = mini.attention %q, %k, %v : tensor<3x8x77x64xbf16>, tensor<3x2x300x64xbf16>, tensor<3x2x300x64xbf16> -> tensor<3x8x77x64xbf16>
  return %o : tensor<3x8x77x64xbf16>
}
