// Tests lib/Transforms/SelectMatmulConfig.cpp: copy=tma needs Hopper.
// RUN: mini-opt %s -mini-select-matmul-config="chip=sm_80 copy=tma" -verify-diagnostics

func.func @no_tma_before_sm90(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{matmul_config copy = "tma" needs sm_90 (Hopper TMA), chip is sm_80}}
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
