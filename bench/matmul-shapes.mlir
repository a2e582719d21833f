// Static shapes besides the square benchmarks; mini-select-matmul-config
// picks the tile from the sizes (docs/PERF.md, "Tile by size"):
//   mini-run BUNDLE --bench
func.func @f16_1024(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_2048(%a: tensor<2048x2048xf16>, %b: tensor<2048x2048xf16>) -> tensor<2048x2048xf16> {
  %c = mini.matmul %a, %b : tensor<2048x2048xf16>, tensor<2048x2048xf16> -> tensor<2048x2048xf16>
  return %c : tensor<2048x2048xf16>
}
func.func @f16_512x4096x4096(%a: tensor<512x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<512x4096xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x4096xf16> -> tensor<512x4096xf16>
  return %c : tensor<512x4096xf16>
}
func.func @bf16_256x8192x4096(%a: tensor<256x4096xbf16>, %b: tensor<4096x8192xbf16>) -> tensor<256x8192xbf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xbf16>, tensor<4096x8192xbf16> -> tensor<256x8192xbf16>
  return %c : tensor<256x8192xbf16>
}
func.func @f16_4096x4096x512(%a: tensor<4096x512xf16>, %b: tensor<512x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x512xf16>, tensor<512x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
func.func @bf16_8x1024x1024x1024(%a: tensor<8x1024x1024xbf16>, %b: tensor<8x1024x1024xbf16>) -> tensor<8x1024x1024xbf16> {
  %c = mini.matmul %a, %b : tensor<8x1024x1024xbf16>, tensor<8x1024x1024xbf16> -> tensor<8x1024x1024xbf16>
  return %c : tensor<8x1024x1024xbf16>
}
func.func @f16_3000(%a: tensor<3000x3000xf16>, %b: tensor<3000x3000xf16>) -> tensor<3000x3000xf16> {
  %c = mini.matmul %a, %b : tensor<3000x3000xf16>, tensor<3000x3000xf16> -> tensor<3000x3000xf16>
  return %c : tensor<3000x3000xf16>
}
func.func @f16_777x1000x520(%a: tensor<777x520xf16>, %b: tensor<520x1000xf16>) -> tensor<777x1000xf16> {
  %c = mini.matmul %a, %b : tensor<777x520xf16>, tensor<520x1000xf16> -> tensor<777x1000xf16>
  return %c : tensor<777x1000xf16>
}
