// The PTX of a row op whose rows are shared by a cluster's blocks (the
// select pass's choice for 16 rows of 1M f16 on sm_90a: 8 blocks a row,
// streamed: the online max and sum meet in one exchange).
// The kernel declares its cluster shape, so a plain launch forms the
// clusters; each reduction meets through distributed shared memory: a
// cluster barrier, the eight blocks' values read by mapa and
// ld.shared::cluster, and a second barrier before the slots are reused.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | FileCheck %s

// f32 rows too long for one block's registers, split so that each block
// keeps its part in registers: the kernel asks for two blocks an SM
// (.minnctapersm 2, so ptxas stays within 64 registers a thread).

// CHECK-LABEL: .entry few_long_rows_softmax(
// CHECK-SAME: .reqnctapercluster 1, 8, 1
// CHECK-SAME: barrier.cluster.arrive;
// CHECK-SAME: barrier.cluster.wait;
// CHECK-SAME: mapa.shared::cluster.u32 {{[^;]*}}, 0;
// CHECK-SAME: ld.shared::cluster.b32
// CHECK-SAME: mapa.shared::cluster.u32 {{[^;]*}}, 7;
// CHECK-SAME: ld.shared::cluster.b32
// CHECK-SAME: barrier.cluster.arrive;
// CHECK-SAME: barrier.cluster.wait;
func.func @few_long_rows(%x: tensor<16x1048576xf16>) -> tensor<16x1048576xf16> {
  %y = mini.softmax %x : tensor<16x1048576xf16> -> tensor<16x1048576xf16>
  return %y : tensor<16x1048576xf16>
}

// CHECK-LABEL: .entry long_f32_rows_softmax(
// CHECK-SAME: .maxntid 512, 1, 1
// CHECK-SAME: .minnctapersm 2
// CHECK-SAME: .reqnctapercluster 1, 4, 1
// CHECK-SAME: mapa.shared::cluster.u32 {{[^;]*}}, 3;
func.func @long_f32_rows(%x: tensor<500x50257xf32>) -> tensor<500x50257xf32> {
  %y = mini.softmax %x : tensor<500x50257xf32> -> tensor<500x50257xf32>
  return %y : tensor<500x50257xf32>
}
