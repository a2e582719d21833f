// Tests lib/Transforms/SelectMatmulConfig.cpp: a negative count other than
// -1 (the default) is an error, not a silent default.
// RUN: mini-opt %s -mini-select-matmul-config="tile-m=-3" -verify-diagnostics
// RUN: mini-opt %s -mini-select-matmul-config="tail-splits=-2" -verify-diagnostics
// RUN: mini-opt %s -mini-pipeline="matmul-stages=-5" -verify-diagnostics

func.func @negative_option(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error-re @+1 {{cannot take option {{tile-m = -3|tail-splits = -2|stages = -5}}: expected a count >= 0, or -1 for the default}}
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
