// Tests the residual-norm rule of lib/Transforms/FuseResidualNorm.cpp.
// RUN: mini-opt %s -split-input-file -mini-fuse | FileCheck %s

// A transformer's residual stream: h = x + attn is normalized and also read
// by the next residual add. The norm takes the residual and returns h as
// its second result, which the later add reads.
// CHECK-LABEL: func.func @rmsnorm_residual_stream
// CHECK-SAME: (%[[X:.*]]: tensor<?x4096xf16>, %[[A:.*]]: tensor<?x4096xf16>, %[[W:.*]]: tensor<4096xf16>, %[[M:.*]]: tensor<?x4096xf16>)
// CHECK-NEXT: %[[Y:.*]], %[[H:.*]] = mini.rmsnorm %[[X]] + %[[A]], %[[W]] {epsilon = 9.99999997E-7 : f32} : tensor<?x4096xf16> + tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>, tensor<?x4096xf16>
// CHECK-NEXT: %[[OUT:.*]] = mini.add %[[H]], %[[M]]
// CHECK-NEXT: return %[[Y]], %[[OUT]]
func.func @rmsnorm_residual_stream(%x: tensor<?x4096xf16>, %attn: tensor<?x4096xf16>, %w: tensor<4096xf16>,
                                   %mlp: tensor<?x4096xf16>) -> (tensor<?x4096xf16>, tensor<?x4096xf16>) {
  %h = mini.add %x, %attn : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-06 : f32} : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
  %out = mini.add %h, %mlp : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  return %y, %out : tensor<?x4096xf16>, tensor<?x4096xf16>
}

// -----

// The sum read only by the norm: no sum result, the add disappears.
// CHECK-LABEL: func.func @layernorm_residual
// CHECK-SAME: (%[[X:.*]]: tensor<7x100xbf16>, %[[R:.*]]: tensor<7x100xbf16>, %[[W:.*]]: tensor<100xbf16>, %[[B:.*]]: tensor<100xbf16>)
// CHECK-NEXT: %[[Y:.*]] = mini.layernorm %[[X]] + %[[R]], %[[W]], %[[B]] {epsilon = 9.99999974E-6 : f32} : tensor<7x100xbf16> + tensor<7x100xbf16>, tensor<100xbf16>, tensor<100xbf16> -> tensor<7x100xbf16>
// CHECK-NEXT: return %[[Y]]
func.func @layernorm_residual(%x: tensor<7x100xbf16>, %r: tensor<7x100xbf16>, %w: tensor<100xbf16>,
                              %b: tensor<100xbf16>) -> tensor<7x100xbf16> {
  %h = mini.add %x, %r : tensor<7x100xbf16>, tensor<7x100xbf16> -> tensor<7x100xbf16>
  %y = mini.layernorm %h, %w, %b {epsilon = 1.0e-05 : f32} : tensor<7x100xbf16>, tensor<100xbf16>, tensor<100xbf16> -> tensor<7x100xbf16>
  return %y : tensor<7x100xbf16>
}

// -----

// The sum is read before the norm: the fused norm moves up to the add
// (its weight is an argument), and that reader takes its sum.
// CHECK-LABEL: func.func @sum_read_before_norm
// CHECK-NEXT: %[[Y:.*]], %[[H:.*]] = mini.rmsnorm %arg0 + %arg1, %arg2
// CHECK-NEXT: %[[S:.*]] = mini.silu %[[H]]
// CHECK-NEXT: return %[[Y]], %[[S]]
func.func @sum_read_before_norm(%x: tensor<4x64xf32>, %r: tensor<4x64xf32>, %w: tensor<64xf32>) -> (tensor<4x64xf32>, tensor<4x64xf32>) {
  %h = mini.add %x, %r : tensor<4x64xf32>, tensor<4x64xf32> -> tensor<4x64xf32>
  %s = mini.silu %h : tensor<4x64xf32> -> tensor<4x64xf32>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-06 : f32} : tensor<4x64xf32>, tensor<64xf32> -> tensor<4x64xf32>
  return %y, %s : tensor<4x64xf32>, tensor<4x64xf32>
}

// -----

// Negative: the add broadcasts a bias of the row length: not a residual.
// CHECK-LABEL: func.func @bias_is_not_a_residual
// CHECK-NEXT: mini.add
// CHECK-NEXT: mini.rmsnorm %{{.*}}, %{{.*}} {epsilon
func.func @bias_is_not_a_residual(%x: tensor<4x64xf16>, %bias: tensor<64xf16>, %w: tensor<64xf16>) -> tensor<4x64xf16> {
  %h = mini.add %x, %bias : tensor<4x64xf16>, tensor<64xf16> -> tensor<4x64xf16>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-06 : f32} : tensor<4x64xf16>, tensor<64xf16> -> tensor<4x64xf16>
  return %y : tensor<4x64xf16>
}

// -----

// Negative: the sum is read before the norm and the norm's weight is made
// after the add, so the norm can go neither after that reader nor up to
// the add.
// CHECK-LABEL: func.func @weight_after_add
// CHECK-NEXT: mini.add
// CHECK-NEXT: mini.silu
// CHECK-NEXT: mini.scale
// CHECK-NEXT: mini.rmsnorm %{{.*}}, %{{.*}} {epsilon
func.func @weight_after_add(%x: tensor<4x64xf32>, %r: tensor<4x64xf32>, %w0: tensor<64xf32>) -> (tensor<4x64xf32>, tensor<4x64xf32>) {
  %h = mini.add %x, %r : tensor<4x64xf32>, tensor<4x64xf32> -> tensor<4x64xf32>
  %s = mini.silu %h : tensor<4x64xf32> -> tensor<4x64xf32>
  %w = mini.scale %w0 {factor = 2.0 : f32} : tensor<64xf32> -> tensor<64xf32>
  %y = mini.rmsnorm %h, %w {epsilon = 1.0e-06 : f32} : tensor<4x64xf32>, tensor<64xf32> -> tensor<4x64xf32>
  return %y, %s : tensor<4x64xf32>, tensor<4x64xf32>
}

// -----

// Negative: a norm that already adds a residual is left alone (the add
// before it stays an add, here fused with nothing).
// CHECK-LABEL: func.func @already_residual
// CHECK-NEXT: mini.add
// CHECK-NEXT: mini.rmsnorm %{{.*}} + %{{.*}}, %{{.*}}
func.func @already_residual(%x: tensor<4x64xf16>, %r: tensor<4x64xf16>, %q: tensor<4x64xf16>, %w: tensor<64xf16>) -> tensor<4x64xf16> {
  %h = mini.add %x, %r : tensor<4x64xf16>, tensor<4x64xf16> -> tensor<4x64xf16>
  %y = mini.rmsnorm %h + %q, %w {epsilon = 1.0e-06 : f32} : tensor<4x64xf16> + tensor<4x64xf16>, tensor<64xf16> -> tensor<4x64xf16>
  return %y : tensor<4x64xf16>
}
