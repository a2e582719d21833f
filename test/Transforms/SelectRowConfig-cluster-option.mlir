// Tests lib/Transforms/SelectRowConfig.cpp: the cluster-blocks option.
// RUN: mini-opt %s -mini-select-row-config="cluster-blocks=2" | FileCheck %s

// A cluster size given maps each block's part of the row anew: 2 blocks a
// row of 65536 f32 keep 32768 values each, 64 a thread of 16 warps; of
// 40009 f16, 20005 values, 6 vectors a thread of 16 warps.
// CHECK-LABEL: func.func @parts_mapped
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 16, cluster_blocks = 2>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 6, cluster_blocks = 2>}
func.func @parts_mapped(%a: tensor<1000x65536xf32>, %b: tensor<2000x40009xf16>) -> (tensor<1000x65536xf32>, tensor<2000x40009xf16>) {
  %0 = mini.softmax %a : tensor<1000x65536xf32> -> tensor<1000x65536xf32>
  %1 = mini.softmax %b : tensor<2000x40009xf16> -> tensor<2000x40009xf16>
  return %0, %1 : tensor<1000x65536xf32>, tensor<2000x40009xf16>
}
