// Tests lib/Transforms/PipelineStages.cpp.
// RUN: mini-opt %s -split-input-file -mini-pipeline-stages -canonicalize -cse | FileCheck %s

!sa = memref<5x128x40xf16, #gpu.address_space<workgroup>>
!sb = memref<5x32x264xf16, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>

// Five stages: the prologue copies steps 0-3 (the K residue in step 0, the
// others `interior`), waits until at most 3 groups are in flight and loads
// the first slice's tiles. Each iteration refills the stage the previous
// step used (the stage index is carried and rotated by compare and select)
// with step kt + 4, loads slice 1 while slice 0 (carried in) feeds the
// tensor cores, and waits for step kt + 1 before loading its slice 0 from
// the next stage, overlapping slice 1's math. After the loop, no copy may
// be left in flight.
// CHECK-LABEL: gpu.func @five_stages
// CHECK: mini.stage_copy {{.*}} into %[[SA:.*]], %[[SB:.*]][%c0] step %c0 {async, threads = 256 : i64, tile = array<i64: 128, 256, 32>}
// CHECK: mini.stage_copy {{.*}}[%c1] step %c1 {async, interior,
// CHECK: mini.stage_copy {{.*}}[%c2] step %c2 {async, interior,
// CHECK: %[[G:.*]] = mini.stage_copy {{.*}}[%c3] step %c3 {async, interior,
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 3 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[A0:.*]] = mini.warp_load %[[SA]][%c0, %[[ROW:.*]], %c0]
// CHECK-NEXT: %[[B0:.*]] = mini.warp_load %[[SB]][%c0, %c0, %[[COL:.*]]]
// CHECK-NEXT: %[[LOOP:.*]]:4 = scf.for %[[KT:.*]] = %c0 to %{{.*}} step %c1 iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]], %[[STAGE:.*]] = %c0) -> (!mini.warp_tile<acc, 64x64xf32>, !mini.warp_tile<a, 64x16xf16>, !mini.warp_tile<b, 16x64xf16>, index) {
// CHECK-DAG: %[[LAST:.*]] = arith.cmpi eq, %[[STAGE]], %c4
// CHECK-DAG: %[[INC:.*]] = arith.addi %[[STAGE]], %c1
// CHECK-DAG: %[[NEXT:.*]] = arith.select %[[LAST]], %c0, %[[INC]]
// CHECK-DAG: %[[FIRST:.*]] = arith.cmpi eq, %[[STAGE]], %c0
// CHECK-DAG: %[[DEC:.*]] = arith.subi %[[STAGE]], %c1
// CHECK-DAG: %[[PREV:.*]] = arith.select %[[FIRST]], %c4, %[[DEC]]
// CHECK-DAG: %[[AHEAD:.*]] = arith.addi %[[KT]], %c4
// CHECK: %[[REFILL:.*]] = mini.stage_copy {{.*}}[%[[PREV]]] step %[[AHEAD]] {async, interior,
// CHECK-NEXT: %[[A1:.*]] = mini.warp_load %[[SA]][%[[STAGE]], %[[ROW]], %c16]
// CHECK-NEXT: %[[B1:.*]] = mini.warp_load %[[SB]][%[[STAGE]], %c16, %[[COL]]]
// CHECK-NEXT: %[[ACC1:.*]] = mini.warp_mma %[[A]], %[[B]], %[[ACC]]
// CHECK-NEXT: nvgpu.device_async_wait %[[REFILL]] {numGroups = 3 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[AN:.*]] = mini.warp_load %[[SA]][%[[NEXT]], %[[ROW]], %c0]
// CHECK-NEXT: %[[BN:.*]] = mini.warp_load %[[SB]][%[[NEXT]], %c0, %[[COL]]]
// CHECK-NEXT: %[[ACC2:.*]] = mini.warp_mma %[[A1]], %[[B1]], %[[ACC1]]
// CHECK-NEXT: scf.yield %[[ACC2]], %[[AN]], %[[BN]], %[[NEXT]]
// CHECK: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: mini.warp_store %[[LOOP]]#0
// CHECK-NOT: scf.for
gpu.module @m {
  gpu.func @five_stages(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf32>, %sa: !sa, %sb: !sb,
                        %m: index, %n: index, %k: index, %steps: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
      gpu.barrier
      %s0 = arith.constant 0 : index
      %t = mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%s0] step %kt {async, threads = 256 : i64, tile = array<i64: 128, 256, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb -> !nvgpu.device.async.token
      nvgpu.device_async_wait %t {numGroups = 0 : i32}
      gpu.barrier
      %k0 = arith.constant 0 : index
      %a0 = mini.warp_load %sa[%s0, %row, %k0] : !sa -> !ta
      %b0 = mini.warp_load %sb[%s0, %k0, %col] : !sb -> !tb
      %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
      %k16 = arith.constant 16 : index
      %a1 = mini.warp_load %sa[%s0, %row, %k16] : !sa -> !ta
      %b1 = mini.warp_load %sb[%s0, %k16, %col] : !sb -> !tb
      %acc2 = mini.warp_mma %a1, %b1, %acc1 : !ta, !tb -> !acc
      scf.yield %acc2 : !acc
    }
    mini.warp_store %r, %c[%c0] at(%row, %col) bounds(%m, %n) : !acc, memref<?xf32>
    gpu.return
  }
}

// -----

// One stage (`stages = 1`, the switch that turns the pipeline off): the
// loop stays as it is.
// CHECK-LABEL: gpu.func @one_stage
// CHECK: scf.for {{.*}} -> (!mini.warp_tile<acc, 64x64xf32>) {
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: mini.stage_copy {{.*}}[%c0] step %{{.*}} {async,
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
!sa = memref<1x128x40xf16, #gpu.address_space<workgroup>>
!sb = memref<1x32x264xf16, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @one_stage(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %m: index, %steps: index, %row: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
      gpu.barrier
      %t = mini.stage_copy %a[%c0], %a[%c0] block(%c0, %c0) sizes(%m, %m, %m) into %sa, %sb[%c0] step %kt {async, threads = 256 : i64, tile = array<i64: 128, 256, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb -> !nvgpu.device.async.token
      nvgpu.device_async_wait %t {numGroups = 0 : i32}
      gpu.barrier
      %a0 = mini.warp_load %sa[%c0, %row, %c0] : !sa -> !ta
      %b0 = mini.warp_load %sb[%c0, %c0, %row] : !sb -> !tb
      %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
      scf.yield %acc1 : !acc
    }
    gpu.return
  }
}

// -----

// Not the copy-wait-multiply form (here the copy does not wait for all its
// groups): left as it is.
// CHECK-LABEL: gpu.func @not_the_form
// CHECK: scf.for {{.*}} -> (!mini.warp_tile<acc, 64x64xf32>) {
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: mini.stage_copy {{.*}}[%c0] step %{{.*}} {async,
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
!sa = memref<5x128x40xf16, #gpu.address_space<workgroup>>
!sb = memref<5x32x264xf16, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @not_the_form(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %m: index, %steps: index, %row: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
      gpu.barrier
      %t = mini.stage_copy %a[%c0], %a[%c0] block(%c0, %c0) sizes(%m, %m, %m) into %sa, %sb[%c0] step %kt {async, threads = 256 : i64, tile = array<i64: 128, 256, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb -> !nvgpu.device.async.token
      nvgpu.device_async_wait %t {numGroups = 1 : i32}
      gpu.barrier
      %a0 = mini.warp_load %sa[%c0, %row, %c0] : !sa -> !ta
      %b0 = mini.warp_load %sb[%c0, %c0, %row] : !sb -> !tb
      %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
      scf.yield %acc1 : !acc
    }
    gpu.return
  }
}
