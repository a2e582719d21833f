// Tests lib/Transforms/SelectRowConfig.cpp: a negative count other than -1
// (the default) is an error, not a silent default.
// RUN: mini-opt %s -mini-select-row-config="cache-slots=-9" -verify-diagnostics
// RUN: mini-opt %s -mini-select-row-config="rows-per-block=-2" -verify-diagnostics
// RUN: mini-opt %s -mini-select-row-config="rows-per-warp=-3" -verify-diagnostics
// RUN: mini-opt %s -mini-select-row-config="shared-slots=-4" -verify-diagnostics

func.func @negative_option(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error-re @+1 {{cannot take option {{cache-slots = -9|rows-per-block = -2|rows-per-warp = -3|shared-slots = -4}}: expected a count >= 0, or -1 for the default}}
  %y = mini.softmax %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
