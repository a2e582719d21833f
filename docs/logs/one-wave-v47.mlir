// Session 35 (docs/PERF.md v47): the static shapes of the three device calls.
// mid.mlir (call 1, functions s*):
func.func @s64_4096_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<64x4096xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x4096xf16> -> tensor<64x4096xf16>
  return %c : tensor<64x4096xf16>
}
func.func @s128_4096_4096(%a: tensor<128x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @s192_4096_4096(%a: tensor<192x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<192x4096xf16> {
  %c = mini.matmul %a, %b : tensor<192x4096xf16>, tensor<4096x4096xf16> -> tensor<192x4096xf16>
  return %c : tensor<192x4096xf16>
}
func.func @s256_4096_4096(%a: tensor<256x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @s384_4096_4096(%a: tensor<384x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @s512_4096_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<512x4096xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x4096xf16> -> tensor<512x4096xf16>
  return %c : tensor<512x4096xf16>
}
func.func @s128_14336_4096(%a: tensor<128x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<128x14336xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x14336xf16> -> tensor<128x14336xf16>
  return %c : tensor<128x14336xf16>
}
func.func @s256_14336_4096(%a: tensor<256x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<256x14336xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x14336xf16> -> tensor<256x14336xf16>
  return %c : tensor<256x14336xf16>
}
func.func @s128_4096_14336(%a: tensor<128x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x14336xf16>, tensor<14336x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @s256_4096_14336(%a: tensor<256x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x14336xf16>, tensor<14336x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
// ab.mlir (calls 2 and 3):
func.func @f16_64_4096_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<64x4096xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x4096xf16> -> tensor<64x4096xf16>
  return %c : tensor<64x4096xf16>
}
func.func @f16_65_4096_4096(%a: tensor<65x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<65x4096xf16> {
  %c = mini.matmul %a, %b : tensor<65x4096xf16>, tensor<4096x4096xf16> -> tensor<65x4096xf16>
  return %c : tensor<65x4096xf16>
}
func.func @f16_96_4096_4096(%a: tensor<96x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<96x4096xf16> {
  %c = mini.matmul %a, %b : tensor<96x4096xf16>, tensor<4096x4096xf16> -> tensor<96x4096xf16>
  return %c : tensor<96x4096xf16>
}
func.func @f16_128_4096_4096(%a: tensor<128x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @f16_192_4096_4096(%a: tensor<192x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<192x4096xf16> {
  %c = mini.matmul %a, %b : tensor<192x4096xf16>, tensor<4096x4096xf16> -> tensor<192x4096xf16>
  return %c : tensor<192x4096xf16>
}
func.func @f16_256_4096_4096(%a: tensor<256x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @f16_384_4096_4096(%a: tensor<384x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @f16_512_4096_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<512x4096xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x4096xf16> -> tensor<512x4096xf16>
  return %c : tensor<512x4096xf16>
}
func.func @f16_768_4096_4096(%a: tensor<768x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<768x4096xf16> {
  %c = mini.matmul %a, %b : tensor<768x4096xf16>, tensor<4096x4096xf16> -> tensor<768x4096xf16>
  return %c : tensor<768x4096xf16>
}
func.func @f16_128_14336_4096(%a: tensor<128x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<128x14336xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x14336xf16> -> tensor<128x14336xf16>
  return %c : tensor<128x14336xf16>
}
func.func @f16_256_14336_4096(%a: tensor<256x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<256x14336xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x14336xf16> -> tensor<256x14336xf16>
  return %c : tensor<256x14336xf16>
}
func.func @f16_128_4096_14336(%a: tensor<128x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x14336xf16>, tensor<14336x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @f16_256_4096_14336(%a: tensor<256x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x14336xf16>, tensor<14336x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @f16_384_4096_14336(%a: tensor<384x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x14336xf16>, tensor<14336x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @bf16_100_4096_11008(%a: tensor<100x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<100x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<100x11008xbf16>, tensor<11008x4096xbf16> -> tensor<100x4096xbf16>
  return %c : tensor<100x4096xbf16>
}
func.func @bf16_128_4096_11008(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
  return %c : tensor<128x4096xbf16>
}
func.func @f16_128_1024_4096(%a: tensor<128x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<128x1024xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x1024xf16> -> tensor<128x1024xf16>
  return %c : tensor<128x1024xf16>
}
func.func @f16_256_1024_4096(%a: tensor<256x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<256x1024xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x1024xf16> -> tensor<256x1024xf16>
  return %c : tensor<256x1024xf16>
}
func.func @f16_300_520_8204(%a: tensor<300x8204xf16>, %b: tensor<8204x520xf16>) -> tensor<300x520xf16> {
  %c = mini.matmul %a, %b : tensor<300x8204xf16>, tensor<8204x520xf16> -> tensor<300x520xf16>
  return %c : tensor<300x520xf16>
}
func.func @bf16_200_300_20011(%a: tensor<200x20011xbf16>, %b: tensor<20011x300xbf16>) -> tensor<200x300xbf16> {
  %c = mini.matmul %a, %b : tensor<200x20011xbf16>, tensor<20011x300xbf16> -> tensor<200x300xbf16>
  return %c : tensor<200x300xbf16>
}
func.func @f16_1000_1032_8192(%a: tensor<1000x8192xf16>, %b: tensor<8192x1032xf16>) -> tensor<1000x1032xf16> {
  %c = mini.matmul %a, %b : tensor<1000x8192xf16>, tensor<8192x1032xf16> -> tensor<1000x1032xf16>
  return %c : tensor<1000x1032xf16>
}
func.func @f16_1000_1032_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x1032xf16>) -> tensor<1000x1032xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x1032xf16> -> tensor<1000x1032xf16>
  return %c : tensor<1000x1032xf16>
}
func.func @f16_256_256_65536(%a: tensor<256x65536xf16>, %b: tensor<65536x256xf16>) -> tensor<256x256xf16> {
  %c = mini.matmul %a, %b : tensor<256x65536xf16>, tensor<65536x256xf16> -> tensor<256x256xf16>
  return %c : tensor<256x256xf16>
}
func.func @f16_4096_4096_4096(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
// ab2.mlir (call 3):
func.func @f16_1000_1000_4096(%a: tensor<1000x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<1000x1000xf16> {
  %c = mini.matmul %a, %b : tensor<1000x4096xf16>, tensor<4096x1000xf16> -> tensor<1000x1000xf16>
  return %c : tensor<1000x1000xf16>
}
func.func @f16_1024_1024_8192(%a: tensor<1024x8192xf16>, %b: tensor<8192x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x8192xf16>, tensor<8192x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @f16_512_2048_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<512x2048xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x2048xf16> -> tensor<512x2048xf16>
  return %c : tensor<512x2048xf16>
}
func.func @bf16_640_1536_4096(%a: tensor<640x4096xbf16>, %b: tensor<4096x1536xbf16>) -> tensor<640x1536xbf16> {
  %c = mini.matmul %a, %b : tensor<640x4096xbf16>, tensor<4096x1536xbf16> -> tensor<640x1536xbf16>
  return %c : tensor<640x1536xbf16>
}
func.func @f16_300_1000_4096(%a: tensor<300x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<300x1000xf16> {
  %c = mini.matmul %a, %b : tensor<300x4096xf16>, tensor<4096x1000xf16> -> tensor<300x1000xf16>
  return %c : tensor<300x1000xf16>
}
func.func @f16_512_1000_4096(%a: tensor<512x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<512x1000xf16> {
  %c = mini.matmul %a, %b : tensor<512x4096xf16>, tensor<4096x1000xf16> -> tensor<512x1000xf16>
  return %c : tensor<512x1000xf16>
}
// fill.mlir (call 5; its functions without the fill_ prefix):
func.func @fill_bf16_65_4096_11008(%a: tensor<65x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<65x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<65x11008xbf16>, tensor<11008x4096xbf16> -> tensor<65x4096xbf16>
  return %c : tensor<65x4096xbf16>
}
func.func @fill_bf16_80_4096_11008(%a: tensor<80x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<80x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<80x11008xbf16>, tensor<11008x4096xbf16> -> tensor<80x4096xbf16>
  return %c : tensor<80x4096xbf16>
}
func.func @fill_bf16_96_4096_11008(%a: tensor<96x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<96x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<96x11008xbf16>, tensor<11008x4096xbf16> -> tensor<96x4096xbf16>
  return %c : tensor<96x4096xbf16>
}
func.func @fill_bf16_160_4096_11008(%a: tensor<160x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<160x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<160x11008xbf16>, tensor<11008x4096xbf16> -> tensor<160x4096xbf16>
  return %c : tensor<160x4096xbf16>
}
func.func @fill_bf16_200_4096_11008(%a: tensor<200x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<200x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<200x11008xbf16>, tensor<11008x4096xbf16> -> tensor<200x4096xbf16>
  return %c : tensor<200x4096xbf16>
}
func.func @fill_bf16_256_4096_11008(%a: tensor<256x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<256x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<256x11008xbf16>, tensor<11008x4096xbf16> -> tensor<256x4096xbf16>
  return %c : tensor<256x4096xbf16>
}
func.func @fill_f16_65_4096_4096(%a: tensor<65x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<65x4096xf16> {
  %c = mini.matmul %a, %b : tensor<65x4096xf16>, tensor<4096x4096xf16> -> tensor<65x4096xf16>
  return %c : tensor<65x4096xf16>
}
func.func @fill_f16_80_4096_4096(%a: tensor<80x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<80x4096xf16> {
  %c = mini.matmul %a, %b : tensor<80x4096xf16>, tensor<4096x4096xf16> -> tensor<80x4096xf16>
  return %c : tensor<80x4096xf16>
}
func.func @fill_f16_160_4096_4096(%a: tensor<160x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<160x4096xf16> {
  %c = mini.matmul %a, %b : tensor<160x4096xf16>, tensor<4096x4096xf16> -> tensor<160x4096xf16>
  return %c : tensor<160x4096xf16>
}
func.func @fill_f16_200_4096_4096(%a: tensor<200x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<200x4096xf16> {
  %c = mini.matmul %a, %b : tensor<200x4096xf16>, tensor<4096x4096xf16> -> tensor<200x4096xf16>
  return %c : tensor<200x4096xf16>
}
func.func @fill_f16_65_4096_14336(%a: tensor<65x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<65x4096xf16> {
  %c = mini.matmul %a, %b : tensor<65x14336xf16>, tensor<14336x4096xf16> -> tensor<65x4096xf16>
  return %c : tensor<65x4096xf16>
}
func.func @fill_f16_200_4096_14336(%a: tensor<200x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<200x4096xf16> {
  %c = mini.matmul %a, %b : tensor<200x14336xf16>, tensor<14336x4096xf16> -> tensor<200x4096xf16>
  return %c : tensor<200x4096xf16>
}
