func.func @s8_4096_4096(%a: tensor<8x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<8x4096xf16> {
  %c = mini.matmul %a, %b : tensor<8x4096xf16>, tensor<4096x4096xf16> -> tensor<8x4096xf16>
  return %c : tensor<8x4096xf16>
}
func.func @s8_14336_4096(%a: tensor<8x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<8x14336xf16> {
  %c = mini.matmul %a, %b : tensor<8x4096xf16>, tensor<4096x14336xf16> -> tensor<8x14336xf16>
  return %c : tensor<8x14336xf16>
}
func.func @s16_4096_4096(%a: tensor<16x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x4096xf16> -> tensor<16x4096xf16>
  return %c : tensor<16x4096xf16>
}
func.func @s16_14336_4096(%a: tensor<16x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<16x14336xf16> {
  %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x14336xf16> -> tensor<16x14336xf16>
  return %c : tensor<16x14336xf16>
}
func.func @s32_4096_4096(%a: tensor<32x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<32x4096xf16> {
  %c = mini.matmul %a, %b : tensor<32x4096xf16>, tensor<4096x4096xf16> -> tensor<32x4096xf16>
  return %c : tensor<32x4096xf16>
}
func.func @s32_14336_4096(%a: tensor<32x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<32x14336xf16> {
  %c = mini.matmul %a, %b : tensor<32x4096xf16>, tensor<4096x14336xf16> -> tensor<32x14336xf16>
  return %c : tensor<32x14336xf16>
}
func.func @s64_4096_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<64x4096xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x4096xf16> -> tensor<64x4096xf16>
  return %c : tensor<64x4096xf16>
}
func.func @s64_14336_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<64x14336xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x14336xf16> -> tensor<64x14336xf16>
  return %c : tensor<64x14336xf16>
}
func.func @s64_4096_14336(%a: tensor<64x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<64x4096xf16> {
  %c = mini.matmul %a, %b : tensor<64x14336xf16>, tensor<14336x4096xf16> -> tensor<64x4096xf16>
  return %c : tensor<64x4096xf16>
}
func.func @s16_4096_14336(%a: tensor<16x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<16x4096xf16> {
  %c = mini.matmul %a, %b : tensor<16x14336xf16>, tensor<14336x4096xf16> -> tensor<16x4096xf16>
  return %c : tensor<16x4096xf16>
}
