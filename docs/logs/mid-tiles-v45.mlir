func.func @mm_f16_to_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @mm_bf16(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
