// Session 36 (docs/PERF.md v48): static shapes (oob.mlir)
func.func @b160(%a: tensor<160x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<160x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<160x11008xbf16>, tensor<11008x4096xbf16> -> tensor<160x4096xbf16>
  return %c : tensor<160x4096xbf16>
}
func.func @b256(%a: tensor<256x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<256x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<256x11008xbf16>, tensor<11008x4096xbf16> -> tensor<256x4096xbf16>
  return %c : tensor<256x4096xbf16>
}
func.func @b200(%a: tensor<200x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<200x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<200x11008xbf16>, tensor<11008x4096xbf16> -> tensor<200x4096xbf16>
  return %c : tensor<200x4096xbf16>
}
func.func @h96(%a: tensor<96x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<96x4096xf16> {
  %c = mini.matmul %a, %b : tensor<96x4096xf16>, tensor<4096x4096xf16> -> tensor<96x4096xf16>
  return %c : tensor<96x4096xf16>
}
func.func @h128(%a: tensor<128x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<128x4096xf16> {
  %c = mini.matmul %a, %b : tensor<128x4096xf16>, tensor<4096x4096xf16> -> tensor<128x4096xf16>
  return %c : tensor<128x4096xf16>
}
func.func @h160(%a: tensor<160x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<160x4096xf16> {
  %c = mini.matmul %a, %b : tensor<160x4096xf16>, tensor<4096x4096xf16> -> tensor<160x4096xf16>
  return %c : tensor<160x4096xf16>
}
func.func @h192(%a: tensor<192x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<192x4096xf16> {
  %c = mini.matmul %a, %b : tensor<192x4096xf16>, tensor<4096x4096xf16> -> tensor<192x4096xf16>
  return %c : tensor<192x4096xf16>
}
func.func @h256(%a: tensor<256x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<256x4096xf16> {
  %c = mini.matmul %a, %b : tensor<256x4096xf16>, tensor<4096x4096xf16> -> tensor<256x4096xf16>
  return %c : tensor<256x4096xf16>
}
func.func @h384(%a: tensor<384x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<384x4096xf16> {
  %c = mini.matmul %a, %b : tensor<384x4096xf16>, tensor<4096x4096xf16> -> tensor<384x4096xf16>
  return %c : tensor<384x4096xf16>
}
func.func @h300(%a: tensor<300x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<300x4096xf16> {
  %c = mini.matmul %a, %b : tensor<300x4096xf16>, tensor<4096x4096xf16> -> tensor<300x4096xf16>
  return %c : tensor<300x4096xf16>
}
// M at launch (dyn.mlir)
func.func @w1000(%a: tensor<?x4096xf16>, %b: tensor<4096x1000xf16>) -> tensor<?x1000xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x1000xf16> -> tensor<?x1000xf16>
  return %c : tensor<?x1000xf16>
}
func.func @w4096(%a: tensor<?x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<?x4096xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  return %c : tensor<?x4096xf16>
}
func.func @wbf(%a: tensor<?x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<?x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<?x11008xbf16>, tensor<11008x4096xbf16> -> tensor<?x4096xbf16>
  return %c : tensor<?x4096xbf16>
}
func.func @w2048(%a: tensor<?x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<?x2048xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x2048xf16> -> tensor<?x2048xf16>
  return %c : tensor<?x2048xf16>
}
