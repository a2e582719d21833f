// Tests lib/Transforms/SelectRowConfig.cpp.
// Blocks that share rows need thread block clusters: a config or a length
// variant written on the op, or the option, asking for them on a chip
// without clusters is an error.
// RUN: mini-opt %s -split-input-file -mini-select-row-config="chip=sm_86" -verify-diagnostics
// RUN: mini-opt %s -split-input-file -mini-select-row-config="chip=sm_80 cluster-blocks=2" -verify-diagnostics

func.func @given(%x: tensor<16x65536xf16>) -> tensor<16x65536xf16> {
  // expected-error-re @+1 {{row_config cluster_blocks = {{4|2}} needs thread block clusters (sm_90a); the chip is {{sm_86|sm_80}}}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 4>} : tensor<16x65536xf16> -> tensor<16x65536xf16>
  return %y : tensor<16x65536xf16>
}

// -----

func.func @given_variant(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error-re @+1 {{row_config cluster_blocks = {{8|2}} needs thread block clusters (sm_90a); the chip is {{sm_86|sm_80}}}}
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 4>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 8>, #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0>]} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
