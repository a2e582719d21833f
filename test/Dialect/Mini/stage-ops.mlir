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
