// Attention with every size static (the suite's are dynamic): odd S and T,
// S > T, decode, D 64/80/96/128/256, GQA. Each kernel runs with no --size.

func.func @s77_t300_d80_causal_f16(%q: tensor<1x4x77x80xf16>, %k: tensor<1x2x300x80xf16>, %v: tensor<1x2x300x80xf16>) -> tensor<1x4x77x80xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<1x4x77x80xf16>, tensor<1x2x300x80xf16>, tensor<1x2x300x80xf16> -> tensor<1x4x77x80xf16>
  return %o : tensor<1x4x77x80xf16>
}
func.func @s300_t77_d128_causal_bf16(%q: tensor<2x8x300x128xbf16>, %k: tensor<2x2x77x128xbf16>, %v: tensor<2x2x77x128xbf16>) -> tensor<2x8x300x128xbf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<2x8x300x128xbf16>, tensor<2x2x77x128xbf16>, tensor<2x2x77x128xbf16> -> tensor<2x8x300x128xbf16>
  return %o : tensor<2x8x300x128xbf16>
}
func.func @s4099_d64_causal_f16(%q: tensor<1x8x4099x64xf16>, %k: tensor<1x8x4099x64xf16>, %v: tensor<1x8x4099x64xf16>) -> tensor<1x8x4099x64xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<1x8x4099x64xf16>, tensor<1x8x4099x64xf16>, tensor<1x8x4099x64xf16> -> tensor<1x8x4099x64xf16>
  return %o : tensor<1x8x4099x64xf16>
}
func.func @s1_t1000_d128_f16(%q: tensor<2x8x1x128xf16>, %k: tensor<2x8x1000x128xf16>, %v: tensor<2x8x1000x128xf16>) -> tensor<2x8x1x128xf16> {
  %o = mini.attention %q, %k, %v : tensor<2x8x1x128xf16>, tensor<2x8x1000x128xf16>, tensor<2x8x1000x128xf16> -> tensor<2x8x1x128xf16>
  return %o : tensor<2x8x1x128xf16>
}
func.func @s1000_t1000_d256_bf16(%q: tensor<1x4x1000x256xbf16>, %k: tensor<1x1x1000x256xbf16>, %v: tensor<1x1x1000x256xbf16>) -> tensor<1x4x1000x256xbf16> {
  %o = mini.attention %q, %k, %v : tensor<1x4x1000x256xbf16>, tensor<1x1x1000x256xbf16>, tensor<1x1x1000x256xbf16> -> tensor<1x4x1000x256xbf16>
  return %o : tensor<1x4x1000x256xbf16>
}
func.func @s129_t257_d96_f16(%q: tensor<3x6x129x96xf16>, %k: tensor<3x3x257x96xf16>, %v: tensor<3x3x257x96xf16>) -> tensor<3x6x129x96xf16> {
  %o = mini.attention %q, %k, %v : tensor<3x6x129x96xf16>, tensor<3x3x257x96xf16>, tensor<3x3x257x96xf16> -> tensor<3x6x129x96xf16>
  return %o : tensor<3x6x129x96xf16>
}
func.func @decode_s4_t4099_d128_causal_f16(%q: tensor<2x32x4x128xf16>, %k: tensor<2x8x4099x128xf16>, %v: tensor<2x8x4099x128xf16>) -> tensor<2x32x4x128xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<2x32x4x128xf16>, tensor<2x8x4099x128xf16>, tensor<2x8x4099x128xf16> -> tensor<2x32x4x128xf16>
  return %o : tensor<2x32x4x128xf16>
}
