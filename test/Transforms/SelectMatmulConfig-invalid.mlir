// Tests lib/Transforms/SelectMatmulConfig.cpp.
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="stages=4" -verify-diagnostics

func.func @too_much_shared_memory(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf32> {
  // expected-error @+1 {{matmul_config needs 58368 bytes of shared memory, more than the 49152 of a static allocation}}
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
