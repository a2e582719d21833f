// Matmul epilogues at static LLM shapes (issue 29's target: a fused bias +
// activation within 3% of the plain matmul): the plain product, then the
// same with a bias and GELU, SiLU, or a residual fused into its store (at
// 4096 and 8192 for f16). Compiled twice for issue 28/29's ping-pong kernel:
// by default and with `matmul-pingpong=1`.
//   mini-run BUNDLE --bench --kernel NAME (static sizes need no --size)
func.func @plain_4096(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
func.func @bias_gelu_4096(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %bias: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %0 = mini.add %c, %bias : tensor<4096x4096xf16>, tensor<4096xf16> -> tensor<4096x4096xf16>
  %1 = mini.gelu %0 : tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %1 : tensor<4096x4096xf16>
}
func.func @plain_mlp_up(%a: tensor<4096x4096xbf16>, %b: tensor<4096x11008xbf16>) -> tensor<4096x11008xbf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x11008xbf16> -> tensor<4096x11008xbf16>
  return %c : tensor<4096x11008xbf16>
}
func.func @bias_silu_mlp_up(%a: tensor<4096x4096xbf16>, %b: tensor<4096x11008xbf16>, %bias: tensor<11008xbf16>) -> tensor<4096x11008xbf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x11008xbf16> -> tensor<4096x11008xbf16>
  %0 = mini.add %c, %bias : tensor<4096x11008xbf16>, tensor<11008xbf16> -> tensor<4096x11008xbf16>
  %1 = mini.silu %0 : tensor<4096x11008xbf16> -> tensor<4096x11008xbf16>
  return %1 : tensor<4096x11008xbf16>
}
func.func @plain_mlp_down(%a: tensor<4096x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<4096x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<4096x11008xbf16>, tensor<11008x4096xbf16> -> tensor<4096x4096xbf16>
  return %c : tensor<4096x4096xbf16>
}
func.func @residual_mlp_down(%a: tensor<4096x11008xbf16>, %b: tensor<11008x4096xbf16>, %r: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<4096x11008xbf16>, tensor<11008x4096xbf16> -> tensor<4096x4096xbf16>
  %0 = mini.add %c, %r : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
  return %0 : tensor<4096x4096xbf16>
}
func.func @plain_8192(%a: tensor<8192x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<8192x8192xf16> {
  %c = mini.matmul %a, %b : tensor<8192x8192xf16>, tensor<8192x8192xf16> -> tensor<8192x8192xf16>
  return %c : tensor<8192x8192xf16>
}
func.func @bias_gelu_8192(%a: tensor<8192x8192xf16>, %b: tensor<8192x8192xf16>, %bias: tensor<8192xf16>) -> tensor<8192x8192xf16> {
  %c = mini.matmul %a, %b : tensor<8192x8192xf16>, tensor<8192x8192xf16> -> tensor<8192x8192xf16>
  %0 = mini.add %c, %bias : tensor<8192x8192xf16>, tensor<8192xf16> -> tensor<8192x8192xf16>
  %1 = mini.gelu %0 : tensor<8192x8192xf16> -> tensor<8192x8192xf16>
  return %1 : tensor<8192x8192xf16>
}
