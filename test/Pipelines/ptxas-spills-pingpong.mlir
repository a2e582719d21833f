// matmul-pingpong=1 on sm_90a: the persistent ping-pong kernel with a bias
// + GELU epilogue fits in registers (the producer warpgroup at 40, the two
// math warpgroups at 232) and ptxas keeps the wgmma batches asynchronous.
// Each math warpgroup waits at its named barrier (bar.sync, 256 threads:
// both math warpgroups) before a K loop and lets the other one go
// (bar.arrive) once it has waited for its last step, before the wait for
// its last batch.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-pingpong=1" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// CHECK-NOT: Performance Loss
// CHECK: Compiling entry function 'bias_gelu_matmul' for 'sm_90a'
// CHECK-NEXT: Function properties for bias_gelu_matmul
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Performance Loss
// CHECK-NOT: Compiling entry function

// PTX: .entry bias_gelu_matmul(
// PTX: .maxntid 384, 1, 1
// PTX: setmaxnreg.inc.sync.aligned.u32 232
// PTX: bar.sync {{%r[0-9]+}}, 256;
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// PTX: wgmma.wait_group.sync.aligned 1
// PTX: bar.arrive {{%r[0-9]+}}, 256;
// PTX-NOT: wgmma.mma_async
// PTX: wgmma.wait_group.sync.aligned 0
// PTX: setmaxnreg.dec.sync.aligned.u32 40
func.func @bias_gelu(%a: tensor<?x4096xf16>, %b: tensor<4096x4096xf16>, %bias: tensor<4096xf16>) -> tensor<?x4096xf16> {
  %c = mini.matmul %a, %b : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  %0 = mini.add %c, %bias : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
  %1 = mini.gelu %0 : tensor<?x4096xf16> -> tensor<?x4096xf16>
  return %1 : tensor<?x4096xf16>
}
