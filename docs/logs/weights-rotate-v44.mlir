func.func @w4096(%a: tensor<?x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<?x4096xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  return %c : tensor<?x4096xf16>
}
func.func @w14336(%a: tensor<?x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<?x14336xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x14336xf16> -> tensor<?x14336xf16>
  return %c : tensor<?x14336xf16>
}
func.func @s8(%a: tensor<8x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<8x4096xf16> {
  %c = mini.matmul %a, %b : tensor<8x4096xf16>, tensor<4096x4096xf16> -> tensor<8x4096xf16>
  return %c : tensor<8x4096xf16>
}
func.func @s16(%a: tensor<16x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x4096xf16> -> tensor<16x4096xf16>
  return %c : tensor<16x4096xf16>
}
func.func @s64(%a: tensor<64x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<64x4096xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x4096xf16> -> tensor<64x4096xf16>
  return %c : tensor<64x4096xf16>
}
func.func @s256(%a: tensor<256x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
