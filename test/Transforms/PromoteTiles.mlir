// Tests lib/Transforms/PromoteTiles.cpp.
// RUN: mini-opt %s -split-input-file -mini-promote-tiles -canonicalize -cse | FileCheck %s

// cp.async: 128x256 block tiles of 8 warps (2x4, each 64x64), A and B tiles
// of depth 32 in five stages of dynamic shared memory, rows padded by 8
// halves (16 bytes: the 8 rows of one ldmatrix 8x8 matrix then start 16
// bytes apart modulo 128 and hit distinct banks): 5x128x40 + 5x32x264
// halves. The kernel gets the config's math as its mini.mma_kind.
// CHECK-LABEL: gpu.func @cp_async
// CHECK-SAME: (%[[A:[^:]*]]: memref<?xf16>, %[[B:[^:]*]]: memref<?xf16>, %{{[^:]*}}: memref<?xf32>, %[[ABASE:[^:]*]]: index, %[[BBASE:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[ROW0:[^:]*]]: index, %[[COL0:[^:]*]]: index, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index, %[[K:[^:]*]]: index)
// CHECK-SAME: mini.mma_kind = #mini.math<mma_sync>
// CHECK: %[[RAW:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[SA:.*]] = memref.view %[[RAW]][%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<5x128x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.view %[[RAW]][%c51200][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<5x32x264xf16, #gpu.address_space<workgroup>>
// The epilogue reuses the stages: per warp 16 rows of 64 + 8 f32.
// CHECK: %[[EPI:.*]] = memref.view %[[RAW]][%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<9216xf32, #gpu.address_space<workgroup>>
// CHECK: %[[ZERO:.*]] = mini.warp_zero : <acc, 64x64xf32>
// The K loop copies each step into stage 0 (an async mini.stage_copy, one
// cp.async group), waits for it and multiplies it: each warp loads its
// 64x16 A and 16x64 B tiles of each 16-deep slice (at its row and column
// in the block tile) and accumulates. mini-pipeline-stages turns this loop
// into a pipeline over the five stages.
// CHECK: scf.if %{{.*}} {
// CHECK: %[[LOOP:.*]] = scf.for %[[KT:.*]] = %c0 to %{{.*}} step %c1 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (!mini.warp_tile<acc, 64x64xf32>) {
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[T:.*]] = mini.stage_copy %[[A]][%[[ABASE]]], %[[B]][%[[BBASE]]] block(%[[ROW0]], %[[COL0]]) sizes(%[[M]], %[[N]], %[[K]]) into %[[SA]], %[[SB]][%c0] step %[[KT]] {async, threads = 256 : i64, tile = array<i64: 128, 256, 32>} : memref<?xf16>, memref<?xf16>, memref<5x128x40xf16, #gpu.address_space<workgroup>>, memref<5x32x264xf16, #gpu.address_space<workgroup>> -> !nvgpu.device.async.token
// CHECK-NEXT: nvgpu.device_async_wait %[[T]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[A0:.*]] = mini.warp_load %[[SA]][%c0, %[[WROW:.*]], %c0] : memref<5x128x40xf16, #gpu.address_space<workgroup>> -> <a, 64x16xf16>
// CHECK-NEXT: %[[B0:.*]] = mini.warp_load %[[SB]][%c0, %c0, %[[WCOL:.*]]] : memref<5x32x264xf16, #gpu.address_space<workgroup>> -> <b, 16x64xf16>
// CHECK-NEXT: %[[ACC1:.*]] = mini.warp_mma %[[A0]], %[[B0]], %[[ACC]] : <a, 64x16xf16>, <b, 16x64xf16> -> <acc, 64x64xf32>
// CHECK-NEXT: %[[A1:.*]] = mini.warp_load %[[SA]][%c0, %[[WROW]], %c16]
// CHECK-NEXT: %[[B1:.*]] = mini.warp_load %[[SB]][%c0, %c16, %[[WCOL]]]
// CHECK-NEXT: %[[ACC2:.*]] = mini.warp_mma %[[A1]], %[[B1]], %[[ACC1]]
// CHECK-NEXT: scf.yield %[[ACC2]]
// CHECK: gpu.barrier
// The warps store their tiles at (block origin + warp origin), staged
// through the scratch over the stages (N is a multiple of 8 on this path).
// CHECK-DAG: %[[CROW:.*]] = arith.addi %[[ROW0]], %[[WROW]]
// CHECK-DAG: %[[CCOL:.*]] = arith.addi %[[COL0]], %[[WCOL]]
// CHECK: mini.warp_store %[[LOOP]], %{{.*}}[%{{.*}}] at(%[[CROW]], %[[CCOL]]) bounds(%[[M]], %[[N]]) scratch(%[[EPI]] : memref<9216xf32, #gpu.address_space<workgroup>>) : <acc, 64x64xf32>, memref<?xf32>
// Unaligned rows (K or N not a multiple of 8): element-by-element staging
// into stage 0, no cp.async; one store per element.
// CHECK: } else {
// CHECK: scf.for
// CHECK: mini.stage_copy {{.*}} into %[[SA]], %[[SB]][%c0] step %{{.*}} {threads = 256 : i64, tile = array<i64: 128, 256, 32>} : memref<?xf16>, memref<?xf16>, memref<5x128x40xf16, #gpu.address_space<workgroup>>, memref<5x32x264xf16, #gpu.address_space<workgroup>>{{$}}
// CHECK: mini.warp_mma
// CHECK: mini.warp_store %{{.*}} bounds(%{{.*}}, %{{.*}}) : <acc, 64x64xf32>, memref<?xf32>
// CHECK-NOT: mini.block_matmul
gpu.module @k {
  gpu.func @cp_async(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf32>, %a0: index, %b0: index,
                     %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                     %k: index) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    gpu.return
  }
}

// -----

// TMA (sm_90): 4 stages of unpadded tiles, A as [stage, 128, 64] and B as
// [stage, 4 boxes, 64, 64], which TMA fills with its 128-byte XOR swizzle
// (the warp loads read them `swizzled`). They start at the first 1 KiB
// boundary of dynamic shared memory (the swizzle pattern is anchored
// there), followed by a full and an empty mbarrier per stage.
// CHECK-LABEL: gpu.func @tma
// CHECK-SAME: (%{{[^:]*}}: memref<?xf16>, {{.*}}, %[[BATCH:[^:]*]]: index, %[[ROW:[^:]*]]: index, %{{[^:]*}}: index, %[[M:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[MAPA:[^:]*]]: !llvm.ptr, %[[MAPB:[^:]*]]: !llvm.ptr)
// CHECK: %[[RAW:.*]] = gpu.dynamic_shared_memory
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[RAW]]
// CHECK: %[[MOD:.*]] = arith.remui %[[BASE]], %c1024
// CHECK: %[[GAP:.*]] = arith.subi %c1024, %[[MOD]]
// CHECK: %[[SHIFT:.*]] = arith.remui %[[GAP]], %c1024
// CHECK: %[[SA:.*]] = memref.view %[[RAW]][%[[SHIFT]]][] : {{.*}} to memref<4x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[BOFF:.*]] = arith.addi %[[SHIFT]], %c65536
// CHECK: %[[SB:.*]] = memref.view %[[RAW]][%[[BOFF]]][] : {{.*}} to memref<4x4x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[BAROFF:.*]] = arith.addi %[[SHIFT]], %c196608
// CHECK: %[[BARS:.*]] = memref.view %[[RAW]][%[[BAROFF]]][] : {{.*}} to memref<8xi64, #gpu.address_space<workgroup>>
// Boxed rows: a tile that sticks out past M, where M holds a whole tile,
// takes rows M - 128 .. instead (A's box and the accumulator), so no TMA box
// reads rows past M; the scalar path reads the same rows.
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[ROW]], %[[M]] : index
// CHECK: %[[FITS:.*]] = arith.cmpi uge, %[[M]], %c128 : index
// CHECK: %[[MOVES:.*]] = arith.andi %[[FITS]], %[[INSIDE]] : i1
// CHECK: %[[LAST:.*]] = arith.subi %[[M]], %c128 : index
// CHECK: %[[LOWER:.*]] = arith.minui %[[ROW]], %[[LAST]] : index
// CHECK: %[[BOX:.*]] = arith.select %[[MOVES]], %[[LOWER]], %[[ROW]] : index
// The TMA path runs where K and N are whole 16-byte chunks, or where the
// host passed maps of A and B anyway (the runtime's copies of them in rows
// padded to 16 bytes); null maps send it down the scalar path.
// CHECK: %[[NOK:.*]] = arith.cmpi eq, %{{.*}}, %c0 : index
// CHECK: %[[ALIGNED:.*]] = arith.andi %{{.*}}, %[[NOK]] : i1
// CHECK: %[[HASB:.*]] = llvm.icmp "ne" %[[MAPB]], %{{.*}} : !llvm.ptr
// CHECK: %[[HASA:.*]] = llvm.icmp "ne" %[[MAPA]], %{{.*}} : !llvm.ptr
// CHECK: %[[MAPS:.*]] = arith.andi %[[HASA]], %[[HASB]] : i1
// CHECK: %[[TMA:.*]] = arith.ori %[[ALIGNED]], %[[MAPS]] : i1
// CHECK: scf.if %[[TMA]] {
// Thread 0 initializes the barriers: full ones expect one arrival (its
// own, with the byte count), empty ones one per thread.
// CHECK: %[[T0:.*]] = arith.cmpi eq, %thread_id_x, %c0 : index
// CHECK: scf.if %[[T0]] {
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32 : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c256_i32 : !llvm.ptr<3>, i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// One K step per iteration, in stage 0: after a block barrier (every warp
// is done reading the stage), thread 0 copies step kt by TMA; every thread
// waits for the stage's full barrier (its use kt), then multiplies the
// 64-deep tile in 4 slices of 16 from the swizzled boxes.
// mini-pipeline-stages turns this loop into the mbarrier pipeline.
// CHECK: scf.for %[[KT:.*]] = %c0 to %{{.*}} step %c1 iter_args
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[T0]] {
// CHECK-NEXT: mini.stage_copy_tma %[[MAPA]], %[[MAPB]] block(%[[BOX]], %{{.*}}) batch %[[BATCH]] depth %{{.*}} into %[[SA]], %[[SB]][%c0] step %[[KT]] barriers %[[BARS]] : !llvm.ptr, !llvm.ptr, memref<4x128x64xf16, #gpu.address_space<workgroup>>, memref<4x4x64x64xf16, #gpu.address_space<workgroup>>, memref<8xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: mini.stage_wait %[[BARS]][%c0] use %[[KT]]
// CHECK-NEXT: mini.warp_load %[[SA]][%c0, %{{.*}}, %c0] {swizzled} : memref<4x128x64xf16, #gpu.address_space<workgroup>> -> <a, 64x16xf16>
// CHECK-NEXT: mini.warp_load %[[SB]][%c0, %c0, %{{.*}}] {swizzled} : memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> <b, 16x64xf16>
// CHECK-NEXT: mini.warp_mma
// CHECK: mini.warp_load %[[SA]][%c0, %{{.*}}, %c48] {swizzled}
// CHECK: mini.warp_mma
// CHECK-NEXT: scf.yield
// A block barrier (every warp is done reading the stages) and the staged
// epilogue, which also takes rows of N not whole 16-byte chunks (repacked
// operands: any_cols). It stores the tile's own rows: from BOX rounded up
// to whole tiles (the rows below are the previous tile's).
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[TILES:.*]] = arith.ceildivui %[[BOX]], %c128 : index
// CHECK-NEXT: %[[OWN:.*]] = arith.muli %[[TILES]], %c128 : index
// CHECK: mini.warp_store {{.*}} bounds(%[[M]], %{{.*}}) from_row %[[OWN]] scratch({{.*}}) {any_cols} : <acc, 64x64xf32>, memref<?xf32>
// Rows TMA cannot describe take the scalar copies through one padded stage
// in the same memory.
// CHECK-NEXT: } else {
// CHECK: mini.stage_copy {{.*}} block(%[[BOX]], %{{.*}}) {{.*}} into %{{.*}}, %{{.*}}[%c0] {{.*}} : memref<?xf16>, memref<?xf16>, memref<1x128x72xf16, #gpu.address_space<workgroup>>, memref<1x64x264xf16, #gpu.address_space<workgroup>>{{$}}
gpu.module @k {
  gpu.func @tma(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf32>, %a0: index, %b0: index,
                %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                %k: index, %da: !llvm.ptr, %db: !llvm.ptr) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    gpu.return
  }
}

// -----

// TMA with a producer warpgroup (producer_warps = 4: threads 256-383). After
// the barriers are set up, the math warps take 240 registers each and the
// producer warps give theirs up (24). The producer's first thread copies
// step kt into stage 0 once its previous use is released (use kt + 1 of the
// empty barrier: at kt = 0 a fresh barrier's phase "-1", which counts as
// complete); the math warps wait for the copy, multiply and release the
// stage. No block barrier: the math warps meet at a named barrier of their
// 256 threads before the staged epilogue, and in the scalar path for
// unaligned rows (which the producer warps skip).
// CHECK-LABEL: gpu.func @tma_producer
// CHECK: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: %[[MATH:.*]] = arith.cmpi ult, %thread_id_x, %c256 : index
// CHECK-NEXT: scf.if %[[MATH]] {
// CHECK-NEXT: nvvm.setmaxregister increase 240
// CHECK-NEXT: scf.if %[[ALIGNED:.*]] {
// CHECK-NEXT: scf.for %[[KT:.*]] = %c0 to %[[STEPS:.*]] step %c1 iter_args
// CHECK-NEXT: mini.stage_wait %[[BARS:.*]][%c0] use %[[KT]] :
// CHECK: mini.warp_mma
// CHECK: mini.warp_load %{{.*}}[%c0, %{{.*}}, %c48] {swizzled}
// CHECK: mini.warp_mma
// CHECK-NEXT: mini.stage_release %[[BARS]][%c0] :
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK: mini.warp_store {{.*}} scratch({{.*}}) {any_cols}
// CHECK: } else {
// CHECK: scf.for
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NEXT: mini.stage_copy {{.*}} {threads = 256 : i64
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NOT: gpu.barrier
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %thread_id_x, %c256 : index
// CHECK-NEXT: %[[ISSUER:.*]] = arith.andi %[[ALIGNED]], %[[FIRST]]
// CHECK-NEXT: scf.if %[[ISSUER]] {
// CHECK-NEXT: scf.for %[[PKT:.*]] = %c0 to %[[STEPS]] step %c1 {
// CHECK-NEXT: %[[USE:.*]] = arith.addi %[[PKT]], %c1
// CHECK-NEXT: mini.stage_wait %[[BARS]][%c0] use %[[USE]] released :
// CHECK-NEXT: mini.stage_copy_tma {{.*}}[%c0] step %[[PKT]] barriers %[[BARS]]
gpu.module @k {
  gpu.func @tma_producer(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf32>, %a0: index, %b0: index,
                         %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                         %k: index, %da: !llvm.ptr, %db: !llvm.ptr) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4>} : memref<?xf16>, memref<?xf16>, memref<?xf32>
    gpu.return
  }
}

// -----

// TMA in clusters of 2: the blocks of a cluster wait for each other's
// barriers (empty ones count both blocks' threads, 2 x 256), the barrier
// before each copy spans the cluster (the other block's multicast writes
// into this block's stage too), and no block exits before the other is
// done arriving on its barriers.
// CHECK-LABEL: gpu.func @tma_cluster
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32 : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c512_i32 : !llvm.ptr<3>, i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive.relaxed
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.for
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: scf.if
// CHECK-NEXT: mini.stage_copy_tma {{.*}} {cluster_m = 2 : i64} :
// CHECK: scf.yield
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: gpu.return
gpu.module @k {
  gpu.func @tma_cluster(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf16>, %a0: index,
                        %b0: index, %c0: index, %batch: index, %row: index, %col: index,
                        %m: index, %n: index, %k: index, %da: !llvm.ptr, %db: !llvm.ptr) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", cluster_m = 2>} : memref<?xf16>, memref<?xf16>, memref<?xf16>
    gpu.return
  }
}

// -----

// WMMA: the same warp ops, for mini-lower-mma to lower as WMMA fragments;
// each warp's accumulators leave through its own 16x16 f32 scratch tile,
// placed after the stages (A rows of 16 + 8 pad, B rows of 64 + 8).
// CHECK-LABEL: gpu.func @wmma_bf16
// CHECK-SAME: mini.mma_kind = #mini.math<wmma>
// CHECK: memref.view {{.*}} to memref<2x64x24xbf16, #gpu.address_space<workgroup>>
// CHECK: memref.view {{.*}} to memref<2x16x72xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[SCRATCH:.*]] = memref.view {{.*}} to memref<4x16x16xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for {{.*}} -> (!mini.warp_tile<acc, 32x32xf32>)
// CHECK: mini.stage_copy {{.*}} {async,
// CHECK: mini.warp_mma {{.*}} : <a, 32x16xbf16>, <b, 16x32xbf16> -> <acc, 32x32xf32>
// CHECK: scf.yield
// CHECK: mini.warp_store {{.*}} scratch(%[[SCRATCH]] : memref<4x16x16xf32, #gpu.address_space<workgroup>>)
gpu.module @k {
  gpu.func @wmma_bf16(%a: memref<?xbf16>, %b: memref<?xbf16>, %c: memref<?xf32>, %a0: index,
                      %b0: index, %c0: index, %batch: index, %row: index, %col: index, %m: index,
                      %n: index, %k: index) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 16, warps_m = 2, warps_n = 2, stages = 2, math = "wmma">} : memref<?xbf16>, memref<?xbf16>, memref<?xf32>
    gpu.return
  }
}

// -----

// A stream-K tail block (config tail_splits > 1): block %block runs the
// %width steps from %block x %width of the tail's tiles laid end to end, as
// two pieces (the end of one tile, the start of the next) through one ring
// of stages. Thread 0 stashes both pieces' places, slots and bounds in the
// last bytes of the shared memory; the math warps run piece 0's loop (the
// producer fills past it: filled_below the block's end), write its f32
// partial, count themselves in and, if last, add the tile's slots up; then
// the same for piece 1 when it has steps. The producer runs both pieces'
// copies back to back, each counting from its tile's first step.
// With every tile in the tail (%unsplit = 0) and tiles x ceildiv(steps,
// %width) blocks, the split is aligned instead: block %block runs steps
// c x %width .. of tile %block mod tiles, c = %block / tiles (one piece),
// its partial in slot tile x splits + c.
// CHECK-LABEL: gpu.func @tma_tail
// CHECK-SAME: %[[C:[^:]*]]: memref<?xf16>, %{{[^:]*}}: index, %{{[^:]*}}: index,
// CHECK-SAME: %[[N:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: !llvm.ptr,
// CHECK-SAME: !llvm.ptr, %[[BLOCK:[^:]*]]: index, %[[WIDTH:[^:]*]]: index, %[[UNSPLIT:[^:]*]]: index,
// CHECK-SAME: %[[PARTIALS:[^:]*]]: memref<?xf32>, %[[COUNTERS:[^:]*]]: memref<?xi32>
// CHECK: %[[STASH_AT:.*]] = arith.addi %{{.*}}, %c196672 : index
// CHECK-NEXT: %[[STASH:.*]] = memref.view %{{.*}}[%[[STASH_AT]]][] : {{.*}} to memref<13xi64, #gpu.address_space<workgroup>>
// CHECK: %[[SPLITS:.*]] = arith.ceildivui %[[STEPS:.*]], %[[WIDTH]] : index
// CHECK-NEXT: %[[GRID:.*]] = gpu.grid_dim x
// CHECK-NEXT: %[[BLOCKS:.*]] = arith.muli %[[TILES:.*]], %[[SPLITS]] : index
// CHECK-NEXT: %[[ALL_BLOCKS:.*]] = arith.cmpi eq, %[[GRID]], %[[BLOCKS]]
// CHECK-NEXT: %[[NONE_WHOLE:.*]] = arith.cmpi eq, %[[UNSPLIT]], %c0
// CHECK-NEXT: %[[ALIGNED:.*]] = arith.andi %[[NONE_WHOLE]], %[[ALL_BLOCKS]]
// CHECK-NEXT: %[[TILE_A:.*]] = arith.remui %[[BLOCK]], %[[TILES]]
// CHECK-NEXT: %[[CHUNK:.*]] = arith.divui %[[BLOCK]], %[[TILES]]
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[CHUNK]], %[[WIDTH]]
// CHECK: %[[FIRST_SLOT:.*]] = arith.muli %[[TILE_A]], %[[SPLITS]]
// CHECK: %[[SLOT_A:.*]] = arith.addi %[[FIRST_SLOT]], %[[CHUNK]]
// CHECK: arith.select %[[ALIGNED]], %[[SLOT_A]],
// CHECK-NEXT: arith.select %[[ALIGNED]], %[[FIRST_SLOT]],
// CHECK-NEXT: arith.select %[[ALIGNED]], %[[SPLITS]],
// Each piece's rows are boxed (the tile sticking out past M moves up to
// rows M - 256 ..): the stash holds the moved row, which the producer's
// A boxes, the partials and the sum into C (from its own rows) all take.
// CHECK: %[[LAST_ROW:.*]] = arith.subi %{{.*}}, %c256 : index
// CHECK: arith.minui %{{.*}}, %[[LAST_ROW]] : index
// CHECK: arith.minui %{{.*}}, %[[LAST_ROW]] : index
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[STASH]][%c0]
// CHECK: memref.store %{{.*}}, %[[STASH]][%c11]
// CHECK: gpu.barrier
// CHECK: nvvm.setmaxregister increase 240
// CHECK: %[[END1_I:.*]] = memref.load %[[STASH]][%c10]
// CHECK-NEXT: %[[END1:.*]] = arith.index_castui %[[END1_I]]
// CHECK-NEXT: %[[END_I:.*]] = memref.load %[[STASH]][%c11]
// CHECK-NEXT: %[[END:.*]] = arith.index_castui %[[END_I]]
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %[[END1]] step %c1 iter_args
// CHECK-NEXT: mini.stage_wait %{{.*}}[%c0] use %{{.*}} filled_below %[[END]]
// CHECK: %[[SLOT_I:.*]] = memref.load %[[STASH]][%c2]
// CHECK-NEXT: %[[SLOT:.*]] = arith.index_castui %[[SLOT_I]]
// CHECK-NEXT: %[[FIRST_I:.*]] = memref.load %[[STASH]][%c3]
// CHECK-NEXT: %[[FIRST_SLOT:.*]] = arith.index_castui %[[FIRST_I]]
// CHECK-NEXT: %[[SLOTS_I:.*]] = memref.load %[[STASH]][%c4]
// CHECK-NEXT: %[[SLOTS:.*]] = arith.index_castui %[[SLOTS_I]]
// CHECK-NEXT: %[[AT:.*]] = arith.muli %[[SLOT]], %c32768
// CHECK-NEXT: mini.warp_store %{{.*}}, %[[PARTIALS]][%[[AT]]] at(%{{.*}}, %{{.*}}) bounds(%c256, %c128) {pairs}
// The tile's slots in groups: all of them up to 8, else ceil(sqrt(slots))
// (slots / 8 past 64); the block's group and its first slot.
// CHECK-NEXT: %[[WIDE:.*]] = arith.ceildivui %[[SLOTS]], %c8
// CHECK-NEXT: %[[NARROW:.*]] = arith.cmpi ult, %[[WIDE]], %c8
// CHECK-NEXT: %[[MANY:.*]] = arith.select %[[NARROW]], %c8, %[[WIDE]]
// CHECK-NEXT: arith.cmpi ule, %[[SLOTS]], %c49
// CHECK: arith.cmpi ule, %[[SLOTS]], %c9
// CHECK-NEXT: %[[ROOT:.*]] = arith.select %{{.*}}, %c3,
// CHECK-NEXT: %[[FEW:.*]] = arith.cmpi ule, %[[SLOTS]], %c8
// CHECK-NEXT: %[[SIZE:.*]] = arith.select %[[FEW]], %[[SLOTS]], %[[ROOT]]
// CHECK-NEXT: %[[OFFSET:.*]] = arith.subi %[[SLOT]], %[[FIRST_SLOT]]
// CHECK-NEXT: %[[GROUP:.*]] = arith.divui %[[OFFSET]], %[[SIZE]]
// CHECK-NEXT: %[[GROUP_AT:.*]] = arith.muli %[[GROUP]], %[[SIZE]]
// CHECK-NEXT: %[[GROUP_FIRST:.*]] = arith.addi %[[FIRST_SLOT]], %[[GROUP_AT]]
// CHECK: %[[IN_GROUP:.*]] = arith.minui %[[SIZE]],
// CHECK-NEXT: %[[GROUPS:.*]] = arith.ceildivui %[[SLOTS]], %[[SIZE]]
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK: memref.atomic_rmw addi %c1_i32, %[[COUNTERS]][%[[GROUP_FIRST]]]
// CHECK: memref.store %c0_i32, %[[COUNTERS]][%[[GROUP_FIRST]]]
// CHECK: memref.store %{{.*}}, %[[STASH]][%c12]
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NEXT: memref.load %[[STASH]][%c12]
// CHECK: scf.if
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// The group's last block, with more than one group: the group's slots
// added into its first (32 runs of 4 elements per thread, 16 loaded from
// each of two slots before any is added), then it counts in at the tile's
// second slot.
// CHECK-NEXT: %[[TWO_LEVELS:.*]] = arith.cmpi ugt, %[[GROUPS]], %c1
// CHECK-NEXT: scf.if %[[TWO_LEVELS]] {
// CHECK-NEXT: %[[GROUP_ELEMENT:.*]] = arith.muli %[[GROUP_FIRST]], %c32768
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c16 {
// CHECK-COUNT-16: vector.load %[[PARTIALS]]{{.*}} vector<4xf32>
// CHECK: scf.for %{{.*}} = %c1 to %[[IN_GROUP]] step %c2 iter_args
// CHECK-COUNT-32: vector.load %[[PARTIALS]]{{.*}} vector<4xf32>
// CHECK-COUNT-128: arith.addf
// CHECK: scf.yield
// CHECK-COUNT-16: vector.store %{{.*}}, %[[PARTIALS]]{{.*}} vector<4xf32>
// CHECK: %[[TILE_COUNTER:.*]] = arith.addi %[[FIRST_SLOT]], %c1
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK: memref.atomic_rmw addi %c1_i32, %[[COUNTERS]][%[[TILE_COUNTER]]]
// CHECK: memref.store %c0_i32, %[[COUNTERS]][%[[TILE_COUNTER]]]
// The tile's last block adds the groups' sums (or, with one group, the
// slots) in order, then 16 vector stores of 4 to C where N is a multiple
// of 4, else 64 scalar ones (odd N: A and B are the runtime's copies).
// CHECK: memref.load %[[STASH]][%c12]
// CHECK: scf.if
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK-NEXT: %[[GROUP_STRIDE:.*]] = arith.muli %[[SIZE]], %c32768
// CHECK-NEXT: %[[STRIDE:.*]] = arith.select %[[TWO_LEVELS]], %[[GROUP_STRIDE]], %c32768
// CHECK-NEXT: %[[COUNT:.*]] = arith.select %[[TWO_LEVELS]], %[[GROUPS]], %[[SLOTS]]
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c16 {
// CHECK-COUNT-16: vector.load %[[PARTIALS]]{{.*}} vector<4xf32>
// CHECK: scf.for %{{.*}} = %c1 to %[[COUNT]] step %c2 iter_args
// CHECK-COUNT-32: vector.load %[[PARTIALS]]{{.*}} vector<4xf32>
// CHECK-COUNT-128: arith.addf
// CHECK: scf.yield
// CHECK: %[[N_RUNS:.*]] = arith.remui %[[N]], %c4
// CHECK-NEXT: %[[WHOLE_RUNS:.*]] = arith.cmpi eq, %[[N_RUNS]], %c0
// CHECK-NEXT: scf.if %[[WHOLE_RUNS]] {
// CHECK-COUNT-16: vector.store %{{.*}}, %[[C]]{{.*}} vector<4xf16>
// CHECK: } else {
// CHECK-COUNT-64: memref.store %{{.*}}, %[[C]][%{{.*}}] : memref<?xf16>
// Piece 1, when the block's range reaches into the next tile.
// CHECK: %[[START_I:.*]] = memref.load %[[STASH]][%c10]
// CHECK-NEXT: %[[START:.*]] = arith.index_castui %[[START_I]]
// CHECK-NEXT: %[[STOP_I:.*]] = memref.load %[[STASH]][%c11]
// CHECK-NEXT: %[[STOP:.*]] = arith.index_castui %[[STOP_I]]
// CHECK-NEXT: %[[HAS_TWO:.*]] = arith.cmpi ult, %[[START]], %[[STOP]]
// CHECK-NEXT: scf.if %[[HAS_TWO]] {
// CHECK-NEXT: scf.for %{{.*}} = %[[START]] to %[[STOP]] step %c1 iter_args
// CHECK-NEXT: mini.stage_wait %{{.*}}[%c0] use %{{.*}} : memref
// CHECK: memref.load %[[STASH]][%c7]
// CHECK: mini.warp_store %{{.*}}, %[[PARTIALS]]
// The producer: piece 0's copies, then piece 1's, which count from -end1.
// CHECK: nvvm.setmaxregister decrease 24
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 {
// CHECK: mini.stage_copy_tma {{.*}} step %{{.*}} after %{{.*}} barriers
// CHECK: %[[P1_I:.*]] = memref.load %[[STASH]][%c10]
// CHECK-NEXT: %[[P1:.*]] = arith.index_castui %[[P1_I]]
// CHECK: memref.load %[[STASH]][%c5]
// CHECK: memref.load %[[STASH]][%c6]
// CHECK: %[[FIRST1:.*]] = arith.subi %c0, %[[P1]]
// CHECK: scf.for %{{.*}} = %[[P1]] to %{{.*}} step %c1 {
// CHECK: mini.stage_copy_tma {{.*}} step %{{.*}} after %[[FIRST1]] barriers
gpu.module @k {
  gpu.func @tma_tail(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf16>, %a0: index, %b0: index,
                     %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                     %k: index, %da: !llvm.ptr, %db: !llvm.ptr, %block: index, %width: index,
                     %unsplit: index, %partials: memref<?xf32>, %counters: memref<?xi32>) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) tail block %block width %width after %unsplit partials %partials counters %counters : memref<?xf32>, memref<?xi32> {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>} : memref<?xf16>, memref<?xf16>, memref<?xf16>
    gpu.return
  }
}

// -----

// An epilogue rides on to each warp's store (both paths: aligned and
// scalar), with its inputs and which are biases; mini-lower-mma applies it.
// With cp.async copies (any chip), nothing is prefetched: the bulk prefetch
// is sm_90's (see @epilogue_tma).
// CHECK-LABEL: gpu.func @epilogue
// CHECK-SAME: %[[BIAS:[^:]*]]: memref<?xf16>, %[[RES:[^:]*]]: memref<?xf32>) kernel
// CHECK-NOT: nvvm.cp.async.bulk.prefetch
// CHECK-COUNT-2: mini.warp_store {{.*}} epilogue(%[[BIAS]], %[[RES]] : memref<?xf16>, memref<?xf32>) {bias_inputs = array<i1: true, false>{{.*}}} : <acc, 32x32xf32>, memref<?xf16> {
// CHECK-NOT: mini.block_matmul
gpu.module @k {
  gpu.func @epilogue(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf16>, %a0: index, %b0: index,
                     %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                     %k: index, %bias: memref<?xf16>, %res: memref<?xf32>) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) epilogue(%bias, %res : memref<?xf16>, memref<?xf32>) {bias_inputs = array<i1: true, false>, config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync">} : memref<?xf16>, memref<?xf16>, memref<?xf16> {
    ^bb0(%acc: f32, %x: f32, %r: f32):
      %s = arith.addf %acc, %x : f32
      %t = arith.addf %s, %r : f32
      mini.yield %t : f32
    }
    gpu.return
  }
}

// -----

// With TMA copies (sm_90), the block's rows of the residual (not the bias)
// head for L2 first, on the aligned path, one bulk prefetch per row, so that
// the epilogue's reads find them there. The staged store with the epilogue
// takes C's rows of any N (any_cols: repacked operands); the scalar path
// stores element by element.
// CHECK-LABEL: gpu.func @epilogue_tma
// CHECK-SAME: %[[BIAS:[^:]*]]: memref<?xf16>, %[[RES:[^:]*]]: memref<?xf32>) kernel
// CHECK: memref.extract_aligned_pointer_as_index %[[RES]]
// CHECK: nvvm.cp.async.bulk.prefetch %{{.*}}, %{{.*}} : <1>
// CHECK-NOT: nvvm.cp.async.bulk.prefetch
// CHECK: mini.warp_store {{.*}} scratch({{.*}}) epilogue(%[[BIAS]], %[[RES]] : memref<?xf16>, memref<?xf32>) {any_cols, bias_inputs = array<i1: true, false>}
// CHECK: } else {
// CHECK: mini.warp_store {{.*}} bounds({{.*}}) from_row %{{.*}} epilogue(%[[BIAS]], %[[RES]] : memref<?xf16>, memref<?xf32>) {bias_inputs = array<i1: true, false>}
gpu.module @k {
  gpu.func @epilogue_tma(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf16>, %a0: index, %b0: index,
                         %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                         %k: index, %da: !llvm.ptr, %db: !llvm.ptr, %bias: memref<?xf16>, %res: memref<?xf32>) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) epilogue(%bias, %res : memref<?xf16>, memref<?xf32>) {bias_inputs = array<i1: true, false>, config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync", copy = "tma">} : memref<?xf16>, memref<?xf16>, memref<?xf16> {
    ^bb0(%acc: f32, %x: f32, %r: f32):
      %s = arith.addf %acc, %x : f32
      %t = arith.addf %s, %r : f32
      mini.yield %t : f32
    }
    gpu.return
  }
}

// -----

// A stream-K tail block stores raw partials (no epilogue there) and
// applies the epilogue where the last block writes C: the bias read by
// column as 4-wide vectors, the body per element (tanh approximated by
// ex2 and rcp, MatmulEpilogue.h), then the store.
// CHECK-LABEL: gpu.func @tail_epilogue
// CHECK-SAME: %[[BIAS:[^:]*]]: memref<?xbf16>) kernel
// CHECK: mini.warp_store %{{.*}}, %{{.*}}[%{{.*}}] at(%{{.*}}, %{{.*}}) bounds(%c256, %c128) {pairs} : <acc, 64x64xf32>, memref<?xf32>
// CHECK-NOT: memref<?xbf16>
// CHECK: nvvm.memory.barrier <gpu>
// CHECK: %[[B4:.*]] = vector.load %[[BIAS]][%{{.*}}] {alignment = 8 : i64} : memref<?xbf16>, vector<4xbf16>
// CHECK-NOT: math.tanh
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK-NEXT: arith.addf
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.rcp.approx.ftz.f"
// CHECK-NOT: math.tanh
// CHECK: vector.store %{{.*}}, %{{.*}} : memref<?xbf16>, vector<4xbf16>
gpu.module @k {
  gpu.func @tail_epilogue(%a: memref<?xbf16>, %b: memref<?xbf16>, %c: memref<?xbf16>, %a0: index, %b0: index,
                          %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                          %k: index, %da: !llvm.ptr, %db: !llvm.ptr, %block: index, %width: index,
                          %unsplit: index, %partials: memref<?xf32>, %counters: memref<?xi32>,
                          %bias: memref<?xbf16>) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) tail block %block width %width after %unsplit partials %partials counters %counters : memref<?xf32>, memref<?xi32> epilogue(%bias : memref<?xbf16>) {bias_inputs = array<i1: true>, config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 64, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 4>} : memref<?xbf16>, memref<?xbf16>, memref<?xbf16> {
    ^bb0(%acc: f32, %x: f32):
      %s = arith.addf %acc, %x : f32
      %t = math.tanh %s : f32
      mini.yield %t : f32
    }
    gpu.return
  }
}

// -----

// A SwiGLU pair (up_pair): the producer's copies take the B boxes from both
// maps (stage_copy_tma ... up), the math warpgroups multiply the 256-column
// stage as one product, and each warp stores the SwiGLU of its 16 x 256
// accumulator, 16 x 128 columns of C from the block's column (the staged
// scratch is sized for those: 8 warps x 16 x (128 + 8)). The pair's rows
// are aligned: no scalar path, and the issuer does not test for it.
// CHECK-LABEL: gpu.func @tma_pair
// CHECK-SAME: %[[ROW:[^:]*]]: index, %[[COL:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[DA:[^:]*]]: !llvm.ptr, %[[DB:[^:]*]]: !llvm.ptr, %[[DU:[^:]*]]: !llvm.ptr)
// CHECK: %[[SCRATCH:.*]] = memref.view {{.*}} to memref<17408xf16, #gpu.address_space<workgroup>>
// CHECK: %[[MATH:.*]] = arith.cmpi ult, %thread_id_x, %c256 : index
// CHECK-NEXT: scf.if %[[MATH]] {
// CHECK-NEXT: nvvm.setmaxregister increase 240
// CHECK-NOT: scf.if
// CHECK: %[[ACC:.*]] = scf.for
// CHECK: mini.warpgroup_mma {{.*}} -> <acc, 16x256xf32>
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NEXT: %[[H:.*]] = mini.warp_swiglu %[[ACC]] : <acc, 16x256xf32> -> <acc, 16x128xf32>
// CHECK: mini.warp_store %[[H]], %{{.*}} at(%{{.*}}, %[[COL]]) bounds(%{{.*}}) from_row %{{.*}} scratch(%[[SCRATCH]] : memref<17408xf16, #gpu.address_space<workgroup>>) : <acc, 16x128xf32>
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK-NEXT: %[[ISSUER:.*]] = arith.cmpi eq, %thread_id_x, %c256 : index
// CHECK-NEXT: scf.if %[[ISSUER]] {
// CHECK: mini.stage_copy_tma %[[DA]], %[[DB]] up %[[DU]] : !llvm.ptr block(%{{.*}}, %[[COL]])
gpu.module @k {
  gpu.func @tma_pair(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf16>, %a0: index, %b0: index,
                     %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                     %k: index, %da: !llvm.ptr, %db: !llvm.ptr, %du: !llvm.ptr) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db, %du : !llvm.ptr, !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 8, warps_n = 1, stages = 4, math = "wgmma", copy = "tma", producer_warps = 4>, up_pair} : memref<?xf16>, memref<?xf16>, memref<?xf16>
    gpu.return
  }
}

// -----

// Ping-pong (pingpong = 1): the block walks its tiles bid, bid + grid, ..
// (`mine` of them; the batch operand is the batch count). Math warpgroup w
// (tid / 128) takes tiles j = w, w + 2, ..: past its first it waits at
// named barrier 2 + w for the other's K loop, runs its own over the ring's
// steps j x numK .. (j + 1) x numK (its own 64 rows: wgmma row 0), lets the
// other one go (barrier.arrive 3 - w) when a tile follows (marked for
// mini-pipeline-stages to place before the wait for the last batch), and
// stores the tile unstaged while the other multiplies. The producer fills the tiles in
// order, tile j's copies from its step 0 (after -j x numK). Barriers
// release after 128 arrivals (one warpgroup), and the producer gets 40
// registers.
// CHECK-LABEL: gpu.func @tma_pingpong
// CHECK-SAME: %[[BATCHES:[^:]*]]: index, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index, %[[K:[^:]*]]: index, %[[DA:[^:]*]]: !llvm.ptr, %[[DB:[^:]*]]: !llvm.ptr)
// CHECK: %[[NUMK:.*]] = arith.ceildivui %[[K]], %c64 : index
// CHECK: %[[TM:.*]] = arith.ceildivui %[[M]], %c64 : index
// CHECK-NEXT: %[[TN:.*]] = arith.ceildivui %[[N]], %c256 : index
// CHECK-NEXT: %[[PER:.*]] = arith.muli %[[TM]], %[[TN]] : index
// CHECK-NEXT: %[[TILES:.*]] = arith.muli %[[PER]], %[[BATCHES]] : index
// CHECK-NEXT: %[[BID:.*]] = gpu.block_id x
// CHECK-NEXT: %[[GRID:.*]] = gpu.grid_dim x
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[TILES]], %[[BID]] : index
// CHECK-NEXT: %[[SHARE:.*]] = arith.ceildivui %[[LEFT]], %[[GRID]] : index
// CHECK-NEXT: %[[ANY:.*]] = arith.cmpi ult, %[[BID]], %[[TILES]] : index
// CHECK-NEXT: %[[MINE:.*]] = arith.select %[[ANY]], %[[SHARE]], %c0 : index
// CHECK: nvvm.mbarrier.init %{{.*}}, %c128_i32
// CHECK: %[[MATH:.*]] = arith.cmpi ult, %thread_id_x, %c256 : index
// CHECK-NEXT: scf.if %[[MATH]] {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK-NEXT: %[[GROUP:.*]] = arith.divui %thread_id_x, %c128 : index
// CHECK-NEXT: scf.for %[[J:.*]] = %[[GROUP]] to %[[MINE]] step %c2 {
// CHECK: %[[LATER:.*]] = arith.cmpi ugt, %[[J]], %c0 : index
// CHECK-NEXT: scf.if %[[LATER]] {
// CHECK-NEXT: %[[OWN:.*]] = arith.addi %[[GROUP]], %c2 : index
// CHECK-NEXT: %[[OWN32:.*]] = arith.index_castui %[[OWN]] : index to i32
// CHECK-NEXT: nvvm.barrier id = %[[OWN32]] number_of_threads = %c256_i32
// CHECK: %[[FIRST:.*]] = arith.muli %[[J]], %[[NUMK]] : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[J]], %c1 : index
// CHECK-NEXT: %[[FOLLOWS:.*]] = arith.cmpi ult, %[[NEXT]], %[[MINE]] : index
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[FIRST]], %[[NUMK]] : index
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %[[FIRST]] to %[[END]] step %c1
// CHECK: mini.warpgroup_mma
// CHECK: mini.stage_release
// CHECK: scf.if %[[FOLLOWS]] {
// CHECK-NEXT: %[[OTHER:.*]] = arith.subi %c3, %[[GROUP]] : index
// CHECK-NEXT: %[[OTHER32:.*]] = arith.index_castui %[[OTHER]] : index to i32
// CHECK-NEXT: nvvm.barrier.arrive id = %[[OTHER32]] number_of_threads = %c256_i32
// CHECK-NEXT: } {mini.after_issue}
// CHECK: mini.warp_store %[[ACC]], {{.*}} {pairs} : <acc, 16x256xf32>, memref<?xf16>
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: %[[ISSUER:.*]] = arith.cmpi eq, %thread_id_x, %c256 : index
// CHECK-NEXT: scf.if %[[ISSUER]] {
// CHECK-NEXT: scf.for %[[PJ:.*]] = %c0 to %[[MINE]] step %c1 {
// CHECK: %[[PFIRST:.*]] = arith.muli %[[PJ]], %[[NUMK]] : index
// CHECK-NEXT: %[[AFTER:.*]] = arith.subi %c0, %[[PFIRST]] : index
// CHECK-NEXT: %[[PEND:.*]] = arith.addi %[[PFIRST]], %[[NUMK]] : index
// CHECK-NEXT: scf.for %[[KT:.*]] = %[[PFIRST]] to %[[PEND]] step %c1 {
// CHECK: mini.stage_copy_tma %[[DA]], %[[DB]] {{.*}} step %[[KT]] after %[[AFTER]]
gpu.module @k {
  gpu.func @tma_pingpong(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf16>, %zero: index,
                         %batches: index, %m: index, %n: index, %k: index, %da: !llvm.ptr,
                         %db: !llvm.ptr) kernel {
    mini.block_matmul %a[%zero], %b[%zero] -> %c[%zero] block(%zero, %zero) batch %batches sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 64, warps_m = 4, warps_n = 1, stages = 5, math = "wgmma", copy = "tma", producer_warps = 4, pingpong = 1>} : memref<?xf16>, memref<?xf16>, memref<?xf16>
    gpu.return
  }
}

// -----

// tf32 (f32 operands, mma.sync m16n8k8): the cp.async stages of 128x256x32
// tiles in three stages, A rows padded by 4 words (16 bytes, for ldmatrix
// as above) and B rows by 8 (so the 4 rows x 8 columns of one B fragment's
// scalar loads hit 32 banks): 3x128x36 + 3x32x264 floats. The warp tiles
// are 8 deep: four slices of each 32-deep stage. Rows are 16-byte chunks
// when K and N are multiples of 4.
// CHECK-LABEL: gpu.func @tf32
// CHECK: %[[SA:.*]] = memref.view %{{.*}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x128x36xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.view %{{.*}}[%c55296][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x32x264xf32, #gpu.address_space<workgroup>>
// CHECK: arith.remui %{{.*}}, %c4
// CHECK: scf.for
// CHECK: mini.stage_copy {{.*}} {async, threads = 256 : i64, tile = array<i64: 128, 256, 32>} : memref<?xf32>, memref<?xf32>, memref<3x128x36xf32, #gpu.address_space<workgroup>>, memref<3x32x264xf32, #gpu.address_space<workgroup>> -> !nvgpu.device.async.token
// CHECK: %[[A0:.*]] = mini.warp_load %[[SA]][%c0, %[[WROW:.*]], %c0] : memref<3x128x36xf32, #gpu.address_space<workgroup>> -> <a, 64x8xf32>
// CHECK-NEXT: %[[B0:.*]] = mini.warp_load %[[SB]][%c0, %c0, %[[WCOL:.*]]] : memref<3x32x264xf32, #gpu.address_space<workgroup>> -> <b, 8x64xf32>
// CHECK-NEXT: mini.warp_mma %[[A0]], %[[B0]], %{{.*}} : <a, 64x8xf32>, <b, 8x64xf32> -> <acc, 64x64xf32>
// CHECK-NEXT: mini.warp_load %[[SA]][%c0, %[[WROW]], %c8]
// CHECK-NEXT: mini.warp_load %[[SB]][%c0, %c8, %[[WCOL]]]
// CHECK-NEXT: mini.warp_mma
// CHECK-NEXT: mini.warp_load %[[SA]][%c0, %[[WROW]], %c16]
// CHECK-NEXT: mini.warp_load %[[SB]][%c0, %c16, %[[WCOL]]]
// CHECK-NEXT: mini.warp_mma
// CHECK-NEXT: mini.warp_load %[[SA]][%c0, %[[WROW]], %c24]
// CHECK-NEXT: mini.warp_load %[[SB]][%c0, %c24, %[[WCOL]]]
// CHECK-NEXT: mini.warp_mma
// CHECK-NEXT: scf.yield
gpu.module @k {
  gpu.func @tf32(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %a0: index, %b0: index,
                 %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                 %k: index) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">} : memref<?xf32>, memref<?xf32>, memref<?xf32>
    gpu.return
  }
}

// -----

// tf32 with TMA and a producer warpgroup: the swizzled stages hold 128-byte
// rows of 32 words (A: 4x128x32 floats; B: boxes of 32 columns,
// 4x8x32x32), the math warps read 8-deep slices of them, and the scalar
// path (K or N not a multiple of 4) keeps one padded stage.
// CHECK-LABEL: gpu.func @tf32_tma
// CHECK: %[[PA:.*]] = memref.view %{{.*}} to memref<1x128x36xf32, #gpu.address_space<workgroup>>
// CHECK: %[[PB:.*]] = memref.view %{{.*}} to memref<1x32x264xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SA:.*]] = memref.view %{{.*}} to memref<4x128x32xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.view %{{.*}} to memref<4x8x32x32xf32, #gpu.address_space<workgroup>>
// CHECK: mini.warp_load %[[SA]][%c0, %[[WROW:.*]], %c0] {swizzled} : memref<4x128x32xf32, #gpu.address_space<workgroup>> -> <a, 64x8xf32>
// CHECK-NEXT: mini.warp_load %[[SB]][%c0, %c0, %[[WCOL:.*]]] {swizzled} : memref<4x8x32x32xf32, #gpu.address_space<workgroup>> -> <b, 8x64xf32>
// CHECK: mini.warp_load %[[SB]][%c0, %c24, %[[WCOL]]] {swizzled}
// CHECK: mini.stage_release
// CHECK: mini.warp_load %[[PA]][%c0, %[[WROW]], %c0] : memref<1x128x36xf32
// CHECK: mini.stage_copy_tma {{.*}} into %[[SA]], %[[SB]][%c0] {{.*}} : !llvm.ptr, !llvm.ptr, memref<4x128x32xf32, #gpu.address_space<workgroup>>, memref<4x8x32x32xf32, #gpu.address_space<workgroup>>, memref<8xi64, #gpu.address_space<workgroup>>
gpu.module @k {
  gpu.func @tf32_tma(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %a0: index, %b0: index,
                     %c0: index, %batch: index, %row: index, %col: index, %m: index, %n: index,
                     %k: index, %da: !llvm.ptr, %db: !llvm.ptr) kernel {
    mini.block_matmul %a[%a0], %b[%b0] -> %c[%c0] block(%row, %col) batch %batch sizes(%m, %n, %k) tensor_maps(%da, %db : !llvm.ptr, !llvm.ptr) {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4>} : memref<?xf32>, memref<?xf32>, memref<?xf32>
    gpu.return
  }
}
