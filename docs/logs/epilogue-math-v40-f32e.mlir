func.func @f32_gelu(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %0 = mini.add %c, %bias : tensor<?x?x?xf32>, tensor<?xf32> -> tensor<?x?x?xf32>
  %1 = mini.gelu %0 : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @f32_gelut(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %1 = mini.gelu %c {approximate = "tanh"} : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
func.func @bf16_gelu_f32out(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xf32>
  %1 = mini.gelu %c : tensor<?x?xf32> -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @f16_tanh_gelu(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  %1 = mini.gelu %c {approximate = "tanh"} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %1 : tensor<?x?xf16>
}
