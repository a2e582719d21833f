// RUN: mini-opt %s -split-input-file -verify-diagnostics

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @uneven_threads(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op needs tile_k and tile_n multiples of 8 and whole 16-byte copies per thread; got tile 64x64x32 for 96 threads}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 96 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @tile_rank(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op tile must be [tile_m, tile_n, tile_k]; got 2 sizes}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @mixed(%a: memref<?xf16>, %b: memref<?xbf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op a and b element types differ: 'f16' and 'bf16'}}
  mini.stage_copy %a[%i], %b[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xbf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x24xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @stage_too_narrow(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op sa must be workgroup memory of 'f16', [stages, 64, >= 32]; got 'memref<3x64x24xf16, #gpu.address_space<workgroup>>'}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16>
func.func @global_stage(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op sb must be workgroup memory of 'f16', [stages, 32, >= 64]; got 'memref<3x32x72xf16>'}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @async_without_token(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op returns a token exactly when async}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {async, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @interior_sync(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op interior applies only to async copies}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {interior, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!tsa = memref<3x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
func.func @tma_desc_type(%da: i64, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op desc_a must be an !llvm.ptr to a CUtensorMap; got 'i64'}}
  mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : i64, !llvm.ptr, !tsa, !tsb, !bars
  return
}

// -----

!tsa = memref<3x128x16xf64, #gpu.address_space<workgroup>>
!tsb = memref<3x4x16x16xf64, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
func.func @tma_sa_f64(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op sa must be workgroup memory of f16, bf16 or f32, [stages, tile_m, tile_k]; got 'memref<3x128x16xf64, #gpu.address_space<workgroup>>'}}
  mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
  return
}

// -----

!tsa = memref<3x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x32x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
func.func @tma_sb_depth(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op sb must be workgroup memory of 'f16', [3, boxes, 64, box cols]; got 'memref<3x4x32x64xf16, #gpu.address_space<workgroup>>'}}
  mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
  return
}

// -----

!tsa = memref<3x128x128xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x128x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
func.func @tma_row_bytes(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op stage rows must be 32, 64 or 128 bytes (a TMA swizzle span); got 256}}
  mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
  return
}

// -----

// Stages past a block's shared memory (a fuzzed input whose lowering ran
// for minutes).
!tsa = memref<3x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x2147483648x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
func.func @tma_stages_too_big(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op the stages ('memref<3x128x64xf16, #gpu.address_space<workgroup>>' and 'memref<3x2147483648x64x64xf16, #gpu.address_space<workgroup>>') must be static and fit the 232448 bytes of a block's shared memory}}
  mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
  return
}

// -----

!tsa = memref<3x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<4xi64, #gpu.address_space<workgroup>>
func.func @tma_barrier_stages(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op barriers serve 2 stages, the buffers have 3}}
  mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
  return
}

// -----

!tsa = memref<3x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
func.func @tma_cluster_split(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op the 4 B boxes do not split evenly over a cluster of 8}}
  mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars {cluster_m = 8 : i64} : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
  return
}

// -----

!tsa = memref<3x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<5xi64, #gpu.address_space<workgroup>>
func.func @wait_barriers(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_wait' op barriers must be workgroup memory of i64, two per stage; got 'memref<5xi64, #gpu.address_space<workgroup>>'}}
  mini.stage_wait %bars[%i] use %i : !bars
  return
}

// -----

// Only a math loop's wait for a full barrier says how far the producer fills.
func.func @wait_released_filled_below(%bars: memref<6xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'mini.stage_wait' op filled_below is for waits on full barriers, not released ones}}
  mini.stage_wait %bars[%i] use %i released filled_below %i : memref<6xi64, #gpu.address_space<workgroup>>
  return
}

// -----

!tsa = memref<3x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
func.func @release_cluster(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_release' op cluster_m must be 1, 2, 4 or 8; got 3}}
  mini.stage_release %bars[%i] {cluster_m = 3 : i64} : !bars
  return
}

// -----

func.func @block_simt(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'mini.block_matmul' op needs a tensor-core config (math = "mma_sync", "wmma" or "wgmma"); got math = "simt"}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 2, stages = 0, math = "simt">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

func.func @block_mixed(%a: memref<?xf16>, %h: memref<?xbf16>, %c: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'mini.block_matmul' op a and b element types differ: 'f16' and 'bf16'}}
  mini.block_matmul %a[%i], %h[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xbf16>, memref<?xf32>
  return
}

// -----

func.func @block_bad_tiling(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'mini.block_matmul' op matmul_config mma_sync needs tile_m % (16 x warps_m) == 0, tile_n % (16 x warps_n) == 0 and tile_k % 16 == 0; got 64x64x32 with 8x2 warps}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 8, warps_n = 2, stages = 2, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

func.func @block_tma_maps(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'mini.block_matmul' op copy = "tma" takes 2 tensor maps; got 0}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

func.func @block_map_type(%a: memref<?xf16>, %c: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'mini.block_matmul' op tensor maps must be !llvm.ptr to CUtensorMaps; got 'index'}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) tensor_maps(%i, %i : index, index) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

// A tail block needs a config with a stream-K tail.
func.func @tail_without_tail_splits(%a: memref<?xf16>, %c: memref<?xf32>, %i: index, %p: memref<?xf32>, %n: memref<?xi32>, %d: !llvm.ptr) {
  // expected-error @+1 {{'mini.block_matmul' op takes a tail block only with a config of tail_splits > 1; tail_splits = 1}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) tensor_maps(%d, %d : !llvm.ptr, !llvm.ptr) tail block %i width %i after %i partials %p counters %n : memref<?xf32>, memref<?xi32> {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4>} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

// A SwiGLU pair's block needs the wgmma producer config (no tail, no clusters).
func.func @pair_mma_sync(%a: memref<?xf16>, %c: memref<?xf32>, %i: index, %d: !llvm.ptr) {
  // expected-error @+1 {{'mini.block_matmul' op up_pair needs a wgmma config with TMA copies, a producer warpgroup, warps_n = 1, no clusters, no tail and tile_n a multiple of 128; got #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4>}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) tensor_maps(%d, %d, %d : !llvm.ptr, !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4>, up_pair} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

// ... and a third tensor map, up's.
func.func @pair_two_maps(%a: memref<?xf16>, %c: memref<?xf32>, %i: index, %d: !llvm.ptr) {
  // expected-error @+1 {{'mini.block_matmul' op copy = "tma" takes 3 tensor maps; got 2}}
  mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) tensor_maps(%d, %d : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>, up_pair} : memref<?xf16>, memref<?xf16>, memref<?xf32>
  return
}

// -----

!tsa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!tsb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @up_in_cluster(%da: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) {
  // expected-error @+1 {{'mini.stage_copy_tma' op desc_up needs an even number of B boxes and no cluster; got 4 boxes, cluster_m = 2}}
  mini.stage_copy_tma %da, %da up %da : !llvm.ptr block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars {cluster_m = 2 : i64} : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
  return
}
