// SwiGLU's product pair (mini-fuse's rule, then the pair's wgmma kernel on
// sm_90a): one kernel whose B stages hold the gate's 128 columns beside the
// up's, and its narrow size variant (64 beside 64). Both fit in registers
// without serialized wgmma batches; after its K loop each thread turns its
// 128 accumulators into 64 outputs (the variant 64 into 32), one ex2 each
// (silu(gate) * up). The manifest names the kernel's three inputs, their
// three tensor maps and the program the references run on both products
// (values 0 and 1): silu(v0) * v1; the function binds the gate and up
// weights to the one launch.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: rm -rf %t.bundle && mini-opt %s --mini-pipeline="bundle=%t.bundle toolkit=%cuda_toolkit" -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t.bundle/manifest.json

// CHECK-NOT: Performance Loss
// CHECK: Compiling entry function 'mlp_up_matmul_128x128' for 'sm_90a'
// CHECK-NEXT: Function properties for mlp_up_matmul_128x128
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Performance Loss
// CHECK: Compiling entry function 'mlp_up_matmul' for 'sm_90a'
// CHECK-NEXT: Function properties for mlp_up_matmul
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Performance Loss
// CHECK-NOT: Compiling entry function

// The math warpgroups' loop, the SwiGLU after the last wait, then the
// producer's copies: an A box and 4 B boxes (2 of the gate, 2 of up) a step.
// PTX: .entry mlp_up_matmul(
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// PTX: wgmma.wait_group.sync.aligned 1
// PTX: wgmma.wait_group.sync.aligned 0
// PTX-COUNT-64: ex2.approx
// PTX-NOT: ex2.approx
// PTX-COUNT-5: cp.async.bulk.tensor.3d.shared
// PTX-NOT: cp.async.bulk.tensor
// PTX: .entry mlp_up_matmul_128x128(
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// PTX-COUNT-32: ex2.approx
// PTX-NOT: ex2.approx
// PTX-COUNT-3: cp.async.bulk.tensor.3d.shared
// PTX-NOT: cp.async.bulk.tensor
// PTX-NOT: .entry

// MANIFEST: "functions": [
// MANIFEST: "launches": [
// MANIFEST-NEXT: {
// MANIFEST-NEXT: "kernel": "mlp_up_matmul",
// MANIFEST: "tensors": [
// MANIFEST-NEXT: "arg0",
// MANIFEST-NEXT: "arg1",
// MANIFEST-NEXT: "arg2",
// MANIFEST-NEXT: "result0"
// MANIFEST-NEXT: ]
// MANIFEST-NEXT: }
// MANIFEST-NEXT: ],
// MANIFEST: "kernels": [
// MANIFEST: "program": [
// MANIFEST: "op": "exp"
// MANIFEST: "op": "divf"
// MANIFEST-NEXT: },
// MANIFEST-NEXT: {
// MANIFEST-NEXT: "args": [
// MANIFEST-NEXT: 6,
// MANIFEST-NEXT: 1
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "op": "mulf"
// MANIFEST: "result": 7
// MANIFEST: "entry": "mlp_up_matmul",
// MANIFEST: "grid": [
// MANIFEST-NEXT: {
// MANIFEST-NEXT: "div": 128,
// MANIFEST-NEXT: "sizes": [
// MANIFEST-NEXT: "N"
// MANIFEST: "size_variants": [
// MANIFEST-NEXT: "mlp_up_matmul_128x128"
// MANIFEST: "tensor_maps": [
// MANIFEST: "tensor": "a"
// MANIFEST: "tensor": "b"
// MANIFEST: "box": [
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 64,
// MANIFEST-NEXT: 64
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "swizzle": 128,
// MANIFEST-NEXT: "tensor": "up"
// MANIFEST: "tensors": [
// MANIFEST: "name": "a"
// MANIFEST: "name": "b"
// MANIFEST: "name": "up"
// MANIFEST: "name": "c"
// MANIFEST: "tile_rates": [
// MANIFEST-NEXT: 100,
// MANIFEST-NEXT: 88
// MANIFEST: "entry": "mlp_up_matmul_128x128",
// MANIFEST: "grid": [
// MANIFEST-NEXT: {
// MANIFEST-NEXT: "div": 64,
func.func @mlp_up(%x: tensor<?x4096xbf16> {mini.size_names = ["tokens"]}, %wg: tensor<4096x1000xbf16>,
                  %wu: tensor<4096x1000xbf16>) -> tensor<?x1000xbf16> {
  %g = mini.matmul %x, %wg : tensor<?x4096xbf16>, tensor<4096x1000xbf16> -> tensor<?x1000xbf16>
  %u = mini.matmul %x, %wu : tensor<?x4096xbf16>, tensor<4096x1000xbf16> -> tensor<?x1000xbf16>
  %s = mini.silu %g : tensor<?x1000xbf16> -> tensor<?x1000xbf16>
  %h = mini.mul %s, %u : tensor<?x1000xbf16>, tensor<?x1000xbf16> -> tensor<?x1000xbf16>
  return %h : tensor<?x1000xbf16>
}
