// Session 41 (docs/PERF.md v49): the static shapes of the device calls.
// mw.mlir
func.func @f16_300_4096_4096(%a: tensor<300x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<300x4096xf16> {
  %c = mini.matmul %a, %b : tensor<300x4096xf16>, tensor<4096x4096xf16> -> tensor<300x4096xf16>
  return %c : tensor<300x4096xf16>
}
func.func @f16_384_4096_4096(%a: tensor<384x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @f16_640_4096_4096(%a: tensor<640x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<640x4096xf16> {
  %c = mini.matmul %a, %b : tensor<640x4096xf16>, tensor<4096x4096xf16> -> tensor<640x4096xf16>
  return %c : tensor<640x4096xf16>
}
func.func @f16_768_4096_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<768x4096xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x4096xf16> -> tensor<768x4096xf16>
  return %c : tensor<768x4096xf16>
}
func.func @f16_1000_4096_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1000x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x4096xf16> -> tensor<1000x4096xf16>
  return %c : tensor<1000x4096xf16>
}
func.func @f16_384_4096_14336(%a: tensor<384x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x14336xf16>, tensor<14336x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @bf16_300_4096_11008(%a: tensor<300x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<300x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<300x11008xbf16>, tensor<11008x4096xbf16> -> tensor<300x4096xbf16>
  return %c : tensor<300x4096xbf16>
}
func.func @bf16_768_4096_11008(%a: tensor<768x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<768x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<768x11008xbf16>, tensor<11008x4096xbf16> -> tensor<768x4096xbf16>
  return %c : tensor<768x4096xbf16>
}
func.func @f16_1536_4096_4096(%a: tensor<1536x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1536x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1536x4096xf16>, tensor<4096x4096xf16> -> tensor<1536x4096xf16>
  return %c : tensor<1536x4096xf16>
}
func.func @f16_512_4096_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<512x4096xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x4096xf16> -> tensor<512x4096xf16>
  return %c : tensor<512x4096xf16>
}
func.func @f16_200_4096_4096(%a: tensor<200x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<200x4096xf16> {
  %c = mini.matmul %a, %b : tensor<200x4096xf16>, tensor<4096x4096xf16> -> tensor<200x4096xf16>
  return %c : tensor<200x4096xf16>
}
// mw2.mlir
func.func @f16_640_4096_4096(%a: tensor<640x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<640x4096xf16> {
  %c = mini.matmul %a, %b : tensor<640x4096xf16>, tensor<4096x4096xf16> -> tensor<640x4096xf16>
  return %c : tensor<640x4096xf16>
}
func.func @f16_896_4096_4096(%a: tensor<896x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<896x4096xf16> {
  %c = mini.matmul %a, %b : tensor<896x4096xf16>, tensor<4096x4096xf16> -> tensor<896x4096xf16>
  return %c : tensor<896x4096xf16>
}
func.func @f16_1024_4096_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1024x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x4096xf16> -> tensor<1024x4096xf16>
  return %c : tensor<1024x4096xf16>
}
func.func @f16_1152_4096_4096(%a: tensor<1152x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1152x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1152x4096xf16>, tensor<4096x4096xf16> -> tensor<1152x4096xf16>
  return %c : tensor<1152x4096xf16>
}
func.func @f16_1280_4096_4096(%a: tensor<1280x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1280x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1280x4096xf16>, tensor<4096x4096xf16> -> tensor<1280x4096xf16>
  return %c : tensor<1280x4096xf16>
}
func.func @f16_1792_4096_4096(%a: tensor<1792x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1792x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1792x4096xf16>, tensor<4096x4096xf16> -> tensor<1792x4096xf16>
  return %c : tensor<1792x4096xf16>
}
func.func @f16_2048_4096_4096(%a: tensor<2048x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<2048x4096xf16> {
  %c = mini.matmul %a, %b : tensor<2048x4096xf16>, tensor<4096x4096xf16> -> tensor<2048x4096xf16>
  return %c : tensor<2048x4096xf16>
}
func.func @f16_2304_4096_4096(%a: tensor<2304x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<2304x4096xf16> {
  %c = mini.matmul %a, %b : tensor<2304x4096xf16>, tensor<4096x4096xf16> -> tensor<2304x4096xf16>
  return %c : tensor<2304x4096xf16>
}
func.func @f16_3072_4096_4096(%a: tensor<3072x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<3072x4096xf16> {
  %c = mini.matmul %a, %b : tensor<3072x4096xf16>, tensor<4096x4096xf16> -> tensor<3072x4096xf16>
  return %c : tensor<3072x4096xf16>
}
func.func @f16_4096_4096_4096(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
func.func @f16_768_14336_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<768x14336xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x14336xf16> -> tensor<768x14336xf16>
  return %c : tensor<768x14336xf16>
}
func.func @f16_1024_11008_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<1024x11008xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x11008xf16> -> tensor<1024x11008xf16>
  return %c : tensor<1024x11008xf16>
}
func.func @bf16_1536_4096_14336(%a: tensor<1536x14336xbf16>, %b: tensor<14336x4096xbf16>) -> tensor<1536x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<1536x14336xbf16>, tensor<14336x4096xbf16> -> tensor<1536x4096xbf16>
  return %c : tensor<1536x4096xbf16>
}
func.func @f16_384_4096_2048(%a: tensor<384x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x2048xf16>, tensor<2048x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @f16_768_4096_2048(%a: tensor<768x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<768x4096xf16> {
  %c = mini.matmul %a, %b : tensor<768x2048xf16>, tensor<2048x4096xf16> -> tensor<768x4096xf16>
  return %c : tensor<768x4096xf16>
}
func.func @f16_384_4096_1024(%a: tensor<384x1024xf16>, %b: tensor<1024x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x1024xf16>, tensor<1024x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
// mw3.mlir
func.func @f16_300_4096_4096(%a: tensor<300x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<300x4096xf16> {
  %c = mini.matmul %a, %b : tensor<300x4096xf16>, tensor<4096x4096xf16> -> tensor<300x4096xf16>
  return %c : tensor<300x4096xf16>
}
func.func @f16_384_4096_4096(%a: tensor<384x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @f16_512_4096_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<512x4096xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x4096xf16> -> tensor<512x4096xf16>
  return %c : tensor<512x4096xf16>
}
func.func @f16_640_4096_4096(%a: tensor<640x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<640x4096xf16> {
  %c = mini.matmul %a, %b : tensor<640x4096xf16>, tensor<4096x4096xf16> -> tensor<640x4096xf16>
  return %c : tensor<640x4096xf16>
}
func.func @f16_768_4096_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<768x4096xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x4096xf16> -> tensor<768x4096xf16>
  return %c : tensor<768x4096xf16>
}
func.func @f16_896_4096_4096(%a: tensor<896x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<896x4096xf16> {
  %c = mini.matmul %a, %b : tensor<896x4096xf16>, tensor<4096x4096xf16> -> tensor<896x4096xf16>
  return %c : tensor<896x4096xf16>
}
func.func @f16_1152_4096_4096(%a: tensor<1152x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1152x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1152x4096xf16>, tensor<4096x4096xf16> -> tensor<1152x4096xf16>
  return %c : tensor<1152x4096xf16>
}
func.func @f16_1280_4096_4096(%a: tensor<1280x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1280x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1280x4096xf16>, tensor<4096x4096xf16> -> tensor<1280x4096xf16>
  return %c : tensor<1280x4096xf16>
}
func.func @f16_1536_4096_4096(%a: tensor<1536x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1536x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1536x4096xf16>, tensor<4096x4096xf16> -> tensor<1536x4096xf16>
  return %c : tensor<1536x4096xf16>
}
func.func @f16_1792_4096_4096(%a: tensor<1792x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1792x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1792x4096xf16>, tensor<4096x4096xf16> -> tensor<1792x4096xf16>
  return %c : tensor<1792x4096xf16>
}
func.func @f16_2304_4096_4096(%a: tensor<2304x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<2304x4096xf16> {
  %c = mini.matmul %a, %b : tensor<2304x4096xf16>, tensor<4096x4096xf16> -> tensor<2304x4096xf16>
  return %c : tensor<2304x4096xf16>
}
func.func @f16_4096_4096_4096(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
func.func @f16_8192_8192_8192(%a: tensor<8192x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<8192x8192xf16> {
  %c = mini.matmul %a, %b : tensor<8192x8192xf16>, tensor<8192x8192xf16> -> tensor<8192x8192xf16>
  return %c : tensor<8192x8192xf16>
}
func.func @f16_768_14336_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<768x14336xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x14336xf16> -> tensor<768x14336xf16>
  return %c : tensor<768x14336xf16>
}
func.func @f16_1024_11008_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<1024x11008xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x11008xf16> -> tensor<1024x11008xf16>
  return %c : tensor<1024x11008xf16>
}
func.func @bf16_1536_4096_14336(%a: tensor<1536x14336xbf16>, %b: tensor<14336x4096xbf16>) -> tensor<1536x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<1536x14336xbf16>, tensor<14336x4096xbf16> -> tensor<1536x4096xbf16>
  return %c : tensor<1536x4096xbf16>
}
func.func @f16_384_4096_14336(%a: tensor<384x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x14336xf16>, tensor<14336x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @bf16_300_4096_11008(%a: tensor<300x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<300x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<300x11008xbf16>, tensor<11008x4096xbf16> -> tensor<300x4096xbf16>
  return %c : tensor<300x4096xbf16>
}
func.func @bf16_768_4096_11008(%a: tensor<768x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<768x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<768x11008xbf16>, tensor<11008x4096xbf16> -> tensor<768x4096xbf16>
  return %c : tensor<768x4096xbf16>
}
func.func @f16_384_4096_2048(%a: tensor<384x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x2048xf16>, tensor<2048x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @f16_768_4096_2048(%a: tensor<768x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<768x4096xf16> {
  %c = mini.matmul %a, %b : tensor<768x2048xf16>, tensor<2048x4096xf16> -> tensor<768x4096xf16>
  return %c : tensor<768x4096xf16>
}
func.func @f16_1000_1032_2048(%a: tensor<1000x2048xf16>, %b: tensor<2048x1032xf16>) -> tensor<1000x1032xf16> {
  %c = mini.matmul %a, %b : tensor<1000x2048xf16>, tensor<2048x1032xf16> -> tensor<1000x1032xf16>
  return %c : tensor<1000x1032xf16>
}
func.func @f16_2048_2048_2048(%a: tensor<2048x2048xf16>, %b: tensor<2048x2048xf16>) -> tensor<2048x2048xf16> {
  %c = mini.matmul %a, %b : tensor<2048x2048xf16>, tensor<2048x2048xf16> -> tensor<2048x2048xf16>
  return %c : tensor<2048x2048xf16>
}
func.func @f16_1000_1032_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x1032xf16>) -> tensor<1000x1032xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x1032xf16> -> tensor<1000x1032xf16>
  return %c : tensor<1000x1032xf16>
}
func.func @f16_1000_1032_776(%a: tensor<1000x776xf16>, %b: tensor<776x1032xf16>) -> tensor<1000x1032xf16> {
  %c = mini.matmul %a, %b : tensor<1000x776xf16>, tensor<776x1032xf16> -> tensor<1000x1032xf16>
  return %c : tensor<1000x1032xf16>
}
func.func @f16_4096_4096_3000(%a: tensor<4096x3000xf16>, %b: tensor<3000x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x3000xf16>, tensor<3000x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
// fl.mlir
func.func @f16_768_1024_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<768x1024xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x1024xf16> -> tensor<768x1024xf16>
  return %c : tensor<768x1024xf16>
}
func.func @f16_1024_1024_4096(%a: tensor<1024x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x4096xf16>, tensor<4096x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_1000_1000_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<1000x1000xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x1000xf16> -> tensor<1000x1000xf16>
  return %c : tensor<1000x1000xf16>
}
func.func @f16_256_4096_2048(%a: tensor<256x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x2048xf16>, tensor<2048x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @f16_512_2048_2048(%a: tensor<512x2048xf16>, %b: tensor<2048x2048xf16>) -> tensor<512x2048xf16> {
  %c = mini.matmul %a, %b : tensor<512x2048xf16>, tensor<2048x2048xf16> -> tensor<512x2048xf16>
  return %c : tensor<512x2048xf16>
}
func.func @f16_128_4096_2048(%a: tensor<128x2048xf16>, %b: tensor<2048x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x2048xf16>, tensor<2048x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @f16_1536_1536_4096(%a: tensor<1536x4096xf16>, %b: tensor<4096x1536xf16>) -> tensor<1536x1536xf16> {
  %c = mini.matmul %a, %b : tensor<1536x4096xf16>, tensor<4096x1536xf16> -> tensor<1536x1536xf16>
  return %c : tensor<1536x1536xf16>
}
func.func @f16_640_2048_4096(%a: tensor<640x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<640x2048xf16> {
  %c = mini.matmul %a, %b : tensor<640x4096xf16>, tensor<4096x2048xf16> -> tensor<640x2048xf16>
  return %c : tensor<640x2048xf16>
}
func.func @f16_1000_2048_14336(%a: tensor<1000x14336xf16>, %b: tensor<14336x2048xf16>) -> tensor<1000x2048xf16> {
  %c = mini.matmul %a, %b : tensor<1000x14336xf16>, tensor<14336x2048xf16> -> tensor<1000x2048xf16>
  return %c : tensor<1000x2048xf16>
}
func.func @f16_700_4000_4104(%a: tensor<700x4104xf16>, %b: tensor<4104x4000xf16>) -> tensor<700x4000xf16> {
  %c = mini.matmul %a, %b : tensor<700x4104xf16>, tensor<4104x4000xf16> -> tensor<700x4000xf16>
  return %c : tensor<700x4000xf16>
}
func.func @bf16_1300_3000_5000(%a: tensor<1300x5000xbf16>, %b: tensor<5000x3000xbf16>) -> tensor<1300x3000xbf16> {
  %c = mini.matmul %a, %b : tensor<1300x5000xbf16>, tensor<5000x3000xbf16> -> tensor<1300x3000xbf16>
  return %c : tensor<1300x3000xbf16>
}
func.func @f16_777_1000_3001(%a: tensor<777x3001xf16>, %b: tensor<3001x1000xf16>) -> tensor<777x1000xf16> {
  %c = mini.matmul %a, %b : tensor<777x3001xf16>, tensor<3001x1000xf16> -> tensor<777x1000xf16>
  return %c : tensor<777x1000xf16>
}
