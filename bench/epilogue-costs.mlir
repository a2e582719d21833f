// What each part of a fused matmul epilogue costs (issue 29, docs/PERF.md
// v40): f16 4096^3 by the default wgmma kernel, plain, then with a scale, a
// bias, GELU, bias + GELU (erf and tanh forms) and bias + SiLU.
//   mini-opt bench/epilogue-costs.mlir --mini-pipeline="toolkit=... bundle=DIR"
//   mini-run DIR --bench --kernel NAME_matmul --no-cpu-check
func.func @plain(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
func.func @scale(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %0 = mini.scale %c {factor = 0.5 : f32} : tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %0 : tensor<4096x4096xf16>
}
func.func @bias(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %bias: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %0 = mini.add %c, %bias : tensor<4096x4096xf16>, tensor<4096xf16> -> tensor<4096x4096xf16>
  return %0 : tensor<4096x4096xf16>
}
func.func @gelu(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %0 = mini.gelu %c : tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %0 : tensor<4096x4096xf16>
}
func.func @bias_gelu(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %bias: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %0 = mini.add %c, %bias : tensor<4096x4096xf16>, tensor<4096xf16> -> tensor<4096x4096xf16>
  %1 = mini.gelu %0 : tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %1 : tensor<4096x4096xf16>
}
func.func @bias_gelut(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %bias: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %0 = mini.add %c, %bias : tensor<4096x4096xf16>, tensor<4096xf16> -> tensor<4096x4096xf16>
  %1 = mini.gelu %0 {approximate = "tanh"} : tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %1 : tensor<4096x4096xf16>
}
func.func @bias_silu(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %bias: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  %0 = mini.add %c, %bias : tensor<4096x4096xf16>, tensor<4096xf16> -> tensor<4096x4096xf16>
  %1 = mini.silu %0 : tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %1 : tensor<4096x4096xf16>
}
