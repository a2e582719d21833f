// The default matmul kernels (f16 -> f16, bf16 -> bf16, all sizes known only at
// launch: the size variants), as bench/suite.mlir's mm_*_to_* kernels, for
// before/after comparisons of the defaults in one device call
// (docs/logs/matmul-grouped-v38.sh).
func.func @mm_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @mm_bf16(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %c : tensor<?x?x?xbf16>
}
