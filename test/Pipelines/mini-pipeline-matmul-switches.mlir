// The pipeline's matmul switches reach mini-select-matmul-config: each
// ladder rung from the same source (docs/PERF.md).
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=PIPELINED
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-copy=cp_async" | FileCheck %s --check-prefix=CPASYNC
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-stages=1" | FileCheck %s --check-prefix=ONESTAGE
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-cluster-m=2" | FileCheck %s --check-prefix=CLUSTER
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-producer-warps=0" | FileCheck %s --check-prefix=NOPRODUCER
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-tile-m=128 matmul-tile-n=256 matmul-warps-m=2 matmul-warps-n=4" | FileCheck %s --check-prefix=TILE128X256
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-math=wmma" | FileCheck %s --check-prefix=WMMA
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-math=simt" | FileCheck %s --check-prefix=SHARED
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-math=simt matmul-stages=0 matmul-tile-m=16 matmul-tile-n=16 matmul-tile-k=1" | FileCheck %s --check-prefix=NAIVE
// RUN: not mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-stages=0" 2>&1 | FileCheck %s --check-prefix=BAD

// The sm_90a default: wgmma on 128x256 tiles (two math warpgroups), TMA
// copies into 4 swizzled stages (1 KiB alignment slack + 4 x (128x64 +
// 64x256) halves + 8 mbarriers + the stream-K tail's 128 bytes of stash),
// issued by a producer warpgroup that gives its registers to the math warps
// (setmaxnreg).
// matmul-producer-warps=0 (the wgmma tiling needs the producer: mma.sync's
// defaults): thread 0 of the math warps issues them.
// PIPELINED: attrs = {copy = "tma", math = "wgmma", producer_warps = 4 : i64, stages = 4 : i64, tile = [128, 256, 64], warps = [8, 1]}, block = [384, 1, 1]
// PIPELINED-SAME: dynamic_shared_bytes = 197824
// PIPELINED-SAME: tensor_maps = [{box = [1, 128, 64], swizzle = 128 : i64, tensor = "a"}, {box = [1, 64, 64], swizzle = 128 : i64, tensor = "b"}]
// PIPELINED: setmaxnreg.inc.sync.aligned.u32 {{[^;]*}}240;
// PIPELINED: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// PIPELINED: setmaxnreg.dec.sync.aligned.u32 {{[^;]*}}24;
// PIPELINED: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// NOPRODUCER: attrs = {copy = "tma", math = "mma_sync", stages = 4 : i64, tile = [256, 128, 64], warps = [4, 2]}, block = [256, 1, 1]
// NOPRODUCER-SAME: dynamic_shared_bytes = 197696
// NOPRODUCER-NOT: setmaxnreg
// NOPRODUCER: mma.sync.aligned.m16n8k16
// NOPRODUCER-NOT: setmaxnreg
// The tile and warp grid before v22 (ladder rung 7), fixed: no size variants.
// TILE128X256: attrs = {copy = "tma", math = "mma_sync", producer_warps = 4 : i64, stages = 4 : i64, tile = [128, 256, 64], warps = [2, 4]}, block = [384, 1, 1]
// TILE128X256-SAME: tensor_maps = [{box = [1, 128, 64], swizzle = 128 : i64, tensor = "a"}, {box = [1, 64, 64], swizzle = 128 : i64, tensor = "b"}]
// TILE128X256-NOT: size_variants
// CPASYNC: attrs = {copy = "cp_async", math = "mma_sync", stages = 5 : i64, tile = [128, 256, 32], warps = [2, 4]}
// CPASYNC-SAME: dynamic_shared_bytes = 135680
// CPASYNC-NOT: tensor_maps
// CPASYNC: cp.async.wait_group {{[^;]*}}3;
// CPASYNC-SAME: mma.sync.aligned.m16n8k16
// Clusters of 2 blocks along M (declared in the PTX, so a plain launch forms
// them) that multicast their halves of the B tile and release each stage in
// both blocks; the launch grid rounds M up to whole clusters.
// CLUSTER: attrs = {cluster_m = 2 : i64, copy = "tma", math = "wgmma"
// CLUSTER-SAME: {cluster = 2 : i64, div = 128 : i64, sizes = ["M"]}
// CLUSTER: .entry matmul_matmul(
// CLUSTER-SAME: .explicitcluster\0A.reqnctapercluster 1, 2, 1
// CLUSTER-SAME: barrier.cluster.arrive.relaxed;
// CLUSTER-SAME: mapa.shared::cluster.u32
// CLUSTER-SAME: mbarrier.arrive.shared::cluster.b64
// CLUSTER-SAME: %cluster_ctarank;
// CLUSTER-SAME: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// CLUSTER-SAME: barrier.cluster.wait;
// One stage does not fit TMA's pipeline: cp.async, copy, wait, multiply.
// ONESTAGE: attrs = {copy = "cp_async", math = "mma_sync", stages = 1 : i64, tile = [256, 128, 64], warps = [4, 2]}
// ONESTAGE-SAME: dynamic_shared_bytes = 54272
// ONESTAGE: .entry matmul_matmul(
// ONESTAGE-NOT: cp.async.wait_group {{[^;]*}}1;
// WMMA: attrs = {copy = "cp_async", math = "wmma", stages = 5 : i64
// WMMA: wmma.mma.sync.aligned.row.row.m16n16k16.f32.f32
// SHARED: attrs = {math = "simt", stages = 1 : i64, tile = [64, 64, 16]}
// SHARED: .entry matmul_matmul(
// SHARED-NOT: mma.sync
// NAIVE: attrs = {math = "simt", stages = 0 : i64, tile = [16, 16, 1]}
// NAIVE: .entry matmul_matmul(
// NAIVE-NOT: bar.sync
// BAD: error: 'mini.matmul' op matmul_config mma_sync needs stages >= 1: its fragments are read from shared memory
func.func @matmul(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
