// Tests lib/Transforms/SelectRowConfig.cpp.
// RUN: mini-opt %s -split-input-file -mini-select-row-config | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-select-row-config="warps-per-row=2 cache-slots=0" | FileCheck %s --check-prefix=OVERRIDE

// Short rows: one warp per row, 4 rows per block (128 threads), one vector each.
// CHECK-LABEL: func.func @short_rows
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 1>}
// OVERRIDE-LABEL: func.func @short_rows
// OVERRIDE: #mini.row_config<vector_width = 8, warps_per_row = 2, rows_per_block = 4, cache_slots = 0>
func.func @short_rows(%x: tensor<8x7xf16>) -> tensor<8x7xf16> {
  %y = mini.softmax %x : tensor<8x7xf16> -> tensor<8x7xf16>
  return %y : tensor<8x7xf16>
}

// -----

// Enough warps that each thread keeps at most 32 values of the row (f32 rows
// of 4096: 4 warps x 8 vectors of 4), but rather 16 warps x 64 values than a
// 1024-thread block (f16 rows of 32768: 16 warps x 8 vectors of 8).
// CHECK-LABEL: func.func @long_rows
// CHECK: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 8>
// CHECK: #mini.row_config<vector_width = 4, warps_per_row = 4, rows_per_block = 1, cache_slots = 8>
func.func @long_rows(%x: tensor<4096x32768xf16>, %z: tensor<7x4096xf32>) -> (tensor<4096x32768xf16>, tensor<7x4096xf32>) {
  %y = mini.softmax %x : tensor<4096x32768xf16> -> tensor<4096x32768xf16>
  %w = mini.softmax %z : tensor<7x4096xf32> -> tensor<7x4096xf32>
  return %y, %w : tensor<4096x32768xf16>, tensor<7x4096xf32>
}

// -----

// Rows too long for registers are streamed (cache_slots = 0); unknown row
// lengths get 8 warps and the run-time choice between cached and streamed.
// CHECK-LABEL: func.func @streamed_and_dynamic
// CHECK: mini.rmsnorm {{.*}}config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>
// CHECK: mini.softmax {{.*}}config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 4>
func.func @streamed_and_dynamic(%x: tensor<2x100000xbf16>, %w: tensor<100000xbf16>, %d: tensor<?x?xf16>) -> (tensor<2x100000xbf16>, tensor<?x?xf16>) {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<2x100000xbf16>, tensor<100000xbf16> -> tensor<2x100000xbf16>
  %e = mini.softmax %d : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y, %e : tensor<2x100000xbf16>, tensor<?x?xf16>
}

// -----

// A config written by hand is kept; options replace it with the heuristic's
// choice plus the overridden fields.
// CHECK-LABEL: func.func @kept
// CHECK: #mini.row_config<vector_width = 2, warps_per_row = 1, rows_per_block = 8, cache_slots = 2>
// OVERRIDE-LABEL: func.func @kept
// OVERRIDE: #mini.row_config<vector_width = 4, warps_per_row = 2, rows_per_block = 4, cache_slots = 0>
func.func @kept(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 2, warps_per_row = 1, rows_per_block = 8, cache_slots = 2>} : tensor<8x64xf32> -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
