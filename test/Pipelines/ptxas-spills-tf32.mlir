// The tf32 matmul (f32 operands, precision = "tf32") at its default
// tilings on sm_90a: mma.sync m16n8k8 with tf32 operands, A fragments by
// ldmatrix; the 128x256 kernel and its stream-K tail copy through TMA (a
// producer warpgroup, setmaxnreg), the 128x128 and 64x128 variants through
// cp.async. None of the kernels spills (the 128x256 kernel's 8 bytes of
// docs/PERF.md tf32 v2, one 64-bit value reloaded outside its TMA main loop,
// went with the boxed rows of PERF v48).
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// PTX: .entry tf32_matmul(
// PTX: setmaxnreg.inc.sync.aligned.u32 240
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX: setmaxnreg.dec.sync.aligned.u32 24
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: .entry tf32_matmul_split(
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: .entry tf32_matmul_128x128(
// PTX: cp.async.cg.shared.global
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX: .entry tf32_matmul_64x128(
// PTX: .entry tf32_matmul_gemv(
// PTX-NOT: mma.sync.aligned.m16n8k16

// CHECK: Compiling entry function 'tf32_matmul_gemv' for 'sm_90a'
// CHECK-NEXT: Function properties for tf32_matmul_gemv
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'tf32_matmul_64x128' for 'sm_90a'
// CHECK-NEXT: Function properties for tf32_matmul_64x128
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'tf32_matmul_128x128' for 'sm_90a'
// CHECK-NEXT: Function properties for tf32_matmul_128x128
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'tf32_matmul_split' for 'sm_90a'
// CHECK-NEXT: Function properties for tf32_matmul_split
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'tf32_matmul' for 'sm_90a'
// CHECK-NEXT: Function properties for tf32_matmul
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Compiling entry function
func.func @tf32(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
