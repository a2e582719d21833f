// Tests lib/Transforms/PromoteTiles.cpp.
// RUN: mini-opt %s -split-input-file -mini-promote-tiles -verify-diagnostics

// The kernel already lowers its warp ops as WMMA; this tile wants mma.sync.
gpu.module @k {
  gpu.func @mixed_math(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) kernel attributes {mini.mma_kind = "wmma"} {
    // expected-error @+1 {{'mini.block_matmul' op must be in a function whose mini.mma_kind (if any) is its config's math "mma_sync"}}
    mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    gpu.return
  }
}
