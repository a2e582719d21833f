// RUN: mini-opt %s | FileCheck %s
// Generic form round-trips to the same custom form.
// RUN: mini-opt %s -mlir-print-op-generic | mini-opt | FileCheck %s

// CHECK-LABEL: gpu.func @stage_copies
// CHECK: %[[T:.*]] = mini.stage_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}] block(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}, %{{.*}}) into %{{.*}}, %{{.*}}[%{{.*}}] step %{{.*}} {async, interior, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>, memref<3x32x72xf16, #gpu.address_space<workgroup>> -> !nvgpu.device.async.token
// CHECK: nvgpu.device_async_wait %[[T]]
// CHECK: mini.stage_copy {{.*}} {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>, memref<3x32x72xf16, #gpu.address_space<workgroup>>{{$}}
gpu.module @m {
  gpu.func @stage_copies(%a: memref<?xf16>, %b: memref<?xf16>,
                         %sa: memref<3x64x40xf16, #gpu.address_space<workgroup>>,
                         %sb: memref<3x32x72xf16, #gpu.address_space<workgroup>>, %i: index) kernel {
    %t = mini.stage_copy %a[%i], %b[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {async, interior, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>, memref<3x32x72xf16, #gpu.address_space<workgroup>> -> !nvgpu.device.async.token
    nvgpu.device_async_wait %t
    mini.stage_copy %a[%i], %b[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>, memref<3x32x72xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @tma_stages
// CHECK: mini.stage_copy_tma %{{.*}}, %{{.*}} block(%{{.*}}, %{{.*}}) batch %{{.*}} depth %{{.*}} into %{{.*}}, %{{.*}}[%{{.*}}] step %{{.*}} barriers %{{.*}} : !llvm.ptr, !llvm.ptr, memref<3x128x64xbf16, #gpu.address_space<workgroup>>, memref<3x4x64x64xbf16, #gpu.address_space<workgroup>>, memref<6xi64, #gpu.address_space<workgroup>>{{$}}
// CHECK: mini.stage_copy_tma {{.*}} {cluster_m = 2 : i64} :
// CHECK: mini.stage_copy_tma %{{.*}}, %{{.*}} up %{{.*}} : !llvm.ptr block(
// CHECK: mini.stage_wait %{{.*}}[%{{.*}}] use %{{.*}} : memref<6xi64, #gpu.address_space<workgroup>>
// CHECK: mini.stage_wait %{{.*}}[%{{.*}}] use %{{.*}} released : memref<6xi64, #gpu.address_space<workgroup>>
// CHECK: mini.stage_wait %{{.*}}[%{{.*}}] use %[[U:[^ ]*]] filled_below %[[U]] : memref<6xi64, #gpu.address_space<workgroup>>
// CHECK: mini.stage_release %{{.*}}[%{{.*}}] : memref<6xi64, #gpu.address_space<workgroup>>
// CHECK: mini.stage_release %{{.*}}[%{{.*}}] {cluster_m = 4 : i64} : memref<6xi64, #gpu.address_space<workgroup>>
!tsa = memref<3x128x64xbf16, #gpu.address_space<workgroup>>
!tsb = memref<3x4x64x64xbf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
gpu.module @t {
  gpu.func @tma_stages(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !tsa, %sb: !tsb, %bars: !bars, %i: index) kernel {
    mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
    mini.stage_copy_tma %da, %db block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars {cluster_m = 2 : i64} : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
    mini.stage_copy_tma %da, %db up %da : !llvm.ptr block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %i barriers %bars : !llvm.ptr, !llvm.ptr, !tsa, !tsb, !bars
    mini.stage_wait %bars[%i] use %i : !bars
    mini.stage_wait %bars[%i] use %i released : !bars
    mini.stage_wait %bars[%i] use %i filled_below %i : !bars
    mini.stage_release %bars[%i] : !bars
    mini.stage_release %bars[%i] {cluster_m = 4 : i64} : !bars
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @block_tiles
// CHECK: mini.block_matmul %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}] -> %{{.*}}[%{{.*}}] block(%{{.*}}, %{{.*}}) batch %{{.*}} sizes(%{{.*}}, %{{.*}}, %{{.*}}) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "wmma">} : memref<?xbf16>, memref<?xbf16>, memref<?xf32>{{$}}
// CHECK: mini.block_matmul {{.*}} tensor_maps(%{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<{{.*}}, copy = "tma">} : memref<?xf16>, memref<?xf16>, memref<?xf16>
// CHECK: mini.block_matmul {{.*}} tensor_maps(%{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<{{.*}}math = "wgmma", copy = "tma", producer_warps = 4>, up_pair}
gpu.module @b {
  gpu.func @block_tiles(%a: memref<?xbf16>, %c: memref<?xf32>, %h: memref<?xf16>, %da: !llvm.ptr, %i: index) kernel {
    mini.block_matmul %a[%i], %a[%i] -> %c[%i] block(%i, %i) batch %i sizes(%i, %i, %i) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 2, math = "wmma">} : memref<?xbf16>, memref<?xbf16>, memref<?xf32>
    mini.block_matmul %h[%i], %h[%i] -> %h[%i] block(%i, %i) batch %i sizes(%i, %i, %i) tensor_maps(%da, %da : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">} : memref<?xf16>, memref<?xf16>, memref<?xf16>
    mini.block_matmul %h[%i], %h[%i] -> %h[%i] block(%i, %i) batch %i sizes(%i, %i, %i) tensor_maps(%da, %da, %da : !llvm.ptr, !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>, up_pair} : memref<?xf16>, memref<?xf16>, memref<?xf16>
    gpu.return
  }
}

// A stream-K tail block's block_matmul, and copies that count from a first step.
// CHECK-LABEL: gpu.func @split_tile
// CHECK: mini.block_matmul {{.*}} tensor_maps({{.*}}) tail block %[[B:[^ ]*]] width %[[W:[^ ]*]] after %[[B]] partials %{{.*}} counters %{{.*}} : memref<?xf32>, memref<?xi32> {config = #mini.matmul_config<{{.*}}, producer_warps = 4, tail_splits = 3>}
// CHECK: mini.stage_copy {{.*}} step %{{.*}} after %{{.*}} {threads = 128 : i64
// CHECK: mini.stage_copy_tma {{.*}} step %{{.*}} after %{{.*}} barriers
gpu.module @s {
  gpu.func @split_tile(%h: memref<?xf16>, %p: memref<?xf32>, %n: memref<?xi32>, %i: index, %j: index,
                       %sa: memref<3x64x40xf16, #gpu.address_space<workgroup>>,
                       %sb: memref<3x32x72xf16, #gpu.address_space<workgroup>>,
                       %ta: memref<3x128x64xf16, #gpu.address_space<workgroup>>,
                       %tb: memref<3x4x64x64xf16, #gpu.address_space<workgroup>>,
                       %bars: memref<6xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr) kernel {
    mini.block_matmul %h[%i], %h[%i] -> %h[%i] block(%i, %i) batch %i sizes(%i, %i, %i) tensor_maps(%d, %d : !llvm.ptr, !llvm.ptr) tail block %i width %j after %i partials %p counters %n : memref<?xf32>, memref<?xi32> {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 3>} : memref<?xf16>, memref<?xf16>, memref<?xf16>
    mini.stage_copy %h[%i], %h[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i after %j {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>, memref<3x32x72xf16, #gpu.address_space<workgroup>>
    mini.stage_copy_tma %d, %d block(%i, %i) batch %i depth %i into %ta, %tb[%i] step %i after %j barriers %bars : !llvm.ptr, !llvm.ptr, memref<3x128x64xf16, #gpu.address_space<workgroup>>, memref<3x4x64x64xf16, #gpu.address_space<workgroup>>, memref<6xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
