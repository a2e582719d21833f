// Tests lib/Transforms/SelectRowConfig.cpp.
// RUN: mini-opt %s -split-input-file -mini-select-row-config | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-select-row-config="warps-per-row=2 cache-slots=0" | FileCheck %s --check-prefix=OVERRIDE
// RUN: mini-opt %s -split-input-file -mini-select-row-config="rows-per-warp=4" | FileCheck %s --check-prefix=PER-WARP
// RUN: mini-opt %s -split-input-file -mini-select-row-config="chip=sm_86" | FileCheck %s --check-prefix=SM86
// RUN: mini-opt %s -split-input-file -mini-select-row-config="shared-slots=0" | FileCheck %s --check-prefix=NO-SHARED
// RUN: mini-opt %s -split-input-file -mini-select-row-config="cluster-blocks=1" | FileCheck %s --check-prefix=ONE-BLOCK

// Short rows: a warp shares out rows. Rows of 7 f16 (under a vector, so not
// 16-byte aligned): a thread per row, staged through about 32 KB of shared
// memory (2048 rows of 7). So are unaligned rows of up to 64 values (256
// rows of 61 f16; 128 of 33 f32, the fewest rows a stage takes). Rows of 64
// f32 (16 vectors): a vector a thread, 16 threads a row.
// CHECK-LABEL: func.func @short_rows
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 2048, cache_slots = 1, rows_per_warp = 32, staged = true>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 16, cache_slots = 1, rows_per_warp = 2>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 256, cache_slots = 8, rows_per_warp = 32, staged = true>}
// CHECK: mini.rmsnorm %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 128, cache_slots = 9, rows_per_warp = 32, staged = true>
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 32, cache_slots = 1, rows_per_warp = 4>}
// A warp count given alone means whole warps per row, with the heuristic's
// block size for them.
// OVERRIDE-LABEL: func.func @short_rows
// OVERRIDE: #mini.row_config<vector_width = 8, warps_per_row = 2, rows_per_block = 2, cache_slots = 0>
// PER-WARP-LABEL: func.func @short_rows
// PER-WARP: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 32, cache_slots = 1, rows_per_warp = 4>}
func.func @short_rows(%x: tensor<8x7xf16>, %z: tensor<8x64xf32>, %p: tensor<9x61xf16>, %q: tensor<9x33xf32>, %g: tensor<33xf32>, %a: tensor<9x64xf16>) -> (tensor<8x7xf16>, tensor<8x64xf32>, tensor<9x61xf16>, tensor<9x33xf32>, tensor<9x64xf16>) {
  %y = mini.softmax %x : tensor<8x7xf16> -> tensor<8x7xf16>
  %w = mini.softmax %z : tensor<8x64xf32> -> tensor<8x64xf32>
  %p1 = mini.softmax %p : tensor<9x61xf16> -> tensor<9x61xf16>
  %q1 = mini.rmsnorm %q, %g {epsilon = 1.0e-05 : f32} : tensor<9x33xf32>, tensor<33xf32> -> tensor<9x33xf32>
  %a1 = mini.softmax %a : tensor<9x64xf16> -> tensor<9x64xf16>
  return %y, %w, %p1, %q1, %a1 : tensor<8x7xf16>, tensor<8x64xf32>, tensor<9x61xf16>, tensor<9x33xf32>, tensor<9x64xf16>
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

// Rows too long for registers and for shared memory are streamed
// (cache_slots = 0): by 32 warps a row for few rows (100 rows of 300000
// bf16: enough to fill the SMs without clusters), by 8 for 264 rows or more
// (two blocks an SM). Rows of unknown length get a kernel per band of
// lengths, chosen at launch: the defaults for rows of up to 8, 16, 32, ...,
// 32768 values (the staged ones sized for rows of 8, 16 and 32, and one
// for the rows of 33 to 63 values that are not whole vectors), then 16
// warps streaming longer rows: by clusters of 8, 4 and 2 blocks a row
// (taken for few rows), then by one block a row. Options give one config
// and no variants. On sm_86 (no clusters) the longest rows take one kernel.
// CHECK-LABEL: func.func @streamed_and_dynamic
// CHECK: mini.rmsnorm {{.*}}config = #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>
// CHECK-NOT: length_variants
// CHECK: mini.softmax {{.*}}config = #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>
// CHECK: mini.softmax {{.*}}config = #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 2048, cache_slots = 1, rows_per_warp = 32, staged = true>
// CHECK-SAME: length_variants = [#mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 1024, cache_slots = 2, rows_per_warp = 32, staged = true>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 512, cache_slots = 4, rows_per_warp = 32, staged = true>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 256, cache_slots = 8, rows_per_warp = 32, staged = true>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 128, cache_slots = 4, rows_per_warp = 16>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 64, cache_slots = 4, rows_per_warp = 8>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 32, cache_slots = 4, rows_per_warp = 4>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 16, cache_slots = 4, rows_per_warp = 2>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 1, rows_per_block = 4, cache_slots = 4>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 2, rows_per_block = 2, cache_slots = 4>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 4, rows_per_block = 1, cache_slots = 4>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 4>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 4>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 8>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 8>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 4>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 2>,
// CHECK-SAME: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0>]
// SM86-LABEL: func.func @streamed_and_dynamic
// SM86: length_variants = [
// SM86-SAME: cache_slots = 8>, #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0>]
// OVERRIDE-LABEL: func.func @streamed_and_dynamic
// OVERRIDE: mini.softmax {{.*}}config = #mini.row_config<vector_width = 8, warps_per_row = 2, rows_per_block = 2, cache_slots = 0>}
func.func @streamed_and_dynamic(%x: tensor<100x300000xbf16>, %w: tensor<300000xbf16>, %v: tensor<2x167x150001xf16>, %d: tensor<?x?xf16>) -> (tensor<100x300000xbf16>, tensor<2x167x150001xf16>, tensor<?x?xf16>) {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<100x300000xbf16>, tensor<300000xbf16> -> tensor<100x300000xbf16>
  %s = mini.softmax %v : tensor<2x167x150001xf16> -> tensor<2x167x150001xf16>
  %e = mini.softmax %d : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y, %s, %e : tensor<100x300000xbf16>, tensor<2x167x150001xf16>, tensor<?x?xf16>
}

// -----

// Rows too long for registers that fit a block's shared memory (224 KB on
// sm_90a, 96 KB on sm_86) are read once: 16 warps, each thread's vectors
// in shared slots (rows of 50257 f16: 13 x 512 vectors, 104 KB, two blocks
// an SM; of 50257 f32: 25 slots, 200 KB, one), else 32 warps with 16 values
// a thread in registers (rows of 128256 bf16: 2 + 14 slots). Not where the
// row count leaves the last wave mostly idle: 334 rows of 50257 f16 (1.27
// waves of 264 blocks) stream; 131 of bf16 (0.99) do not. Rows of
// unknown count take shared memory. (f32 rows of 50257 are split over a
// cluster's blocks instead: see @f32_rows_split.)
// CHECK-LABEL: func.func @in_shared_memory
// CHECK: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 13>
// CHECK: #mini.row_config<vector_width = 8, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>
// CHECK: #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 7, cluster_blocks = 4>
// CHECK: #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 2, shared_slots = 14>
// CHECK: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 13>
// On sm_86 (99 KB a block, 84 SMs) a row of 50257 f16 takes 2 + 5 slots,
// one block an SM: 334 rows are 3.98 waves there, so they stay in shared
// memory too.
// SM86-LABEL: func.func @in_shared_memory
// SM86: #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 2, shared_slots = 5>
// SM86: #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 2, shared_slots = 5>
// SM86: #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>
// SM86: #mini.row_config<vector_width = 8, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>
// A shared-slots option keeps the rest of the choice: 16 warps streaming.
// NO-SHARED-LABEL: func.func @in_shared_memory
// NO-SHARED: #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0>
func.func @in_shared_memory(%a: tensor<500x50257xf16>, %x: tensor<334x50257xf16>, %z: tensor<334x50257xf32>, %v: tensor<131x128256xbf16>, %w: tensor<128256xbf16>, %d: tensor<?x50257xf16>) -> (tensor<500x50257xf16>, tensor<334x50257xf16>, tensor<334x50257xf32>, tensor<131x128256xbf16>, tensor<?x50257xf16>) {
  %b = mini.softmax %a : tensor<500x50257xf16> -> tensor<500x50257xf16>
  %y = mini.softmax %x : tensor<334x50257xf16> -> tensor<334x50257xf16>
  %u = mini.softmax %z : tensor<334x50257xf32> -> tensor<334x50257xf32>
  %r = mini.rmsnorm %v, %w {epsilon = 1.0e-06 : f32} : tensor<131x128256xbf16>, tensor<128256xbf16> -> tensor<131x128256xbf16>
  %e = mini.softmax %d : tensor<?x50257xf16> -> tensor<?x50257xf16>
  return %b, %y, %u, %r, %e : tensor<500x50257xf16>, tensor<334x50257xf16>, tensor<334x50257xf32>, tensor<131x128256xbf16>, tensor<?x50257xf16>
}

// -----

// A config written by hand is kept; options replace it with the heuristic's
// choice plus the overridden fields.
// CHECK-LABEL: func.func @kept
// CHECK: #mini.row_config<vector_width = 2, warps_per_row = 1, rows_per_block = 8, cache_slots = 2>
// OVERRIDE-LABEL: func.func @kept
// OVERRIDE: #mini.row_config<vector_width = 4, warps_per_row = 2, rows_per_block = 2, cache_slots = 0>
func.func @kept(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = mini.softmax %x {config = #mini.row_config<vector_width = 2, warps_per_row = 1, rows_per_block = 8, cache_slots = 2>} : tensor<8x64xf32> -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// -----

// Rows of no elements (lowering rejects them later) get a config, not a
// division by zero.
// CHECK-LABEL: func.func @empty_rows
// CHECK: #mini.row_config<vector_width = 4, warps_per_row = 1, rows_per_block = 256, cache_slots = 1, rows_per_warp = 32>
func.func @empty_rows(%x: tensor<?x0xf32>) -> tensor<?x0xf32> {
  %y = mini.softmax %x : tensor<?x0xf32> -> tensor<?x0xf32>
  return %y : tensor<?x0xf32>
}

// -----

// LayerNorm rows take the row configs of rmsnorm and softmax.
// CHECK-LABEL: func.func @layernorm_rows
// CHECK: mini.layernorm {{.*}}config = #mini.row_config<vector_width = 4, warps_per_row = 4, rows_per_block = 1, cache_slots = 8>
func.func @layernorm_rows(%x: tensor<7x4096xf32>, %w: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<7x4096xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<7x4096xf32>, tensor<4096xf32>, tensor<4096xf32> -> tensor<7x4096xf32>
  return %y : tensor<7x4096xf32>
}

// -----

// Few long rows (a static count that leaves over half the SMs idle, rows of
// 64 KB or more): blocks of a cluster share each row, as many as fill the
// 132 SMs up to 8, each mapping its part as a row of that length. 16 rows
// of 1M f16: 8 blocks a row; each block's 131072 values would fill its
// SM's shared memory, and clusters of 8 such blocks fill only 120 SMs at
// once (128 blocks: two waves), so each streams its part by 16 warps; 3 rows of 262147 f16: 8 blocks, each keeping its 32769 values in 9
// shared slots (one partial wave: read once); 64 rows of 50257 f32: 2
// blocks, 14 vectors a thread in registers. 100 rows of 50257 f16 keep a
// block a row, in shared memory (under one wave); rows of 32 KB keep a
// block a row.
// CHECK-LABEL: func.func @few_long_rows
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, cluster_blocks = 8>}
// CHECK: mini.rmsnorm %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 9, cluster_blocks = 8>
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 14, cluster_blocks = 2>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 13>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 4>}
// Other chips have no clusters.
// SM86-LABEL: func.func @few_long_rows
// SM86-NOT: cluster_blocks
// SM86: return
func.func @few_long_rows(%a: tensor<16x1048576xf16>, %b: tensor<3x262147xf16>, %w: tensor<262147xf16>, %c: tensor<64x50257xf32>, %d: tensor<100x50257xf16>, %e: tensor<16x16384xf16>) -> (tensor<16x1048576xf16>, tensor<3x262147xf16>, tensor<64x50257xf32>, tensor<100x50257xf16>, tensor<16x16384xf16>) {
  %0 = mini.softmax %a : tensor<16x1048576xf16> -> tensor<16x1048576xf16>
  %1 = mini.rmsnorm %b, %w {epsilon = 1.0e-06 : f32} : tensor<3x262147xf16>, tensor<262147xf16> -> tensor<3x262147xf16>
  %2 = mini.softmax %c : tensor<64x50257xf32> -> tensor<64x50257xf32>
  %3 = mini.softmax %d : tensor<100x50257xf16> -> tensor<100x50257xf16>
  %4 = mini.softmax %e : tensor<16x16384xf16> -> tensor<16x16384xf16>
  return %0, %1, %2, %3, %4 : tensor<16x1048576xf16>, tensor<3x262147xf16>, tensor<64x50257xf32>, tensor<100x50257xf16>, tensor<16x16384xf16>
}

// -----

// f32 rows too long for one block's registers (over 32768 values) are split
// over the blocks of a cluster, the fewest (2, 4 or 8) that leave each at
// most 16384 values, 16 warps keeping them in registers, two blocks an SM:
// rows of 128256 by 8 blocks, of 65536 and of 50257 (a row count unknown)
// by 4. Not where the row count leaves the last of several waves mostly
// idle (67 rows of 100003: 536 blocks, 2.2 waves of 240), nor rows too long
// for 8 blocks (300000), nor f16 (40009: a block a row, in shared memory).
// CHECK-LABEL: func.func @f32_rows_split
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 8, cluster_blocks = 8>}
// CHECK: mini.layernorm %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 8, cluster_blocks = 4>
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 16, rows_per_block = 1, cache_slots = 7, cluster_blocks = 4>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 8, warps_per_row = 16, rows_per_block = 1, cache_slots = 0, shared_slots = 10>}
// CHECK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 0>}
// cluster-blocks=1 keeps a block a row: streamed, or in shared memory.
// ONE-BLOCK-LABEL: func.func @f32_rows_split
// ONE-BLOCK: mini.softmax %{{.*}} {config = #mini.row_config<vector_width = 4, warps_per_row = 8, rows_per_block = 1, cache_slots = 0>}
// ONE-BLOCK: config = #mini.row_config<vector_width = 4, warps_per_row = 32, rows_per_block = 1, cache_slots = 4, shared_slots = 12>
// ONE-BLOCK-NOT: cluster_blocks
// ONE-BLOCK: return
// SM86-LABEL: func.func @f32_rows_split
// SM86-NOT: cluster_blocks
// SM86: return
func.func @f32_rows_split(%a: tensor<4096x128256xf32>, %b: tensor<1000x65536xf32>, %w: tensor<65536xf32>, %c: tensor<67x100003xf32>, %d: tensor<?x50257xf32>, %e: tensor<2000x40009xf16>, %f: tensor<100x300000xf32>) -> (tensor<4096x128256xf32>, tensor<1000x65536xf32>, tensor<67x100003xf32>, tensor<?x50257xf32>, tensor<2000x40009xf16>, tensor<100x300000xf32>) {
  %0 = mini.softmax %a : tensor<4096x128256xf32> -> tensor<4096x128256xf32>
  %1 = mini.layernorm %b, %w, %w {epsilon = 1.0e-05 : f32} : tensor<1000x65536xf32>, tensor<65536xf32>, tensor<65536xf32> -> tensor<1000x65536xf32>
  %2 = mini.softmax %c : tensor<67x100003xf32> -> tensor<67x100003xf32>
  %3 = mini.softmax %d : tensor<?x50257xf32> -> tensor<?x50257xf32>
  %4 = mini.softmax %e : tensor<2000x40009xf16> -> tensor<2000x40009xf16>
  %5 = mini.softmax %f : tensor<100x300000xf32> -> tensor<100x300000xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4096x128256xf32>, tensor<1000x65536xf32>, tensor<67x100003xf32>, tensor<?x50257xf32>, tensor<2000x40009xf16>, tensor<100x300000xf32>
}
