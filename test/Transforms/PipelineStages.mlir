// Tests lib/Transforms/PipelineStages.cpp.
// RUN: mini-opt %s -split-input-file -mini-pipeline-stages -canonicalize -cse | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-pipeline-stages -verify-diagnostics -o /dev/null

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
// the next stage, overlapping slice 1's math. The tokens of the groups in
// flight are carried, so that each wait names the group of the step it waits
// for. After the loop, no copy may be left in flight.
// CHECK-LABEL: gpu.func @five_stages
// CHECK: %[[G0:.*]] = mini.stage_copy {{.*}} into %[[SA:.*]], %[[SB:.*]][%c0] step %c0 {async, threads = 256 : i64, tile = array<i64: 128, 256, 32>}
// CHECK: %[[G1:.*]] = mini.stage_copy {{.*}}[%c1] step %c1 {async, interior,
// CHECK: %[[G2:.*]] = mini.stage_copy {{.*}}[%c2] step %c2 {async, interior,
// CHECK: %[[G3:.*]] = mini.stage_copy {{.*}}[%c3] step %c3 {async, interior,
// CHECK-NEXT: nvgpu.device_async_wait %[[G0]] {numGroups = 3 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[A0:.*]] = mini.warp_load %[[SA]][%c0, %[[ROW:.*]], %c0]
// CHECK-NEXT: %[[B0:.*]] = mini.warp_load %[[SB]][%c0, %c0, %[[COL:.*]]]
// CHECK-NEXT: %[[LOOP:.*]]:7 = scf.for %[[KT:.*]] = %c0 to %{{.*}} step %c1 iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]], %[[T1:.*]] = %[[G1]], %[[T2:.*]] = %[[G2]], %[[T3:.*]] = %[[G3]], %[[STAGE:.*]] = %c0) -> (!mini.warp_tile<acc, 64x64xf32>, !mini.warp_tile<a, 64x16xf16>, !mini.warp_tile<b, 16x64xf16>, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, index) {
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
// CHECK-NEXT: nvgpu.device_async_wait %[[T1]] {numGroups = 3 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[AN:.*]] = mini.warp_load %[[SA]][%[[NEXT]], %[[ROW]], %c0]
// CHECK-NEXT: %[[BN:.*]] = mini.warp_load %[[SB]][%[[NEXT]], %c0, %[[COL]]]
// CHECK-NEXT: %[[ACC2:.*]] = mini.warp_mma %[[A1]], %[[B1]], %[[ACC1]]
// CHECK-NEXT: scf.yield %[[ACC2]], %[[AN]], %[[BN]], %[[T2]], %[[T3]], %[[REFILL]], %[[NEXT]]
// CHECK: nvgpu.device_async_wait %[[G3]] {numGroups = 0 : i32}
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

// -----

// TMA, three stages: the issuing thread (%issuer) copies steps 0 and 1 (those
// that exist) in the prologue, and every thread waits for step 0's full
// barrier. In the loop, each thread waits for step kt + 1's full barrier
// (use (kt + 1) / 3) before loading its slice 0 from the next stage (past
// the last step, use (kt + 1) / 3 + 1: a phase that has completed, so the
// wait returns at once without a branch around it), and releases the stage
// only after the mma that reads its last fragments (slice 1's, loaded
// during slice 0: a release before that mma let a refill land under the
// ldmatrix); after its math the issuing thread waits until every thread released
// the stage of step kt - 1 (use (kt - 1) / 3 of its empty barrier) and
// refills it with step kt + 2. No block barrier is left. Stage and depth are
// the same constant here: only the stage operand is replaced.
// CHECK-LABEL: gpu.func @tma_three_stages
// CHECK-SAME: %[[BARS:[^:]*]]: memref<6xi64, #gpu.address_space<workgroup>>, %[[ISSUER:[^:]*]]: i1
// CHECK: %[[FILL0:.*]] = arith.andi %[[ISSUER]], %{{.*}} : i1
// CHECK-NEXT: scf.if %[[FILL0]] {
// CHECK-NEXT: mini.stage_copy_tma {{.*}} into %[[SA:.*]], %[[SB:.*]][%c0] step %c0 barriers %[[BARS]]
// CHECK: %[[FILL1:.*]] = arith.andi %[[ISSUER]], %{{.*}} : i1
// CHECK-NEXT: scf.if %[[FILL1]] {
// CHECK-NEXT: mini.stage_copy_tma {{.*}}[%c1] step %c1 barriers %[[BARS]]
// CHECK: %[[NONE:.*]] = arith.cmpi ule, %[[STEPS:.*]], %c0
// CHECK-NEXT: %[[FIRSTUSE:.*]] = arith.index_castui %[[NONE]] : i1 to index
// CHECK-NEXT: mini.stage_wait %[[BARS]][%c0] use %[[FIRSTUSE]] :
// CHECK-NEXT: %[[A0:.*]] = mini.warp_load %[[SA]][%c0, %[[ROW:.*]], %c0] {swizzled}
// CHECK-NEXT: %[[B0:.*]] = mini.warp_load %[[SB]][%c0, %c0, %[[COL:.*]]] {swizzled}
// CHECK-NEXT: scf.for %[[KT:.*]] = %c0 to %[[STEPS]] step %c1 iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]], %[[STAGE:.*]] = %c0)
// CHECK-NOT: gpu.barrier
// CHECK-DAG: %[[NEXT:.*]] = arith.select %{{.*}}, %c0, %{{.*}} : index
// CHECK-DAG: %[[PREV:.*]] = arith.select %{{.*}}, %c2, %{{.*}} : index
// CHECK: %[[A1:.*]] = mini.warp_load %[[SA]][%[[STAGE]], %[[ROW]], %c16] {swizzled}
// CHECK-NEXT: %[[B1:.*]] = mini.warp_load %[[SB]][%[[STAGE]], %c16, %[[COL]]] {swizzled}
// CHECK-NEXT: %[[ACC1:.*]] = mini.warp_mma %[[A]], %[[B]], %[[ACC]]
// CHECK-NEXT: %[[KT1:.*]] = arith.addi %[[KT]], %c1
// CHECK-NEXT: %[[PAST:.*]] = arith.cmpi uge, %[[KT1]], %[[STEPS]]
// CHECK-NEXT: %[[DONE:.*]] = arith.index_castui %[[PAST]] : i1 to index
// CHECK-NEXT: %[[ROUND:.*]] = arith.divui %[[KT1]], %c3
// CHECK-NEXT: %[[USE:.*]] = arith.addi %[[DONE]], %[[ROUND]]
// CHECK-NEXT: mini.stage_wait %[[BARS]][%[[NEXT]]] use %[[USE]] :
// CHECK-NEXT: %[[AN:.*]] = mini.warp_load %[[SA]][%[[NEXT]], %[[ROW]], %c0] {swizzled}
// CHECK-NEXT: %[[BN:.*]] = mini.warp_load %[[SB]][%[[NEXT]], %c0, %[[COL]]] {swizzled}
// CHECK-NEXT: %[[ACC2:.*]] = mini.warp_mma %[[A1]], %[[B1]], %[[ACC1]]
// CHECK-NEXT: mini.stage_release %[[BARS]][%[[STAGE]]] :
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[KT]], %c2
// CHECK-NEXT: %[[INSIDE:.*]] = arith.cmpi ult, %[[AHEAD]], %[[STEPS]]
// CHECK-NEXT: %[[REFILL:.*]] = arith.andi %[[ISSUER]], %[[INSIDE]]
// CHECK-NEXT: scf.if %[[REFILL]] {
// CHECK-NEXT: %[[LATER:.*]] = arith.cmpi sgt, %[[KT]], %c0
// CHECK-NEXT: scf.if %[[LATER]] {
// CHECK-NEXT: %[[KTM1:.*]] = arith.subi %[[KT]], %c1
// CHECK-NEXT: %[[RUSE:.*]] = arith.divui %[[KTM1]], %c3
// CHECK-NEXT: mini.stage_wait %[[BARS]][%[[PREV]]] use %[[RUSE]] released :
// CHECK-NEXT: }
// CHECK-NEXT: mini.stage_copy_tma {{.*}}[%[[PREV]]] step %[[AHEAD]] barriers %[[BARS]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[ACC2]], %[[AN]], %[[BN]], %[[NEXT]]
// CHECK-NOT: gpu.barrier
// CHECK: mini.warp_store
!sa = memref<3x128x32xf16, #gpu.address_space<workgroup>>
!sb = memref<3x4x32x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @tma_three_stages(%da: !llvm.ptr, %db: !llvm.ptr, %c: memref<?xf32>, %sa: !sa, %sb: !sb,
                             %bars: !bars, %issuer: i1, %m: index, %n: index, %k: index,
                             %steps: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
      gpu.barrier
      scf.if %issuer {
        %s0 = arith.constant 0 : index
        mini.stage_copy_tma %da, %db block(%row, %col) batch %c0 depth %k into %sa, %sb[%s0] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
      mini.stage_wait %bars[%c0] use %kt : !bars
      %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
      %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
      %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
      %k16 = arith.constant 16 : index
      %a1 = mini.warp_load %sa[%c0, %row, %k16] {swizzled} : !sa -> !ta
      %b1 = mini.warp_load %sb[%c0, %k16, %col] {swizzled} : !sb -> !tb
      %acc2 = mini.warp_mma %a1, %b1, %acc1 : !ta, !tb -> !acc
      scf.yield %acc2 : !acc
    }
    mini.warp_store %r, %c[%c0] at(%row, %col) bounds(%m, %n) : !acc, memref<?xf32>
    gpu.return
  }
}

// -----

// TMA, two stages, one 16-deep slice, clusters of 2 (the form's barrier is
// a cluster barrier, and it goes too): the step's fragments came in the last
// iteration, and each thread releases the stage after the step's one mma, in
// both blocks (cluster_m = 2). With two stages the refill is step kt + 1
// itself, so the issuing thread issues it before every thread waits for it.
// CHECK-LABEL: gpu.func @tma_two_stages_cluster
// CHECK-SAME: %[[BARS:[^:]*]]: memref<4xi64, #gpu.address_space<workgroup>>
// CHECK: scf.for %[[KT:.*]] = {{.*}} iter_args({{.*}}, %[[STAGE:.*]] = %c0)
// CHECK-NOT: nvvm.cluster
// CHECK: scf.if
// CHECK: mini.stage_wait %[[BARS]][%{{.*}}] use %{{.*}} released
// CHECK: mini.stage_copy_tma {{.*}} barriers %[[BARS]] {cluster_m = 2 : i64}
// CHECK-NOT: scf.if
// CHECK: mini.stage_wait %[[BARS]][%{{.*}}] use %{{.*}} :
// CHECK: mini.warp_load
// CHECK: mini.warp_load
// CHECK: mini.warp_mma
// CHECK-NEXT: mini.stage_release %[[BARS]][%[[STAGE]]] {cluster_m = 2 : i64}
// CHECK-NEXT: scf.yield
// CHECK: nvvm.cluster.arrive
!sa = memref<2x64x16xf16, #gpu.address_space<workgroup>>
!sb = memref<2x2x16x64xf16, #gpu.address_space<workgroup>>
!bars = memref<4xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 32x64xf32>
!ta = !mini.warp_tile<a, 32x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @tma_two_stages_cluster(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !sa, %sb: !sb, %bars: !bars,
                                   %issuer: i1, %k: index, %steps: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
      nvvm.cluster.arrive
      nvvm.cluster.wait
      scf.if %issuer {
        mini.stage_copy_tma %da, %db block(%row, %col) batch %c0 depth %k into %sa, %sb[%c0] step %kt barriers %bars {cluster_m = 2 : i64} : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
      mini.stage_wait %bars[%c0] use %kt : !bars
      %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
      %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
      %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
      scf.yield %acc1 : !acc
    }
    nvvm.cluster.arrive
    nvvm.cluster.wait
    gpu.return
  }
}

// -----

// Not the TMA form: the wait is for another use than step kt's, or (second
// loop) clusters copy behind a block barrier, which does not cover the other
// block's reads of this block's stage. Both loops are left as they are.
// CHECK-LABEL: gpu.func @tma_not_the_form
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK: mini.stage_wait %{{.*}}[%c0] use %c0 :
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if
// CHECK-NEXT: mini.stage_copy_tma {{.*}} {cluster_m = 2 : i64}
!sa = memref<3x64x16xf16, #gpu.address_space<workgroup>>
!sb = memref<3x2x16x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 32x64xf32>
!ta = !mini.warp_tile<a, 32x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @tma_not_the_form(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !sa, %sb: !sb, %bars: !bars,
                             %issuer: i1, %k: index, %steps: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
      gpu.barrier
      scf.if %issuer {
        mini.stage_copy_tma %da, %db block(%row, %col) batch %c0 depth %k into %sa, %sb[%c0] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
      mini.stage_wait %bars[%c0] use %c0 : !bars
      %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
      %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
      %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
      scf.yield %acc1 : !acc
    }
    %r2 = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
      gpu.barrier
      scf.if %issuer {
        mini.stage_copy_tma %da, %db block(%row, %col) batch %c0 depth %k into %sa, %sb[%c0] step %kt barriers %bars {cluster_m = 2 : i64} : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
      mini.stage_wait %bars[%c0] use %kt : !bars
      %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
      %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
      %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
      scf.yield %acc1 : !acc
    }
    gpu.return
  }
}

// -----

// A producer warpgroup (the else branch) issues every copy in a loop of its
// own: step kt goes to stage kt mod 3 once the math warps released that
// stage's previous use (use kt / 3 + 1 of the empty barrier: the same
// parity as kt / 3 - 1, and a fresh barrier's phase "-1" counts as complete,
// so the first use of each stage waits for nothing). The math warps' loop
// is pipelined as in @tma_three_stages, without any copy or refill: wait
// for step 0, wait for step kt + 1 before its first slice, release each
// stage after the mma that reads its last fragments.
// CHECK-LABEL: gpu.func @tma_producer
// CHECK-SAME: %[[BARS:[^:]*]]: memref<6xi64, #gpu.address_space<workgroup>>, %[[MATH:[^:]*]]: i1
// CHECK: scf.if %[[MATH]] {
// CHECK-NOT: mini.stage_copy_tma
// CHECK: %[[NONE:.*]] = arith.cmpi ule, %[[STEPS:.*]], %c0
// CHECK-NEXT: %[[FIRSTUSE:.*]] = arith.index_castui %[[NONE]] : i1 to index
// CHECK-NEXT: mini.stage_wait %[[BARS]][%c0] use %[[FIRSTUSE]] :
// CHECK: scf.for %[[KT:.*]] = %c0 to %[[STEPS]] step %c1 iter_args({{.*}}, %[[STAGE:.*]] = %c0)
// CHECK-NOT: mini.stage_copy_tma
// CHECK: %[[ROUND:.*]] = arith.divui %{{.*}}, %c3
// CHECK: %[[USE:.*]] = arith.addi %{{.*}}, %[[ROUND]]
// CHECK-NEXT: mini.stage_wait %[[BARS]][%{{.*}}] use %[[USE]] :
// CHECK-NOT: mini.stage_copy_tma
// CHECK: mini.warp_mma
// CHECK-NEXT: mini.stage_release %[[BARS]][%[[STAGE]]] :
// CHECK-NEXT: scf.yield
// CHECK: mini.warp_store
// CHECK: } else {
// CHECK-NEXT: scf.for %[[PKT:.*]] = %c0 to %[[STEPS]] step %c1 {
// CHECK-NEXT: %[[PSTAGE:.*]] = arith.remui %[[PKT]], %c3
// CHECK-NEXT: %[[ROUND:.*]] = arith.divui %[[PKT]], %c3
// CHECK-NEXT: %[[PUSE:.*]] = arith.addi %[[ROUND]], %c1
// CHECK-NEXT: mini.stage_wait %[[BARS]][%[[PSTAGE]]] use %[[PUSE]] released :
// CHECK-NEXT: mini.stage_copy_tma {{.*}}[%[[PSTAGE]]] step %[[PKT]] barriers %[[BARS]]
// CHECK-NEXT: }
!sa = memref<3x128x32xf16, #gpu.address_space<workgroup>>
!sb = memref<3x4x32x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @tma_producer(%da: !llvm.ptr, %db: !llvm.ptr, %c: memref<?xf32>, %sa: !sa, %sb: !sb,
                         %bars: !bars, %math: i1, %m: index, %n: index, %k: index,
                         %steps: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %math {
      %zero = mini.warp_zero : !acc
      %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
        mini.stage_wait %bars[%c0] use %kt : !bars
        %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
        %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
        %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
        %k16 = arith.constant 16 : index
        %a1 = mini.warp_load %sa[%c0, %row, %k16] {swizzled} : !sa -> !ta
        %b1 = mini.warp_load %sb[%c0, %k16, %col] {swizzled} : !sb -> !tb
        %acc2 = mini.warp_mma %a1, %b1, %acc1 : !ta, !tb -> !acc
        mini.stage_release %bars[%c0] : !bars
        scf.yield %acc2 : !acc
      }
      mini.warp_store %r, %c[%c0] at(%row, %col) bounds(%m, %n) : !acc, memref<?xf32>
    } else {
      scf.for %kt = %c0 to %steps step %c1 {
        %use = arith.addi %kt, %c1 : index
        mini.stage_wait %bars[%c0] use %use released : !bars
        mini.stage_copy_tma %da, %db block(%row, %col) batch %c0 depth %k into %sa, %sb[%c0] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
    }
    gpu.return
  }
}

// -----

// Two pairs of loops through one ring of stages (a stream-K tail block's
// two tiles): the second pair starts at step %end1, so the stage and phase
// of its first step follow from it (stage end1 mod 3, use end1 / 3, or one
// more, a completed phase, when the loop has no step). The
// first math loop says the producer fills on to %end: its wait for the
// step after its last is a real one below %end (not a completed phase,
// which past the producer's fill would be the phase under way). The
// second loop's "past the end" is its own end.
// CHECK-LABEL: gpu.func @tma_producer_two_loops
// CHECK-SAME: %[[BARS:[^:]*]]: memref<6xi64, #gpu.address_space<workgroup>>, %[[MATH:[^:]*]]: i1
// CHECK-SAME: %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[END1:[^:]*]]: index, %[[END:[^:]*]]: index,
// CHECK: scf.if %[[MATH]] {
// CHECK: %[[NONE:.*]] = arith.cmpi ule, %[[END]], %c0
// CHECK-NEXT: %[[FIRSTUSE:.*]] = arith.index_castui %[[NONE]] : i1 to index
// CHECK-NEXT: mini.stage_wait %[[BARS]][%c0] use %[[FIRSTUSE]] :
// CHECK: scf.for %[[KT:.*]] = %c0 to %[[END1]] step %c1 iter_args({{.*}}, %{{.*}} = %c0)
// CHECK: %[[NEXT:.*]] = arith.addi %[[KT]], %c1
// CHECK: %[[PAST:.*]] = arith.cmpi uge, %[[NEXT]], %[[END]]
// CHECK: mini.warp_store
// CHECK-NEXT: %[[STAGE1:.*]] = arith.remui %[[END1]], %c3
// CHECK-NEXT: %[[EMPTY:.*]] = arith.cmpi uge, %[[END1]], %[[END]]
// CHECK-NEXT: %[[DONE1:.*]] = arith.index_castui %[[EMPTY]] : i1 to index
// CHECK-NEXT: %[[ROUND1:.*]] = arith.divui %[[END1]], %c3
// CHECK-NEXT: %[[USE1:.*]] = arith.addi %[[DONE1]], %[[ROUND1]]
// CHECK-NEXT: mini.stage_wait %[[BARS]][%[[STAGE1]]] use %[[USE1]] :
// CHECK: mini.warp_load %{{.*}}[%[[STAGE1]],
// CHECK: scf.for %[[KT2:.*]] = %[[END1]] to %[[END]] step %c1 iter_args({{.*}}, %{{.*}} = %[[STAGE1]])
// CHECK: %[[NEXT2:.*]] = arith.addi %[[KT2]], %c1
// CHECK: arith.cmpi uge, %[[NEXT2]], %[[END]]
// CHECK: } else {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %[[END1]] step %c1 {
// CHECK: mini.stage_copy_tma
// CHECK: scf.for %[[PKT:.*]] = %[[END1]] to %[[END]] step %c1 {
// CHECK-NEXT: %[[PSTAGE:.*]] = arith.remui %[[PKT]], %c3
// CHECK-NEXT: %[[ROUND:.*]] = arith.divui %[[PKT]], %c3
// CHECK-NEXT: %[[PUSE:.*]] = arith.addi %[[ROUND]], %c1
// CHECK-NEXT: mini.stage_wait %[[BARS]][%[[PSTAGE]]] use %[[PUSE]] released :
// CHECK-NEXT: mini.stage_copy_tma {{.*}}[%[[PSTAGE]]] step %[[PKT]] after %[[END1]] barriers %[[BARS]]
!sa = memref<3x128x32xf16, #gpu.address_space<workgroup>>
!sb = memref<3x4x32x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @tma_producer_two_loops(%da: !llvm.ptr, %db: !llvm.ptr, %c: memref<?xf32>, %sa: !sa, %sb: !sb,
                                   %bars: !bars, %math: i1, %m: index, %n: index, %k: index,
                                   %end1: index, %end: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %math {
      %zero = mini.warp_zero : !acc
      %r1 = scf.for %kt = %c0 to %end1 step %c1 iter_args(%acc = %zero) -> (!acc) {
        mini.stage_wait %bars[%c0] use %kt filled_below %end : !bars
        %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
        %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
        %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
        mini.stage_release %bars[%c0] : !bars
        scf.yield %acc1 : !acc
      }
      mini.warp_store %r1, %c[%c0] at(%row, %col) bounds(%m, %n) : !acc, memref<?xf32>
      %r2 = scf.for %kt = %end1 to %end step %c1 iter_args(%acc = %zero) -> (!acc) {
        mini.stage_wait %bars[%c0] use %kt : !bars
        %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
        %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
        %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
        mini.stage_release %bars[%c0] : !bars
        scf.yield %acc1 : !acc
      }
      mini.warp_store %r2, %c[%c0] at(%row, %col) bounds(%m, %n) : !acc, memref<?xf32>
    } else {
      scf.for %kt = %c0 to %end1 step %c1 {
        %use = arith.addi %kt, %c1 : index
        mini.stage_wait %bars[%c0] use %use released : !bars
        mini.stage_copy_tma %da, %db block(%row, %col) batch %c0 depth %k into %sa, %sb[%c0] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
      scf.for %kt = %end1 to %end step %c1 {
        %use = arith.addi %kt, %c1 : index
        mini.stage_wait %bars[%c0] use %use released : !bars
        mini.stage_copy_tma %da, %db block(%col, %row) batch %c0 depth %k into %sa, %sb[%c0] step %kt after %end1 barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
    }
    gpu.return
  }
}

// -----

// Not the producer form: the math warps' loop does not release its stage,
// and the producer's wait is for another use than kt + 1. Both loops are
// left as they are.
// CHECK-LABEL: gpu.func @tma_producer_not_the_form
// CHECK: scf.for
// CHECK-NEXT: mini.stage_wait %{{.*}}[%c0] use %{{.*}} :
// CHECK: scf.for
// CHECK-NEXT: arith.addi %{{.*}}, %c2
// CHECK-NEXT: mini.stage_wait %{{.*}}[%c0] use %{{.*}} released
!sa = memref<3x128x32xf16, #gpu.address_space<workgroup>>
!sb = memref<3x4x32x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @tma_producer_not_the_form(%da: !llvm.ptr, %db: !llvm.ptr, %c: memref<?xf32>, %sa: !sa, %sb: !sb,
                         %bars: !bars, %math: i1, %m: index, %n: index, %k: index,
                         %steps: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %math {
      %zero = mini.warp_zero : !acc
      %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
        mini.stage_wait %bars[%c0] use %kt : !bars
        %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
        %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
        %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
        %k16 = arith.constant 16 : index
        %a1 = mini.warp_load %sa[%c0, %row, %k16] {swizzled} : !sa -> !ta
        %b1 = mini.warp_load %sb[%c0, %k16, %col] {swizzled} : !sb -> !tb
        %acc2 = mini.warp_mma %a1, %b1, %acc1 : !ta, !tb -> !acc
        scf.yield %acc2 : !acc
      }
      mini.warp_store %r, %c[%c0] at(%row, %col) bounds(%m, %n) : !acc, memref<?xf32>
    } else {
      scf.for %kt = %c0 to %steps step %c1 {
        %c2 = arith.constant 2 : index
        %use = arith.addi %kt, %c2 : index
        mini.stage_wait %bars[%c0] use %use released : !bars
        mini.stage_copy_tma %da, %db block(%row, %col) batch %c0 depth %k into %sa, %sb[%c0] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
    }
    gpu.return
  }
}

// -----

// The wgmma form of the math loop: step lb's batch goes out before the
// loop; each later step waits for its stage, issues its batch, waits until
// only that batch is in flight (pending 1) and releases the previous step's
// stage; after the loop, the last batch is waited for (pending 0) and its
// stage released. A loop from %lb > 0 (a stream-K block's second tile)
// starts at stage lb mod 4, use lb / 4. No steps: the accumulator as given.
// CHECK-LABEL: gpu.func @wgmma_consumer
// CHECK-SAME: %[[BARS:[^:]*]]: memref<8xi64, #gpu.address_space<workgroup>>, %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %[[ROW:[^:]*]]: index
// CHECK: %[[ZERO:.*]] = mini.warp_zero
// CHECK: %[[HAS_STEPS:.*]] = arith.cmpi ult, %[[LB]], %[[UB]]
// CHECK: %[[R:.*]] = scf.if %[[HAS_STEPS]] -> (!mini.warp_tile<acc, 16x256xf32>) {
// CHECK-NEXT: %[[FIRST_STAGE:.*]] = arith.remui %[[LB]], %c4
// CHECK-NEXT: %[[FIRST_USE:.*]] = arith.divui %[[LB]], %c4
// CHECK-NEXT: mini.stage_wait %[[BARS]][%[[FIRST_STAGE]]] use %[[FIRST_USE]] :
// CHECK-NEXT: %[[FIRST:.*]] = mini.warpgroup_mma stage %[[FIRST_STAGE]] row %[[ROW]] of %{{.*}}, %{{.*}}, %[[ZERO]]
// CHECK-NEXT: %[[NEXT_STEP:.*]] = arith.addi %[[LB]], %c1
// CHECK-NEXT: %[[LOOP:.*]]:2 = scf.for %[[KT:.*]] = %[[NEXT_STEP]] to %[[UB]] step %c1 iter_args(%[[ACC:.*]] = %[[FIRST]], %[[PREV:.*]] = %[[FIRST_STAGE]])
// CHECK: %[[STAGE:.*]] = arith.select
// CHECK: %[[USE:.*]] = arith.divui %[[KT]], %c4
// CHECK-NEXT: mini.stage_wait %[[BARS]][%[[STAGE]]] use %[[USE]] :
// CHECK-NEXT: %[[ISSUED:.*]] = mini.warpgroup_mma stage %[[STAGE]] row %[[ROW]] of %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK-NEXT: mini.warpgroup_mma_wait 1{{$}}
// CHECK-NEXT: mini.stage_release %[[BARS]][%[[PREV]]] :
// CHECK-NEXT: scf.yield %[[ISSUED]], %[[STAGE]]
// CHECK: %[[DONE:.*]] = mini.warpgroup_mma_wait 0(%[[LOOP]]#0)
// CHECK-NEXT: mini.stage_release %[[BARS]][%[[LOOP]]#1] :
// CHECK-NEXT: scf.yield %[[DONE]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]]
// CHECK: mini.warp_store %[[R]]
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 16x256xf32>
gpu.module @m {
  gpu.func @wgmma_consumer(%c: memref<?xf16>, %sa: !sa, %sb: !sb, %bars: !bars, %lb: index,
                           %ub: index, %row: index, %m: index, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %lb to %ub step %c1 iter_args(%acc = %zero) -> (!acc) {
      mini.stage_wait %bars[%c0] use %kt : !bars
      %issued = mini.warpgroup_mma stage %c0 row %row of %sa, %sb, %acc : !sa, !sb -> !acc
      %done = mini.warpgroup_mma_wait 0 (%issued) : !acc -> !acc
      mini.stage_release %bars[%c0] : !bars
      scf.yield %done : !acc
    }
    mini.warp_store %r, %c[%c0] at(%row, %c0) bounds(%m, %n) : !acc, memref<?xf16>
    gpu.return
  }
}

// -----

// An op right after the wgmma loop marked mini.after_issue (the ping-pong's
// turn to the other warpgroup) needs only the loop's waits for its steps:
// it goes before the wait for the last batch, without its mark.
// CHECK-LABEL: gpu.func @wgmma_after_issue
// CHECK-SAME: %[[FOLLOWS:[^:]*]]: i1
// CHECK: %[[LOOP:.*]]:2 = scf.for
// CHECK: scf.if %[[FOLLOWS]] {
// CHECK-NEXT: nvvm.barrier.arrive id = %c3_i32 number_of_threads = %c256_i32
// CHECK-NEXT: }{{$}}
// CHECK-NEXT: %[[DONE:.*]] = mini.warpgroup_mma_wait 0(%[[LOOP]]#0)
// CHECK-NOT: mini.after_issue
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 16x256xf32>
gpu.module @m {
  gpu.func @wgmma_after_issue(%c: memref<?xf16>, %sa: !sa, %sb: !sb, %bars: !bars, %lb: index,
                              %ub: index, %row: index, %m: index, %n: index, %follows: i1) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3_i32 = arith.constant 3 : i32
    %c256_i32 = arith.constant 256 : i32
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %lb to %ub step %c1 iter_args(%acc = %zero) -> (!acc) {
      mini.stage_wait %bars[%c0] use %kt : !bars
      %issued = mini.warpgroup_mma stage %c0 row %row of %sa, %sb, %acc : !sa, !sb -> !acc
      %done = mini.warpgroup_mma_wait 0 (%issued) : !acc -> !acc
      mini.stage_release %bars[%c0] : !bars
      scf.yield %done : !acc
    }
    scf.if %follows {
      nvvm.barrier.arrive id = %c3_i32 number_of_threads = %c256_i32
    } {mini.after_issue}
    mini.warp_store %r, %c[%c0] at(%row, %c0) bounds(%m, %n) : !acc, memref<?xf16>
    gpu.return
  }
}

// -----

// A wgmma loop that reads the accumulator between the batch and its wait is
// not the form: it stays as written.
// CHECK-LABEL: gpu.func @wgmma_not_the_form
// CHECK: scf.for
// CHECK-NEXT: mini.stage_wait %{{.*}}[%c0] use
// CHECK-NEXT: mini.warpgroup_mma stage %c0
// CHECK-NEXT: mini.warp_store
// CHECK-NEXT: mini.warpgroup_mma_wait 0
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 16x256xf32>
gpu.module @m {
  gpu.func @wgmma_not_the_form(%c: memref<?xf16>, %sa: !sa, %sb: !sb, %bars: !bars,
                               %ub: index, %row: index, %m: index, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %zero) -> (!acc) {
      mini.stage_wait %bars[%c0] use %kt : !bars
      %issued = mini.warpgroup_mma stage %c0 row %row of %sa, %sb, %acc : !sa, !sb -> !acc
      mini.warp_store %acc, %c[%c0] at(%row, %c0) bounds(%m, %n) : !acc, memref<?xf16>
      %done = mini.warpgroup_mma_wait 0 (%issued) : !acc -> !acc
      mini.stage_release %bars[%c0] : !bars
      scf.yield %done : !acc
    }
    mini.warp_store %r, %c[%c0] at(%row, %c0) bounds(%m, %n) : !acc, memref<?xf16>
    gpu.return
  }
}

// -----

// A producer loop in none of the forms (here its copy's row computed in the
// loop) beside a math warps' loop in the consumer form: pipelined alone,
// the math warps would wait on slots the producer never fills. Both loops
// stay on stage 0, with a warning.
// CHECK-LABEL: gpu.func @tma_producer_left
// CHECK: scf.for
// CHECK-NEXT: mini.stage_wait %{{.*}}[%c0] use %{{.*}} :
// CHECK: scf.for
// CHECK: mini.stage_wait %{{.*}}[%c0] use %{{.*}} released
// CHECK: mini.stage_copy_tma {{.*}}[%c0] step
!sa = memref<3x128x32xf16, #gpu.address_space<workgroup>>
!sb = memref<3x4x32x64xf16, #gpu.address_space<workgroup>>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
!acc = !mini.warp_tile<acc, 64x64xf32>
!ta = !mini.warp_tile<a, 64x16xf16>
!tb = !mini.warp_tile<b, 16x64xf16>
gpu.module @m {
  gpu.func @tma_producer_left(%da: !llvm.ptr, %db: !llvm.ptr, %c: memref<?xf32>, %sa: !sa, %sb: !sb,
                              %bars: !bars, %math: i1, %m: index, %n: index, %k: index,
                              %steps: index, %row: index, %col: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %math {
      %zero = mini.warp_zero : !acc
      %r = scf.for %kt = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (!acc) {
        mini.stage_wait %bars[%c0] use %kt : !bars
        %a0 = mini.warp_load %sa[%c0, %row, %c0] {swizzled} : !sa -> !ta
        %b0 = mini.warp_load %sb[%c0, %c0, %col] {swizzled} : !sb -> !tb
        %acc1 = mini.warp_mma %a0, %b0, %acc : !ta, !tb -> !acc
        %k16 = arith.constant 16 : index
        %a1 = mini.warp_load %sa[%c0, %row, %k16] {swizzled} : !sa -> !ta
        %b1 = mini.warp_load %sb[%c0, %k16, %col] {swizzled} : !sb -> !tb
        %acc2 = mini.warp_mma %a1, %b1, %acc1 : !ta, !tb -> !acc
        mini.stage_release %bars[%c0] : !bars
        scf.yield %acc2 : !acc
      }
      mini.warp_store %r, %c[%c0] at(%row, %col) bounds(%m, %n) : !acc, memref<?xf32>
    } else {
      // expected-warning @+1 {{is in none of the loop forms of mini-pipeline-stages but shares its stages with loops that are: all of them stay on stage 0, unpipelined}}
      scf.for %kt = %c0 to %steps step %c1 {
        %use = arith.addi %kt, %c1 : index
        mini.stage_wait %bars[%c0] use %use released : !bars
        %boxed = arith.minui %row, %m : index
        mini.stage_copy_tma %da, %db block(%boxed, %col) batch %c0 depth %k into %sa, %sb[%c0] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
    }
    gpu.return
  }
}
