// Tests the SwiGLU rule of lib/Transforms/FuseSwiGLU.cpp.
// RUN: mini-opt %s -split-input-file -mini-fuse | FileCheck %s

// SwiGLU: silu(x w_gate) * (x w_up) is one matmul with `up`, either operand
// order of the mul; what follows (a bias here) joins it as an epilogue.
// CHECK-LABEL: func.func @swiglu
// CHECK-SAME: (%[[X:.*]]: tensor<?x4096xf16>, %[[G:.*]]: tensor<4096x11008xf16>, %[[U:.*]]: tensor<4096x11008xf16>, %[[B:.*]]: tensor<11008xf16>)
// CHECK-NEXT: %[[H:.*]] = mini.matmul %[[X]], %[[G]] up(%[[U]] : tensor<4096x11008xf16>) epilogue(%[[B]] : tensor<11008xf16>) : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16> {
// CHECK: arith.addf
// CHECK: mini.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[H]]
func.func @swiglu(%x: tensor<?x4096xf16>, %wg: tensor<4096x11008xf16>, %wu: tensor<4096x11008xf16>,
                  %bias: tensor<11008xf16>) -> tensor<?x11008xf16> {
  %g = mini.matmul %x, %wg : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %u = mini.matmul %x, %wu : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %a = mini.silu %g : tensor<?x11008xf16> -> tensor<?x11008xf16>
  %h = mini.mul %u, %a : tensor<?x11008xf16>, tensor<?x11008xf16> -> tensor<?x11008xf16>
  %y = mini.add %h, %bias : tensor<?x11008xf16>, tensor<11008xf16> -> tensor<?x11008xf16>
  return %y : tensor<?x11008xf16>
}

// -----

// Not when the gate product has another user: it must be stored (the silu
// joins its epilogue, and the product is one elementwise kernel).
// CHECK-LABEL: func.func @gate_used_twice
// CHECK-NOT: up(
// CHECK: return
func.func @gate_used_twice(%x: tensor<64x256xbf16>, %wg: tensor<256x512xbf16>, %wu: tensor<256x512xbf16>) -> (tensor<64x512xbf16>, tensor<64x512xbf16>) {
  %g = mini.matmul %x, %wg : tensor<64x256xbf16>, tensor<256x512xbf16> -> tensor<64x512xbf16>
  %u = mini.matmul %x, %wu : tensor<64x256xbf16>, tensor<256x512xbf16> -> tensor<64x512xbf16>
  %a = mini.silu %g : tensor<64x512xbf16> -> tensor<64x512xbf16>
  %h = mini.mul %a, %u : tensor<64x512xbf16>, tensor<64x512xbf16> -> tensor<64x512xbf16>
  return %h, %g : tensor<64x512xbf16>, tensor<64x512xbf16>
}

// -----

// Not for products of different A, nor of f32 (no tensor-core pair), nor
// an N that is not a multiple of 8 (the weights' rows are not 16-byte
// aligned for TMA).
// CHECK-LABEL: func.func @not_a_pair
// CHECK-NOT: up(
// CHECK: return
func.func @not_a_pair(%x: tensor<64x256xf16>, %x2: tensor<64x256xf16>, %w: tensor<256x512xf16>,
                      %f: tensor<64x256xf32>, %wf: tensor<256x512xf32>, %w7: tensor<256x509xf16>)
    -> (tensor<64x512xf16>, tensor<64x512xf32>, tensor<64x509xf16>) {
  %g = mini.matmul %x, %w : tensor<64x256xf16>, tensor<256x512xf16> -> tensor<64x512xf16>
  %u = mini.matmul %x2, %w : tensor<64x256xf16>, tensor<256x512xf16> -> tensor<64x512xf16>
  %a = mini.silu %g : tensor<64x512xf16> -> tensor<64x512xf16>
  %h = mini.mul %a, %u : tensor<64x512xf16>, tensor<64x512xf16> -> tensor<64x512xf16>
  %gf = mini.matmul %f, %wf : tensor<64x256xf32>, tensor<256x512xf32> -> tensor<64x512xf32>
  %uf = mini.matmul %f, %wf : tensor<64x256xf32>, tensor<256x512xf32> -> tensor<64x512xf32>
  %af = mini.silu %gf : tensor<64x512xf32> -> tensor<64x512xf32>
  %hf = mini.mul %af, %uf : tensor<64x512xf32>, tensor<64x512xf32> -> tensor<64x512xf32>
  %g7 = mini.matmul %x, %w7 : tensor<64x256xf16>, tensor<256x509xf16> -> tensor<64x509xf16>
  %u7 = mini.matmul %x, %w7 : tensor<64x256xf16>, tensor<256x509xf16> -> tensor<64x509xf16>
  %a7 = mini.silu %g7 : tensor<64x509xf16> -> tensor<64x509xf16>
  %h7 = mini.mul %a7, %u7 : tensor<64x509xf16>, tensor<64x509xf16> -> tensor<64x509xf16>
  return %h, %hf, %h7 : tensor<64x512xf16>, tensor<64x512xf32>, tensor<64x509xf16>
}
