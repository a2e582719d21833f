// Session 42 (docs/PERF.md v50): the static shapes of the device calls.
// sw.mlir
func.func @f16_128_4096_2048(%a: tensor<128x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x2048xf16>, tensor<2048x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @f16_256_4096_2048(%a: tensor<256x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x2048xf16>, tensor<2048x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @f16_512_2048_2048(%a: tensor<512x2048xf16>, %b: tensor<2048x2048xf16>) -> tensor<512x2048xf16> {
  %c = mini.matmul %a, %b : tensor<512x2048xf16>, tensor<2048x2048xf16> -> tensor<512x2048xf16>
  return %c : tensor<512x2048xf16>
}
func.func @f16_1000_1032_2048(%a: tensor<1000x2048xf16>, %b: tensor<2048x1032xf16>) -> tensor<1000x1032xf16> {
  %c = mini.matmul %a, %b : tensor<1000x2048xf16>, tensor<2048x1032xf16> -> tensor<1000x1032xf16>
  return %c : tensor<1000x1032xf16>
}
func.func @f16_1024_1024_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_1000_1000_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<1000x1000xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x1000xf16> -> tensor<1000x1000xf16>
  return %c : tensor<1000x1000xf16>
}
func.func @f16_768_1024_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<768x1024xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x1024xf16> -> tensor<768x1024xf16>
  return %c : tensor<768x1024xf16>
}
func.func @f16_512_2048_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<512x2048xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x2048xf16> -> tensor<512x2048xf16>
  return %c : tensor<512x2048xf16>
}
func.func @f16_256_4096_1024(%a: tensor<256x1024xf16>, %b: tensor<1024x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x1024xf16>, tensor<1024x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @f16_1024_1024_1024(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_1152_4096_4096(%a: tensor<1152x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1152x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1152x4096xf16>, tensor<4096x4096xf16> -> tensor<1152x4096xf16>
  return %c : tensor<1152x4096xf16>
}
func.func @f16_2048_1024_1024(%a: tensor<2048x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<2048x1024xf16> {
  %c = mini.matmul %a, %b : tensor<2048x1024xf16>, tensor<1024x1024xf16> -> tensor<2048x1024xf16>
  return %c : tensor<2048x1024xf16>
}
func.func @f16_64_4096_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<64x4096xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x4096xf16> -> tensor<64x4096xf16>
  return %c : tensor<64x4096xf16>
}
func.func @bf16_300_4096_11008(%a: tensor<300x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<300x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<300x11008xbf16>, tensor<11008x4096xbf16> -> tensor<300x4096xbf16>
  return %c : tensor<300x4096xbf16>
}
// sw2.mlir
func.func @f16_1024_1000_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<1024x1000xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x1000xf16> -> tensor<1024x1000xf16>
  return %c : tensor<1024x1000xf16>
}
func.func @f16_1000_1024_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<1000x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x1024xf16> -> tensor<1000x1024xf16>
  return %c : tensor<1000x1024xf16>
}
func.func @f16_896_1024_4096(%a: tensor<896x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<896x1024xf16> {
  %c = mini.matmul %a, %b : tensor<896x4096xf16>, tensor<4096x1024xf16> -> tensor<896x1024xf16>
  return %c : tensor<896x1024xf16>
}
func.func @f16_1024_1024_2048(%a: tensor<1024x2048xf16>, %b: tensor<2048x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x2048xf16>, tensor<2048x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_1024_1024_8192(%a: tensor<1024x8192xf16>, %b: tensor<8192x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x8192xf16>, tensor<8192x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_128_8192_2048(%a: tensor<128x2048xf16>, %b: tensor<2048x8192xf16>) -> tensor<128x8192xf16> {
  %c = mini.matmul %a, %b : tensor<128x2048xf16>, tensor<2048x8192xf16> -> tensor<128x8192xf16>
  return %c : tensor<128x8192xf16>
}
func.func @f16_200_4096_2048(%a: tensor<200x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<200x4096xf16> {
  %c = mini.matmul %a, %b : tensor<200x2048xf16>, tensor<2048x4096xf16> -> tensor<200x4096xf16>
  return %c : tensor<200x4096xf16>
}
func.func @f16_384_2048_3072(%a: tensor<384x3072xf16>, %b: tensor<3072x2048xf16>) -> tensor<384x2048xf16> {
  %c = mini.matmul %a, %b : tensor<384x3072xf16>, tensor<3072x2048xf16> -> tensor<384x2048xf16>
  return %c : tensor<384x2048xf16>
}
func.func @f16_2048_1024_1024(%a: tensor<2048x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<2048x1024xf16> {
  %c = mini.matmul %a, %b : tensor<2048x1024xf16>, tensor<1024x1024xf16> -> tensor<2048x1024xf16>
  return %c : tensor<2048x1024xf16>
}
func.func @f16_4096_4096_1024(%a: tensor<4096x1024xf16>, %b: tensor<1024x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x1024xf16>, tensor<1024x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
func.func @f16_1536_1536_1024(%a: tensor<1536x1024xf16>, %b: tensor<1024x1536xf16>) -> tensor<1536x1536xf16> {
  %c = mini.matmul %a, %b : tensor<1536x1024xf16>, tensor<1024x1536xf16> -> tensor<1536x1536xf16>
  return %c : tensor<1536x1536xf16>
}
func.func @f16_3000_3000_1024(%a: tensor<3000x1024xf16>, %b: tensor<1024x3000xf16>) -> tensor<3000x3000xf16> {
  %c = mini.matmul %a, %b : tensor<3000x1024xf16>, tensor<1024x3000xf16> -> tensor<3000x3000xf16>
  return %c : tensor<3000x3000xf16>
}
func.func @f16_1000_1032_1024(%a: tensor<1000x1024xf16>, %b: tensor<1024x1032xf16>) -> tensor<1000x1032xf16> {
  %c = mini.matmul %a, %b : tensor<1000x1024xf16>, tensor<1024x1032xf16> -> tensor<1000x1032xf16>
  return %c : tensor<1000x1032xf16>
}
func.func @f16_512_4096_1024(%a: tensor<512x1024xf16>, %b: tensor<1024x4096xf16>) -> tensor<512x4096xf16> {
  %c = mini.matmul %a, %b : tensor<512x1024xf16>, tensor<1024x4096xf16> -> tensor<512x4096xf16>
  return %c : tensor<512x4096xf16>
}
func.func @f16_2048_2048_1024(%a: tensor<2048x1024xf16>, %b: tensor<1024x2048xf16>) -> tensor<2048x2048xf16> {
  %c = mini.matmul %a, %b : tensor<2048x1024xf16>, tensor<1024x2048xf16> -> tensor<2048x2048xf16>
  return %c : tensor<2048x2048xf16>
}
func.func @f16_4096_1024_1024(%a: tensor<4096x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<4096x1024xf16> {
  %c = mini.matmul %a, %b : tensor<4096x1024xf16>, tensor<1024x1024xf16> -> tensor<4096x1024xf16>
  return %c : tensor<4096x1024xf16>
}
func.func @f16_128_4096_2048(%a: tensor<128x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x2048xf16>, tensor<2048x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @f16_256_4096_2048(%a: tensor<256x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x2048xf16>, tensor<2048x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @f16_512_2048_2048(%a: tensor<512x2048xf16>, %b: tensor<2048x2048xf16>) -> tensor<512x2048xf16> {
  %c = mini.matmul %a, %b : tensor<512x2048xf16>, tensor<2048x2048xf16> -> tensor<512x2048xf16>
  return %c : tensor<512x2048xf16>
}
func.func @f16_1024_1024_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_768_1024_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<768x1024xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x1024xf16> -> tensor<768x1024xf16>
  return %c : tensor<768x1024xf16>
}
func.func @f16_256_4096_1024(%a: tensor<256x1024xf16>, %b: tensor<1024x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x1024xf16>, tensor<1024x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @f16_1024_1024_1024(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_1000_1000_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<1000x1000xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x1000xf16> -> tensor<1000x1000xf16>
  return %c : tensor<1000x1000xf16>
}
// dw.mlir (M at launch)
func.func @w1024(%a: tensor<?x1024xf16>, %b: tensor<1024x2048xf16>) -> tensor<?x2048xf16> {
  %c = mini.matmul %a, %b : tensor<?x1024xf16>, tensor<1024x2048xf16> -> tensor<?x2048xf16>
  return %c : tensor<?x2048xf16>
}
func.func @w2048(%a: tensor<?x2048xbf16>, %b: tensor<2048x4096xbf16>) -> tensor<?x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<?x2048xbf16>, tensor<2048x4096xbf16> -> tensor<?x4096xbf16>
  return %c : tensor<?x4096xbf16>
}
