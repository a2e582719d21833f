// Tests lib/Transforms/SelectAttentionConfig.cpp: a negative count other than
// -1 (the default) is an error, not a silent default.
// RUN: mini-opt %s -mini-select-attention-config="warps=-2" -verify-diagnostics
// RUN: mini-opt %s -mini-select-attention-config="tile-keys=-16" -verify-diagnostics
// RUN: mini-opt %s -mini-select-attention-config="split-keys=-3" -verify-diagnostics

func.func @negative_option(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error-re @+1 {{cannot take option {{warps = -2|tile-keys = -16|split-keys = -3}}: expected a count >= 0, or -1 for the default}}
  %o = mini.attention %q, %q, %q : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}
