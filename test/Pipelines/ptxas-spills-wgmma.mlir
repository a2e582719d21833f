// matmul-math=wgmma on sm_90a: the whole-tile kernel (128x256, two math
// warpgroups beside the producer), its stream-K tail kernel and the 64x128
// size variant (mma.sync) fit in registers, and ptxas keeps the wgmma
// batches asynchronous (no "wgmma ... serialized" performance warning).
// The main loop keeps one batch in flight (wait_group 1); the scalar path
// for unaligned rows fences its stores for wgmma's async proxy.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit matmul-math=wgmma" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// CHECK-NOT: Performance Loss
// CHECK: Compiling entry function '[[K1:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K1]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Performance Loss
// CHECK: Compiling entry function '[[K2:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K2]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Performance Loss
// CHECK: Compiling entry function '[[K3:[a-z0-9_]+]]' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K3]]
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Performance Loss
// CHECK-NOT: Compiling entry function

// The pipelined loop first (B read transposed: imm-trans-b 1; one batch in
// flight, then the last waited for), then the scalar path (its stores
// fenced for the async proxy, each tile waited for).
// PTX: .entry f16_matmul(
// PTX: setmaxnreg.inc.sync.aligned.u32 240
// PTX: wgmma.fence.sync.aligned
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
// PTX: wgmma.commit_group.sync.aligned
// PTX: wgmma.wait_group.sync.aligned 1
// PTX: wgmma.wait_group.sync.aligned 0
// PTX: fence.proxy.async.shared::cta
// PTX: wgmma.wait_group.sync.aligned 0
// PTX: .entry f16_matmul_split(
func.func @f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
