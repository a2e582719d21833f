// The PTX of a row op whose rows are shared by a cluster's blocks (the
// select pass's choice for 16 rows of 1M f16 on sm_90a: 8 blocks a row,
// streamed: the online max and sum meet in one exchange).
// The kernel declares its cluster shape, so a plain launch forms the
// clusters; each reduction meets through distributed shared memory: a
// cluster barrier, the eight blocks' values read by mapa and
// ld.shared::cluster, and a second barrier before the slots are reused.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | FileCheck %s

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
