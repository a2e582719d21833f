// Tests lib/Transforms/SelectMatmulConfig.cpp: options that put an f32
// matmul on the tensor cores need the matmul to allow tf32 rounding.
// RUN: mini-opt %s -mini-select-matmul-config="math=mma_sync" -verify-diagnostics
// A unit tf32 cannot take, asked for by option, is an error naming it (not
// a silent mma.sync kernel):
// RUN: not mini-opt %s -mini-select-matmul-config="math=wgmma" 2>&1 | FileCheck %s --check-prefix=WGMMA
// RUN: not mini-opt %s -mini-select-matmul-config="math=wmma" 2>&1 | FileCheck %s --check-prefix=WMMA

// (The pass stops at its first error: @tf32 comes first.)
func.func @tf32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // WGMMA: :[[# @LINE + 2]]:8: error: 'mini.matmul' op matmul_config with f32 operands (tf32) needs math = "mma_sync" and copy = "cp_async" or "tma", got math = "wgmma"
  // WMMA: :[[# @LINE + 1]]:8: error: 'mini.matmul' op matmul_config with f32 operands (tf32) needs math = "mma_sync" and copy = "cp_async" or "tma", got math = "wmma"
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

func.func @exact_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{matmul_config math = "mma_sync" on f32 operands rounds them to tf32: the matmul needs precision = "tf32"}}
  %c = mini.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
