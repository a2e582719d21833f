// Tests lib/Transforms/LowerMma.cpp.
// RUN: mini-opt %s -split-input-file -mini-lower-mma -canonicalize -cse | FileCheck %s

!acc = !mini.warp_tile<acc, 32x32xf32>
!a = !mini.warp_tile<a, 32x16xf16>
!b = !mini.warp_tile<b, 16x32xf16>
!smem_a = memref<2x64x24xf16, #gpu.address_space<workgroup>>
!smem_b = memref<2x16x72xf16, #gpu.address_space<workgroup>>

// mma.sync from padded stages: the 32x16 A tile is two 16x16 fragments, one
// ldmatrix.x4 each (lane l addresses row l % 16, column 8 * (l / 16)); the
// 16x32 B tile four 16x8 fragments, two per ldmatrix.x4.trans; the 32x32
// accumulator 2 x 4 fragments of 16x8 f32, one mma.sync m16n8k16 each. A
// store without scratch writes each lane's pair of columns as one masked
// vector store (`pairs`).
// CHECK-LABEL: gpu.func @mma_sync
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// CHECK-DAG: %[[TID:.*]] = gpu.thread_id x
// CHECK: arith.remui %[[TID]], %c32
// CHECK-COUNT-2: nvgpu.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<2x64x24xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK: %[[B01:.*]] = nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = true} : memref<2x16x72xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK: vector.extract %[[B01]][0] : vector<2xf16> from vector<4x2xf16>
// CHECK: vector.extract %[[B01]][1] : vector<2xf16> from vector<4x2xf16>
// CHECK: vector.extract %[[B01]][2] : vector<2xf16> from vector<4x2xf16>
// CHECK: vector.extract %[[B01]][3] : vector<2xf16> from vector<4x2xf16>
// CHECK: nvgpu.ldmatrix {{.*}} transpose = true
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %[[ZERO]]) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-COUNT-7: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK-COUNT-16: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
// CHECK-NOT: mini.warp
gpu.module @m {
  gpu.func @mma_sync(%sa: !smem_a, %sb: !smem_b, %c: memref<?xf32>, %stage: index, %row: index,
                     %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !acc
    %a = mini.warp_load %sa[%stage, %row, %c0] : !smem_a -> !a
    %b = mini.warp_load %sb[%stage, %c0, %col] : !smem_b -> !b
    %acc = mini.warp_mma %a, %b, %zero : !a, !b -> !acc
    mini.warp_store %acc, %c[%c0] at(%row, %col) bounds(%m, %n) {pairs} : !acc, memref<?xf32>
    gpu.return
  }
}

// -----

// A loop that carries warp tiles carries their fragments: 8 accumulator, 2
// A and 4 B fragments, the index stays. Without `pairs`, one scalar store
// per element.
// CHECK-LABEL: gpu.func @loop_carried
// CHECK: %[[A:.*]]:8 = scf.for %{{.*}} iter_args({{.*}}) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
// CHECK-COUNT-8: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK: %[[B:.*]]:15 = scf.for %{{.*}} -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, index) {
// CHECK-COUNT-32: memref.store %{{.*}} : memref<?xf16>
// CHECK-NOT: builtin.unrealized_conversion_cast
!acc = !mini.warp_tile<acc, 32x32xf32>
!a = !mini.warp_tile<a, 32x16xf16>
!b = !mini.warp_tile<b, 16x32xf16>
!smem_a = memref<2x64x24xf16, #gpu.address_space<workgroup>>
!smem_b = memref<2x16x72xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @loop_carried(%sa: !smem_a, %sb: !smem_b, %c: memref<?xf16>, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!acc) {
      %a = mini.warp_load %sa[%i, %c0, %c0] : !smem_a -> !a
      %b = mini.warp_load %sb[%i, %c0, %c0] : !smem_b -> !b
      %next = mini.warp_mma %a, %b, %acc : !a, !b -> !acc
      scf.yield %next : !acc
    }
    %a0 = mini.warp_load %sa[%c0, %c0, %c0] : !smem_a -> !a
    %b0 = mini.warp_load %sb[%c0, %c0, %c0] : !smem_b -> !b
    %s:4 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r, %a = %a0, %b = %b0, %st = %c0) -> (!acc, !a, !b, index) {
      %next = mini.warp_mma %a, %b, %acc : !a, !b -> !acc
      %a1 = mini.warp_load %sa[%st, %c0, %c0] : !smem_a -> !a
      %b1 = mini.warp_load %sb[%st, %c0, %c0] : !smem_b -> !b
      scf.yield %next, %a1, %b1, %i : !acc, !a, !b, index
    }
    mini.warp_store %s#0, %c[%c0] at(%c0, %c0) bounds(%n, %n) : !acc, memref<?xf16>
    gpu.return
  }
}

// -----

// Swizzled TMA stages: the ldmatrix column is XORed with 8 x ((row * 128 /
// 128) mod 8) for 64-element (128-byte) rows; B's logical column n lies in
// box n / 64 at column n mod 64. Each ldmatrix reads at the stage's base
// plus the lane's byte offset, and rows a constant multiple of 16 further
// on (A's second fragment, B's rows 16..31) are an immediate: they leave
// the swizzle as it is.
// CHECK-LABEL: gpu.func @swizzled
// CHECK: %[[AROW:.*]] = arith.addi %arg4, %{{.*}} : index
// CHECK: %[[ABYTES:.*]] = arith.muli %[[AROW]], %c128 : index
// CHECK: %[[ASPAN:.*]] = arith.divui %[[ABYTES]], %c128 : index
// CHECK: %[[AX:.*]] = arith.remui %[[ASPAN]], %c8 : index
// CHECK: %[[AXOR:.*]] = arith.muli %[[AX]], %c8 : index
// CHECK: %[[ACOL:.*]] = arith.xori %{{.*}}, %[[AXOR]] : index
// CHECK: %[[ACOLBYTES:.*]] = arith.muli %[[ACOL]], %c2 : index
// CHECK: %[[ALANE:.*]] = arith.addi %[[ABYTES]], %[[ACOLBYTES]] : index
// CHECK: %[[ABASE:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: %[[ABASE32:.*]] = arith.index_castui %[[ABASE]] : index to i32
// CHECK: %[[STAGE:.*]] = arith.index_castui %arg3 : index to i32
// CHECK: %[[ASTAGE:.*]] = arith.muli %[[STAGE]], %c16384_i32 : i32
// CHECK: %[[ASTAGEBASE:.*]] = arith.addi %[[ABASE32]], %[[ASTAGE]] : i32
// CHECK: %[[ALANE32:.*]] = arith.index_castui %[[ALANE]] : index to i32
// CHECK: %[[AADDR:.*]] = arith.addi %[[ASTAGEBASE]], %[[ALANE32]] : i32
// CHECK: %[[APTR:.*]] = llvm.inttoptr %[[AADDR]] : i32 to !llvm.ptr<3>
// CHECK-NEXT: nvvm.ldmatrix %[[APTR]] {{.*}}layout = #nvvm.mma_layout<row>, num = 4
// CHECK: %[[APTR1:.*]] = llvm.getelementptr %[[APTR]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.ldmatrix %[[APTR1]] {{.*}}layout = #nvvm.mma_layout<row>, num = 4
// CHECK: %[[BOX:.*]] = arith.divui %[[N:.*]], %c64 : index
// CHECK: %[[INBOX:.*]] = arith.remui %[[N]], %c64 : index
// CHECK: %[[BCOL:.*]] = arith.xori %[[INBOX]], %{{.*}} : index
// CHECK: arith.muli %[[BOX]], %c8192 : index
// CHECK: arith.muli %[[STAGE]], %c32768_i32 : i32
// CHECK: %[[BPTR:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<3>
// CHECK-NEXT: %[[BPTR16:.*]] = llvm.getelementptr %[[BPTR]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.ldmatrix %[[BPTR16]] {{.*}}layout = #nvvm.mma_layout<col>, num = 4
// CHECK-NOT: nvgpu.ldmatrix
!a = !mini.warp_tile<a, 32x16xf16>
!b = !mini.warp_tile<b, 16x16xf16>
gpu.module @m {
  gpu.func @swizzled(%sa: memref<4x128x64xf16, #gpu.address_space<workgroup>>,
                     %sb: memref<4x4x64x64xf16, #gpu.address_space<workgroup>>,
                     %c: memref<?xf32>, %stage: index, %row: index, %col: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c16 = arith.constant 16 : index
    %a = mini.warp_load %sa[%stage, %row, %c16] {swizzled} : memref<4x128x64xf16, #gpu.address_space<workgroup>> -> !a
    %b = mini.warp_load %sb[%stage, %c16, %col] {swizzled} : memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> !b
    %zero = mini.warp_zero : !mini.warp_tile<acc, 32x16xf32>
    %acc = mini.warp_mma %a, %b, %zero : !a, !b -> !mini.warp_tile<acc, 32x16xf32>
    mini.warp_store %acc, %c[%stage] at(%row, %col) bounds(%row, %col) : !mini.warp_tile<acc, 32x16xf32>, memref<?xf32>
    gpu.return
  }
}

// -----

// A store through scratch: each lane writes its accumulator pairs into the
// warp's 16 rows of 32 + 8 elements (8 stores: 4 fragments x 2 rows), the
// warp syncs, then reads 16-byte row chunks (8 bf16) and writes them to C,
// masked; once per 16 rows.
// CHECK-LABEL: gpu.func @staged_store
// CHECK: %[[WARP:.*]] = arith.divui %{{.*}}, %c32 : index
// CHECK: arith.muli %[[WARP]], %c640 : index
// CHECK-COUNT-8: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<2560xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
// CHECK-NEXT: nvvm.bar.warp.sync
// CHECK: %[[CHUNK:.*]] = vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<2560xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK: scf.if
// CHECK: vector.store %[[CHUNK]], %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
// CHECK: nvvm.bar.warp.sync
// CHECK-COUNT-8: vector.store %{{.*}} : memref<2560xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
gpu.module @m {
  gpu.func @staged_store(%c: memref<?xbf16>, %scratch: memref<2560xbf16, #gpu.address_space<workgroup>>,
                         %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !mini.warp_tile<acc, 32x32xf32>
    mini.warp_store %zero, %c[%c0] at(%row, %col) bounds(%m, %n) scratch(%scratch : memref<2560xbf16, #gpu.address_space<workgroup>>) : !mini.warp_tile<acc, 32x32xf32>, memref<?xbf16>
    gpu.return
  }
}

// -----

// any_cols: C's rows (n values) need not be whole 16-byte chunks. Where n is
// a multiple of 8 the slab goes out as before; else each row's chunks start
// at its first 16-byte boundary in C (head = (8 - start mod 8) mod 8): lane
// slot j reads 8 elements at columns head + 8j from the staging rows and
// stores them as one aligned chunk, and a row's last slot, past the warp
// tile, takes the head's and the tail's elements one by one, as does a
// chunk that C's last column cuts.
// CHECK-LABEL: gpu.func @staged_store_any_cols
// CHECK-COUNT-8: vector.store %{{.*}} : memref<2560xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
// CHECK: nvvm.bar.warp.sync
// CHECK: %[[REST:.*]] = arith.remui %[[N:.*]], %c8 : index
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[REST]], %c0 : index
// CHECK: scf.if %[[WHOLE]] {
// CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<2560xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK: } else {
// CHECK: %[[RN:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK-NEXT: %[[START:.*]] = arith.addi %[[RN]], %{{.*}} : index
// CHECK-NEXT: %[[HEADREM:.*]] = arith.remui %[[START]], %c8 : index
// CHECK-NEXT: %[[HEADGAP:.*]] = arith.subi %c8, %[[HEADREM]] : index
// CHECK-NEXT: %[[HEAD:.*]] = arith.remui %[[HEADGAP]], %c8 : index
// CHECK-COUNT-8: memref.load %{{.*}}[%{{.*}}] : memref<2560xbf16, #gpu.address_space<workgroup>>
// CHECK: scf.if
// CHECK: %[[VEC:.*]] = vector.from_elements
// CHECK: vector.store %[[VEC]], %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
// CHECK: } else {
// CHECK-COUNT-8: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xbf16>
// CHECK: nvvm.bar.warp.sync
gpu.module @m {
  gpu.func @staged_store_any_cols(%c: memref<?xbf16>, %scratch: memref<2560xbf16, #gpu.address_space<workgroup>>,
                                  %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !mini.warp_tile<acc, 32x32xf32>
    mini.warp_store %zero, %c[%c0] at(%row, %col) bounds(%m, %n) scratch(%scratch : memref<2560xbf16, #gpu.address_space<workgroup>>) {any_cols} : !mini.warp_tile<acc, 32x32xf32>, memref<?xbf16>
    gpu.return
  }
}

// -----

// bf16 operands: the same ldmatrix and mma.sync ops, on bf16 vectors
// (mini-lower-bf16-mma-sync lowers those further).
// CHECK-LABEL: gpu.func @mma_sync_bf16
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
!a = !mini.warp_tile<a, 16x16xbf16>
!b = !mini.warp_tile<b, 16x16xbf16>
!acc = !mini.warp_tile<acc, 16x16xf32>
gpu.module @m {
  gpu.func @mma_sync_bf16(%sa: memref<1x16x24xbf16, #gpu.address_space<workgroup>>,
                          %sb: memref<1x16x24xbf16, #gpu.address_space<workgroup>>, %c: memref<?xbf16>) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %a = mini.warp_load %sa[%c0, %c0, %c0] : memref<1x16x24xbf16, #gpu.address_space<workgroup>> -> !a
    %b = mini.warp_load %sb[%c0, %c0, %c0] : memref<1x16x24xbf16, #gpu.address_space<workgroup>> -> !b
    %zero = mini.warp_zero : !acc
    %acc = mini.warp_mma %a, %b, %zero : !a, !b -> !acc
    mini.warp_store %acc, %c[%c0] at(%c0, %c0) bounds(%c0, %c0) : !acc, memref<?xbf16>
    gpu.return
  }
}

// -----

// WMMA on f16: one 16x16 gpu.mma_matrix per 16x16 block (leading dimension
// the stage's padded row), gpu.subgroup_mma_compute per pair; the store
// goes through the warp's 16x16 f32 scratch tile: lane l reads row l / 2,
// columns 8 * (l % 2) .. + 8, and stores them masked.
// CHECK-LABEL: gpu.func @wmma
// CHECK: %[[ZERO:.*]] = gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 24 : index} : memref<2x64x24xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 72 : index} : memref<2x16x72xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK: gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %[[ZERO]] : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-COUNT-3: gpu.subgroup_mma_compute
// CHECK: %[[WARP:.*]] = arith.divui %{{.*}}, %c32 : index
// CHECK: gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}}[%[[WARP]], %c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<4x16x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: nvvm.bar.warp.sync
// CHECK-COUNT-8: memref.load %{{.*}}[%[[WARP]], %{{.*}}, %{{.*}}] : memref<4x16x16xf32, #gpu.address_space<workgroup>>
// CHECK: nvvm.bar.warp.sync
// CHECK-COUNT-3: gpu.subgroup_mma_store_matrix
// CHECK-NOT: nvgpu.
!acc = !mini.warp_tile<acc, 32x32xf32>
!a = !mini.warp_tile<a, 32x16xf16>
!b = !mini.warp_tile<b, 16x32xf16>
!smem_a = memref<2x64x24xf16, #gpu.address_space<workgroup>>
!smem_b = memref<2x16x72xf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @wmma(%sa: !smem_a, %sb: !smem_b, %c: memref<?xf32>,
                 %scratch: memref<4x16x16xf32, #gpu.address_space<workgroup>>,
                 %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !acc
    %a = mini.warp_load %sa[%c0, %row, %c0] : !smem_a -> !a
    %b = mini.warp_load %sb[%c0, %c0, %col] : !smem_b -> !b
    %acc = mini.warp_mma %a, %b, %zero : !a, !b -> !acc
    mini.warp_store %acc, %c[%c0] at(%row, %col) bounds(%m, %n) scratch(%scratch : memref<4x16x16xf32, #gpu.address_space<workgroup>>) : !acc, memref<?xf32>
    gpu.return
  }
}

// -----

// WMMA on bf16: upstream's gpu.mma_matrix has no bf16, so fragments are the
// NVVM intrinsics' LLVM structs (4 x i32 for 8 bf16 operands, 8 x f32
// accumulators), loaded from shared-memory pointers with the padded row as
// stride, carried through loops like any fragment.
// CHECK-LABEL: gpu.func @wmma_bf16
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)
// CHECK: llvm.call_intrinsic "llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p3"(%{{.*}}, %c24_i32) : (!llvm.ptr<3>, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.call_intrinsic "llvm.nvvm.wmma.m16n16k16.load.b.row.stride.bf16.p3"(%{{.*}}, %c24_i32)
// CHECK: llvm.call_intrinsic "llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16"({{.*}}) : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: scf.yield
// CHECK: llvm.call_intrinsic "llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p3"(%{{.*}}, %c16_i32)
// CHECK-NOT: gpu.subgroup_mma
!a = !mini.warp_tile<a, 16x16xbf16>
!b = !mini.warp_tile<b, 16x16xbf16>
!acc = !mini.warp_tile<acc, 16x16xf32>
!smem = memref<1x16x24xbf16, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @wmma_bf16(%sa: !smem, %sb: !smem, %c: memref<?xf32>,
                      %scratch: memref<1x16x16xf32, #gpu.address_space<workgroup>>, %n: index) kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = mini.warp_zero : !acc
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!acc) {
      %a = mini.warp_load %sa[%c0, %c0, %c0] : !smem -> !a
      %b = mini.warp_load %sb[%c0, %c0, %c0] : !smem -> !b
      %next = mini.warp_mma %a, %b, %acc : !a, !b -> !acc
      scf.yield %next : !acc
    }
    mini.warp_store %r, %c[%c0] at(%c0, %c0) bounds(%n, %n) scratch(%scratch : memref<1x16x16xf32, #gpu.address_space<workgroup>>) : !acc, memref<?xf32>
    gpu.return
  }
}

// -----

// wgmma kind: mini.warpgroup_mma becomes a fence, tile_k / 16 = 4 wgmma
// m64n256k16 on descriptors (A at the stage's base + row x 128 bytes,
// K-major; B N-major, imm-trans-b: layout row), 32 bytes further into A's
// rows and 16 rows (2048 bytes) further into B's per k step (descriptor
// units of 16 bytes: + 2 and + 128), and a commit; each wait becomes
// wgmma.wait_group with the completed tile's registers pinned after it.
// CHECK-LABEL: gpu.func @warpgroup
// CHECK: %[[ROW_BYTES:.*]] = arith.muli %{{.*}}, %c128 : index
// CHECK: memref.extract_aligned_pointer_as_index %{{.*}} : memref<4x128x64xf16
// CHECK: memref.extract_aligned_pointer_as_index %{{.*}} : memref<4x4x64x64xf16
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[D0:.*]] = nvvm.wgmma.mma_async %[[A:[^,]*]], %[[B:[^,]*]], %{{.*}}, <m = 64, n = 256, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK-DAG: arith.addi %[[B]], %c128_i64 : i64
// CHECK-DAG: arith.addi %[[A]], %c2_i64 : i64
// CHECK-COUNT-3: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: llvm.inline_asm has_side_effects ""
!sa = memref<4x128x64xf16, #gpu.address_space<workgroup>>
!sb = memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
!wacc = !mini.warp_tile<acc, 16x256xf32>
gpu.module @m {
  gpu.func @warpgroup(%sa: !sa, %sb: !sb, %stage: index, %row: index) kernel attributes {mini.mma_kind = #mini.math<wgmma>} {
    %zero = mini.warp_zero : !wacc
    %r = mini.warpgroup_mma stage %stage row %row of %sa, %sb, %zero : !sa, !sb -> !wacc
    mini.warpgroup_mma_wait 1
    %done = mini.warpgroup_mma_wait 0 (%r) : !wacc -> !wacc
    gpu.return
  }
}

// -----

// An epilogue applies to each lane's pair of accumulators. All four
// pairs' inputs are loaded first, with no branch (a pair outside C reads
// element 0): the bias pair by column, the residual pair at C's index; then
// the bodies, then the converted pairs stored inside the bounds check.
// CHECK-LABEL: gpu.func @pairs_epilogue
// CHECK-SAME: (%[[C:[^:]*]]: memref<?xf16>, %[[BIAS:[^:]*]]: memref<?xf16>, %[[RES:[^:]*]]: memref<?xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[COL0:[^:]*]]: index
// CHECK: %[[COL:.*]] = arith.addi %[[COL0]], %{{.*}} : index
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: %[[BAT:.*]] = arith.select %[[IN]], %[[COL]], %c0 : index
// CHECK-NEXT: vector.load %[[BIAS]][%[[BAT]]] {alignment = 4 : i64} : memref<?xf16>, vector<2xf16>
// CHECK: %[[RAT:.*]] = arith.select %[[IN]], %[[AT:.*]], %c0 : index
// CHECK-NEXT: vector.load %[[RES]][%[[RAT]]] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
// CHECK-COUNT-3: vector.load %[[RES]]
// CHECK-NOT: scf.if
// CHECK-COUNT-8: arith.mulf
// CHECK: scf.if %[[IN]] {
// CHECK: vector.store %{{.*}}, %[[C]][%[[AT]]] {alignment = 4 : i64} : memref<?xf16>, vector<2xf16>
// CHECK-NOT: mini.warp_store
gpu.module @m {
  gpu.func @pairs_epilogue(%c: memref<?xf16>, %bias: memref<?xf16>, %res: memref<?xf32>, %off: index,
                           %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
    mini.warp_store %zero, %c[%off] at(%row, %col) bounds(%m, %n) epilogue(%bias, %res : memref<?xf16>, memref<?xf32>) {bias_inputs = array<i1: true, false>, pairs} : !mini.warp_tile<acc, 16x16xf32>, memref<?xf16> {
    ^bb0(%acc: f32, %x: f32, %r: f32):
      %s = arith.addf %acc, %x : f32
      %t = arith.mulf %s, %r : f32
      mini.yield %t : f32
    }
    gpu.return
  }
}

// -----

// Through scratch, an epilogue needs the scratch in f32: the pairs go
// there unchanged, and the epilogue runs on the chunks read back (4 f32 a
// lane, 32 rows of 4 chunks a pass of the warp): the bias read by column
// as 4-vectors for all of the slab's chunks, then the bodies (tanh
// approximated by ex2 and rcp, MatmulEpilogue.h), then the stores of 4
// bf16: all four unguarded when the four chunks are inside C, else each
// behind its own test (a branch per chunk alone let the bodies sink into
// the branches and run one chunk at a time).
// CHECK-LABEL: gpu.func @staged_epilogue
// CHECK-COUNT-8: vector.store %{{.*}} : memref<2560xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK-NEXT: nvvm.bar.warp.sync
// CHECK-COUNT-4: vector.load %{{.*}} {alignment = 16 : i64} : memref<2560xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-COUNT-4: vector.load %{{.*}} {alignment = 8 : i64} : memref<?xbf16>, vector<4xbf16>
// CHECK-NOT: vector.store
// CHECK-NOT: math.tanh
// CHECK-COUNT-16: llvm.call_intrinsic "llvm.nvvm.rcp.approx.ftz.f"
// CHECK-NOT: llvm.call_intrinsic
// CHECK-COUNT-3: arith.andi
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NOT: scf.if
// CHECK-COUNT-4: vector.store %{{.*}} {alignment = 8 : i64} : memref<?xbf16>, vector<4xbf16>
// CHECK-NEXT: } else {
// CHECK-COUNT-4: scf.if
// CHECK-NOT: llvm.call_intrinsic
// CHECK: nvvm.bar.warp.sync
gpu.module @m {
  gpu.func @staged_epilogue(%c: memref<?xbf16>, %scratch: memref<2560xf32, #gpu.address_space<workgroup>>,
                            %bias: memref<?xbf16>, %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !mini.warp_tile<acc, 32x32xf32>
    mini.warp_store %zero, %c[%c0] at(%row, %col) bounds(%m, %n) scratch(%scratch : memref<2560xf32, #gpu.address_space<workgroup>>) epilogue(%bias : memref<?xbf16>) {bias_inputs = array<i1: true>} : !mini.warp_tile<acc, 32x32xf32>, memref<?xbf16> {
    ^bb0(%acc: f32, %x: f32):
      %s = arith.addf %acc, %x : f32
      %t = math.tanh %s : f32
      mini.yield %t : f32
    }
    gpu.return
  }
}

// -----

// any_cols with an epilogue: the f32 scratch makes a chunk 4 values. Where
// n is a multiple of 4 the chunks go out as in @staged_epilogue (the bias
// as aligned vectors); else each row's chunks start at its first multiple
// of 4 in C, in a loop over the slab's slots (unrolled, a wgmma tile's
// slab outgrew the instruction cache). Each slot is one group whatever its
// columns (a whole chunk's start anywhere, the edge slot's are the row's
// head and tail): bias and residual read element by element, each where
// its element is inside C, the body once, then one vector store where the
// chunk is whole, else a store per element inside C.
// CHECK-LABEL: gpu.func @staged_epilogue_any_cols
// CHECK: nvvm.bar.warp.sync
// CHECK-NEXT: %[[REST:.*]] = arith.remui %[[N:.*]], %c4 : index
// CHECK-NEXT: %[[ALIGNED:.*]] = arith.cmpi eq, %[[REST]], %c0 : index
// CHECK-NEXT: scf.if %[[ALIGNED]] {
// CHECK: vector.load %[[BIAS:.*]][%{{.*}}] {alignment = 8 : i64} : memref<?xbf16>, vector<4xbf16>
// CHECK: } else {
// CHECK: scf.for %[[SLOT:.*]] = %c0 to %c128 step %c32 {
// CHECK-NEXT: %[[ID:.*]] = arith.addi %{{.*}}, %[[SLOT]] : index
// CHECK: arith.cmpi eq, %{{.*}}, %c7 : index
// CHECK-NOT: scf.if
// CHECK: %[[BCOL0:.*]] = arith.select %[[IN0:.*]], %{{.*}}, %c0 : index
// CHECK-NEXT: memref.load %[[BIAS]][%[[BCOL0]]] : memref<?xbf16>
// CHECK-COUNT-3: memref.load %[[BIAS]][%{{.*}}] : memref<?xbf16>
// CHECK-COUNT-4: memref.load %[[RES:.*]][%{{.*}}] : memref<?xf32>
// CHECK-NOT: scf.if
// CHECK-COUNT-8: arith.addf
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NOT: memref.load
// CHECK: vector.store %{{.*}} {alignment = 8 : i64} : memref<?xbf16>, vector<4xbf16>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[IN0]] {
// CHECK-COUNT-4: memref.store %{{.*}} : memref<?xbf16>
// CHECK-NOT: vector.store
// CHECK: nvvm.bar.warp.sync
gpu.module @m {
  gpu.func @staged_epilogue_any_cols(%c: memref<?xbf16>, %scratch: memref<2560xf32, #gpu.address_space<workgroup>>,
                                     %bias: memref<?xbf16>, %res: memref<?xf32>, %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !mini.warp_tile<acc, 32x32xf32>
    mini.warp_store %zero, %c[%c0] at(%row, %col) bounds(%m, %n) scratch(%scratch : memref<2560xf32, #gpu.address_space<workgroup>>) epilogue(%bias, %res : memref<?xbf16>, memref<?xf32>) {any_cols, bias_inputs = array<i1: true, false>} : !mini.warp_tile<acc, 32x32xf32>, memref<?xbf16> {
    ^bb0(%acc: f32, %x: f32, %r: f32):
      %s = arith.addf %acc, %x : f32
      %t = arith.addf %s, %r : f32
      mini.yield %t : f32
    }
    gpu.return
  }
}

// -----

!acc = !mini.warp_tile<acc, 32x32xf32>
!half = !mini.warp_tile<acc, 32x16xf32>
!a = !mini.warp_tile<a, 32x16xf16>
!b = !mini.warp_tile<b, 16x32xf16>
!smem_a = memref<2x64x24xf16, #gpu.address_space<workgroup>>
!smem_b = memref<2x16x72xf16, #gpu.address_space<workgroup>>

// A SwiGLU pair's accumulator: output column j (fragment ni) combines
// fragments ni and ni + 2 of the 32-column tile in the same lane (the gate's
// and the up's columns j and j + 16), silu(gate) * up element by element
// (silu as gate / (1 + 2^(-gate log2 e)) on ex2 and rcp, MatmulEpilogue.h);
// the 32x16 result is 2 x 2 fragments, stored as pairs (canonicalization
// forwards the combined values to the stores).
// CHECK-LABEL: gpu.func @swiglu
// CHECK: %[[G0:.*]] = nvgpu.mma.sync
// CHECK-NEXT: %[[G1:.*]] = nvgpu.mma.sync
// CHECK-NEXT: %[[U0:.*]] = nvgpu.mma.sync
// CHECK-NEXT: %[[U1:.*]] = nvgpu.mma.sync
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK: %[[G:.*]] = vector.extract %[[G0]][0, 0] : f32 from vector<2x2xf32>
// CHECK-NEXT: %[[U:.*]] = vector.extract %[[U0]][0, 0] : f32 from vector<2x2xf32>
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[G]] : f32
// CHECK-NEXT: %[[X:.*]] = arith.mulf %[[NEG]], %[[LOG2E:.*]] : f32
// CHECK-NEXT: %[[E:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%[[X]]) : (f32) -> f32
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[E]], %cst
// CHECK-NEXT: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.rcp.approx.ftz.f"(%[[D]]) : (f32) -> f32
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[G]], %[[R]] : f32
// CHECK-NEXT: arith.mulf %[[S]], %[[U]] : f32
// CHECK-COUNT-3: llvm.nvvm.ex2.approx.ftz.f32
// CHECK: vector.extract %[[G1]][0, 0]
// CHECK-NEXT: vector.extract %[[U1]][0, 0]
// CHECK-COUNT-12: llvm.nvvm.ex2.approx.ftz.f32
// CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f32
// CHECK-NOT: math.exp
// CHECK-COUNT-8: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
// CHECK-NOT: vector.store
// CHECK-NOT: mini.warp
gpu.module @m {
  gpu.func @swiglu(%sa: !smem_a, %sb: !smem_b, %c: memref<?xf32>, %stage: index, %row: index,
                   %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !acc
    %a = mini.warp_load %sa[%stage, %row, %c0] : !smem_a -> !a
    %b = mini.warp_load %sb[%stage, %c0, %col] : !smem_b -> !b
    %acc = mini.warp_mma %a, %b, %zero : !a, !b -> !acc
    %h = mini.warp_swiglu %acc : !acc -> !half
    mini.warp_store %h, %c[%c0] at(%row, %col) bounds(%m, %n) {pairs} : !half, memref<?xf32>
    gpu.return
  }
}

// -----

// tf32 (f32 tiles 8 deep): the 32x8 A tile is two m16n8k8 fragments of
// four f32 registers, one ldmatrix.x4 of 32-bit words each (lane l
// addresses row l % 16, column 4 * (l / 16)); the 8x16 B tile two
// fragments of two registers, each a scalar load of rows t and t + 4
// (t = lane % 4) of column lane / 4; mma.sync m16n8k8 with tf32Enabled.
// CHECK-LABEL: gpu.func @tf32
// CHECK-COUNT-2: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<2x64x12xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK-COUNT-4: memref.load %{{.*}} : memref<2x8x72xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-COUNT-3: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 8], tf32Enabled}
// CHECK-NOT: nvgpu.mma.sync
// CHECK-NOT: mini.warp
gpu.module @m {
  gpu.func @tf32(%sa: memref<2x64x12xf32, #gpu.address_space<workgroup>>,
                 %sb: memref<2x8x72xf32, #gpu.address_space<workgroup>>, %c: memref<?xf32>,
                 %stage: index, %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !mini.warp_tile<acc, 32x16xf32>
    %a = mini.warp_load %sa[%stage, %row, %c0] : memref<2x64x12xf32, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 32x8xf32>
    %b = mini.warp_load %sb[%stage, %c0, %col] : memref<2x8x72xf32, #gpu.address_space<workgroup>> -> !mini.warp_tile<b, 8x16xf32>
    %acc = mini.warp_mma %a, %b, %zero : !mini.warp_tile<a, 32x8xf32>, !mini.warp_tile<b, 8x16xf32> -> !mini.warp_tile<acc, 32x16xf32>
    mini.warp_store %acc, %c[%c0] at(%row, %col) bounds(%m, %n) {pairs} : !mini.warp_tile<acc, 32x16xf32>, memref<?xf32>
    gpu.return
  }
}

// -----

// tf32 from TMA's swizzled stages (128-byte rows of 32 words): each 16-byte
// chunk of 4 words moves to its chunk index XOR (row mod 8); B's stage is
// [stages, boxes of 32 columns, rows, 32].
// CHECK-LABEL: gpu.func @tf32_swizzled
// CHECK: %[[AROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[AR8:.*]] = arith.remui %{{.*}}, %c8 : index
// CHECK: %[[AXOR:.*]] = arith.muli %[[AR8]], %c4 : index
// CHECK: %[[ACOL:.*]] = arith.xori %{{.*}}, %[[AXOR]] : index
// CHECK: nvgpu.ldmatrix %arg0[%arg3, %[[AROW]], %[[ACOL]]] {numTiles = 4 : i32, transpose = false} : memref<4x128x32xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK: %[[BOX:.*]] = arith.divui %{{.*}}, %c32 : index
// CHECK: %[[BCOL:.*]] = arith.remui %{{.*}}, %c32 : index
// CHECK: %[[BR8:.*]] = arith.remui %{{.*}}, %c8 : index
// CHECK: %[[BXOR:.*]] = arith.muli %[[BR8]], %c4 : index
// CHECK: %[[BSW:.*]] = arith.xori %[[BCOL]], %[[BXOR]] : index
// CHECK: memref.load %arg1[%arg3, %[[BOX]], %{{.*}}, %[[BSW]]] : memref<4x8x32x32xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 8], tf32Enabled}
gpu.module @m {
  gpu.func @tf32_swizzled(%sa: memref<4x128x32xf32, #gpu.address_space<workgroup>>,
                          %sb: memref<4x8x32x32xf32, #gpu.address_space<workgroup>>, %c: memref<?xf32>,
                          %stage: index, %row: index, %col: index, %m: index, %n: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
    %a = mini.warp_load %sa[%stage, %row, %c0] {swizzled} : memref<4x128x32xf32, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 16x8xf32>
    %b = mini.warp_load %sb[%stage, %c0, %col] {swizzled} : memref<4x8x32x32xf32, #gpu.address_space<workgroup>> -> !mini.warp_tile<b, 8x16xf32>
    %acc = mini.warp_mma %a, %b, %zero : !mini.warp_tile<a, 16x8xf32>, !mini.warp_tile<b, 8x16xf32> -> !mini.warp_tile<acc, 16x16xf32>
    mini.warp_store %acc, %c[%c0] at(%row, %col) bounds(%m, %n) {pairs} : !mini.warp_tile<acc, 16x16xf32>, memref<?xf32>
    gpu.return
  }
}

// -----

// `from_row`: a row is stored where it is below `rows` and not below
// `first_row` (a TMA kernel's tile moved up to keep its A box inside M
// leaves the rows below its own to the previous tile).
// CHECK-LABEL: gpu.func @from_row
// CHECK-SAME: %[[ROW:[^:]*]]: index, %[[COL:[^:]*]]: index, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index, %[[FIRST:[^:]*]]: index)
// CHECK: %[[R:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK: %[[BELOW:.*]] = arith.cmpi ult, %[[R]], %[[M]] : index
// CHECK: %[[OWN:.*]] = arith.cmpi ule, %[[FIRST]], %[[R]] : index
// CHECK: %[[ROWIN:.*]] = arith.andi %[[BELOW]], %[[OWN]] : i1
// CHECK: %[[IN:.*]] = arith.andi %[[ROWIN]], %{{.*}} : i1
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: vector.store
// CHECK-COUNT-3: vector.store
// CHECK-NOT: vector.store
!acc16 = !mini.warp_tile<acc, 16x16xf32>
gpu.module @m {
  gpu.func @from_row(%c: memref<?xf32>, %row: index, %col: index, %m: index, %n: index,
                     %first: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %c0 = arith.constant 0 : index
    %zero = mini.warp_zero : !acc16
    mini.warp_store %zero, %c[%c0] at(%row, %col) bounds(%m, %n) from_row %first {pairs} : !acc16, memref<?xf32>
    gpu.return
  }
}
