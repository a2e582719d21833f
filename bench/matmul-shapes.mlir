// Static shapes besides the square benchmarks; mini-select-matmul-config
// picks the tile from the sizes (docs/PERF.md, "Tile by size"). Built as the
// `static` bundle, which scripts/gpu-check.sh runs whole (every kernel
// checked at its sizes):
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
// A few rows (M <= 8): the gemv kernel, chosen from the static M.
func.func @f16_1x4096x4096(%a: tensor<1x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<1x4096xf16> {
  %c = mini.matmul %a, %b : tensor<1x4096xf16>, tensor<4096x4096xf16> -> tensor<1x4096xf16>
  return %c : tensor<1x4096xf16>
}
func.func @bf16_8x11008x4096(%a: tensor<8x4096xbf16>, %b: tensor<4096x11008xbf16>) -> tensor<8x11008xbf16> {
  %c = mini.matmul %a, %b : tensor<8x4096xbf16>, tensor<4096x11008xbf16> -> tensor<8x11008xbf16>
  return %c : tensor<8x11008xbf16>
}
// 9 to 16 rows: 16x64 tiles where N is past 8192, else the few-rows
// tiling's narrow 32x64 tiles with split K (an odd N; a long K).
func.func @f16_13x1000x4096(%a: tensor<13x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<13x1000xf16> {
  %c = mini.matmul %a, %b : tensor<13x4096xf16>, tensor<4096x1000xf16> -> tensor<13x1000xf16>
  return %c : tensor<13x1000xf16>
}
func.func @bf16_16x4096x14336(%a: tensor<16x14336xbf16>, %b: tensor<14336x4096xbf16>) -> tensor<16x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<16x14336xbf16>, tensor<14336x4096xbf16> -> tensor<16x4096xbf16>
  return %c : tensor<16x4096xbf16>
}
func.func @f16_3x5x100003(%a: tensor<3x100003xf16>, %b: tensor<100003x5xf16>) -> tensor<3x5xf32> {
  %c = mini.matmul %a, %b : tensor<3x100003xf16>, tensor<100003x5xf16> -> tensor<3x5xf32>
  return %c : tensor<3x5xf32>
}
func.func @f32_5x4097x1000(%a: tensor<2x5x1000xf32>, %b: tensor<2x1000x4097xf32>) -> tensor<2x5x4097xf32> {
  %c = mini.matmul %a, %b : tensor<2x5x1000xf32>, tensor<2x1000x4097xf32> -> tensor<2x5x4097xf32>
  return %c : tensor<2x5x4097xf32>
}
// Tall K over few tiles: the tail kernel's aligned split (docs/PERF.md v36).
func.func @f16_1024x1024x32768(%a: tensor<1024x32768xf16>, %b: tensor<32768x1024xf16>) -> tensor<1024x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1024x32768xf16>, tensor<32768x1024xf16> -> tensor<1024x1024xf16>
  return %c : tensor<1024x1024xf16>
}
func.func @bf16_256x256x65536(%a: tensor<256x65536xbf16>, %b: tensor<65536x256xbf16>) -> tensor<256x256xbf16> {
  %c = mini.matmul %a, %b : tensor<256x65536xbf16>, tensor<65536x256xbf16> -> tensor<256x256xbf16>
  return %c : tensor<256x256xbf16>
}
// One wave of 128x64 tiles whose last row of tiles sticks out past M: its
// A box moves up to rows M - 128 .. and it stores only its own rows
// (boxed rows, docs/PERF.md v48): 2 rows of tiles, the last of 72 rows;
// 3 rows, the last of 44.
func.func @bf16_200x4096x11008(%a: tensor<200x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<200x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<200x11008xbf16>, tensor<11008x4096xbf16> -> tensor<200x4096xbf16>
  return %c : tensor<200x4096xbf16>
}
// 48-64 rows on 64x64 few-rows tiles (N = 4096-8448; docs/PERF.md v51),
// a partial row of tiles.
func.func @f16_50x8192x4096(%a: tensor<50x4096xf16>, %b: tensor<4096x8192xf16>) -> tensor<50x8192xf16> {
  %c = mini.matmul %a, %b : tensor<50x4096xf16>, tensor<4096x8192xf16> -> tensor<50x8192xf16>
  return %c : tensor<50x8192xf16>
}
// 8 rows of one-wave tiles (16 whole columns), the last of 104 rows, and
// no tail at K = 2048 (docs/PERF.md v50).
func.func @f16_1000x1024x2048(%a: tensor<1000x2048xf16>, %b: tensor<2048x1024xf16>) -> tensor<1000x1024xf16> {
  %c = mini.matmul %a, %b : tensor<1000x2048xf16>, tensor<2048x1024xf16> -> tensor<1000x1024xf16>
  return %c : tensor<1000x1024xf16>
}
func.func @f16_300x1000x4096(%a: tensor<300x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<300x1000xf16> {
  %c = mini.matmul %a, %b : tensor<300x4096xf16>, tensor<4096x1000xf16> -> tensor<300x1000xf16>
  return %c : tensor<300x1000xf16>
}
// ... and with K and N odd: the runtime's 16-byte copies of A and B, the
// tail's sum storing C's odd rows element by element (docs/PERF.md "Tall K
// with odd rows").
func.func @bf16_255x257x32771(%a: tensor<255x32771xbf16>, %b: tensor<32771x257xbf16>) -> tensor<255x257xbf16> {
  %c = mini.matmul %a, %b : tensor<255x32771xbf16>, tensor<32771x257xbf16> -> tensor<255x257xbf16>
  return %c : tensor<255x257xbf16>
}
// TF32: rows not whole 16-byte chunks (copied by the runtime for TMA: the
// large tile with its tail, not the cp.async tilings), aligned rows in a
// batch, a few rows (the exact gemv kernel).
func.func @tf32_1000x1031x777(%a: tensor<1000x777xf32>, %b: tensor<777x1031xf32>) -> tensor<1000x1031xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<1000x777xf32>, tensor<777x1031xf32> -> tensor<1000x1031xf32>
  return %c : tensor<1000x1031xf32>
}
func.func @tf32_3x520x1032x776(%a: tensor<3x520x776xf32>, %b: tensor<3x776x1032xf32>) -> tensor<3x520x1032xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<3x520x776xf32>, tensor<3x776x1032xf32> -> tensor<3x520x1032xf32>
  return %c : tensor<3x520x1032xf32>
}
func.func @tf32_7x4096x4096(%a: tensor<7x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<7x4096xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<7x4096xf32>, tensor<4096x4096xf32> -> tensor<7x4096xf32>
  return %c : tensor<7x4096xf32>
}
