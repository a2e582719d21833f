// Session 42 (docs/PERF.md v51)
// sw3.mlir
func.func @f16_64_4096_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<64x4096xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x4096xf16> -> tensor<64x4096xf16>
  return %c : tensor<64x4096xf16>
}
func.func @f16_64_8192_8192(%a: tensor<64x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<64x8192xf16> {
  %c = mini.matmul %a, %b : tensor<64x8192xf16>, tensor<8192x8192xf16> -> tensor<64x8192xf16>
  return %c : tensor<64x8192xf16>
}
func.func @bf16_64_4096_11008(%a: tensor<64x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<64x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<64x11008xbf16>, tensor<11008x4096xbf16> -> tensor<64x4096xbf16>
  return %c : tensor<64x4096xbf16>
}
func.func @bf16_64_11008_4096(%a: tensor<64x4096xbf16>, %b: tensor<4096x11008xbf16>) -> tensor<64x11008xbf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xbf16>, tensor<4096x11008xbf16> -> tensor<64x11008xbf16>
  return %c : tensor<64x11008xbf16>
}
func.func @f16_48_4096_4096(%a: tensor<48x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<48x4096xf16> {
  %c = mini.matmul %a, %b : tensor<48x4096xf16>, tensor<4096x4096xf16> -> tensor<48x4096xf16>
  return %c : tensor<48x4096xf16>
}
func.func @f16_64_14336_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x14336xf16>) -> tensor<64x14336xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x14336xf16> -> tensor<64x14336xf16>
  return %c : tensor<64x14336xf16>
}
func.func @f16_96_4096_4096(%a: tensor<96x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<96x4096xf16> {
  %c = mini.matmul %a, %b : tensor<96x4096xf16>, tensor<4096x4096xf16> -> tensor<96x4096xf16>
  return %c : tensor<96x4096xf16>
}
func.func @f16_64_1024_4096(%a: tensor<64x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<64x1024xf16> {
  %c = mini.matmul %a, %b : tensor<64x4096xf16>, tensor<4096x1024xf16> -> tensor<64x1024xf16>
  return %c : tensor<64x1024xf16>
}
// dlk.mlir (M at launch)
func.func @lk(%a: tensor<?x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<?x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<?x11008xbf16>, tensor<11008x4096xbf16> -> tensor<?x4096xbf16>
  return %c : tensor<?x4096xbf16>
}
func.func @w4096(%a: tensor<?x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<?x4096xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  return %c : tensor<?x4096xf16>
}
