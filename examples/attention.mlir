// Causal grouped-query attention: 8 query heads share 2 key/value heads.
func.func @attention(%q: tensor<2x8x1024x64xf16>, %k: tensor<2x2x1024x64xf16>, %v: tensor<2x2x1024x64xf16>) -> tensor<2x8x1024x64xf16> {
  %o = mini.attention %q, %k, %v {scale = 0.125 : f32, causal} : tensor<2x8x1024x64xf16>, tensor<2x2x1024x64xf16>, tensor<2x2x1024x64xf16> -> tensor<2x8x1024x64xf16>
  return %o : tensor<2x8x1024x64xf16>
}
