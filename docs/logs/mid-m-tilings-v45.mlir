func.func @s96_4096(%a: tensor<96x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<96x4096xf16> {
  %c = mini.matmul %a, %b : tensor<96x4096xf16>, tensor<4096x4096xf16> -> tensor<96x4096xf16>
  return %c : tensor<96x4096xf16>
}
func.func @s128_4096(%a: tensor<128x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @s192_4096(%a: tensor<192x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<192x4096xf16> {
  %c = mini.matmul %a, %b : tensor<192x4096xf16>, tensor<4096x4096xf16> -> tensor<192x4096xf16>
  return %c : tensor<192x4096xf16>
}
func.func @s256_4096(%a: tensor<256x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @s384_4096(%a: tensor<384x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @s512_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<512x4096xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x4096xf16> -> tensor<512x4096xf16>
  return %c : tensor<512x4096xf16>
}
func.func @s768_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<768x4096xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x4096xf16> -> tensor<768x4096xf16>
  return %c : tensor<768x4096xf16>
}
func.func @s1024_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1024x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x4096xf16> -> tensor<1024x4096xf16>
  return %c : tensor<1024x4096xf16>
}
func.func @s96_14336(%a: tensor<96x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<96x14336xf16> {
  %c = mini.matmul %a, %b : tensor<96x4096xf16>, tensor<4096x14336xf16> -> tensor<96x14336xf16>
  return %c : tensor<96x14336xf16>
}
func.func @s128_14336(%a: tensor<128x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<128x14336xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x14336xf16> -> tensor<128x14336xf16>
  return %c : tensor<128x14336xf16>
}
func.func @s192_14336(%a: tensor<192x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<192x14336xf16> {
  %c = mini.matmul %a, %b : tensor<192x4096xf16>, tensor<4096x14336xf16> -> tensor<192x14336xf16>
  return %c : tensor<192x14336xf16>
}
func.func @s256_14336(%a: tensor<256x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<256x14336xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x14336xf16> -> tensor<256x14336xf16>
  return %c : tensor<256x14336xf16>
}
func.func @s384_14336(%a: tensor<384x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<384x14336xf16> {
  %c = mini.matmul %a, %b : tensor<384x4096xf16>, tensor<4096x14336xf16> -> tensor<384x14336xf16>
  return %c : tensor<384x14336xf16>
}
func.func @s512_14336(%a: tensor<512x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<512x14336xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x14336xf16> -> tensor<512x14336xf16>
  return %c : tensor<512x14336xf16>
}
func.func @s768_14336(%a: tensor<768x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<768x14336xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x14336xf16> -> tensor<768x14336xf16>
  return %c : tensor<768x14336xf16>
}
func.func @s1024_14336(%a: tensor<1024x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<1024x14336xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x14336xf16> -> tensor<1024x14336xf16>
  return %c : tensor<1024x14336xf16>
}
