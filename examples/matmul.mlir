// C = A B with f32 accumulation. Dynamic sizes: the compiled kernel takes
// M, N and K at launch (mini-run --size M=...,N=...,K=...).
func.func @matmul(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
