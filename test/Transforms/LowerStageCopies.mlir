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

// f32 (tf32) tiles: 16-byte chunks of 4 floats. 64x64x32 by 128 threads: 4
// A chunks (64 rows x 8 chunks / 128) and 4 B chunks (32 rows x 16 chunks /
// 128) per thread.
// CHECK-LABEL: gpu.func @async_f32
// CHECK-COUNT-4: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%c0, %{{.*}}, %{{.*}}], 4, %{{.*}} {bypassL1} : memref<?xf32> to memref<2x64x36xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%c0, %{{.*}}, %{{.*}}], 4, %{{.*}} {bypassL1} : memref<?xf32> to memref<2x32x72xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.device_async_copy
gpu.module @m {
  gpu.func @async_f32(%a: memref<?xf32>, %b: memref<?xf32>, %sa: memref<2x64x36xf32, #gpu.address_space<workgroup>>,
                      %sb: memref<2x32x72xf32, #gpu.address_space<workgroup>>, %m: index, %n: index, %k: index) kernel {
    %c0 = arith.constant 0 : index
    %t0 = mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%c0] step %c0 {async, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf32>, memref<?xf32>, memref<2x64x36xf32, #gpu.address_space<workgroup>>, memref<2x32x72xf32, #gpu.address_space<workgroup>> -> !nvgpu.device.async.token
    nvgpu.device_async_wait %t0 {numGroups = 0 : i32}
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

// -----

// Swizzled (for wgmma): the same element copies into TMA's layout. A chunk of
// 8 elements at (r, c) lands in 16-byte chunk (c mod 64) / 8 xor (r mod 8) of
// its 128-byte row, in B's box c / 64; then one async-proxy fence.
// CHECK-LABEL: gpu.func @scalar_swizzled
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: %[[ROW:.*]] = arith.divui %{{.*}}, %c8 : index
// CHECK: %[[ROW_MOD:.*]] = arith.remui %[[ROW]], %c8 : index
// CHECK: %[[CHUNK:.*]] = arith.xori %{{.*}}, %[[ROW_MOD]] : index
// CHECK-NEXT: %[[COL:.*]] = arith.muli %[[CHUNK]], %c8 : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %[[COL]]] : memref<2x128x64xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-31: memref.store %{{.*}} : memref<2x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-31: memref.store %{{.*}} : memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.return
gpu.module @m {
  gpu.func @scalar_swizzled(%a: memref<?xf16>, %b: memref<?xf16>,
                            %sa: memref<2x128x64xf16, #gpu.address_space<workgroup>>,
                            %sb: memref<2x2x64x64xf16, #gpu.address_space<workgroup>>,
                            %m: index, %n: index, %k: index, %step: index) kernel {
    %c0 = arith.constant 0 : index
    mini.stage_copy %a[%c0], %b[%c0] block(%c0, %c0) sizes(%m, %n, %k) into %sa, %sb[%c0] step %step {swizzled, threads = 256 : i64, tile = array<i64: 128, 128, 64>} : memref<?xf16>, memref<?xf16>, memref<2x128x64xf16, #gpu.address_space<workgroup>>, memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// TMA: the plan (the K padding, 64 - K mod 64, where K is whole 16-byte
// chunks; else 0: a box must start on a 16-byte boundary, so the residue of
// such K, whose rows the runtime copies into padded ones, goes last) comes
// once, before the first copy's scf.if and above the loop. Each copy arms the stage's full barrier
// with both tiles' bytes ((128 + 256) x 64 halves = 49152) and issues one
// 128x64 A box (coordinates depth, row, batch) and four 64-column B boxes
// (column, depth, batch) into the stage, completing on that barrier; step
// kt starts at depth kt * 64 - padding. A wait is a parity wait (use mod 2)
// on the stage's full barrier, or with `released` on its empty one (stage +
// 4, 8 bytes each); a release arrives on the empty one.
// CHECK-LABEL: gpu.func @tma
// CHECK-SAME: (%[[DA:[^:]*]]: !llvm.ptr, %[[DB:[^:]*]]: !llvm.ptr, {{.*}}, %[[BARS:[^:]*]]: memref<8xi64, #gpu.address_space<workgroup>>, %[[ISSUER:[^:]*]]: i1, %[[ROW:[^:]*]]: index, %[[COL:[^:]*]]: index, %[[BATCH:[^:]*]]: index, %[[K:[^:]*]]: index, %{{[^:]*}}: index, %[[S:[^:]*]]: index)
// CHECK: %[[NUMK:.*]] = arith.ceildivui %[[K]], %c64
// CHECK-NEXT: %[[KREST:.*]] = arith.remui %[[K]], %c8
// CHECK-NEXT: %[[WHOLE:.*]] = arith.cmpi eq, %[[KREST]], %c0
// CHECK-NEXT: %[[FULLK:.*]] = arith.muli %[[NUMK]], %c64
// CHECK-NEXT: %[[PADK:.*]] = arith.subi %[[FULLK]], %[[K]]
// CHECK-NEXT: %[[PAD:.*]] = arith.select %[[WHOLE]], %[[PADK]], %c0
// CHECK-NEXT: scf.if %[[ISSUER]] {
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[FULL0:.*]], %c49152_i32
// CHECK: %[[K00:.*]] = arith.subi %c0, %[[PAD]]
// CHECK-NEXT: %[[K0:.*]] = arith.index_cast %[[K00]] : index to i32
// CHECK-NEXT: %[[B32:.*]] = arith.index_cast %[[BATCH]] : index to i32
// CHECK-NEXT: %[[R32:.*]] = arith.index_cast %[[ROW]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DA]], %[[FULL0]], box[%[[K0]], %[[R32]], %[[B32]]]
// CHECK-NEXT: %[[C32:.*]] = arith.index_cast %[[COL]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DB]], %[[FULL0]], box[%[[C32]], %[[K0]], %[[B32]]]
// CHECK-COUNT-3: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DB]], %[[FULL0]], box[%{{.*}}, %[[K0]], %[[B32]]]
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: scf.for %[[KT:[^ ]*]] =
// CHECK-NOT: arith.ceildivui
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[FULL:.*]], %c49152_i32
// CHECK: %[[DEPTH:.*]] = arith.muli %[[KT]], %c64
// CHECK-NEXT: %[[KS:.*]] = arith.subi %[[DEPTH]], %[[PAD]]
// CHECK: arith.muli %[[S]], %c16384
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DA]], %[[FULL]]
// CHECK: arith.muli %[[S]], %c32768
// CHECK-COUNT-4: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DB]], %[[FULL]]
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[BARS]]
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[S]], %c8
// CHECK-NEXT: arith.addi %[[BASE]], %[[OFF]]
// CHECK: %[[FULLS:.*]] = llvm.inttoptr
// CHECK-NEXT: %[[PAR:.*]] = arith.remui %[[KT]], %c2
// CHECK-NEXT: %[[PAR32:.*]] = arith.index_cast %[[PAR]] : index to i32
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity %[[FULLS]], %[[PAR32]], %c10000000_i32
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[S]], %c4
// CHECK-NEXT: %[[EOFF:.*]] = arith.muli %[[E]], %c8
// CHECK-NEXT: arith.addi %[[BASE]], %[[EOFF]]
// CHECK: %[[EMPTY:.*]] = llvm.inttoptr
// CHECK-NEXT: nvvm.mbarrier.arrive %[[EMPTY]] : !llvm.ptr<3>
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity %[[EMPTY]], %[[PAR32]], %c10000000_i32
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @tma(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !sa, %sb: !sb, %bars: !bars, %issuer: i1,
                %row: index, %col: index, %batch: index, %k: index, %steps: index, %s: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %issuer {
      mini.stage_copy_tma %da, %db block(%row, %col) batch %batch depth %k into %sa, %sb[%c0] step %c0 barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
    }
    scf.for %kt = %c0 to %steps step %c1 {
      scf.if %issuer {
        mini.stage_copy_tma %da, %db block(%row, %col) batch %batch depth %k into %sa, %sb[%s] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
      }
      mini.stage_wait %bars[%s] use %kt : !bars
      mini.stage_release %bars[%s] : !bars
      mini.stage_wait %bars[%s] use %kt released : !bars
    }
    gpu.return
  }
}

// -----

// TMA in clusters of 2: each block copies its A box and half of the four B
// boxes, from box rank x 2 on, multicast into both blocks (mask 0b11); the
// rank is read once, with the plan. A release arrives on the stage's empty
// barrier in both blocks (mapa into the cluster's shared window).
// CHECK-LABEL: gpu.func @tma_cluster
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[FULL:.*]], %c49152_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[FULL]], box[{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// CHECK: %[[R:.*]] = arith.index_cast %[[RANK]] : i32 to index
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[R]], %c2 : index
// CHECK-COUNT-2: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[FULL]], box[{{.*}}] multicast_mask = %c3_i16
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: %[[E0:.*]] = nvvm.mapa %[[EMPTY:.*]], %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: nvvm.mbarrier.arrive %[[E0]] : !llvm.ptr<7>
// CHECK-NEXT: %[[E1:.*]] = nvvm.mapa %[[EMPTY]], %c1_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: nvvm.mbarrier.arrive %[[E1]] : !llvm.ptr<7>
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @tma_cluster(%da: !llvm.ptr, %db: !llvm.ptr, %sa: !sa, %sb: !sb, %bars: !bars,
                        %row: index, %col: index, %batch: index, %k: index, %s: index, %kt: index) kernel {
    mini.stage_copy_tma %da, %db block(%row, %col) batch %batch depth %k into %sa, %sb[%s] step %kt barriers %bars {cluster_m = 2 : i64} : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
    mini.stage_release %bars[%s] {cluster_m = 2 : i64} : !bars
    gpu.return
  }
}

// -----

// Copies with a first step (a split tile's block): the copy of step kt is
// that of step first + kt, at depth (first + kt) * 64 - padding (TMA) and
// (first + kt) * 32 (scalar; CSE shares first + kt).
// CHECK-LABEL: gpu.func @first_step
// CHECK-SAME: %[[KT:[^:]*]]: index, %[[FIRST:[^:]*]]: index)
// CHECK: %[[STEP:.*]] = arith.addi %[[FIRST]], %[[KT]]
// CHECK-NEXT: %[[DEPTH:.*]] = arith.muli %[[STEP]], %c64
// CHECK-NEXT: arith.subi %[[DEPTH]], %{{.*}}
// CHECK: arith.muli %[[STEP]], %c32
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!pa = memref<1x64x40xf16, #gpu.address_space<workgroup>>
!pb = memref<1x32x72xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @first_step(%a: memref<?xf16>, %da: !llvm.ptr, %sa: !sa, %sb: !sb, %pa: !pa, %pb: !pb,
                       %bars: !bars, %i: index, %kt: index, %first: index) kernel {
    mini.stage_copy_tma %da, %da block(%i, %i) batch %i depth %i into %sa, %sb[%i] step %kt after %first barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
    mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %pa, %pb[%i] step %kt after %first {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !pa, !pb
    gpu.return
  }
}

// -----

// A SwiGLU pair's copy (desc_up): the four B boxes of the 256-column stage
// are columns col .. col + 63 and col + 64 .. of the gate (desc_b), then the
// same two column ranges of up (desc_up), into boxes 0-1 and 2-3.
// CHECK-LABEL: gpu.func @tma_up
// CHECK-SAME: (%[[DA:[^:]*]]: !llvm.ptr, %[[DB:[^:]*]]: !llvm.ptr, %[[DU:[^:]*]]: !llvm.ptr, {{.*}}, %[[COL:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index)
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[FULL:.*]], %c49152_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DA]], %[[FULL]]
// CHECK: %[[C0:.*]] = arith.index_cast %[[COL]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DB]], %[[FULL]], box[%[[C0]],
// CHECK: %[[COL64:.*]] = arith.addi %[[COL]], %c64 : index
// CHECK-NEXT: %[[C64:.*]] = arith.index_cast %[[COL64]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DB]], %[[FULL]], box[%[[C64]],
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DU]], %[[FULL]], box[%[[C0]],
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DU]], %[[FULL]], box[%[[C64]],
// CHECK-NOT: nvvm.cp.async.bulk.tensor
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @tma_up(%da: !llvm.ptr, %db: !llvm.ptr, %du: !llvm.ptr, %sa: !sa, %sb: !sb, %bars: !bars,
                   %row: index, %col: index, %batch: index, %k: index, %s: index, %kt: index) kernel {
    mini.stage_copy_tma %da, %db up %du : !llvm.ptr block(%row, %col) batch %batch depth %k into %sa, %sb[%s] step %kt barriers %bars : !llvm.ptr, !llvm.ptr, !sa, !sb, !bars
    gpu.return
  }
}
