// Tests the attention rule of lib/Transforms/Fuse.cpp.
// RUN: mini-opt %s -split-input-file -mini-fuse | FileCheck %s

// Scores in f32, scaled, masked, a softmax, P cast to f16, P V: one
// mini.attention with the scale and causal; nothing else is left.
// CHECK-LABEL: func.func @scaled_masked
// CHECK-SAME: (%[[Q:.*]]: tensor<?x8x?x64xf16>, %[[K:.*]]: tensor<?x8x?x64xf16>, %[[V:.*]]: tensor<?x8x?x64xf16>)
// CHECK-NEXT: %[[O:.*]] = mini.attention %[[Q]], %[[K]], %[[V]] {causal, scale = 1.250000e-01 : f32} : tensor<?x8x?x64xf16>, tensor<?x8x?x64xf16>, tensor<?x8x?x64xf16> -> tensor<?x8x?x64xf16>
// CHECK-NEXT: return %[[O]]
func.func @scaled_masked(%q: tensor<?x8x?x64xf16>, %k: tensor<?x8x?x64xf16>, %v: tensor<?x8x?x64xf16>) -> tensor<?x8x?x64xf16> {
  %kt = mini.transpose %k : tensor<?x8x?x64xf16> -> tensor<?x8x64x?xf16>
  %s = mini.matmul %q, %kt : tensor<?x8x?x64xf16>, tensor<?x8x64x?xf16> -> tensor<?x8x?x?xf32>
  %ss = mini.scale %s {factor = 0.125 : f32} : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %m = mini.causal_mask %ss : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %p = mini.softmax %m : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf32>
  %ph = mini.cast %p : tensor<?x8x?x?xf32> -> tensor<?x8x?x?xf16>
  %o = mini.matmul %ph, %v : tensor<?x8x?x?xf16>, tensor<?x8x?x64xf16> -> tensor<?x8x?x64xf16>
  return %o : tensor<?x8x?x64xf16>
}

// -----

// The scale on q and another after the mask multiply (0.5 x 0.25); no cast,
// no mask; with no scale at all the scale is 1 (not 1/sqrt(D)).
// CHECK-LABEL: func.func @scale_on_q
// CHECK: mini.attention %{{.*}} {causal, scale = 1.250000e-01 : f32}
// CHECK-LABEL: func.func @unscaled
// CHECK: mini.attention %{{.*}} {scale = 1.000000e+00 : f32} : tensor<2x4x128x32xbf16>
func.func @scale_on_q(%q: tensor<2x4x128x32xbf16>, %k: tensor<2x4x256x32xbf16>, %v: tensor<2x4x256x32xbf16>) -> tensor<2x4x128x32xbf16> {
  %qs = mini.scale %q {factor = 0.5 : f32} : tensor<2x4x128x32xbf16> -> tensor<2x4x128x32xbf16>
  %kt = mini.transpose %k : tensor<2x4x256x32xbf16> -> tensor<2x4x32x256xbf16>
  %s = mini.matmul %qs, %kt : tensor<2x4x128x32xbf16>, tensor<2x4x32x256xbf16> -> tensor<2x4x128x256xbf16>
  %m = mini.causal_mask %s : tensor<2x4x128x256xbf16> -> tensor<2x4x128x256xbf16>
  %ms = mini.scale %m {factor = 0.25 : f32} : tensor<2x4x128x256xbf16> -> tensor<2x4x128x256xbf16>
  %p = mini.softmax %ms : tensor<2x4x128x256xbf16> -> tensor<2x4x128x256xbf16>
  %o = mini.matmul %p, %v : tensor<2x4x128x256xbf16>, tensor<2x4x256x32xbf16> -> tensor<2x4x128x32xbf16>
  return %o : tensor<2x4x128x32xbf16>
}
func.func @unscaled(%q: tensor<2x4x128x32xbf16>, %k: tensor<2x4x256x32xbf16>, %v: tensor<2x4x256x32xbf16>) -> tensor<2x4x128x32xbf16> {
  %kt = mini.transpose %k : tensor<2x4x256x32xbf16> -> tensor<2x4x32x256xbf16>
  %s = mini.matmul %q, %kt : tensor<2x4x128x32xbf16>, tensor<2x4x32x256xbf16> -> tensor<2x4x128x256xbf16>
  %p = mini.softmax %s : tensor<2x4x128x256xbf16> -> tensor<2x4x128x256xbf16>
  %o = mini.matmul %p, %v : tensor<2x4x128x256xbf16>, tensor<2x4x256x32xbf16> -> tensor<2x4x128x32xbf16>
  return %o : tensor<2x4x128x32xbf16>
}

// -----

// Not fused: the probabilities have another user (returned); a negative
// scale after the mask (-inf would become +inf); a dynamic head dim; scores
// that are not Q Kt (no transpose, or a transpose of other dims).
// CHECK-LABEL: func.func @probabilities_used_twice
// CHECK-NOT: mini.attention
// CHECK: mini.softmax
// CHECK-LABEL: func.func @negative_scale_after_mask
// CHECK-NOT: mini.attention
// CHECK: mini.softmax
// CHECK-LABEL: func.func @dynamic_head_dim
// CHECK-NOT: mini.attention
// CHECK: mini.softmax
// CHECK-LABEL: func.func @no_transpose
// CHECK-NOT: mini.attention
// CHECK: mini.softmax
// CHECK-LABEL: func.func @transpose_of_heads
// CHECK-NOT: mini.attention
// CHECK: mini.softmax
func.func @probabilities_used_twice(%q: tensor<1x2x16x32xf16>, %k: tensor<1x2x16x32xf16>, %v: tensor<1x2x16x32xf16>) -> (tensor<1x2x16x32xf16>, tensor<1x2x16x16xf16>) {
  %kt = mini.transpose %k : tensor<1x2x16x32xf16> -> tensor<1x2x32x16xf16>
  %s = mini.matmul %q, %kt : tensor<1x2x16x32xf16>, tensor<1x2x32x16xf16> -> tensor<1x2x16x16xf16>
  %p = mini.softmax %s : tensor<1x2x16x16xf16> -> tensor<1x2x16x16xf16>
  %o = mini.matmul %p, %v : tensor<1x2x16x16xf16>, tensor<1x2x16x32xf16> -> tensor<1x2x16x32xf16>
  return %o, %p : tensor<1x2x16x32xf16>, tensor<1x2x16x16xf16>
}
func.func @negative_scale_after_mask(%q: tensor<1x2x16x32xf16>, %k: tensor<1x2x16x32xf16>, %v: tensor<1x2x16x32xf16>) -> tensor<1x2x16x32xf16> {
  %kt = mini.transpose %k : tensor<1x2x16x32xf16> -> tensor<1x2x32x16xf16>
  %s = mini.matmul %q, %kt : tensor<1x2x16x32xf16>, tensor<1x2x32x16xf16> -> tensor<1x2x16x16xf16>
  %m = mini.causal_mask %s : tensor<1x2x16x16xf16> -> tensor<1x2x16x16xf16>
  %ms = mini.scale %m {factor = -1.0 : f32} : tensor<1x2x16x16xf16> -> tensor<1x2x16x16xf16>
  %p = mini.softmax %ms : tensor<1x2x16x16xf16> -> tensor<1x2x16x16xf16>
  %o = mini.matmul %p, %v : tensor<1x2x16x16xf16>, tensor<1x2x16x32xf16> -> tensor<1x2x16x32xf16>
  return %o : tensor<1x2x16x32xf16>
}
func.func @dynamic_head_dim(%q: tensor<1x2x16x?xf16>, %k: tensor<1x2x16x?xf16>, %v: tensor<1x2x16x?xf16>) -> tensor<1x2x16x?xf16> {
  %kt = mini.transpose %k : tensor<1x2x16x?xf16> -> tensor<1x2x?x16xf16>
  %s = mini.matmul %q, %kt : tensor<1x2x16x?xf16>, tensor<1x2x?x16xf16> -> tensor<1x2x16x16xf16>
  %p = mini.softmax %s : tensor<1x2x16x16xf16> -> tensor<1x2x16x16xf16>
  %o = mini.matmul %p, %v : tensor<1x2x16x16xf16>, tensor<1x2x16x?xf16> -> tensor<1x2x16x?xf16>
  return %o : tensor<1x2x16x?xf16>
}
func.func @no_transpose(%q: tensor<1x2x16x32xf16>, %kt: tensor<1x2x32x16xf16>, %v: tensor<1x2x16x32xf16>) -> tensor<1x2x16x32xf16> {
  %s = mini.matmul %q, %kt : tensor<1x2x16x32xf16>, tensor<1x2x32x16xf16> -> tensor<1x2x16x16xf16>
  %p = mini.softmax %s : tensor<1x2x16x16xf16> -> tensor<1x2x16x16xf16>
  %o = mini.matmul %p, %v : tensor<1x2x16x16xf16>, tensor<1x2x16x32xf16> -> tensor<1x2x16x32xf16>
  return %o : tensor<1x2x16x32xf16>
}
func.func @transpose_of_heads(%q: tensor<1x2x16x32xf16>, %k: tensor<1x32x2x16xf16>, %v: tensor<1x2x16x32xf16>) -> tensor<1x2x16x32xf16> {
  %kt = mini.transpose %k {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x32x2x16xf16> -> tensor<1x2x32x16xf16>
  %s = mini.matmul %q, %kt : tensor<1x2x16x32xf16>, tensor<1x2x32x16xf16> -> tensor<1x2x16x16xf16>
  %p = mini.softmax %s : tensor<1x2x16x16xf16> -> tensor<1x2x16x16xf16>
  %o = mini.matmul %p, %v : tensor<1x2x16x16xf16>, tensor<1x2x16x32xf16> -> tensor<1x2x16x32xf16>
  return %o : tensor<1x2x16x32xf16>
}
