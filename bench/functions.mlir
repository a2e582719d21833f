// Functions run as written (mini-run --function), issue 29: the attention
// pattern unfused (transpose, batched matmul, scale, causal mask, softmax,
// matmul) and a small MLP with a bias, GELU and a cast, dynamic sizes.
func.func @attention_unfused(%q: tensor<?x8x?x64xf16>, %k: tensor<?x8x?x64xf16>, %v: tensor<?x8x?x64xf16>) -> tensor<?x8x?x64xf16> {
  %kt = mini.transpose %k : tensor<?x8x?x64xf16> -> tensor<?x8x64x?xf16>
  %s = mini.matmul %q, %kt : tensor<?x8x?x64xf16>, tensor<?x8x64x?xf16> -> tensor<?x8x?x?xf32>
  %ss = mini.scale %s {factor = 0.125 : f32} : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %m = mini.causal_mask %ss : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %p = mini.softmax %m : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %ph = mini.cast %p : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf16>
  %o = mini.matmul %ph, %v : tensor<?x8x?x?xf16>, tensor<?x8x?x64xf16> -> tensor<?x8x?x64xf16>
  return %o : tensor<?x8x?x64xf16>
}
func.func @gelu_mlp(%x: tensor<?x?xbf16>, %w1: tensor<?x1024xbf16>, %b1: tensor<1024xbf16>, %w2: tensor<1024x?xbf16>) -> tensor<?x?xf32> {
  %h = mini.matmul %x, %w1 : tensor<?x?xbf16>, tensor<?x1024xbf16> -> tensor<?x1024xbf16>
  %hb = mini.add %h, %b1 : tensor<?x1024xbf16>, tensor<1024xbf16> -> tensor<?x1024xbf16>
  %a = mini.gelu %hb {approximate = "tanh"} : tensor<?x1024xbf16> -> tensor<?x1024xbf16>
  %y = mini.matmul %a, %w2 : tensor<?x1024xbf16>, tensor<1024x?xbf16> -> tensor<?x?xbf16>
  %y32 = mini.cast %y : tensor<?x?xbf16> -> tensor<?x?xf32>
  return %y32 : tensor<?x?xf32>
}
