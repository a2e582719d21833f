// Tests lib/Transforms/LowerToGPU.cpp.
// RUN: mini-opt %s -split-input-file -mini-lower-to-gpu -canonicalize -cse | FileCheck %s

// The host side: operands flattened to memref<?xT>, the result allocated, one
// launch with the grid computed from the sizes, and the manifest record.
// CHECK-LABEL: func.func @matmul_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf16>, %[[B:.*]]: tensor<?x?xf16>)
// CHECK-DAG: %[[M:.*]] = tensor.dim %[[A]], %c0
// CHECK-DAG: %[[K:.*]] = tensor.dim %[[A]], %c1
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[B]], %c1
// CHECK: %[[ABUF:.*]] = bufferization.to_buffer %[[A]] read_only : tensor<?x?xf16> to memref<?x?xf16>
// CHECK: %[[AFLAT:.*]] = memref.collapse_shape %[[ABUF]] {{\[\[}}0, 1]] : memref<?x?xf16> into memref<?xf16>
// CHECK: %[[C:.*]] = memref.alloc(%[[M]], %[[N]]) : memref<?x?xf32>
// CHECK-DAG: %[[GX:.*]] = arith.ceildivui %[[N]], %c64
// CHECK-DAG: %[[GY:.*]] = arith.ceildivui %[[M]], %c64
// CHECK: gpu.launch_func @mini_kernels::@matmul_dynamic_matmul blocks in (%[[GX]], %[[GY]], %c1) threads in (%c256, %c1, %c1)
// CHECK-SAME: args(%[[AFLAT]] : memref<?xf16>, %{{.*}} : memref<?xf16>, %{{.*}} : memref<?xf32>, %c1 : index, %[[M]] : index, %[[N]] : index, %[[K]] : index)
// CHECK-SAME: mini.kernel = {{{.*}}op = "matmul", sizes = ["batch", "M", "N", "K"], static_sizes = {K = -1 : i64, M = -1 : i64, N = -1 : i64, batch = 1 : i64}
// CHECK: bufferization.to_tensor %[[C]] restrict writable : memref<?x?xf32> to tensor<?x?xf32>
//
// The kernel: A and B tiles staged in workgroup memory (64x16 A at stride 65,
// 16x64 B), a K loop carrying 16 f32 accumulators, f32 FMAs, and a bounds
// check on each stored element.
// CHECK: gpu.module @mini_kernels
// CHECK: gpu.func @matmul_dynamic_matmul(%{{.*}}: memref<?xf16>, %{{.*}}: memref<?xf16>, %[[CK:.*]]: memref<?xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index)
// CHECK-SAME: workgroup(%[[SMEM:.*]] : memref<2064xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK: memref.load %{{.*}} : memref<?xf16>
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK-COUNT-16: math.fma
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.*}}, %[[CK]][%{{.*}}] : memref<?xf32>
func.func @matmul_dynamic(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 1, math = "simt">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// The ladder's lower rungs (mini-select-matmul-config switches). stages = 0:
// no shared memory; each thread reads its 4 A and 4 B values per k straight
// from global memory (K loop of step 1, no barrier) into 16 FMAs.
// CHECK-LABEL: func.func @matmul_unpromoted
// CHECK: gpu.launch_func @mini_kernels::@matmul_unpromoted_matmul
// CHECK-SAME: attrs = {math = "simt", stages = 0 : i64, tile = [64, 64, 16]}
// CHECK: gpu.func @matmul_unpromoted_matmul
// CHECK-NOT: workgroup
// CHECK-SAME: kernel attributes
// CHECK: scf.for %{{.*}} = %c0 to %arg6 step %c1 iter_args
// CHECK-COUNT-8: memref.load %{{.*}} : memref<?xf32>
// CHECK-COUNT-16: math.fma
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
func.func @matmul_unpromoted(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 4, stages = 0, math = "simt">} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// Naive: 16x16 outputs per block of 256 threads, one each: one A and one B
// load and one FMA per k.
// CHECK-LABEL: func.func @matmul_naive
// CHECK-DAG: %[[GX:.*]] = arith.ceildivui %{{.*}}, %c16
// CHECK: gpu.launch_func @mini_kernels::@matmul_naive_matmul blocks in (%[[GX]], %{{.*}}, %c1) threads in (%c256, %c1, %c1)
// CHECK: gpu.func @matmul_naive_matmul
// CHECK: scf.for %{{.*}} = %c0 to %arg6 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK-COUNT-2: memref.load
// CHECK: math.fma
// CHECK-NEXT: scf.yield
func.func @matmul_naive(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 16, tile_n = 16, tile_k = 1, warps_m = 2, warps_n = 4, stages = 0, math = "simt">} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// f16 with cp.async copies (the default before sm_90): tensor cores. 128x256
// block tiles of 8 warps (2x4), a grid of 12 x 16 blocks, and the dynamic
// shared memory of five stages of 32-deep tiles with rows padded by 8 halves
// (5x128x40 + 5x32x264 halves = 135680 bytes; see PromoteTiles.mlir).
// CHECK-LABEL: func.func @matmul_mma
// CHECK: gpu.launch_func @mini_kernels::@matmul_mma_matmul blocks in (%c12, %c16, %c1) threads in (%c256, %c1, %c1) dynamic_shared_memory_size %c135680_i32
// CHECK-SAME: attrs = {copy = "cp_async", math = "mma_sync", stages = 5 : i64, tile = [128, 256, 32], warps = [2, 4]}
// CHECK-SAME: dynamic_shared_bytes = 135680
// The kernel is one block's tile: block (x, y, z) computes the C tile at
// rows y x 128, columns x x 256 of batch z (row-major A, B and C at their
// batch's offsets), as a mini.block_matmul that mini-promote-tiles lowers.
// The sizes are static: the kernel takes them as constants (its size
// parameters stay, unused), so the batch offsets fold to multiples of the
// block id: M x K = 524288, K x N = 768000, M x N = 6144000.
// CHECK: gpu.func @matmul_mma_matmul(%[[A:[^:]*]]: memref<?xf16>, %[[B:[^:]*]]: memref<?xf16>, %[[C:[^:]*]]: memref<?xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index) kernel
// CHECK-DAG: %[[Z:.*]] = gpu.block_id z
// CHECK-DAG: %[[Y:.*]] = gpu.block_id y
// CHECK-DAG: %[[X:.*]] = gpu.block_id x
// CHECK-DAG: %[[ROW0:.*]] = arith.muli %[[Y]], %c128
// CHECK-DAG: %[[COL0:.*]] = arith.muli %[[X]], %c256
// CHECK-DAG: %[[CBASE:.*]] = arith.muli %[[Z]], %c6144000
// CHECK-DAG: %[[BBASE:.*]] = arith.muli %[[Z]], %c768000
// CHECK-DAG: %[[ABASE:.*]] = arith.muli %[[Z]], %c524288
// CHECK: mini.block_matmul %[[A]][%[[ABASE]]], %[[B]][%[[BBASE]]] -> %[[C]][%[[CBASE]]] block(%[[ROW0]], %[[COL0]]) batch %[[Z]] sizes(%c2048, %c3000, %c256) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
// CHECK-NEXT: gpu.return
func.func @matmul_mma(%a: tensor<2048x256xf16>, %b: tensor<256x3000xf16>) -> tensor<2048x3000xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync", copy = "cp_async">} : tensor<2048x256xf16>, tensor<256x3000xf16> -> tensor<2048x3000xf32>
  return %c : tensor<2048x3000xf32>
}

// -----

// f16 by default on sm_90: the tiles reach shared memory by TMA. The host
// encodes a descriptor per operand (nvgpu.tma.create.descriptor: A in
// 256x64 boxes, B in 64x64 boxes, 128-byte swizzle) and passes pointers to
// them after the sizes; the block's tile takes them too. 4 stages of
// unpadded, swizzled 256x128 tiles (4 x (256x64 + 64x128) halves) start at the first
// 1 KiB boundary of dynamic shared memory (1 KiB of slack), followed by a
// full and an empty mbarrier per stage, then the stream-K tail's 128-byte
// stash: 197824 bytes. A producer warpgroup issues the copies: blocks of 8
// math warps and 4 producer warps, and .minnctapersm 1 (nvvm.minctasm),
// without which ptxas ignores setmaxnreg. The whole-tile kernel takes the
// number of tiles it computes; the tail kernel follows when the plan has a
// tail (@matmul_split_tail).
// CHECK-LABEL: func.func @matmul_tma
// CHECK: %[[DA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c256, %c64] : memref<*xf16> -> <tensor = memref<256x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_128b, oob = zero, interleave = none>
// CHECK: %[[PA:.*]] = builtin.unrealized_conversion_cast %[[DA]] : {{.*}} to !llvm.ptr
// CHECK: %[[DB:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16
// CHECK: %[[PB:.*]] = builtin.unrealized_conversion_cast %[[DB]]
// B's rows (N values, dynamic) have a map only when they are whole 16-byte
// chunks; else the kernel gets a null one (A's, of K = 256, always have).
// CHECK: %[[ROWB:.*]] = arith.muli %{{.*}}, %c2 : index
// CHECK: %[[RESTB:.*]] = arith.remui %[[ROWB]], %c16 : index
// CHECK: %[[WHOLEB:.*]] = arith.cmpi eq, %[[RESTB]], %c0 : index
// CHECK: %[[MB:.*]] = arith.select %[[WHOLEB]], %[[PB]], %{{.*}} : !llvm.ptr
// CHECK: gpu.launch_func @mini_kernels::@matmul_tma_matmul {{.*}} threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c197824_i32 args({{.*}}, %[[PA]] : !llvm.ptr, %[[MB]] : !llvm.ptr, %{{.*}} : index)
// CHECK-SAME: attrs = {copy = "tma", math = "mma_sync", producer_warps = 4 : i64, stages = 4 : i64, tile = [256, 128, 64], warps = [4, 2]}, block = [384, 1, 1]
// CHECK-SAME: tensor_maps = [{box = [1, 256, 64], swizzle = 128 : i64, tensor = "a"}, {box = [1, 64, 64], swizzle = 128 : i64, tensor = "b"}]
// CHECK: gpu.func @matmul_tma_matmul({{.*}}, %[[MAPA:.*]]: !llvm.ptr, %[[MAPB:.*]]: !llvm.ptr, %{{.*}}: index) kernel attributes {known_block_size = array<i32: 384, 1, 1>, {{.*}}nvvm.minctasm = 1 : i32}
// CHECK: mini.block_matmul {{.*}} tensor_maps(%[[MAPA]], %[[MAPB]] : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>} : memref<?xf16>, memref<?xf16>, memref<?xf32>
// CHECK: gpu.return
func.func @matmul_tma(%a: tensor<?x256xf16>, %b: tensor<256x?xf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>} : tensor<?x256xf16>, tensor<256x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// tf32 through TMA: boxes of 128-byte rows, 32 f32 columns (A 128 x 32,
// B 32 x 32), with the same 128-byte swizzle.
// CHECK-LABEL: func.func @tf32_tma
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c128, %c32] : memref<*xf32> -> <tensor = memref<128x32xf32, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c32, %c32] : memref<*xf32> -> <tensor = memref<32x32xf32, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: attrs = {copy = "tma", math = "mma_sync", producer_warps = 4 : i64, stages = 4 : i64, tf32 = true, tile = [128, 256, 32], warps = [2, 4]}
// CHECK-SAME: tensor_maps = [{box = [1, 128, 32], swizzle = 128 : i64, tensor = "a"}, {box = [1, 32, 32], swizzle = 128 : i64, tensor = "b"}]
func.func @tf32_tma(%a: tensor<?x256xf32>, %b: tensor<256x?xf32>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {precision = "tf32", config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>} : tensor<?x256xf32>, tensor<256x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// cluster_m = 2: the kernel requires clusters of 2 blocks along M
// (nvvm.cluster_dim, so a plain launch forms them) and the grid's M extent is
// rounded up to a multiple of 2 (host side and manifest).
// CHECK-LABEL: func.func @matmul_cluster
// CHECK: %[[MT:.*]] = arith.ceildivui %{{.*}}, %c128 : index
// CHECK: %[[CL:.*]] = arith.ceildivui %[[MT]], %c2 : index
// CHECK: %[[GY:.*]] = arith.muli %[[CL]], %c2 : index
// CHECK: gpu.launch_func @mini_kernels::@matmul_cluster_matmul blocks in (%{{.*}}, %[[GY]], %c1)
// CHECK-SAME: attrs = {cluster_m = 2 : i64, copy = "tma"
// CHECK-SAME: grid = [{div = 256 : i64, sizes = ["N"]}, {cluster = 2 : i64, div = 128 : i64, sizes = ["M"]}, {div = 1 : i64, sizes = ["batch"]}]
// CHECK: gpu.func @matmul_cluster_matmul({{.*}}, %[[MAPA:.*]]: !llvm.ptr, %[[MAPB:.*]]: !llvm.ptr) kernel
// CHECK-SAME: nvvm.cluster_dim = array<i32: 1, 2, 1>
// CHECK: mini.block_matmul {{.*}} tensor_maps(%[[MAPA]], %[[MAPB]] : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<{{.*}}, copy = "tma", cluster_m = 2>}
func.func @matmul_cluster(%a: tensor<?x256xf16>, %b: tensor<256x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", cluster_m = 2>} : tensor<?x256xf16>, tensor<256x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}

// -----

// Leading dims fold into `batch` (grid.z); bf16 goes to the tensor cores
// too, and the result is bf16 (64 rows, N = 100 and K = 32: the few-rows
// tiling's narrow 32x64 tiles, 2 x 2 of them).
// CHECK-LABEL: func.func @matmul_batched
// CHECK: gpu.launch_func @mini_kernels::@matmul_batched_matmul blocks in (%c2, %c2, %c6)
// CHECK-SAME: static_sizes = {K = 32 : i64, M = 64 : i64, N = 100 : i64, batch = 6 : i64}
// CHECK: gpu.func @matmul_batched_matmul
// CHECK: mini.block_matmul {{.*}} {config = #mini.matmul_config<{{.*}}>} : memref<?xbf16>, memref<?xbf16>, memref<?xbf16>
func.func @matmul_batched(%a: tensor<2x3x64x32xbf16>, %b: tensor<2x3x32x100xbf16>) -> tensor<2x3x64x100xbf16> {
  %c = mini.matmul %a, %b : tensor<2x3x64x32xbf16>, tensor<2x3x32x100xbf16> -> tensor<2x3x64x100xbf16>
  return %c : tensor<2x3x64x100xbf16>
}

// -----

// WMMA: the config goes with the block's tile (mini-promote-tiles marks the
// kernel's mini.mma_kind for mini-lower-mma).
// CHECK-LABEL: func.func @matmul_wmma_bf16
// CHECK: gpu.func @matmul_wmma_bf16_matmul
// CHECK: mini.block_matmul {{.*}} {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 2, stages = 2, math = "wmma">} : memref<?xbf16>, memref<?xbf16>, memref<?xf32>
func.func @matmul_wmma_bf16(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 2, stages = 2, math = "wmma">} : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// Softmax, row length 7 (default config: rows under a vector start
// unaligned, so a thread per row, staged: 2048 rows a block, 256 threads).
// The block's rows, contiguous in memory, come into shared memory as 16-byte
// vectors over all threads, four in flight each (the last partial vector as
// scalars); each thread takes rows tid, tid + 256, ... from there into
// registers (7 values: the static length folds the rest), and the results
// leave the same way. No shuffles: a thread holds its whole row; its
// exponentials (ex2.approx) and the reciprocal of the sum (>= 1) are
// approximate.
// CHECK-LABEL: func.func @softmax_rank3
// CHECK: %[[D1:.*]] = tensor.dim %{{.*}}, %c1 : tensor<2x?x7xf16>
// CHECK: %[[ROWS:.*]] = arith.muli %[[D1]], %c2
// CHECK: %[[GRID:.*]] = arith.ceildivui %[[ROWS]], %c2048
// CHECK: gpu.launch_func @mini_kernels::@softmax_rank3_softmax blocks in (%[[GRID]], %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK-SAME: args(%{{.*}} : memref<?xf16>, %{{.*}} : memref<?xf16>, %[[ROWS]] : index, %c7 : index)
// CHECK-SAME: attrs = {cache_slots = 1 : i64, rows_per_block = 2048 : i64, rows_per_warp = 32 : i64, shared_slots = 0 : i64, staged = true, vector_width = 8 : i64, warps_per_row = 1 : i64}
// CHECK: gpu.func @softmax_rank3_softmax(%[[X:.*]]: memref<?xf16>, %[[Y:.*]]: memref<?xf16>, %{{.*}}: index, %{{.*}}: index)
// CHECK-SAME: workgroup(%[[STAGE:.*]] : memref<14336xf16, #gpu.address_space<workgroup>>)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1024 {
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK-COUNT-4: vector.store %{{.*}}, %[[STAGE]][%{{.*}}] {alignment = 16 : i64}
// CHECK: memref.load %[[X]]
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c256 {
// CHECK-COUNT-7: memref.load %[[STAGE]]
// CHECK-NOT: memref.load
// CHECK-NOT: gpu.subgroup_reduce
// CHECK-NOT: math.exp
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: nvvm.rcp.approx.ftz.f
// CHECK-COUNT-7: memref.store %{{.*}}, %[[STAGE]]
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1024 {
// CHECK-COUNT-4: vector.load %[[STAGE]]
// CHECK-COUNT-4: vector.store %{{.*}}, %[[Y]]
// A static length the config holds needs no path for longer rows.
// CHECK-NOT: scf.for
// CHECK: gpu.return
func.func @softmax_rank3(%x: tensor<2x?x7xf16>) -> tensor<2x?x7xf16> {
  %y = mini.softmax %x : tensor<2x?x7xf16> -> tensor<2x?x7xf16>
  return %y : tensor<2x?x7xf16>
}

// -----

// The same staged config on rows of a dynamic length: rows_per_block (2048)
// is the count at the longest row (8); shorter rows fill the same stage of
// 16384 values, a block taking max(2048, 16384 / C rounded down to whole
// rounds of its 256 threads) rows, so the grid counts R x C over 14563
// (16384 x 2048 / (2048 + 256): enough blocks for any C). An empty row
// leaves the block no rows. Each thread maps its rows with the fewest values
// that hold C (1, 2, 4, 6 or 8), those below the width before unguarded;
// a row of 8 (aligned) as one vector, not 8 values on 4-way conflicting
// banks.
// CHECK-LABEL: func.func @softmax_dynamic_short
// CHECK: %[[R:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x?xf16>
// CHECK: %[[C:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xf16>
// CHECK: %[[RC:.*]] = arith.muli %[[R]], %[[C]] : index
// CHECK: %[[GRID:.*]] = arith.ceildivui %[[RC]], %c14563 : index
// CHECK: gpu.launch_func @mini_kernels::@softmax_dynamic_short_softmax blocks in (%[[GRID]], %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK: gpu.func @softmax_dynamic_short_softmax(%{{.*}}: memref<?xf16>, %{{.*}}: memref<?xf16>, %[[KR:.*]]: index, %[[KC:.*]]: index)
// CHECK-SAME: workgroup(%[[STAGE:.*]] : memref<16384xf16, #gpu.address_space<workgroup>>)
// CHECK: %[[HOLDS:.*]] = arith.cmpi ule, %[[KC]], %c8 : index
// CHECK: scf.if %[[HOLDS]] {
// CHECK: %[[ATLEAST1:.*]] = arith.maxui %[[KC]], %c1 : index
// CHECK: %[[FIT:.*]] = arith.divui %c16384, %[[ATLEAST1]] : index
// CHECK: %[[ROUNDS:.*]] = arith.divui %[[FIT]], %c256 : index
// CHECK: %[[FITR:.*]] = arith.muli %[[ROUNDS]], %c256 : index
// CHECK: %[[ROWS:.*]] = arith.maxui %[[FITR]], %c2048 : index
// CHECK: %[[FIRST:.*]] = arith.muli %{{.*}}, %[[ROWS]] : index
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[FIRST]], %[[KR]] : index
// CHECK: %[[LEFT:.*]] = arith.subi %[[KR]], %[[CLAMPED]] : index
// CHECK: %[[MINE:.*]] = arith.minui %[[ROWS]], %[[LEFT]] : index
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ugt, %[[KC]], %c0 : index
// CHECK: %[[MYROWS:.*]] = arith.select %[[NONEMPTY]], %[[MINE]], %c0 : index
// CHECK: gpu.barrier
// CHECK: %[[UPTO1:.*]] = arith.cmpi ule, %[[KC]], %c1 : index
// CHECK: scf.if %[[UPTO1]] {
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[MYROWS]] step %c256 {
// CHECK-NEXT: arith.muli
// CHECK-NEXT: memref.load %[[STAGE]]
// CHECK-NOT: memref.load %[[STAGE]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: } else {
// CHECK: %[[UPTO2:.*]] = arith.cmpi ule, %[[KC]], %c2 : index
// CHECK: scf.if %[[UPTO2]] {
// CHECK-COUNT-2: memref.load %[[STAGE]]
// CHECK-NOT: memref.load %[[STAGE]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: } else {
// CHECK: %[[UPTO4:.*]] = arith.cmpi ule, %[[KC]], %c4 : index
// CHECK: scf.if %[[UPTO4]] {
// CHECK: %[[HAS4:.*]] = arith.cmpi ugt, %[[KC]], %c3 : index
// CHECK-COUNT-3: memref.load %[[STAGE]]
// CHECK: scf.if %[[HAS4]] -> (f32) {
// CHECK-NEXT: memref.load %[[STAGE]]
// CHECK-NOT: memref.load %[[STAGE]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: } else {
// CHECK: %[[UPTO6:.*]] = arith.cmpi ule, %[[KC]], %c6 : index
// CHECK: scf.if %[[UPTO6]] {
// CHECK: %[[HAS6:.*]] = arith.cmpi ugt, %[[KC]], %c5 : index
// CHECK-COUNT-5: memref.load %[[STAGE]]
// CHECK: scf.if %[[HAS6]] -> (f32) {
// CHECK-NEXT: memref.load %[[STAGE]]
// CHECK-NOT: memref.load %[[STAGE]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: } else {
// CHECK: %[[REM:.*]] = arith.remui %[[KC]], %c8 : index
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[REM]], %c0 : index
// CHECK: scf.if %[[ALIGNED]] {
// CHECK: vector.load %[[STAGE]][%{{.*}}] {alignment = 16 : i64} : memref<16384xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK-NOT: memref.load %[[STAGE]]
// CHECK: vector.store %{{.*}}, %[[STAGE]]
// CHECK: } else {
// CHECK-COUNT-8: memref.load %[[STAGE]]
// CHECK-NOT: memref.load %[[STAGE]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: gpu.barrier
func.func @softmax_dynamic_short(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 2048, cache_slots = 1, rows_per_warp = 32, staged = true>} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

// Rows of 100 (not a multiple of 8) with 8 threads per row (4 rows per warp):
// each row peels its head up to a 16-byte boundary (scalar), then takes
// vectors, then its tail (scalar): at most 14 such edges, 2 a thread. The
// length is static but rows may still start unaligned. Reductions run over
// the row's 8 lanes only (a cluster of the subgroup reduction). The kernel picks at run time between the
// cached path (row in registers, read once) and the streamed one.
// CHECK-LABEL: func.func @softmax_peeled
// CHECK: gpu.launch_func @mini_kernels::@softmax_peeled_softmax {{.*}} threads in (%c32, %c1, %c1)
// CHECK: gpu.func @softmax_peeled_softmax(%[[X:.*]]: memref<?xf16>, %[[Y:.*]]: memref<?xf16>, %{{.*}}: index, %{{.*}}: index)
// The static length is a constant in the index arithmetic.
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c8 : index
// CHECK: %[[BASE:.*]] = arith.muli %{{.*}}, %c100 : index
// CHECK: %[[MIS:.*]] = arith.remui %[[BASE]], %c8 : index
// CHECK: %[[TO16:.*]] = arith.subi %c8, %[[MIS]] : index
// CHECK: %[[HEAD0:.*]] = arith.remui %[[TO16]], %c8 : index
// CHECK: %[[HEAD:.*]] = arith.minui %[[HEAD0]], %c100 : index
// CHECK: %[[BODY:.*]] = arith.divui %{{.*}}, %c8 : index
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %[[BODY]], %c8 : index
// CHECK: scf.if %[[FITS]] {
// CHECK: vector.load %[[X]][%{{.*}}] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK-COUNT-2: memref.load %[[X]][%{{.*}}] : memref<?xf16>
// CHECK-NOT: memref.load %[[X]]
// CHECK: gpu.subgroup_reduce maximumf %{{.*}} uniform cluster(size = 8) : (f32) -> f32
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK: } else {
// Streamed: the edges first (kept in registers), then the vectors, four a
// thread in flight per step; the write pass runs the same steps from the
// row's end (what the first pass read last is likeliest still in L2).
// CHECK: scf.for %{{.*}} = %[[LANE]] to %[[BODY]] step %c32
// CHECK-COUNT-4: vector.load %[[X]]
// CHECK: %[[STEPS:.*]] = arith.ceildivui %[[BODY]], %c32 : index
// CHECK: %[[LAST:.*]] = arith.subi %[[STEPS]], %c1 : index
// CHECK: scf.for %[[J:.*]] = %c0 to %[[STEPS]] step %c1
// CHECK: %[[BACK:.*]] = arith.subi %[[LAST]], %[[J]] : index
// CHECK: %[[FAR:.*]] = arith.muli %[[BACK]], %c32 : index
// CHECK: arith.addi %[[LANE]], %[[FAR]] : index
// CHECK-COUNT-4: vector.load %[[X]]
// CHECK: vector.store %{{.*}}, %[[Y]]
func.func @softmax_peeled(%x: tensor<?x100xf16>) -> tensor<?x100xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 1, rows_per_warp = 4>} : tensor<?x100xf16> -> tensor<?x100xf16>
  return %y : tensor<?x100xf16>
}

// -----

// Rows of dynamic length with length variants: a kernel per config, and the
// launch runs the first whose cached length (slots x width x threads per
// row) holds C: 32 for the config, 1024 for the first variant, any length for
// the last. The record lists the variants and their max lengths.
// CHECK-LABEL: func.func @softmax_by_length
// CHECK: %[[C:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xbf16>
// CHECK: %[[UP_TO_1024:.*]] = arith.cmpi ule, %[[C]], %c1024 : index
// CHECK: %[[PAST_32:.*]] = arith.select %[[UP_TO_1024]], %c1, %c2 : index
// CHECK: %[[UP_TO_32:.*]] = arith.cmpi ule, %[[C]], %c32 : index
// CHECK: %[[WHICH:.*]] = arith.select %[[UP_TO_32]], %c0, %[[PAST_32]] : index
// CHECK: scf.index_switch %[[WHICH]]
// CHECK: case 1 {
// CHECK: gpu.launch_func @mini_kernels::@softmax_by_length_softmax_c1024 {{.*}} threads in (%c128, %c1, %c1)
// CHECK: case 2 {
// CHECK: gpu.launch_func @mini_kernels::@softmax_by_length_softmax_long {{.*}} threads in (%c256, %c1, %c1)
// CHECK: default {
// CHECK: gpu.launch_func @mini_kernels::@softmax_by_length_softmax {{.*}} threads in (%c256, %c1, %c1)
// CHECK-SAME: max_lengths = [32, 1024, 0]
// CHECK-SAME: size_variants = ["softmax_by_length_softmax_c1024", "softmax_by_length_softmax_long"]
// CHECK-DAG: gpu.func @softmax_by_length_softmax(
// CHECK-DAG: gpu.func @softmax_by_length_softmax_c1024(
// CHECK-DAG: gpu.func @softmax_by_length_softmax_long(
func.func @softmax_by_length(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 256, cache_slots = 4, rows_per_warp = 32>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 4>, #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>]} : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

// -----

// A staged config before an unstaged one of the same length (64) takes only
// the rows that are not whole vectors: the first kernel where C <= 64 and
// C % 8 != 0, the second for the other rows up to 64, the last beyond. Its
// grid counts R x C (staged), the second's R. The record says which takes
// only unaligned rows (unaligned_only, 0: any). Launched for rows of at
// most 64 only, the staged kernel has no path for longer ones (no warp
// reductions), and it keeps to the registers of 512 threads an SM.
// CHECK-LABEL: func.func @softmax_unaligned_by_length
// CHECK: %[[R:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x?xf16>
// CHECK: %[[C:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xf16>
// CHECK: %[[UP_TO_64:.*]] = arith.cmpi ule, %[[C]], %c64 : index
// CHECK: %[[PAST_UNALIGNED:.*]] = arith.select %[[UP_TO_64]], %c1, %c2 : index
// CHECK: %[[PART:.*]] = arith.remui %[[C]], %c8 : index
// CHECK: %[[UNALIGNED:.*]] = arith.cmpi ugt, %[[PART]], %c0 : index
// CHECK: %[[STAGED:.*]] = arith.andi %[[UP_TO_64]], %[[UNALIGNED]] : i1
// CHECK: %[[WHICH:.*]] = arith.select %[[STAGED]], %c0, %[[PAST_UNALIGNED]] : index
// CHECK: %[[RC:.*]] = arith.muli %[[R]], %[[C]] : index
// CHECK: %[[STAGED_GRID:.*]] = arith.ceildivui %[[RC]], %c8192 : index
// CHECK: %[[GRID:.*]] = arith.ceildivui %[[R]], %c128 : index
// CHECK: scf.index_switch %[[WHICH]]
// CHECK: case 1 {
// CHECK: gpu.launch_func @mini_kernels::@softmax_unaligned_by_length_softmax_c64 blocks in (%[[GRID]], %c1, %c1)
// CHECK: case 2 {
// CHECK: gpu.launch_func @mini_kernels::@softmax_unaligned_by_length_softmax_long
// CHECK: default {
// CHECK: gpu.launch_func @mini_kernels::@softmax_unaligned_by_length_softmax blocks in (%[[STAGED_GRID]], %c1, %c1)
// CHECK-SAME: max_lengths = [64, 64, 0]
// CHECK-SAME: unaligned_only = [8, 0, 0]
// CHECK: gpu.func @softmax_unaligned_by_length_softmax(
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: gpu.return
// CHECK: gpu.func @softmax_unaligned_by_length_softmax_c64(
// CHECK: gpu.subgroup_reduce
func.func @softmax_unaligned_by_length(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 256, cache_slots = 8, rows_per_warp = 32, staged = true>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 128, cache_slots = 4, rows_per_warp = 16>, #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>]} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

// A length variant by clusters (cluster_blocks = 8, no slots: any length)
// before the last: rows past the config's 1024 run it when there are at
// most 132 / 8 = 16 of them (R x 8 blocks, the grid's y the cluster), else
// the last, a block a row. The record lists the max rows (0: any).
// CHECK-LABEL: func.func @softmax_by_rows
// CHECK: %[[R:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x?xbf16>
// CHECK: %[[C:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xbf16>
// CHECK: %[[FEW:.*]] = arith.cmpi ule, %[[R]], %c16 : index
// CHECK: %[[LONG:.*]] = arith.select %[[FEW]], %c1, %c2 : index
// CHECK: %[[SHORT:.*]] = arith.cmpi ule, %[[C]], %c1024 : index
// CHECK: %[[WHICH:.*]] = arith.select %[[SHORT]], %c0, %[[LONG]] : index
// CHECK: scf.index_switch %[[WHICH]]
// CHECK: case 1 {
// CHECK: gpu.launch_func @mini_kernels::@softmax_by_rows_softmax_long_r16 blocks in (%[[R]], %c8, %c1) threads in (%c512, %c1, %c1)
// CHECK: case 2 {
// CHECK: gpu.launch_func @mini_kernels::@softmax_by_rows_softmax_long blocks in (%[[R]], %c1, %c1) threads in (%c512, %c1, %c1)
// CHECK: default {
// CHECK: gpu.launch_func @mini_kernels::@softmax_by_rows_softmax
// CHECK-SAME: max_lengths = [1024, 0, 0], max_rows = [0, 16, 0]
// CHECK-SAME: size_variants = ["softmax_by_rows_softmax_long_r16", "softmax_by_rows_softmax_long"]
// CHECK: gpu.func @softmax_by_rows_softmax_long_r16({{.*}}nvvm.cluster_dim = array<i32: 1, 8, 1>
func.func @softmax_by_rows(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 4>, length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 8>, #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0>]} : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

// -----

// Rows kept in shared memory (shared_slots): 2 vectors a thread in
// registers, 3 in dynamic shared memory (3 x 8 x 128 f16 a row, two rows a
// block: 12 KB, then the cross-warp reduction slots, 2 x 4 warps x 2 rows
// floats: the record's dynamic_shared_bytes; no static workgroup buffer,
// which the dynamic area could overlap). The row is read once:
// all five loads go out, then each shared slot is stored to its place and
// joins an online (max, sum), the registers' values last; one merge over
// the row, then the write reads the slots back. No barrier between a
// thread's stores and its reads. Rows of 5000 fit the 5 x 128 vectors, so
// no streamed path is left.
// CHECK-LABEL: func.func @softmax_shared_slots
// CHECK: gpu.launch_func @mini_kernels::@softmax_shared_slots_softmax blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) dynamic_shared_memory_size %c12352_i32
// CHECK-SAME: dynamic_shared_bytes = 12352
// CHECK: gpu.func @softmax_shared_slots_softmax(%[[X:.*]]: memref<?xf16>, %[[Y:.*]]: memref<?xf16>
// CHECK-NOT: workgroup(
// CHECK: %[[RAW:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[RAW]][%c12288][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
// CHECK: %[[CACHE:.*]] = memref.view %[[RAW]][%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<6144xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-5: vector.load %[[X]]
// CHECK-NOT: math.exp
// CHECK: vector.store %{{.*}}, %[[CACHE]][%[[S0:.*]]]
// CHECK: math.exp
// CHECK: vector.store %{{.*}}, %[[CACHE]][%[[S1:.*]]]
// CHECK: vector.store %{{.*}}, %[[CACHE]][%[[S2:.*]]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-2: vector.store %{{.*}}, %[[Y]]
// CHECK: vector.load %[[CACHE]][%[[S0]]]
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK: vector.load %[[CACHE]][%[[S1]]]
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK: vector.load %[[CACHE]][%[[S2]]]
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK-NOT: vector.load %[[X]]
// CHECK: gpu.return
func.func @softmax_shared_slots(%x: tensor<7x5000xf16>) -> tensor<7x5000xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 2, cache_slots = 2, shared_slots = 3>} : tensor<7x5000xf16> -> tensor<7x5000xf16>
  return %y : tensor<7x5000xf16>
}

// -----

// Rows shared by a cluster's blocks (cluster_blocks = 2): the grid's y is
// the cluster (rounded to whole clusters, the record's `cluster`), the
// kernel carries the cluster shape (.reqnctapercluster), and each thread's
// place in the row counts the threads of the blocks before it (block y x
// 128). Each reduction (the max, then the sum) meets across the warps in
// shared memory, then each block publishes its value after the 8 cross-warp
// floats and reads both blocks' through distributed shared memory (mapa),
// in rank order, between two cluster barriers.
// CHECK-LABEL: func.func @softmax_cluster
// CHECK: gpu.launch_func @mini_kernels::@softmax_cluster_softmax blocks in (%c4, %c2, %c1) threads in (%c128,
// CHECK-SAME: cluster_blocks = 2 : i64
// CHECK-SAME: grid = [{div = 1 : i64, sizes = ["R"]}, {cluster = 2 : i64, div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}]
// CHECK: gpu.func @softmax_cluster_softmax({{.*}}) workgroup(%[[SMEM:.*]] : memref<10xf32, #gpu.address_space<workgroup>>) kernel attributes {{{.*}}nvvm.cluster_dim = array<i32: 1, 2, 1>}
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: arith.muli %[[BY]], %c128
// CHECK-COUNT-2: vector.load
// CHECK: gpu.subgroup_reduce maximumf
// CHECK: gpu.barrier
// CHECK: arith.addi %{{.*}}, %c8 : index
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: %[[P0:.*]] = nvvm.mapa %{{.*}}, %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[M0:.*]] = llvm.load %[[P0]] : !llvm.ptr<7> -> f32
// CHECK: %[[P1:.*]] = nvvm.mapa %{{.*}}, %c1_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[M1:.*]] = llvm.load %[[P1]] : !llvm.ptr<7> -> f32
// CHECK: arith.maximumf %[[M0]], %[[M1]] : f32
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: math.exp
// CHECK: gpu.subgroup_reduce add
// CHECK: nvvm.cluster.arrive
// CHECK: nvvm.mapa
// CHECK: nvvm.mapa
// CHECK: arith.addf
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: vector.store
func.func @softmax_cluster(%x: tensor<4x4096xf16>) -> tensor<4x4096xf16> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 1, cache_slots = 2, cluster_blocks = 2>} : tensor<4x4096xf16> -> tensor<4x4096xf16>
  return %y : tensor<4x4096xf16>
}

// -----

// An explicit config: 4 warps per row meet in shared memory (one f32 per
// warp and quantity) behind a barrier; no cached path with cache_slots = 0.
// CHECK-LABEL: func.func @softmax_config
// CHECK: gpu.launch_func @mini_kernels::@softmax_config_softmax blocks in (%c64, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK: gpu.func @softmax_config_softmax
// CHECK-SAME: workgroup(%[[SMEM:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: arith.cmpi ule
// CHECK: scf.for {{.*}} -> (f32, f32)
// CHECK: vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// CHECK: gpu.shuffle xor
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[SMEM]]
func.func @softmax_config(%x: tensor<64x4096xf32>) -> tensor<64x4096xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 4, warps_per_row = 4, rows_per_block = 1, cache_slots = 0>} : tensor<64x4096xf32> -> tensor<64x4096xf32>
  return %y : tensor<64x4096xf32>
}

// -----

// RMSNorm, row 4096 x bf16: 4 warps per row, each thread caching 4 vectors of
// 8; sum of squares in f32, one row reduction, rsqrt, scaled by w (read with
// the same vector width).
// CHECK-LABEL: func.func @rmsnorm
// CHECK: gpu.launch_func @mini_kernels::@rmsnorm_rmsnorm blocks in (%c3, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-SAME: args(%{{.*}} : memref<?xbf16>, %{{.*}} : memref<?xbf16>, %{{.*}} : memref<?xbf16>, %c3 : index, %c4096 : index)
// CHECK-SAME: attrs = {cache_slots = 4 : i64, epsilon = 9.99999974E-6 : f32, rows_per_block = 1 : i64, rows_per_warp = 1 : i64, shared_slots = 0 : i64, staged = false, vector_width = 8 : i64, warps_per_row = 4 : i64}
// CHECK: gpu.func @rmsnorm_rmsnorm(%[[X:.*]]: memref<?xbf16>, %[[W:.*]]: memref<?xbf16>, %[[Y:.*]]: memref<?xbf16>
// CHECK-COUNT-4: vector.load %[[X]]
// CHECK: math.fma
// CHECK: gpu.subgroup_reduce
// CHECK: gpu.barrier
// The mean divides by the static length, a constant.
// CHECK-NOT: arith.uitofp
// CHECK: arith.divf
// CHECK: math.rsqrt
// CHECK: vector.load %[[W]][%{{.*}}] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: vector.store %{{.*}}, %[[Y]]
func.func @rmsnorm(%x: tensor<3x4096xbf16>, %w: tensor<4096xbf16>) -> tensor<3x4096xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<3x4096xbf16>, tensor<4096xbf16> -> tensor<3x4096xbf16>
  return %y : tensor<3x4096xbf16>
}

// -----

// Attention on CUDA cores (config math = "simt"): grid (S/8 query rows, H, B); the default scale 1/sqrt(D) is baked
// in; the causal mask selects -inf; the online softmax uses exp2 and keeps
// (m, l, acc[D/32]) as loop-carried values over key tiles and keys.
// CHECK-LABEL: func.func @attention_causal_gqa
// CHECK: gpu.launch_func @mini_kernels::@attention_causal_gqa_attention blocks in (%c10, %c8, %c2) threads in (%c256, %c1, %c1)
// CHECK-SAME: attrs = {causal = true, config = #mini.attention_config<math = "simt">, scale = 1.250000e-01 : f32}
// CHECK-SAME: sizes = ["B", "H", "G", "S", "T", "D"]
// CHECK: gpu.func @attention_causal_gqa_attention
// CHECK-SAME: workgroup(%{{.*}} : memref<4128xf32, #gpu.address_space<workgroup>>)
// CHECK: arith.divui %{{.*}}, %{{.*}} : index
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %cst{{.*}}, %{{.*}} = %cst{{.*}}, %{{.*}} = %cst{{.*}}, %{{.*}} = %cst{{.*}}) -> (f32, f32, f32, f32)
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: gpu.subgroup_reduce
// CHECK: %[[VIS:.*]] = arith.cmpi ule
// CHECK: arith.select %[[VIS]], %{{.*}}, %cst{{.*}} : f32
// CHECK: arith.maximumf
// CHECK: arith.cmpf oeq
// CHECK: %[[CORR:.*]] = math.exp2
// CHECK: %[[P:.*]] = math.exp2
// A masked key leaves the accumulator as it was (no 0 * NaN).
// CHECK: %[[KEPT:.*]] = arith.mulf %{{.*}}, %[[CORR]] : f32
// CHECK: %[[UPD:.*]] = math.fma %[[P]], %{{.*}}, %[[KEPT]] : f32
// CHECK: arith.select %[[VIS]], %[[UPD]], %[[KEPT]] : f32
func.func @attention_causal_gqa(%q: tensor<2x8x77x64xf16>, %k: tensor<2x2x77x64xf16>, %v: tensor<2x2x77x64xf16>) -> tensor<2x8x77x64xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "simt">} : tensor<2x8x77x64xf16>, tensor<2x2x77x64xf16>, tensor<2x2x77x64xf16> -> tensor<2x8x77x64xf16>
  return %o : tensor<2x8x77x64xf16>
}

// -----

// Several ops in one function get one kernel each, uniquely named.
// CHECK-LABEL: func.func @two_softmaxes
// CHECK: gpu.launch_func @mini_kernels::@two_softmaxes_softmax
// CHECK: gpu.launch_func @mini_kernels::@two_softmaxes_softmax_1
// CHECK: gpu.func @two_softmaxes_softmax(
// CHECK: gpu.func @two_softmaxes_softmax_1(
func.func @two_softmaxes(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = mini.softmax %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %z = mini.softmax %y : tensor<4x8xf32> -> tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}

// -----

// Size variants: one kernel per config, and a launch-time choice on the host:
// the kernel of least ceil(blocks / sm_count) * tile area * 100 / rate, the
// first on a tie, through scf.index_switch. The first launch's manifest
// record names the variants, the SM count and the rates; the TMA descriptors
// are made only in the case that launches the TMA kernel.
// CHECK-LABEL: func.func @matmul_size_variants
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf16>, %[[B:.*]]: tensor<?x?xf16>)
// CHECK-DAG: %[[M:.*]] = tensor.dim %[[A]], %c0
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[B]], %c1
// CHECK: %[[GX:.*]] = arith.ceildivui %[[N]], %c256 : index
// CHECK: %[[GY:.*]] = arith.ceildivui %[[M]], %c128 : index
// CHECK: %[[B0:.*]] = arith.muli %[[GX]], %[[GY]] : index
// CHECK: %[[W0:.*]] = arith.ceildivui %[[B0]], %c132 : index
// CHECK: %[[T0:.*]] = arith.muli %[[W0]], %c3276800 : index
// CHECK: %[[C0:.*]] = arith.divui %[[T0]], %c100 : index
// CHECK: %[[GX1:.*]] = arith.ceildivui %[[N]], %c128 : index
// CHECK: %[[B1:.*]] = arith.muli %[[GX1]], %[[GY]] : index
// CHECK: %[[W1:.*]] = arith.ceildivui %[[B1]], %c132 : index
// CHECK: %[[T1:.*]] = arith.muli %[[W1]], %c1638400 : index
// CHECK: %[[C1:.*]] = arith.divui %[[T1]], %c70 : index
// CHECK: %[[LT1:.*]] = arith.cmpi ult, %[[C1]], %[[C0]] : index
// CHECK: %[[BEST1:.*]] = arith.select %[[LT1]], %[[C1]], %[[C0]] : index
// CHECK: %[[I1:.*]] = arith.select %[[LT1]], %c1, %c0 : index
// CHECK: %[[GY2:.*]] = arith.ceildivui %[[M]], %c64 : index
// CHECK: %[[B2:.*]] = arith.muli %[[GX1]], %[[GY2]] : index
// CHECK: %[[W2:.*]] = arith.ceildivui %[[B2]], %c132 : index
// CHECK: %[[T2:.*]] = arith.muli %[[W2]], %c819200 : index
// CHECK: %[[C2:.*]] = arith.divui %[[T2]], %c50 : index
// CHECK: %[[LT2:.*]] = arith.cmpi ult, %[[C2]], %[[BEST1]] : index
// CHECK: %[[I2:.*]] = arith.select %[[LT2]], %c2, %[[I1]] : index
// CHECK: scf.index_switch %[[I2]]
// CHECK: case 1 {
// CHECK-NOT: nvgpu.tma.create.descriptor
// CHECK: gpu.launch_func @mini_kernels::@matmul_size_variants_matmul_128x128 blocks in (%[[GX1]], %[[GY]], %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT: size_variants
// CHECK: case 2 {
// CHECK: gpu.launch_func @mini_kernels::@matmul_size_variants_matmul_64x128 blocks in (%[[GX1]], %[[GY2]], %c1) threads in (%c128, %c1, %c1)
// CHECK: default {
// CHECK: nvgpu.tma.create.descriptor
// CHECK: gpu.launch_func @mini_kernels::@matmul_size_variants_matmul blocks in (%[[GX]], %[[GY]], %c1)
// CHECK-SAME: size_variants = ["matmul_size_variants_matmul_128x128", "matmul_size_variants_matmul_64x128"]
// CHECK-SAME: sm_count = 132 : i64
// CHECK-SAME: tile_rates = [100, 70, 50]
// CHECK: gpu.func @matmul_size_variants_matmul(
// CHECK: gpu.func @matmul_size_variants_matmul_128x128(
// CHECK: gpu.func @matmul_size_variants_matmul_64x128(
func.func @matmul_size_variants(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">, sm_count = 132 : i64, tile_rates = array<i64: 100, 70, 50>, size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">, #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">]} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}

// -----

// tail_splits = 4 at 8192 x 8576 x 8192 on 132 SMs: 2144 tiles of 256x128
// leave 32 after 16 full waves (at most a quarter of the SMs), 32 x 128 =
// 4096 K steps laid end to end; 128 blocks of 32 steps (at least 128 / 4)
// each take a quarter of a tile. The whole-tile kernel runs on every tile's
// block and computes the first 2112; when the plan has a tail (K and N
// multiples of 8, one batch), the tail kernel follows with its workspace
// ((128 + 32) partial tiles of 32768 floats, as many zeroed counters: one a
// group of slots).
// CHECK-LABEL: func.func @matmul_split_tail
// CHECK: gpu.launch_func @mini_kernels::@matmul_split_tail_matmul blocks in (%c67, %c32, %c1) {{.*}} args({{.*}} : !llvm.ptr, %c2112 : index)
// CHECK-SAME: split_tail = {aligned = ["K", "N"], depth = "K", kernel = "matmul_split_tail_matmul_split", max_splits = 4 : i64, tile_elements = 32768 : i64, tile_k = 64 : i64}
// CHECK-NEXT: %[[PARTIALS:.*]] = gpu.alloc (%c5242880) : memref<?xf32>
// CHECK-NEXT: %[[COUNTERS:.*]] = gpu.alloc (%c160) : memref<?xi32>
// CHECK-NEXT: gpu.memset %[[COUNTERS]], %c0_i32 : memref<?xi32>, i32
// CHECK-NEXT: gpu.launch_func @mini_kernels::@matmul_split_tail_matmul_split blocks in (%c128, %c1, %c1) {{.*}} dynamic_shared_memory_size %c197824_i32 args({{.*}} : !llvm.ptr, %[[PARTIALS]] : memref<?xf32>, %[[COUNTERS]] : memref<?xi32>, %c2112 : index, %c32 : index)
// CHECK-SAME: split_tail = {aligned = ["K", "N"], depth = "K", max_splits = 4 : i64, split_blocks = true, tile_elements = 32768 : i64, tile_k = 64 : i64}
// CHECK-NEXT: gpu.dealloc %[[PARTIALS]]
// CHECK-NEXT: gpu.dealloc %[[COUNTERS]]
// CHECK: gpu.func @matmul_split_tail_matmul({{.*}}, %[[WHOLE:[^:]*]]: index) kernel
// CHECK: %[[TILE:.*]] = arith.addi %block_id_x, %{{.*}} : index
// CHECK-NEXT: %[[MINE:.*]] = arith.cmpi ult, %[[TILE]], %[[WHOLE]] : index
// CHECK-NEXT: scf.if %[[MINE]] {
// CHECK: mini.block_matmul {{.*}} batch %block_id_z sizes({{.*}}) tensor_maps({{.*}}) {config
// CHECK: gpu.func @matmul_split_tail_matmul_split({{.*}}, %[[P:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: memref<?xi32>, %[[UNSPLIT:[^:]*]]: index, %[[WIDTH:[^:]*]]: index) kernel
// CHECK: mini.block_matmul {{.*}} tail block %block_id_x width %[[WIDTH]] after %[[UNSPLIT]] partials %[[P]] counters %[[N]]
func.func @matmul_split_tail(%a: tensor<8192x8192xf16>, %b: tensor<8192x8576xf16>) -> tensor<8192x8576xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<8192x8192xf16>, tensor<8192x8576xf16> -> tensor<8192x8576xf16>
  return %c : tensor<8192x8576xf16>
}

// -----

// Tall K (256 x 256 x 65536, wgmma 128x256 tiles): both tiles are the tail,
// 1024 steps each; a block takes 16 steps (the floor on a quarter of a
// tile), so 128 blocks share the two tiles (split-K), not 8.
// CHECK-LABEL: func.func @matmul_tall_k
// CHECK: gpu.launch_func @mini_kernels::@matmul_tall_k_matmul_split blocks in (%c128, %c1, %c1) {{.*}} args({{.*}}, %c0 : index, %c16 : index)
func.func @matmul_tall_k(%a: tensor<256x65536xf16>, %b: tensor<65536x256xf16>) -> tensor<256x256xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4, tail_splits = 4>, sm_count = 132 : i64} : tensor<256x65536xf16>, tensor<65536x256xf16> -> tensor<256x256xf16>
  return %c : tensor<256x256xf16>
}

// -----

// Attention on tensor cores (the default for f16/bf16, D a multiple of 8 up
// to 256): 4 warps of 16 query rows; two stages each of 64-key K and V tiles
// in dynamic shared memory (rows padded by 8 elements), filled by cp.async,
// one group per tile (the key loop pipelined by mini-pipeline-stages'
// expansion: the first tile's copies and the wait for them and Q's group
// before the loop); Q's tile lands in V's second stage and its fragments
// are loaded once, before a barrier lets tile 1 overwrite it. Per key
// tile: the next tile's copies into the other stage, S = Q Kt (K's B
// fragments by ldmatrix without .trans, at the stage's base + the lane's
// offset + an immediate; 4 k-steps x 8 n-tiles), the scores masked only
// where the tile needs it (a compare of the column with the row's last
// visible key), the online softmax over the accumulators (row
// max over the quad by two shuffles, exp2 without denormals), P converted
// to A fragments in registers, O += P V (V by ldmatrix.trans); with causal,
// a slice with non-finite V that the warp's rows see only in part is
// checked for and multiplied on CUDA cores. One wait and barrier per tile.
// CHECK-LABEL: func.func @attention_mma
// CHECK: gpu.launch_func @mini_kernels::@attention_mma_attention blocks in (%{{.*}}) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %c36864_i32
// CHECK-SAME: attrs = {causal = true, config = #mini.attention_config<math = "mma_sync", split_keys = 0>, scale = 1.250000e-01 : f32}
// CHECK: gpu.func @attention_mma_attention
// CHECK: %[[SK:.*]] = memref.view %{{.*}}[%c0][] : {{.*}} to memref<2x64x72xf16, #gpu.address_space<workgroup>>
// CHECK: %[[SV:.*]] = memref.view %{{.*}}[%c18432][] : {{.*}} to memref<2x64x72xf16, #gpu.address_space<workgroup>>
// CHECK: %[[SQ:.*]] = memref.view %{{.*}}[%c27648][] : {{.*}} to memref<1x64x72xf16, #gpu.address_space<workgroup>>
// Longest row blocks first: with few K/V heads (B x G <= 66), of every
// (batch, head) in launch order; with more, a head's blocks together.
// CHECK: %[[FEW:.*]] = arith.cmpi ule, %{{.*}}, %c66 : index
// CHECK: %[[LAST:.*]] = arith.subi %grid_dim_x, %c1 : index
// CHECK: %[[BACK:.*]] = arith.select %[[FEW]], %{{.*}}, %block_id_x : index
// CHECK: arith.subi %[[LAST]], %[[BACK]] : index
// CHECK: arith.select %[[FEW]], %{{.*}}, %block_id_y : index
// CHECK: arith.select %[[FEW]], %{{.*}}, %block_id_z : index
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[SQ]]
// CHECK: %[[TOKEN:.*]] = nvgpu.device_async_create_group
// CHECK: scf.if
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[SK]]
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[SV]]
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_wait %[[TOKEN]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: gpu.barrier
// CHECK: scf.for {{.*}} -> (f32, f32, f32, f32, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, index)
// CHECK: scf.if
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[SK]]
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[SV]]
// CHECK: nvgpu.device_async_create_group
// CHECK: %[[KPTR:.*]] = llvm.getelementptr %{{.*}}[2304] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.ldmatrix %[[KPTR]] {{.*}}layout = #nvvm.mma_layout<row>
// CHECK-COUNT-32: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK: scf.if %{{.*}} -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>)
// CHECK: arith.minsi
// CHECK: %[[SEEN:.*]] = arith.cmpi sge, %{{.*}}, %c1_i32 : i32
// CHECK-NEXT: vector.extract
// CHECK-NEXT: arith.select %[[SEEN]]
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// The row's max over the raw scores, scaled once (the scale is positive),
// and each P by one fma: exp2(s * scale * log2 e - max). At D = 64 the max
// in use stays until the row's passes it by 8 (2^8 in P), and O's rescale
// runs only where some row of the warp moved it.
// CHECK: %[[TILEMAX:.*]] = arith.mulf %{{.*}}, %[[SCALE:.*]] : f32
// CHECK-NEXT: %[[SEEN:.*]] = arith.maximumf %[[MAX:arg[0-9]+]], %[[TILEMAX]] : f32
// CHECK-NEXT: %[[BOUND:.*]] = arith.addf %[[MAX]], %cst{{.*}} : f32
// CHECK: %[[STAYS:.*]] = arith.cmpf ole, %[[SEEN]], %[[BOUND]] : f32
// CHECK: arith.select %[[STAYS]], %[[MAX]], %[[SEEN]] : f32
// CHECK: arith.cmpf oeq
// CHECK: %[[NEGMAX:.*]] = arith.negf
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: %[[LOGIT:.*]] = math.fma %{{.*}}, %[[SCALE]], %[[NEGMAX]] : f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%[[LOGIT]])
// CHECK: %[[MOVED:.*]] = nvvm.vote.sync any %c-1_i32, %{{.*}} -> i1
// CHECK-NEXT: scf.if %[[MOVED]] -> (vector<2x2xf32>,
// CHECK-COUNT-8: arith.mulf %{{.*}} : vector<2x2xf32>
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: vector.from_elements {{.*}} : vector<4x2xf16>
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>
// CHECK: nvgpu.mma.sync
// CHECK: vector.reduction <or>
// CHECK: gpu.shuffle idx
// CHECK: nvgpu.device_async_wait %[[TOKEN]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// The epilogue: O / l, staged through shared memory into 16-byte stores.
// CHECK: arith.divf
// CHECK: vector.store %{{.*}} : memref<?xf16>, vector<8xf16>
func.func @attention_mma(%q: tensor<2x8x77x64xf16>, %k: tensor<2x2x77x64xf16>, %v: tensor<2x2x77x64xf16>) -> tensor<2x8x77x64xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", split_keys = 0>} : tensor<2x8x77x64xf16>, tensor<2x2x77x64xf16>, tensor<2x2x77x64xf16> -> tensor<2x8x77x64xf16>
  return %o : tensor<2x8x77x64xf16>
}

// -----

// The decode kernel does little math per key tile (a few query rows): with
// 32-key tiles its K/V ring takes four stages (87 KB with Q's buffer: two
// blocks an SM, as the split plan assumes). Each thread commits one group
// per tile (an empty one past the split's last tile), the prologue three;
// each wait leaves the two younger tiles' groups in flight, so tile j + 3's
// copies land while tile j's math runs. With 64-key tiles, whose math
// covers the next tile's loads, two stages.
// CHECK-LABEL: func.func @attention_decode_ring
// CHECK: gpu.launch_func @mini_kernels::@attention_decode_ring_attention_decode {{.*}} dynamic_shared_memory_size %c87040_i32
// CHECK: gpu.func @attention_decode_ring_attention_decode(
// CHECK: memref.view %{{.*}} to memref<4x32x136xf16, #gpu.address_space<workgroup>>
// CHECK: memref.view %{{.*}} to memref<4x32x136xf16, #gpu.address_space<workgroup>>
// CHECK: %[[Q:.*]] = nvgpu.device_async_create_group %
// CHECK-COUNT-3: nvgpu.device_async_create_group{{ *$}}
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_wait %[[Q]] {numGroups = 2 : i32}
// CHECK: scf.for
// CHECK: nvgpu.device_async_create_group{{ *$}}
// CHECK: nvgpu.device_async_wait %[[Q]] {numGroups = 2 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: gpu.func @attention_decode_ring_attention_combine(
func.func @attention_decode_ring(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x?x128xf16>, %v: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", tile_keys = 32>} : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}

// -----

// CHECK-LABEL: func.func @attention_decode_two_stages
// CHECK: gpu.func @attention_decode_two_stages_attention_decode(
// CHECK: memref.view %{{.*}} to memref<2x64x136xf16, #gpu.address_space<workgroup>>
// CHECK: %[[Q:.*]] = nvgpu.device_async_create_group %
// CHECK: scf.if
// CHECK: nvgpu.device_async_create_group{{ *$}}
// CHECK-NEXT: nvgpu.device_async_wait %[[Q]] {numGroups = 0 : i32}
func.func @attention_decode_two_stages(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x?x128xf16>, %v: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", tile_keys = 64>} : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}

// -----

// The wgmma kernel (sm_90a): the host encodes TMA descriptors of Q, K and V
// (boxes of 64 head dims, 128-byte swizzle; K and V a tile of keys) and
// launches two consumer warpgroups and the producer's (384 threads); the
// decode kernel (mma_sync) is its companion for few query rows. Thread 0 initializes the
// mbarriers (Q's; per stage K's full, V's full (the producer's thread and
// its three scanning warps), K's and V's empty for the 256 consumers, and
// V's scanned for the three warps). Consumers raise their registers to 232
// (the producer keeps 40, for the scan) and wait for Q. The tiles
// that all of a warpgroup's rows see whole go through the overlapped loop:
// tile 0's S = Q Kt (four k-steps of wgmma m64n128k16 from shared memory)
// before it; per iteration, S of tile j and O += P V of tile j - 1 (eight
// k-steps of wgmma m64n64k16 with P from registers, inline PTX) in flight
// together, the softmax after waiting for the first alone; the last
// tile's O += P V after it. Then the diagonal tiles one at a time: S, the
// mask and softmax, a wait for V and one for its scan, the scanning warps'
// three words (a NaN or Inf in a masked key sends the tile to CUDA cores),
// O += P V, and the stage's release. The producer lowers its registers and
// its first thread copies Q once and each tile's K and V boxes once the
// stage is free. Its other three warps arrive on each tile's V-full once
// the stage's last tile landed, and scan V of the tiles that the block's
// first row does not see whole: 16-byte chunks split over their lanes,
// the greatest bad key by redux.sync, a word and an arrival per warp.
// CHECK-LABEL: func.func @attention_wgmma
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c1, %c1, %c64, %c64] {{.*}}swizzle = swizzle_128b
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c1, %c1, %c128, %c64] {{.*}}swizzle = swizzle_128b
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c1, %c1, %c128, %c64] {{.*}}swizzle = swizzle_128b
// CHECK: gpu.launch_func @mini_kernels::@attention_wgmma_attention blocks in (%c16, %c8, %c2) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c103552_i32 args({{.*}} : !llvm.ptr, {{.*}} : !llvm.ptr, {{.*}} : !llvm.ptr)
// CHECK-SAME: entry = "attention_wgmma_attention_decode"
// CHECK: gpu.func @attention_wgmma_attention(
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c256_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c4_i32
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c256_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c3_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c4_i32
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c256_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c3_i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: nvvm.setmaxregister  increase 232
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}}<m = 64, n = 128, k = 16>
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: scf.for
// CHECK-COUNT-2: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}}<m = 64, n = 128, k = 16>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.yield
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.mbarrier.arrive %
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}}<m = 64, n = 128, k = 16>
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-COUNT-3: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: llvm.inline_asm has_side_effects "", "=r,
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvvm.mbarrier.arrive %
// CHECK: nvvm.mbarrier.arrive %
// CHECK: vector.store %{{.*}} : memref<?xf16>, vector<8xf16>
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c16384_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c16384_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c16384_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.mbarrier.arrive %
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.mbarrier.arrive %
// CHECK: scf.for %{{.*}} = %c0 to %c1024 step %c192 iter_args(%{{.*}} = %c0_i32) -> (i32)
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xi16>
// CHECK: nvvm.redux.sync  umax
// CHECK: llvm.store
// CHECK: nvvm.mbarrier.arrive %
// CHECK: gpu.func @attention_wgmma_attention_decode(
func.func @attention_wgmma(%q: tensor<2x8x2048x64xf16>, %k: tensor<2x2x2048x64xf16>, %v: tensor<2x2x2048x64xf16>) -> tensor<2x8x2048x64xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128>} : tensor<2x8x2048x64xf16>, tensor<2x2x2048x64xf16>, tensor<2x2x2048x64xf16> -> tensor<2x8x2048x64xf16>
  return %o : tensor<2x8x2048x64xf16>
}

// -----

// Dynamic sizes: the host plans decode-or-main at launch (the runtime's
// rule, launch::planKeySplits). It counts the wgmma kernel's work items
// (B x H x ceil(S / 128), the record's main_rows) against the decode
// kernel's blocks (B x G x ceil(S x H / G / 64)), and takes the decode
// kernel where those are fewer or the main kernel's do not fill the 132 SMs.
// Without causal and with two consumer warpgroups the main kernel is
// persistent: min(B x H x S, 132) blocks (at least one a work item, where
// there are fewer), each striding over the items (row block fastest, then
// head, then batch), carrying the items it ran (Q's barriers' parity) and
// the K/V ring's tiles (each tile's stage and parity) from one to the next.
// The consumers raise their registers to 232 and the producer keeps 40 of
// the 168 x 384 the block launched with. A consumer releases Q once its
// key loop is done (Q-empty mbarrier, 256 arrivals, at 83976 from the
// aligned base: after Q at 0, K at 18432, V at 51200 and Q-full at 83968)
// and stages O in a buffer of its own (at 84096); the producer copies each item's tile 0, then Q once
// released, then the other tiles.
// CHECK-LABEL: func.func @attention_wgmma_plan
// CHECK: %[[B:.*]] = tensor.dim %arg0, %c0
// CHECK: %[[H:.*]] = tensor.dim %arg0, %c1
// CHECK: %[[S:.*]] = tensor.dim %arg0, %c2
// CHECK: %[[BH:.*]] = arith.muli %[[B]], %[[H]] : index
// CHECK: %[[BHS:.*]] = arith.muli %[[BH]], %[[S]] : index
// CHECK: %[[CAP:.*]] = arith.cmpi ugt, %[[BHS]], %c132 : index
// CHECK: %[[GRID:.*]] = arith.select %[[CAP]], %c132, %[[BHS]] : index
// CHECK: %[[ROW_BLOCKS:.*]] = arith.ceildivui %[[S]], %c128 : index
// CHECK: %[[MAIN:.*]] = arith.muli %[[BH]], %[[ROW_BLOCKS]] : index
// CHECK: %[[DECODEROWS:.*]] = arith.ceildivui %{{.*}}, %c64 : index
// CHECK: %[[DECODE:.*]] = arith.muli %{{.*}}, %[[DECODEROWS]] : index
// CHECK: %[[FEW:.*]] = arith.cmpi ult, %[[MAIN]], %c132 : index
// CHECK: %[[LESS:.*]] = arith.cmpi ult, %[[DECODE]], %[[MAIN]] : index
// CHECK: %[[USE:.*]] = arith.ori %[[LESS]], %[[FEW]] : i1
// CHECK: scf.if %[[USE]] {
// CHECK: gpu.launch_func @mini_kernels::@attention_wgmma_plan_attention_decode
// CHECK: } else {
// CHECK: gpu.launch_func @mini_kernels::@attention_wgmma_plan_attention blocks in (%[[GRID]], %c1, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c103552_i32
// CHECK-SAME: grid = [{div = 1 : i64, max_blocks = 132 : i64, sizes = ["B", "H", "S"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}]
// CHECK-SAME: main_rows = 128 : i64
// CHECK: gpu.func @attention_wgmma_plan_attention(
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK-NEXT: arith.addi
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: nvvm.mbarrier.init %{{.*}}, %c256_i32
// CHECK: nvvm.setmaxregister  increase 232
// CHECK: %[[C_ROW_BLOCKS:.*]] = arith.ceildivui %arg7, %c128 : index
// CHECK: %[[C_ITEMS:.*]] = arith.muli %{{.*}}, %arg4 : index
// CHECK: scf.for %{{.*}} = %block_id_x to %[[C_ITEMS]] step %grid_dim_x iter_args(%[[RAN:.*]] = %c0, %[[RING:.*]] = %c0) -> (index, index) {
// CHECK: %[[Q_PARITY:.*]] = arith.remui %[[RAN]], %c2 : index
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32
// CHECK: %[[Q_PARITY_I32:.*]] = arith.index_castui %[[Q_PARITY]] : index to i32
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %[[Q_PARITY_I32]]
// CHECK: arith.divui %[[RING]], %c2 : index
// CHECK: nvvm.wgmma.mma_async
// CHECK: arith.addi %{{.*}}, %c84096 : index
// CHECK: %[[Q_EMPTY:.*]] = arith.addi %{{.*}}, %c83976_i32 : i32
// CHECK: %[[Q_EMPTY_PTR:.*]] = llvm.inttoptr %[[Q_EMPTY]]
// CHECK-NEXT: nvvm.mbarrier.arrive %[[Q_EMPTY_PTR]] : !llvm.ptr<3>
// CHECK-NOT: nvvm.mbarrier
// CHECK: vector.store %{{.*}}, %arg3
// CHECK: %[[NEXT_RAN:.*]] = arith.addi %[[RAN]], %c1 : index
// CHECK: %[[NEXT_RING:.*]] = arith.addi %[[RING]], %{{.*}} : index
// CHECK: scf.yield %[[NEXT_RAN]], %[[NEXT_RING]] : index, index
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: scf.for %{{.*}} = %block_id_x to %{{.*}} step %grid_dim_x iter_args(%[[P_RAN:.*]] = %c0, %[[P_RING:.*]] = %c0) -> (index, index) {
// CHECK: %[[P_PARITY:.*]] = arith.remui %[[P_RAN]], %c2 : index
// CHECK: scf.if
// CHECK: arith.remui %[[P_RING]], %c2 : index
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg11
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg12
// CHECK: }
// CHECK: arith.addi %[[P_PARITY]], %c1 : index
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c16384_i32
// CHECK-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg10
// CHECK: scf.for %{{.*}} = %c1 to
// CHECK: arith.addi %[[P_RING]], %{{.*}} : index
func.func @attention_wgmma_plan(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x?x64xf16>, %v: tensor<?x?x?x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128>} : tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}

// -----

// One consumer warpgroup (4 warps, 64 rows): a main block takes about half
// a decode block's time (main_block_cost = 50 percent), so the decode
// kernel runs only where packing the GQA rows halves the blocks (100 x its
// blocks against 50 x the main kernel's), not wherever rounding saves one.
// CHECK-LABEL: func.func @attention_wgmma_one_group_plan
// CHECK: %[[ROW_BLOCKS:.*]] = arith.ceildivui %{{.*}}, %c64 : index
// CHECK: %[[MAIN:.*]] = arith.muli %{{.*}}, %[[ROW_BLOCKS]] : index
// CHECK: %[[DECODEROWS:.*]] = arith.ceildivui %{{.*}}, %c64 : index
// CHECK: %[[DECODE:.*]] = arith.muli %{{.*}}, %[[DECODEROWS]] : index
// CHECK: %[[FEW:.*]] = arith.cmpi ult, %[[MAIN]], %c132 : index
// CHECK: %[[MAIN_COST:.*]] = arith.muli %[[MAIN]], %c50 : index
// CHECK: %[[DECODE_COST:.*]] = arith.muli %[[DECODE]], %c100 : index
// CHECK: %[[LESS:.*]] = arith.cmpi ult, %[[DECODE_COST]], %[[MAIN_COST]] : index
// CHECK: %[[USE:.*]] = arith.ori %[[LESS]], %[[FEW]] : i1
// CHECK: scf.if %[[USE]] {
// CHECK: gpu.launch_func @mini_kernels::@attention_wgmma_one_group_plan_attention_decode
// CHECK-SAME: main_block_cost = 50 : i64, main_rows = 64 : i64
// Three such blocks fit an SM (52 KB of shared memory each, and O's and S's
// fragments in 80 registers a thread): .minnctapersm 3, so each thread
// starts with 80 registers; the consumers raise theirs to 136 with the 24
// the producer keeps.
// CHECK: gpu.func @attention_wgmma_one_group_plan_attention(
// CHECK-SAME: nvvm.minctasm = 3 : i32
// CHECK: nvvm.setmaxregister  increase 136
// CHECK: nvvm.setmaxregister  decrease 24
// The producer copies Q (%arg10's map) before tile 0's K (%arg11's): S_0
// needs both, and Q was last (persistent blocks keep that order).
// CHECK-NOT: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}}, %arg11,
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}}, %arg10,
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}}, %arg11,
func.func @attention_wgmma_one_group_plan(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x?x64xf16>, %v: tensor<?x?x?x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 64>} : tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}

// -----

// A short_config: its kernel (the op's name, 256 threads) for at most 1024
// keys, the config's (`_long`, 384) for more, chosen on T as a row op's
// kernels are chosen on its row length; each decides decode-or-main with
// its own rows (the same decode kernel).
// CHECK-LABEL: func.func @attention_short_variant
// CHECK: %[[T:.*]] = tensor.dim %arg1, %c2
// CHECK: %[[SHORT:.*]] = arith.cmpi ule, %[[T]], %c1024 : index
// CHECK: %[[WHICH:.*]] = arith.select %[[SHORT]], %c0, %c1 : index
// CHECK: scf.index_switch %[[WHICH]]
// CHECK: case 1 {
// CHECK: gpu.launch_func @mini_kernels::@attention_short_variant_attention_decode
// CHECK: gpu.launch_func @mini_kernels::@attention_short_variant_attention_long blocks in ({{.*}}) threads in (%c384, %c1, %c1)
// CHECK: default {
// CHECK: gpu.launch_func @mini_kernels::@attention_short_variant_attention_decode
// CHECK: gpu.launch_func @mini_kernels::@attention_short_variant_attention blocks in ({{.*}}) threads in (%c256, %c1, %c1)
// CHECK-SAME: max_lengths = [1024, 0]
// CHECK-SAME: size_variants = ["attention_short_variant_attention_long"]
// CHECK-SAME: split_keys = {combine_kernel = "attention_short_variant_attention_combine", decode_kernel = "attention_short_variant_attention_decode", main_block_cost = 50 : i64, main_rows = 64 : i64
// At D = 128 two short-kernel blocks fit an SM (101 KB of shared memory
// each; three fit only up to D = 64); the long kernel's block is alone.
// CHECK: gpu.func @attention_short_variant_attention(
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK: gpu.func @attention_short_variant_attention_long(
// CHECK-SAME: nvvm.minctasm = 1 : i32
func.func @attention_short_variant(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x?x128xf16>, %v: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128>, short_config = #mini.attention_config<math = "wgmma">} : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}

// -----

// Without causal the short kernel needs S <= 1024 too (`max_rows`, which
// bound an attention's S as a row op's R): where S is dynamic the launch
// chooses, even with a static T that short.
// CHECK-LABEL: func.func @attention_short_rows
// CHECK: scf.index_switch
// CHECK: gpu.launch_func @mini_kernels::@attention_short_rows_attention_long blocks in ({{.*}}) threads in (%c512, %c1, %c1)
// CHECK: gpu.launch_func @mini_kernels::@attention_short_rows_attention blocks in ({{.*}}) threads in (%c256, %c1, %c1)
// CHECK-SAME: max_lengths = [1024, 0], max_rows = [1024, 0]
// CHECK-SAME: size_variants = ["attention_short_rows_attention_long"]
func.func @attention_short_rows(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x300x64xf16>, %v: tensor<?x?x300x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 128>, short_config = #mini.attention_config<math = "wgmma">} : tensor<?x?x?x64xf16>, tensor<?x?x300x64xf16>, tensor<?x?x300x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}

// -----

// A static S past 1024: the config's kernel alone.
// CHECK-LABEL: func.func @attention_short_rows_static_long
// CHECK-NOT: scf.index_switch
// CHECK: gpu.launch_func @mini_kernels::@attention_short_rows_static_long_attention blocks in ({{.*}}) threads in (%c512, %c1, %c1)
// CHECK-NOT: size_variants
// CHECK: gpu.func @attention_short_rows_static_long_attention(
// CHECK-NOT: gpu.func @attention_short_rows_static_long_attention_long(
func.func @attention_short_rows_static_long(%q: tensor<?x?x4096x64xf16>, %k: tensor<?x?x300x64xf16>, %v: tensor<?x?x300x64xf16>) -> tensor<?x?x4096x64xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 128>, short_config = #mini.attention_config<math = "wgmma">} : tensor<?x?x4096x64xf16>, tensor<?x?x300x64xf16>, tensor<?x?x300x64xf16> -> tensor<?x?x4096x64xf16>
  return %o : tensor<?x?x4096x64xf16>
}

// -----

// With causal up to D = 64 the short kernel (three blocks an SM) runs up
// to 8192 keys: chosen at launch where T is dynamic, alone where a static
// T is that short.
// CHECK-LABEL: func.func @attention_short_keys_causal_d64
// CHECK: %[[T:.*]] = tensor.dim %arg1, %c2
// CHECK: %[[SHORT:.*]] = arith.cmpi ule, %[[T]], %c8192 : index
// CHECK: gpu.launch_func @mini_kernels::@attention_short_keys_causal_d64_attention blocks in ({{.*}}) threads in (%c256, %c1, %c1)
// CHECK-SAME: max_lengths = [8192, 0]
// CHECK-NOT: max_rows
// CHECK-SAME: size_variants = ["attention_short_keys_causal_d64_attention_long"]
// CHECK-LABEL: func.func @attention_short_keys_causal_d64_static
// CHECK-NOT: scf.index_switch
// CHECK: gpu.launch_func @mini_kernels::@attention_short_keys_causal_d64_static_attention blocks in ({{.*}}) threads in (%c256, %c1, %c1)
// CHECK-NOT: size_variants
func.func @attention_short_keys_causal_d64(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x?x64xf16>, %v: tensor<?x?x?x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 96>, short_config = #mini.attention_config<math = "wgmma">} : tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}
func.func @attention_short_keys_causal_d64_static(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x3000x64xf16>, %v: tensor<?x?x3000x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 96>, short_config = #mini.attention_config<math = "wgmma">} : tensor<?x?x?x64xf16>, tensor<?x?x3000x64xf16>, tensor<?x?x3000x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}

// -----

// A static T: the one kernel its length picks, under the op's name: the
// short config's up to 1024 keys (one consumer warpgroup and the producer,
// linked to the decode kernels with its 64 rows), the config's past it.
// CHECK-LABEL: func.func @attention_short_config_static_short_keys
// CHECK-NOT: scf.index_switch
// CHECK: gpu.launch_func @mini_kernels::@attention_short_config_static_short_keys_attention blocks in ({{.*}}) threads in (%c256, %c1, %c1)
// CHECK-NOT: size_variants
// CHECK-SAME: split_keys = {combine_kernel = "attention_short_config_static_short_keys_attention_combine", decode_kernel = "attention_short_config_static_short_keys_attention_decode", main_block_cost = 50 : i64, main_rows = 64 : i64
// CHECK: gpu.func @attention_short_config_static_short_keys_attention(
// CHECK-NOT: gpu.func @attention_short_config_static_short_keys_attention_long(
func.func @attention_short_config_static_short_keys(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x300x128xf16>, %v: tensor<?x?x300x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128>, short_config = #mini.attention_config<math = "wgmma">} : tensor<?x?x?x128xf16>, tensor<?x?x300x128xf16>, tensor<?x?x300x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}

// -----

// CHECK-LABEL: func.func @attention_short_config_static_long_keys
// CHECK-NOT: scf.index_switch
// CHECK: gpu.launch_func @mini_kernels::@attention_short_config_static_long_keys_attention blocks in ({{.*}}) threads in (%c384, %c1, %c1)
// CHECK-NOT: size_variants
// CHECK-SAME: main_rows = 128 : i64
// CHECK: gpu.func @attention_short_config_static_long_keys_attention(
// CHECK-NOT: gpu.func @attention_short_config_static_long_keys_attention_long(
func.func @attention_short_config_static_long_keys(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x1025x128xf16>, %v: tensor<?x?x1025x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128>, short_config = #mini.attention_config<math = "wgmma">} : tensor<?x?x?x128xf16>, tensor<?x?x1025x128xf16>, tensor<?x?x1025x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}

// -----

// The decode kernels (split_keys, on by default): the host runs
// (launch::planKeySplits) the decode kernel where its row blocks (S x H / G rows per K/V head) are fewer than
// the main kernel's or the main kernel's do not fill the 132 SMs, with
// floor(264 / decode blocks) key splits, at most 64 and at least two tiles
// each; with more than one, the combine kernel on a workspace. The decode
// kernel splits block x into row block and split, packs the H / G heads'
// rows, skips the math of warps past them, and writes O / l and m + log2 l
// per row; the combine kernel weighs each split by exp2(lse - max lse).
// CHECK-LABEL: func.func @attention_decode
// CHECK: %[[S_BLOCKS:.*]] = arith.ceildivui %[[S:.*]], %c64 : index
// CHECK: %[[BH:.*]] = arith.muli %[[B:.*]], %[[H:.*]] : index
// CHECK: %[[MAIN_BLOCKS:.*]] = arith.muli %[[BH]], %[[S_BLOCKS]] : index
// CHECK: %[[HG:.*]] = arith.divui %[[H]], %[[G:.*]] : index
// CHECK: %[[ROWS:.*]] = arith.muli %[[S]], %[[HG]] : index
// CHECK: %[[ROW_BLOCKS:.*]] = arith.ceildivui %[[ROWS]], %c64 : index
// CHECK: %[[BG:.*]] = arith.muli %[[B]], %[[G]] : index
// CHECK: %[[DECODE_BLOCKS:.*]] = arith.muli %[[BG]], %[[ROW_BLOCKS]] : index
// CHECK: %[[UNFILLED:.*]] = arith.cmpi ult, %[[MAIN_BLOCKS]], %c132 : index
// CHECK: %[[FEWER:.*]] = arith.cmpi ult, %[[DECODE_BLOCKS]], %[[MAIN_BLOCKS]] : index
// CHECK: %[[DECODE:.*]] = arith.ori %[[FEWER]], %[[UNFILLED]] : i1
// CHECK: arith.divui %c264, %[[DECODE_BLOCKS]] : index
// CHECK: %[[SPLITS:.*]] = arith.minui %{{.*}}, %c64 : index
// CHECK: scf.if %[[DECODE]] {
// CHECK: %[[SEVERAL:.*]] = arith.cmpi ugt, %[[SPLITS]], %c1 : index
// CHECK: %[[PARTIALS:.*]] = gpu.alloc  (%{{.*}}) : memref<?xf32>
// CHECK: %[[LSE:.*]] = gpu.alloc  (%{{.*}}) : memref<?xf32>
// CHECK: %[[GRID_X:.*]] = arith.muli %[[ROW_BLOCKS]], %[[SPLITS]] : index
// CHECK: gpu.launch_func  @mini_kernels::@attention_decode_attention_decode blocks in (%[[GRID_X]], %[[G]], %[[B]])
// CHECK-SAME: %[[PARTIALS]] : memref<?xf32>, %[[LSE]] : memref<?xf32>, %[[SPLITS]] : index)
// CHECK-SAME: mini.companion_kernels = [{{.*}}entry = "attention_decode_attention"{{.*}}entry = "attention_decode_attention_combine"
// CHECK-SAME: split_keys = {max_splits = 64 : i64, part = "decode", rows = 64 : i64, tile_keys = 64 : i64}
// CHECK: scf.if %[[SEVERAL]] {
// CHECK: gpu.launch_func  @mini_kernels::@attention_decode_attention_combine
// CHECK: gpu.dealloc  %[[PARTIALS]]
// CHECK: } else {
// CHECK: gpu.launch_func  @mini_kernels::@attention_decode_attention blocks
// CHECK-SAME: split_keys = {combine_kernel = "attention_decode_attention_combine", decode_kernel = "attention_decode_attention_decode", main_block_cost = 100 : i64, main_rows = 64 : i64, max_splits = 64 : i64, rows = 64 : i64, tile_keys = 64 : i64}
// CHECK: gpu.func @attention_decode_attention_decode({{.*}}, %[[PARTIALS_ARG:.*]]: memref<?xf32>, %[[LSE_ARG:.*]]: memref<?xf32>, %[[SPLITS_ARG:.*]]: index)
// CHECK: %[[SPLIT:.*]] = arith.remui %block_id_x, %[[SPLITS_ARG]] : index
// CHECK: %[[ROW_BLOCK:.*]] = arith.divui %block_id_x, %[[SPLITS_ARG]] : index
// CHECK: arith.divui %arg5, %arg6 : index
// CHECK: %[[TILES:.*]] = arith.ceildivui %arg8, %c64 : index
// CHECK: arith.ceildivui %[[TILES]], %[[SPLITS_ARG]] : index
// CHECK: scf.for %{{.*}} = %[[KEY_START:.*]] to %[[KEY_END:.*]] step %c64
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32, vector<2x2xf32>
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK: gpu.barrier
// CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"
// CHECK: vector.store %{{.*}}, %[[PARTIALS_ARG]][%{{.*}}] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
// CHECK: memref.store %{{.*}}, %[[LSE_ARG]][%{{.*}}] : memref<?xf32>
// CHECK: vector.store %{{.*}} : memref<?xf16>, vector<8xf16>
// CHECK: gpu.func @attention_decode_attention_combine
// CHECK: scf.for %{{.*}} = %c0 to %arg12 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK: arith.maximumf
// CHECK: scf.for {{.*}} -> (f32, f32, f32, f32, f32)
// CHECK: math.exp2
// CHECK: vector.load %arg10[%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: arith.divf
// CHECK: vector.store %{{.*}}, %arg3[%{{.*}}] {alignment = 8 : i64} : memref<?xf16>, vector<4xf16>
func.func @attention_decode(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x?x64xf16>, %v: tensor<?x?x?x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}

// -----

// LayerNorm, rows of 4096 bf16 on 4 warps: the row's first element is the
// shift K; sums of x - K and (x - K)^2 over the cached vectors, reduced
// together (two shuffle chains, one exchange through shared memory behind
// one barrier); mean = K + s1 / C, var = s2 / C - (s1 / C)^2 (at least 0);
// y = (x - mean) * rstd * w + b with w and b read as vectors.
// CHECK-LABEL: func.func @layernorm
// CHECK: gpu.launch_func @mini_kernels::@layernorm_layernorm blocks in (%c3, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-SAME: op = "layernorm"
// CHECK-SAME: tensors = [{dims = ["R", "C"], dtype = "bf16", name = "x", output = false}, {dims = ["C"], dtype = "bf16", name = "w", output = false}, {dims = ["C"], dtype = "bf16", name = "b", output = false}, {dims = ["R", "C"], dtype = "bf16", name = "y", output = true}]
// CHECK: gpu.func @layernorm_layernorm(%[[X:.*]]: memref<?xbf16>, %[[W:.*]]: memref<?xbf16>, %[[B:.*]]: memref<?xbf16>, %[[Y:.*]]: memref<?xbf16>
// CHECK-SAME: workgroup(%[[SMEM:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-4: vector.load %[[X]]
// CHECK: memref.load %[[X]]
// CHECK: math.fma
// CHECK-COUNT-2: gpu.subgroup_reduce add %{{.*}} uniform : (f32) -> f32
// CHECK-COUNT-2: memref.store %{{.*}}, %[[SMEM]]
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: arith.maximumf %{{.*}}, %cst
// CHECK: math.rsqrt
// CHECK: vector.load %[[W]]
// CHECK: vector.load %[[B]]
// CHECK: math.fma
// CHECK: vector.store %{{.*}}, %[[Y]]
func.func @layernorm(%x: tensor<3x4096xbf16>, %w: tensor<4096xbf16>, %b: tensor<4096xbf16>) -> tensor<3x4096xbf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 1, cache_slots = 4>} : tensor<3x4096xbf16>, tensor<4096xbf16>, tensor<4096xbf16> -> tensor<3x4096xbf16>
  return %y : tensor<3x4096xbf16>
}

// -----

// RMSNorm with a residual and its sum (mini-fuse's residual-norm rule):
// the kernel's tensors are x, r, w, y, s; each cached vector of x and of r
// is loaded, their sum rounded to bf16 (truncf, extf) and stored to s as it
// is read; the norm then runs on the sum. The host allocates both results.
// CHECK-LABEL: func.func @rmsnorm_residual
// CHECK: %[[Y:.*]] = memref.alloc() : memref<3x4096xbf16>
// CHECK: %[[S:.*]] = memref.alloc() : memref<3x4096xbf16>
// CHECK: gpu.launch_func @mini_kernels::@rmsnorm_residual_rmsnorm
// CHECK-SAME: op = "rmsnorm"
// CHECK-SAME: tensors = [{dims = ["R", "C"], dtype = "bf16", name = "x", output = false}, {dims = ["R", "C"], dtype = "bf16", name = "r", output = false}, {dims = ["C"], dtype = "bf16", name = "w", output = false}, {dims = ["R", "C"], dtype = "bf16", name = "y", output = true}, {dims = ["R", "C"], dtype = "bf16", name = "s", output = true}]
// CHECK: return %{{.*}}, %{{.*}} : tensor<3x4096xbf16>, tensor<3x4096xbf16>
// CHECK: gpu.func @rmsnorm_residual_rmsnorm(%[[XA:.*]]: memref<?xbf16>, %[[RA:.*]]: memref<?xbf16>, %[[WA:.*]]: memref<?xbf16>, %[[YA:.*]]: memref<?xbf16>, %[[SA:.*]]: memref<?xbf16>
// CHECK-COUNT-4: vector.load %[[XA]]
// CHECK-COUNT-4: vector.load %[[RA]]
// CHECK: arith.addf
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: vector.store %{{.*}}, %[[SA]]
// CHECK: gpu.subgroup_reduce
// CHECK: math.rsqrt
// CHECK: vector.load %[[WA]]
// CHECK: vector.store %{{.*}}, %[[YA]]
func.func @rmsnorm_residual(%x: tensor<3x4096xbf16>, %r: tensor<3x4096xbf16>, %w: tensor<4096xbf16>) -> (tensor<3x4096xbf16>, tensor<3x4096xbf16>) {
  %y, %h = mini.rmsnorm %x + %r, %w {epsilon = 1.0e-05 : f32, config = #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 1, cache_slots = 4>} : tensor<3x4096xbf16> + tensor<3x4096xbf16>, tensor<4096xbf16> -> tensor<3x4096xbf16>, tensor<3x4096xbf16>
  return %y, %h : tensor<3x4096xbf16>, tensor<3x4096xbf16>
}

// -----

// A staged config (rows of 5 f16): the block's rows of x and r come in as
// vectors, added in f32 and rounded, and the sum goes both to shared memory
// and to s before the rows are normalized there.
// CHECK-LABEL: gpu.func @layernorm_residual_staged_layernorm
// CHECK: %[[XV:.*]] = vector.load %arg0
// CHECK: %[[RV:.*]] = vector.load %arg1
// CHECK: arith.extf %[[XV]] : vector<8xf16> to vector<8xf32>
// CHECK: arith.addf %{{.*}} : vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: vector.store %{{.*}}, %{{.*}} : memref<{{.*}}xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: vector.store %{{.*}}, %arg5
// CHECK: gpu.barrier
func.func @layernorm_residual_staged(%x: tensor<?x5xf16>, %r: tensor<?x5xf16>, %w: tensor<5xf16>, %b: tensor<5xf16>) -> (tensor<?x5xf16>, tensor<?x5xf16>) {
  %y, %h = mini.layernorm %x + %r, %w, %b {epsilon = 1.0e-05 : f32} : tensor<?x5xf16> + tensor<?x5xf16>, tensor<5xf16>, tensor<5xf16> -> tensor<?x5xf16>, tensor<?x5xf16>
  return %y, %h : tensor<?x5xf16>, tensor<?x5xf16>
}

// -----

// A SwiGLU pair: one launch of ceil(N / 128) x ceil(M / 128) blocks (a C
// tile is half the 256-column B tile), the kernel taking a, b, up and c and
// three tensor maps (up boxed as b), its record the program on both
// products. The block's tile comes in grouped order: linear block id i =
// x + gridDim.x * y, groups of 16 row tiles (16 * gridDim.x blocks), M
// fastest within a group (at most gridDim.y - first row rows).
// CHECK-LABEL: func.func @matmul_pair
// CHECK: gpu.launch_func @mini_kernels::@matmul_pair_matmul blocks in (%c8, %{{.*}}, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c197696_i32 args({{.*}} : !llvm.ptr, {{.*}} : !llvm.ptr, {{.*}} : !llvm.ptr)
// CHECK-SAME: program = [{op = "const"
// CHECK-SAME: {args = [6, 1], op = "mulf"}], result = 7
// CHECK-SAME: tensor = "up"
// CHECK: gpu.func @matmul_pair_matmul(%[[A:[^:]*]]: memref<?xf16>, %[[B:[^:]*]]: memref<?xf16>, %[[UP:[^:]*]]: memref<?xf16>, %[[C:[^:]*]]: memref<?xf16>, {{.*}}, %[[DA:[^:]*]]: !llvm.ptr, %[[DB:[^:]*]]: !llvm.ptr, %[[DU:[^:]*]]: !llvm.ptr)
// CHECK-DAG: %[[GX:.*]] = gpu.grid_dim x
// CHECK-DAG: %[[GY:.*]] = gpu.grid_dim y
// CHECK: %[[ID:.*]] = arith.addi %block_id_x, %{{.*}} : index
// CHECK-NEXT: %[[PER:.*]] = arith.muli %[[GX]], %c16 : index
// CHECK-NEXT: %[[GROUP:.*]] = arith.divui %[[ID]], %[[PER]] : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[GROUP]], %c16 : index
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[GY]], %[[FIRST]] : index
// CHECK-NEXT: %[[ROWS:.*]] = arith.minui %[[LEFT]], %c16 : index
// CHECK-NEXT: %[[IN:.*]] = arith.remui %[[ID]], %[[PER]] : index
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[IN]], %[[ROWS]] : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[R]] : index
// CHECK-NEXT: %[[COL:.*]] = arith.divui %[[IN]], %[[ROWS]] : index
// CHECK-NEXT: %[[COL0:.*]] = arith.muli %[[COL]], %c128 : index
// CHECK-NEXT: %[[ROW0:.*]] = arith.muli %[[ROW]], %c128 : index
// CHECK: mini.block_matmul %[[A]][%{{.*}}], %[[B]][%{{.*}}] -> %[[C]][%{{.*}}] block(%[[ROW0]], %[[COL0]]) {{.*}} tensor_maps(%[[DA]], %[[DB]], %[[DU]] : !llvm.ptr, !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>, up_pair}
func.func @matmul_pair(%x: tensor<?x512xf16>, %wg: tensor<512x1000xf16>, %wu: tensor<512x1000xf16>) -> tensor<?x1000xf16> {
  %y = mini.matmul %x, %wg up(%wu : tensor<512x1000xf16>) : tensor<?x512xf16>, tensor<512x1000xf16> -> tensor<?x1000xf16>
  return %y : tensor<?x1000xf16>
}

// -----

// A pair with its narrow tiling as a size variant: both kernels are pair
// kernels (up_pair, three tensor maps); the launch weighs each by its C
// tiles (128 x 128 and 128 x 64) and its rate.
// CHECK-LABEL: func.func @matmul_pair_variants
// CHECK: %[[GY:.*]] = arith.ceildivui %{{.*}}, %c128 : index
// CHECK: arith.muli %[[GY]], %c8 : index
// CHECK: arith.muli %{{.*}}, %c1638400 : index
// CHECK: arith.muli %[[GY]], %c16 : index
// CHECK: arith.muli %{{.*}}, %c819200 : index
// CHECK: arith.divui %{{.*}}, %c88 : index
// CHECK: scf.index_switch
// CHECK: case 1 {
// CHECK: gpu.launch_func @mini_kernels::@matmul_pair_variants_matmul_128x128 blocks in (%c16, %[[GY]], %c1) threads in (%c384, %c1, %c1)
// CHECK: default {
// CHECK: gpu.launch_func @mini_kernels::@matmul_pair_variants_matmul blocks in (%c8, %[[GY]], %c1) threads in (%c384, %c1, %c1)
// CHECK-SAME: size_variants = ["matmul_pair_variants_matmul_128x128"]
// CHECK: gpu.func @matmul_pair_variants_matmul(
// CHECK: mini.block_matmul {{.*}} tensor_maps(%{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, {{.*}}>, up_pair}
// CHECK: gpu.func @matmul_pair_variants_matmul_128x128(
// CHECK: mini.block_matmul {{.*}} tensor_maps(%{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 128, {{.*}}stages = 6, {{.*}}>, up_pair}
func.func @matmul_pair_variants(%x: tensor<?x512xf16>, %wg: tensor<512x1000xf16>, %wu: tensor<512x1000xf16>) -> tensor<?x1000xf16> {
  %y = mini.matmul %x, %wg up(%wu : tensor<512x1000xf16>) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>, sm_count = 132 : i64, tile_rates = array<i64: 100, 88>, size_variants = [#mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 8, warps_n = 1, stages = 6, math = "wgmma", copy = "tma", producer_warps = 4>]} : tensor<?x512xf16>, tensor<512x1000xf16> -> tensor<?x1000xf16>
  return %y : tensor<?x1000xf16>
}

// -----

// A plain wgmma product takes the same grouped order (256-column tiles);
// with clusters it keeps launch order (a cluster's blocks, consecutive along
// y, share their column's B tile).
// CHECK-LABEL: func.func @matmul_wgmma_grouped
// CHECK: gpu.func @matmul_wgmma_grouped_matmul(
// CHECK: gpu.grid_dim y
// CHECK: arith.minui %{{.*}}, %c16 : index
// CHECK: %[[COL:.*]] = arith.divui
// CHECK-NEXT: arith.muli %[[COL]], %c256 : index
// CHECK: gpu.func @matmul_wgmma_cluster_matmul(
// CHECK-NOT: gpu.grid_dim
// CHECK: mini.block_matmul
func.func @matmul_wgmma_grouped(%a: tensor<1000x512xf16>, %b: tensor<512x1000xf16>) -> tensor<1000x1000xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>} : tensor<1000x512xf16>, tensor<512x1000xf16> -> tensor<1000x1000xf16>
  return %c : tensor<1000x1000xf16>
}
func.func @matmul_wgmma_cluster(%a: tensor<1000x512xf16>, %b: tensor<512x1000xf16>) -> tensor<1000x1000xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", cluster_m = 2, producer_warps = 4>} : tensor<1000x512xf16>, tensor<512x1000xf16> -> tensor<1000x1000xf16>
  return %c : tensor<1000x1000xf16>
}

// -----

// The persistent ping-pong kernel (pingpong = 1): a one-dimensional grid of
// min(batch x M x N, SMs) blocks (the op's sm_count, else sm_90a's 132;
// each block strides over the tiles), three warpgroups, and one
// block_matmul whose batch operand is the batch count (mini-promote-tiles
// places the tiles). The A boxes are the warpgroup's 64 rows.
// CHECK-LABEL: func.func @matmul_pingpong
// CHECK: %[[ELTS:.*]] = arith.muli %[[DIM:.*]], %c1000 : index
// CHECK-NEXT: %[[CAPPED:.*]] = arith.cmpi ugt, %[[ELTS]], %c100 : index
// CHECK-NEXT: %[[GRID:.*]] = arith.select %[[CAPPED]], %c100, %[[ELTS]] : index
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c64, %c64]
// CHECK: gpu.launch_func @mini_kernels::@matmul_pingpong_matmul blocks in (%[[GRID]], %c1, %c1) threads in (%c384, %c1, %c1)
// CHECK-SAME: pingpong = true
// CHECK-SAME: grid = [{div = 1 : i64, max_blocks = 100 : i64, sizes = ["batch", "M", "N"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}]
// CHECK: gpu.launch_func @mini_kernels::@matmul_pingpong_static_matmul blocks in (%c132, %c1, %c1) threads in (%c384, %c1, %c1)
// CHECK: gpu.func @matmul_pingpong_matmul(%{{[^:]*}}: memref<?xf16>, %{{[^:]*}}: memref<?xf16>, %{{[^:]*}}: memref<?xf16>, %{{[^:]*}}: index, %[[M:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index,
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: mini.block_matmul {{.*}} block(%c0, %c0) batch %c1 sizes(%[[M]], %c1000, %c512) {{.*}} pingpong = 1>
func.func @matmul_pingpong(%a: tensor<?x512xf16>, %b: tensor<512x1000xf16>) -> tensor<?x1000xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>, sm_count = 100 : i64} : tensor<?x512xf16>, tensor<512x1000xf16> -> tensor<?x1000xf16>
  return %c : tensor<?x1000xf16>
}
func.func @matmul_pingpong_static(%a: tensor<4x1000x512xf16>, %b: tensor<4x512x1000xf16>) -> tensor<4x1000x1000xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : tensor<4x1000x512xf16>, tensor<4x512x1000xf16> -> tensor<4x1000x1000xf16>
  return %c : tensor<4x1000x1000xf16>
}
