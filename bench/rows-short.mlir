// Row ops of a dynamic length, for the short rows (lengths 1 to 63) that the
// staged kernels take: each op and type once, timed at the sweep's shapes
// (docs/logs/rows-v9.sh) beside the static kernels of bench/rows-sweep.mlir.
//   mini-opt bench/rows-short.mlir --mini-pipeline="bundle=DIR toolkit=/usr/local/cuda" -o /dev/null
func.func @softmax_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @rmsnorm_f16(%x: tensor<?x?xf16>, %w: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @layernorm_f16(%x: tensor<?x?xf16>, %w: tensor<?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @softmax_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.softmax %x : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @rmsnorm_bf16(%x: tensor<?x?xbf16>, %w: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xbf16>, tensor<?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @softmax_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = mini.softmax %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @rmsnorm_f32(%x: tensor<?x?xf32>, %w: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<?x?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @layernorm_f32(%x: tensor<?x?xf32>, %w: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
