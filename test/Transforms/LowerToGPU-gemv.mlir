// Tests the gemv kernel (math = "gemv", lib/Transforms/Kernels/MatmulGemvKernel.cpp)
// through lib/Transforms/LowerToGPU.cpp, and the launch of the gemv size variant.
// RUN: mini-opt %s -split-input-file -mini-lower-to-gpu -canonicalize -cse | FileCheck %s

// A block per tile_n columns of C and tile_m rows, all of K; 32 x warps
// threads; the warps' sums meet in workgroup memory (warps x tile_m x
// tile_n f32). The kernel takes any M (a block row per tile_m rows); K and N
// are known at launch only, so every path below is in the kernel.
// CHECK-LABEL: func.func @decode
// CHECK: %[[GX:.*]] = arith.ceildivui %{{.*}}, %c16 : index
// CHECK: %[[GY:.*]] = arith.ceildivui %{{.*}}, %c2 : index
// CHECK: gpu.launch_func @mini_kernels::@decode_matmul blocks in (%[[GX]], %[[GY]], %c1) threads in (%c32, %c1, %c1)
// CHECK-SAME: attrs = {math = "gemv", tile = [2, 16, 2]}
// CHECK: gpu.func @decode_matmul(%[[A:[a-z0-9_]+]]: memref<?xf16>, %[[B:[a-z0-9_]+]]: memref<?xf16>, %{{[a-z0-9_]+}}: memref<?xf16>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[N:[a-z0-9_]+]]: index, %{{[a-z0-9_]+}}: index) workgroup(%[[P:[a-z0-9_]+]] : memref<32xf32, #gpu.address_space<workgroup>>)
// The K loop, specialized for the rows at hand: 2 (case 1), 1 (default).
// CHECK: scf.index_switch
// CHECK-NEXT: case 1 {
// N of at most 8 columns (one vector): one lane per B row, 32 rows of
// threads over K, 2 steps in flight each: 64 steps a chunk. B's rows whole
// vectors (N a multiple of 8) and K a multiple of 2: a thread's 2 steps
// are consecutive, A's elements one vector per row; f32 FMAs (2 steps x 2
// rows x 8 columns).
// CHECK: %[[NARROW:.*]] = arith.cmpi ule, %[[N]], %c8 : index
// CHECK-NEXT: scf.if %[[NARROW]] {
// CHECK: scf.if
// CHECK-NEXT: scf.if
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c64 iter_args(
// CHECK-COUNT-2: vector.load %[[A]][%{{.*}}] {alignment = 4 : i64} : memref<?xf16>, vector<2xf16>
// CHECK-COUNT-2: vector.load %[[B]][%{{.*}}] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK-COUNT-32: math.fma
// CHECK: scf.yield
// Steps past K: the last chunk's loads masked, A's elements one at a time.
// CHECK: scf.if
// CHECK: vector.load %[[B]]
// CHECK: memref.load %[[A]]
// K not a multiple of 2: steps 32 apart, A's elements one at a time.
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c64 iter_args(
// CHECK-NOT: vector.load %[[A]]
// CHECK: scf.yield
// Rows of a warp meet by shuffles over every lane bit; then the warp's first
// row of lanes writes its sums, and after a barrier each thread adds the
// warps' sums of its outputs.
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32
// CHECK: memref.store %{{.*}}, %[[P]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[P]]
// Wider N: tile_n / 8 = 2 lanes per row, 16 rows of threads: 32 steps a
// chunk, and the shuffles stop at the lane bits (2, not 1).
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c32 iter_args(
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK-NOT: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32
// CHECK: gpu.barrier
// CHECK: default {
func.func @decode(%x: tensor<?x?xf16>, %w: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %x, %w {config = #mini.matmul_config<tile_m = 2, tile_n = 16, tile_k = 2, warps_m = 1, warps_n = 1, stages = 0, math = "gemv">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}

// -----

// As a size variant: the host launches it where M <= its variant_max_m
// (its record says max_m), else the variant of least cost (here the SIMT
// config).
// CHECK-LABEL: func.func @variant
// CHECK: %[[M:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %[[M]], %c8 : index
// CHECK: %[[WHICH:.*]] = arith.select %[[FITS]], %c1, %c0 : index
// CHECK: scf.index_switch %[[WHICH]]
// CHECK-NEXT: case 1 {
// CHECK-NEXT: gpu.launch_func @mini_kernels::@variant_matmul_gemv
// CHECK-SAME: attrs = {math = "gemv", max_m = 8 : i64, tile = [8, 16, 8]}
// CHECK: default {
// CHECK-NEXT: gpu.launch_func @mini_kernels::@variant_matmul blocks
// CHECK: gpu.func @variant_matmul_gemv
func.func @variant(%x: tensor<?x100xf32>, %w: tensor<100x300xf32>) -> tensor<?x300xf32> {
  %c = mini.matmul %x, %w {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt">, size_variants = [#mini.matmul_config<tile_m = 8, tile_n = 16, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">], sm_count = 132 : i64, tile_rates = array<i64: 100, 100>, variant_max_m = array<i64: 8>} : tensor<?x100xf32>, tensor<100x300xf32> -> tensor<?x300xf32>
  return %c : tensor<?x300xf32>
}

// -----

// Two variants by M: the first that holds M wins (the gemv kernel up to 8
// rows, 16x64 tiles up to 16), then the cost model for the others (here
// the config alone).
// CHECK-LABEL: func.func @two_by_m
// CHECK: %[[M:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[UP16:.*]] = arith.cmpi ule, %[[M]], %c16 : index
// CHECK: %[[W16:.*]] = arith.select %[[UP16]], %c2, %c0 : index
// CHECK: %[[UP8:.*]] = arith.cmpi ule, %[[M]], %c8 : index
// CHECK: %[[WHICH:.*]] = arith.select %[[UP8]], %c1, %[[W16]] : index
// CHECK: scf.index_switch %[[WHICH]]
// CHECK: gpu.launch_func @mini_kernels::@two_by_m_matmul_gemv
// CHECK: gpu.launch_func @mini_kernels::@two_by_m_matmul_16x64
// CHECK-SAME: max_m = 16 : i64
func.func @two_by_m(%x: tensor<?x256xf16>, %w: tensor<256x512xf16>) -> tensor<?x512xf16> {
  %c = mini.matmul %x, %w {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, size_variants = [#mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">, #mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">], sm_count = 132 : i64, tile_rates = array<i64: 100, 100, 100>, variant_max_m = array<i64: 8, 16>} : tensor<?x256xf16>, tensor<256x512xf16> -> tensor<?x512xf16>
  return %c : tensor<?x512xf16>
}

// -----

// A variant by M and N (variant_max_n, its record's max_n): the host takes
// it where both hold, here the 16x64 tiles up to 16 rows of at most 4096
// columns, else the gemv kernel up to 8 rows.
// CHECK-LABEL: func.func @by_m_and_n
// CHECK-DAG: %[[M:.*]] = tensor.dim %{{.*}}, %c0
// CHECK-DAG: %[[N:.*]] = tensor.dim %{{.*}}, %c1
// CHECK: %[[UP8:.*]] = arith.cmpi ule, %[[M]], %c8 : index
// CHECK: %[[W8:.*]] = arith.select %[[UP8]], %c2, %c0 : index
// CHECK: %[[UP16:.*]] = arith.cmpi ule, %[[M]], %c16 : index
// CHECK: %[[NUP:.*]] = arith.cmpi ule, %[[N]], %c4096 : index
// CHECK: %[[BOTH:.*]] = arith.andi %[[UP16]], %[[NUP]] : i1
// CHECK: %[[WHICH:.*]] = arith.select %[[BOTH]], %c1, %[[W8]] : index
// CHECK: scf.index_switch %[[WHICH]]
// CHECK: gpu.launch_func @mini_kernels::@by_m_and_n_matmul_16x64
// CHECK-SAME: max_m = 16 : i64, max_n = 4096 : i64
// CHECK: gpu.launch_func @mini_kernels::@by_m_and_n_matmul_gemv
// CHECK-SAME: max_m = 8 : i64
// CHECK-NOT: max_n
// CHECK: default {
func.func @by_m_and_n(%x: tensor<?x256xf16>, %w: tensor<256x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %x, %w {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, size_variants = [#mini.matmul_config<tile_m = 16, tile_n = 64, tile_k = 64, warps_m = 1, warps_n = 2, stages = 6, math = "mma_sync", copy = "tma">, #mini.matmul_config<tile_m = 8, tile_n = 32, tile_k = 8, warps_m = 8, warps_n = 1, stages = 0, math = "gemv">], sm_count = 132 : i64, tile_rates = array<i64: 100, 100, 100>, variant_max_m = array<i64: 16, 8>, variant_max_n = array<i64: 4096, 0>} : tensor<?x256xf16>, tensor<256x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
