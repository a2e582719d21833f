// With the stream-K tail (matmul-tail-splits), both kernels of the sm_90
// default matmul fit in registers: the whole-tile kernel (its tiles' places
// still come from the block ids, which ptxas rematerializes in the loop)
// and the tail kernel (two pieces' places and bounds wait out the K loops
// in shared memory). ptxas reports no spills.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-tail-splits=4" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// Nine kernels (whole tiles, the tail, the 64x128 size variant, the gemv
// variant for M <= 8, the narrow few-rows variant for M <= 32 and N <=
// 8192 and its tail, the 16x64 variant for M <= 16, the few-rows variant
// for M <= 64 and its tail), in any order, none spilling.
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
// CHECK: Compiling entry function '[[K5:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K5]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K6:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K6]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K7:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K7]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K8:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K8]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K9:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K9]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Compiling entry function
func.func @f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
