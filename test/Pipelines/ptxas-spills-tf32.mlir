// The tf32 matmul (f32 operands, precision = "tf32") at its default
// tilings on sm_90a: mma.sync m16n8k8 with tf32 operands, A fragments by
// ldmatrix, and no spills in any of its tensor-core kernels (128x256,
// 128x128 and 64x128 tiles) or its gemv kernel.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// PTX: .entry tf32_matmul
// PTX: cp.async.cg.shared.global
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-NOT: mma.sync.aligned.m16n8k16

// CHECK: Compiling entry function '[[K1:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K1]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K2:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K2]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K3:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K3]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K4:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K4]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Compiling entry function
func.func @tf32(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
