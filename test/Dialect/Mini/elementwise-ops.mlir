// The elementwise ops parse, print and round-trip through the generic form.
// RUN: mini-opt %s | FileCheck %s
// RUN: mini-opt %s -mlir-print-op-generic | mini-opt | FileCheck %s

// A bias (rhs a suffix of lhs) and a residual (the same shape), static and
// dynamic; the result takes lhs's type.
// CHECK-LABEL: func @binary
// CHECK: mini.add %{{.*}}, %{{.*}} : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
// CHECK: mini.mul %{{.*}}, %{{.*}} : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
// CHECK: mini.add %{{.*}}, %{{.*}} : tensor<2x3x?xbf16>, tensor<3x5xbf16> -> tensor<2x3x?xbf16>
func.func @binary(%a: tensor<?x4096xf16>, %b: tensor<4096xf16>, %c: tensor<2x3x?xbf16>, %d: tensor<3x5xbf16>) -> (tensor<?x4096xf16>, tensor<2x3x?xbf16>) {
  %0 = mini.add %a, %b : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
  %1 = mini.mul %0, %a : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  %2 = mini.add %c, %d : tensor<2x3x?xbf16>, tensor<3x5xbf16> -> tensor<2x3x?xbf16>
  return %1, %2 : tensor<?x4096xf16>, tensor<2x3x?xbf16>
}

// gelu's `approximate` prints only when it is not the default "none".
// CHECK-LABEL: func @unary
// CHECK: mini.silu %{{.*}} : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
// CHECK: mini.gelu %{{.*}} : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
// CHECK: mini.gelu %{{.*}} {approximate = "tanh"} : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
// CHECK: mini.scale %{{.*}} {factor = 1.250000e-01 : f32} : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
// CHECK: mini.cast %{{.*}} : tensor<8x11008xbf16> -> tensor<8x11008xf32>
func.func @unary(%x: tensor<8x11008xbf16>) -> tensor<8x11008xf32> {
  %0 = mini.silu %x : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
  %1 = mini.gelu %0 {approximate = "none"} : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
  %2 = mini.gelu %1 {approximate = "tanh"} : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
  %3 = mini.scale %2 {factor = 0.125 : f32} : tensor<8x11008xbf16> -> tensor<8x11008xbf16>
  %4 = mini.cast %3 : tensor<8x11008xbf16> -> tensor<8x11008xf32>
  return %4 : tensor<8x11008xf32>
}

// CHECK-LABEL: func @scores
// CHECK: mini.transpose %{{.*}} : tensor<2x8x?x64xf16> -> tensor<2x8x64x?xf16>
// CHECK: mini.causal_mask %{{.*}} : tensor<2x8x?x?xf32> -> tensor<2x8x?x?xf32>
func.func @scores(%k: tensor<2x8x?x64xf16>, %s: tensor<2x8x?x?xf32>) -> (tensor<2x8x64x?xf16>, tensor<2x8x?x?xf32>) {
  %0 = mini.transpose %k : tensor<2x8x?x64xf16> -> tensor<2x8x64x?xf16>
  %1 = mini.causal_mask %s : tensor<2x8x?x?xf32> -> tensor<2x8x?x?xf32>
  return %0, %1 : tensor<2x8x64x?xf16>, tensor<2x8x?x?xf32>
}

// A projection's tokens split into heads, then heads before tokens:
// reshape (a view) and a transpose of two inner dims.
// CHECK-LABEL: func @split_heads
// CHECK: %[[V:.*]] = mini.reshape %{{.*}} : tensor<?x4096xf16> -> tensor<1x?x32x128xf16>
// CHECK: mini.transpose %[[V]] {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x?x32x128xf16> -> tensor<1x32x?x128xf16>
// CHECK: mini.transpose %{{.*}} {permutation = array<i64: 1, 0>} : tensor<4x?xf32> -> tensor<?x4xf32>
// CHECK: mini.reshape %{{.*}} : tensor<2x3x?xbf16> -> tensor<?x6xbf16>
func.func @split_heads(%q: tensor<?x4096xf16>, %a: tensor<4x?xf32>, %b: tensor<2x3x?xbf16>)
    -> (tensor<1x32x?x128xf16>, tensor<?x4xf32>, tensor<?x6xbf16>) {
  %0 = mini.reshape %q : tensor<?x4096xf16> -> tensor<1x?x32x128xf16>
  %1 = mini.transpose %0 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x?x32x128xf16> -> tensor<1x32x?x128xf16>
  %2 = mini.transpose %a {permutation = array<i64: 1, 0>} : tensor<4x?xf32> -> tensor<?x4xf32>
  %3 = mini.reshape %b : tensor<2x3x?xbf16> -> tensor<?x6xbf16>
  return %1, %2, %3 : tensor<1x32x?x128xf16>, tensor<?x4xf32>, tensor<?x6xbf16>
}

// mini.elementwise: inputs of the result's shape or one suffix of it, mixed
// element types, a body of f32 arith/math ops.
// CHECK-LABEL: func @fused
// CHECK: mini.elementwise %{{.*}}, %{{.*}} : tensor<?x64xbf16>, tensor<64xf32> -> tensor<?x64xf16> {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK: math.tanh
// CHECK: mini.yield
func.func @fused(%x: tensor<?x64xbf16>, %b: tensor<64xf32>) -> tensor<?x64xf16> {
  %y = mini.elementwise %x, %b : tensor<?x64xbf16>, tensor<64xf32> -> tensor<?x64xf16> {
  ^bb0(%e: f32, %f: f32):
    %s = arith.addf %e, %f : f32
    %t = math.tanh %s : f32
    mini.yield %t : f32
  }
  return %y : tensor<?x64xf16>
}
