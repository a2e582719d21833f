// Tests lib/Transforms/LowerStageCopies.cpp.
// RUN: mini-opt %s -split-input-file -mini-lower-stage-copies -canonicalize -cse | FileCheck %s

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>

// Async copies of a 64x64x32 tile pair by 128 threads: 2 A chunks (64 rows
// x 4 chunks / 128) and 2 B chunks (32 rows x 8 chunks / 128) per thread,
// 16 bytes each. The plan (steps, K padding, each chunk's place and bounds)
// comes once, before the prologue and hoisted above the loop. Step 0 holds
// the K residue: its copies also check depth >= 0 (ule against the
// padding). The loop's `interior` copies are an add, a select for the
// size and a cp.async per chunk; each step is one group.
// CHECK-LABEL: gpu.func @async
// CHECK: %[[NUMK:.*]] = arith.ceildivui %{{.*}}, %c32 : index
// CHECK: arith.cmpi ule
// CHECK-COUNT-2: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%c0, %{{.*}}, %{{.*}}], 8, %{{.*}} {bypassL1} : memref<?xf16> to memref<3x64x40xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%c0, %{{.*}}, %{{.*}}], 8, %{{.*}} {bypassL1} : memref<?xf16> to memref<3x32x72xf16, #gpu.address_space<workgroup>>
// CHECK: %[[G0:.*]] = nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_wait %[[G0]] {numGroups = 0 : i32}
// CHECK: scf.for
// CHECK-NOT: arith.ceildivui
// CHECK-NOT: arith.cmpi ule
// CHECK-COUNT-4: nvgpu.device_async_copy
// CHECK: %[[G:.*]] = nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// CHECK-NOT: mini.stage_copy
gpu.module @m {
  gpu.func @async(%a: memref<?xf16>, %b: memref<?xf16>, %sa: !sa, %sb: !sb, %m: index, %n: index,
                  %k: index, %steps: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%c0] step %c0 {async, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb -> !nvgpu.device.async.token
    nvgpu.device_async_wait %t0 {numGroups = 0 : i32}
    scf.for %i = %c1 to %steps step %c1 {
      %t = mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%i] step %i {async, interior, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb -> !nvgpu.device.async.token
      nvgpu.device_async_wait %t {numGroups = 1 : i32}
    }
    gpu.return
  }
}

// -----

// Copies that no one copy dominates get a plan each (here the two branches
// of an if).
// CHECK-LABEL: gpu.func @two_plans
// CHECK: scf.if
// CHECK: arith.ceildivui
// CHECK: nvgpu.device_async_create_group
// CHECK: } else {
// CHECK: arith.ceildivui
// CHECK: nvgpu.device_async_create_group
!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @two_plans(%a: memref<?xf16>, %b: memref<?xf16>, %sa: !sa, %sb: !sb, %m: index,
                      %n: index, %k: index, %cond: i1) kernel {
    %c0 = arith.constant 0 : index
    scf.if %cond {
      %t = mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%c0] step %c0 {async, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb -> !nvgpu.device.async.token
      nvgpu.device_async_wait %t {numGroups = 0 : i32}
    } else {
      %t = mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%c0] step %c0 {async, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb -> !nvgpu.device.async.token
      nvgpu.device_async_wait %t {numGroups = 0 : i32}
    }
    gpu.return
  }
}

// -----

// Without async: element by element, each load guarded by the row and column
// bounds (zero outside), step s at depth s * 32 (the residue last):
// 4 chunks x 8 elements per thread.
// CHECK-LABEL: gpu.func @scalar
// CHECK: %[[K0:.*]] = arith.muli %{{.*}}, %c32 : index
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: scf.if %{{.*}} -> (bf16) {
// CHECK: memref.load %{{.*}} : memref<?xbf16>
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : bf16
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x64x40xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-15: memref.store %{{.*}} : memref<2x64x40xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-16: memref.store %{{.*}} : memref<2x32x72xbf16, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.store
gpu.module @m {
  gpu.func @scalar(%a: memref<?xbf16>, %b: memref<?xbf16>,
                   %sa: memref<2x64x40xbf16, #gpu.address_space<workgroup>>,
                   %sb: memref<2x32x72xbf16, #gpu.address_space<workgroup>>,
                   %m: index, %n: index, %k: index, %step: index) kernel {
    %c0 = arith.constant 0 : index
    mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%c0] step %step {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xbf16>, memref<?xbf16>, memref<2x64x40xbf16, #gpu.address_space<workgroup>>, memref<2x32x72xbf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
