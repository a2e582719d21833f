// RUN: mini-opt %s | FileCheck %s
// Generic form round-trips to the same custom form.
// RUN: mini-opt %s -mlir-print-op-generic | mini-opt | FileCheck %s

// CHECK-LABEL: gpu.func @warp_ops
// CHECK: %[[ZERO:.*]] = mini.warp_zero : <acc, 64x32xf32>
// CHECK: %[[A:.*]] = mini.warp_load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<4x128x40xf16, #gpu.address_space<workgroup>> -> <a, 64x16xf16>
// CHECK: %[[B:.*]] = mini.warp_load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] {swizzled} : memref<4x2x64x64xf16, #gpu.address_space<workgroup>> -> <b, 16x32xf16>
// CHECK: %[[ACC:.*]] = mini.warp_mma %[[A]], %[[B]], %[[ZERO]] : <a, 64x16xf16>, <b, 16x32xf16> -> <acc, 64x32xf32>
// CHECK: mini.warp_store %[[ACC]], %{{.*}}[%{{.*}}] at(%{{.*}}, %{{.*}}) bounds(%{{.*}}, %{{.*}}) {pairs} : <acc, 64x32xf32>, memref<?xf16>
// CHECK: %[[H:.*]] = mini.warp_swiglu %[[ACC]] : <acc, 64x32xf32> -> <acc, 64x16xf32>
// CHECK: mini.warp_store %[[H]], %{{.*}}[%{{.*}}] at(%{{.*}}, %{{.*}}) bounds(%{{.*}}, %{{.*}}) : <acc, 64x16xf32>, memref<?xf16>
// CHECK: mini.warp_store %[[ACC]], %{{.*}}[%{{.*}}] at(%{{.*}}, %{{.*}}) bounds(%{{.*}}, %{{.*}}) scratch(%{{.*}} : memref<1280xf16, #gpu.address_space<workgroup>>) : <acc, 64x32xf32>, memref<?xf16>
gpu.module @m {
  gpu.func @warp_ops(%sa: memref<4x128x40xf16, #gpu.address_space<workgroup>>,
                     %sb: memref<4x2x64x64xf16, #gpu.address_space<workgroup>>,
                     %c: memref<?xf16>, %scratch: memref<1280xf16, #gpu.address_space<workgroup>>,
                     %i: index) kernel {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 64x32xf32>
    %a = mini.warp_load %sa[%i, %i, %i] : memref<4x128x40xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 64x16xf16>
    %b = mini.warp_load %sb[%i, %i, %i] {swizzled} : memref<4x2x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<b, 16x32xf16>
    %acc = mini.warp_mma %a, %b, %zero : !mini.warp_tile<a, 64x16xf16>, !mini.warp_tile<b, 16x32xf16> -> !mini.warp_tile<acc, 64x32xf32>
    mini.warp_store %acc, %c[%i] at(%i, %i) bounds(%i, %i) {pairs} : !mini.warp_tile<acc, 64x32xf32>, memref<?xf16>
    %h = mini.warp_swiglu %acc : !mini.warp_tile<acc, 64x32xf32> -> !mini.warp_tile<acc, 64x16xf32>
    mini.warp_store %h, %c[%i] at(%i, %i) bounds(%i, %i) : !mini.warp_tile<acc, 64x16xf32>, memref<?xf16>
    mini.warp_store %acc, %c[%i] at(%i, %i) bounds(%i, %i) scratch(%scratch : memref<1280xf16, #gpu.address_space<workgroup>>) : !mini.warp_tile<acc, 64x32xf32>, memref<?xf16>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @warpgroup_ops
// CHECK: %[[R:.*]] = mini.warpgroup_mma stage %{{.*}} row %{{.*}} of %{{.*}}, %{{.*}}, %{{.*}} : memref<4x128x64xf16, #gpu.address_space<workgroup>>, memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> <acc, 16x256xf32>
// CHECK: mini.warpgroup_mma_wait 1{{$}}
// CHECK: %{{.*}} = mini.warpgroup_mma_wait 0(%[[R]]) : !mini.warp_tile<acc, 16x256xf32> -> !mini.warp_tile<acc, 16x256xf32>
gpu.module @wg {
  gpu.func @warpgroup_ops(%sa: memref<4x128x64xf16, #gpu.address_space<workgroup>>,
                          %sb: memref<4x4x64x64xf16, #gpu.address_space<workgroup>>,
                          %i: index) kernel {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x256xf32>
    %r = mini.warpgroup_mma stage %i row %i of %sa, %sb, %zero : memref<4x128x64xf16, #gpu.address_space<workgroup>>, memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<acc, 16x256xf32>
    mini.warpgroup_mma_wait 1
    %done = mini.warpgroup_mma_wait 0 (%r) : !mini.warp_tile<acc, 16x256xf32> -> !mini.warp_tile<acc, 16x256xf32>
    gpu.return
  }
}
