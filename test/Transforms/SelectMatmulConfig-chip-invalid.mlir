// Tests lib/Transforms/SelectMatmulConfig.cpp: a chip name it cannot read is
// an error, not a silent SIMT fallback.
// RUN: mini-opt %s -mini-select-matmul-config="chip=sm_9" -verify-diagnostics
// RUN: mini-opt %s -mini-select-matmul-config="chip=hopper" -verify-diagnostics

func.func @unknown_chip(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error-re @+1 {{cannot choose a config for chip '{{sm_9|hopper}}': expected sm_ and 2 or 3 digits, optionally with an a or f suffix (sm_80, sm_90a, sm_100a)}}
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
