// Tests lib/Transforms/PromoteTiles.cpp.
// RUN: mini-opt %s -split-input-file -mini-promote-tiles -verify-diagnostics

// The kernel already lowers its warp ops as WMMA; this tile wants mma.sync.
gpu.module @k {
  gpu.func @mixed_math(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    // expected-error @+1 {{'mini.block_matmul' op is in a kernel whose mini.mma_kind is #mini.math<wmma>, not its config's math #mini.math<mma_sync>}}
    mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    gpu.return
  }
}

// -----

// A block's tile needs the block's threads and shared memory: not on the host.
func.func @host(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'mini.block_matmul' op must be inside a gpu.func kernel}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

// 2x2 warps are 128 threads; the kernel is launched with 256.
gpu.module @k {
  gpu.func @block_size(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{'mini.block_matmul' op needs blocks of 128 threads (4 warps); the kernel's known_block_size is 256x1x1}}
    mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    gpu.return
  }
}

// -----

// Each tile lays out the kernel's whole dynamic shared memory.
gpu.module @k {
  gpu.func @two_tiles(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) kernel {
    // expected-error @+1 {{'mini.block_matmul' op must be the only mini.block_matmul of its kernel; it has 2}}
    mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    gpu.return
  }
}
