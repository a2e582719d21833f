// Tests lib/Transforms/SelectMatmulConfig.cpp: options that put an f32
// matmul on the tensor cores need the matmul to allow tf32 rounding.
// RUN: mini-opt %s -mini-select-matmul-config="math=mma_sync" -verify-diagnostics

func.func @exact_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{matmul_config math = "mma_sync" on f32 operands rounds them to tf32: the matmul needs precision = "tf32"}}
  %c = mini.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
