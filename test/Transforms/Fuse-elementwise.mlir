// Tests the elementwise rule of lib/Transforms/FuseElementwise.cpp.
// RUN: mini-opt %s -split-input-file -mini-fuse | FileCheck %s

// A bias, GELU, a scale and a residual: one mini.elementwise with the three
// tensors it reads (the bias broadcast), its body the ops' f32 arithmetic
// in order.
// CHECK-LABEL: func.func @bias_gelu_residual
// CHECK-SAME: (%[[X:.*]]: tensor<?x64xf16>, %[[B:.*]]: tensor<64xf16>, %[[R:.*]]: tensor<?x64xf16>)
// CHECK-NEXT: %[[Y:.*]] = mini.elementwise %[[X]], %[[B]], %[[R]] : tensor<?x64xf16>, tensor<64xf16>, tensor<?x64xf16> -> tensor<?x64xf16> {
// CHECK-NEXT: ^bb0(%[[EX:.*]]: f32, %[[EB:.*]]: f32, %[[ER:.*]]: f32):
// CHECK: %[[SUM:.*]] = arith.addf %[[EX]], %[[EB]] : f32
// CHECK: math.erf
// CHECK: %[[G:.*]] = math.fma
// CHECK: %[[S:.*]] = arith.mulf %[[G]], %{{.*}} : f32
// CHECK: %[[OUT:.*]] = arith.addf %[[S]], %[[ER]] : f32
// CHECK-NEXT: mini.yield %[[OUT]] : f32
// CHECK: return %[[Y]]
func.func @bias_gelu_residual(%x: tensor<?x64xf16>, %b: tensor<64xf16>, %r: tensor<?x64xf16>) -> tensor<?x64xf16> {
  %0 = mini.add %x, %b : tensor<?x64xf16>, tensor<64xf16> -> tensor<?x64xf16>
  %1 = mini.gelu %0 : tensor<?x64xf16> -> tensor<?x64xf16>
  %2 = mini.scale %1 {factor = 0.5 : f32} : tensor<?x64xf16> -> tensor<?x64xf16>
  %3 = mini.add %2, %r : tensor<?x64xf16>, tensor<?x64xf16> -> tensor<?x64xf16>
  return %3 : tensor<?x64xf16>
}

// -----

// A tensor read twice is one input (x * silu(x)); a cast inside the chain
// is f32 throughout, the result's type taken at the store.
// CHECK-LABEL: func.func @swish_cast
// CHECK-NEXT: mini.elementwise %{{.*}} : tensor<8x64xf32> -> tensor<8x64xbf16> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32):
// CHECK: math.exp
// CHECK: %[[SIG:.*]] = arith.divf %[[A]], %{{.*}} : f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[SIG]], %[[A]] : f32
// CHECK-NEXT: mini.yield %[[P]] : f32
func.func @swish_cast(%x: tensor<8x64xf32>) -> tensor<8x64xbf16> {
  %s = mini.silu %x : tensor<8x64xf32> -> tensor<8x64xf32>
  %p = mini.mul %s, %x : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  %c = mini.cast %p : tensor<8x64xf32> -> tensor<8x64xbf16>
  return %c : tensor<8x64xbf16>
}

// -----

// Not fused: a producer with another user (kept, and the consumer reads
// it); a broadcast operand computed by its own op (it stays a tensor of
// its shape); a causal mask (it needs the element's position); broadcast
// inputs of two shapes.
// CHECK-LABEL: func.func @used_twice
// CHECK: %[[S:.*]] = mini.silu
// CHECK-NEXT: %[[M:.*]] = mini.mul %[[S]], %{{.*}}
// CHECK-NEXT: return %[[M]], %[[S]]
func.func @used_twice(%x: tensor<8x64xf16>, %u: tensor<8x64xf16>) -> (tensor<8x64xf16>, tensor<8x64xf16>) {
  %s = mini.silu %x : tensor<8x64xf16> -> tensor<8x64xf16>
  %m = mini.mul %s, %u : tensor<8x64xf16>, tensor<8x64xf16> -> tensor<8x64xf16>
  return %m, %s : tensor<8x64xf16>, tensor<8x64xf16>
}

// CHECK-LABEL: func.func @broadcast_operand
// CHECK: %[[W:.*]] = mini.scale %{{.*}} : tensor<64xf16>
// CHECK-NEXT: mini.mul %{{.*}}, %[[W]]
func.func @broadcast_operand(%x: tensor<8x64xf16>, %w: tensor<64xf16>) -> tensor<8x64xf16> {
  %ws = mini.scale %w {factor = 2.0 : f32} : tensor<64xf16> -> tensor<64xf16>
  %m = mini.mul %x, %ws : tensor<8x64xf16>, tensor<64xf16> -> tensor<8x64xf16>
  return %m : tensor<8x64xf16>
}

// CHECK-LABEL: func.func @after_mask
// CHECK: mini.causal_mask
// CHECK-NEXT: mini.scale
func.func @after_mask(%s: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
  %m = mini.causal_mask %s : tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  %y = mini.scale %m {factor = 0.5 : f32} : tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  return %y : tensor<2x16x16xf32>
}

// CHECK-LABEL: func.func @two_broadcast_shapes
// CHECK: mini.add
// CHECK-NEXT: mini.mul
func.func @two_broadcast_shapes(%x: tensor<2x8x64xf16>, %b: tensor<64xf16>, %w: tensor<8x64xf16>) -> tensor<2x8x64xf16> {
  %0 = mini.add %x, %b : tensor<2x8x64xf16>, tensor<64xf16> -> tensor<2x8x64xf16>
  %1 = mini.mul %0, %w : tensor<2x8x64xf16>, tensor<8x64xf16> -> tensor<2x8x64xf16>
  return %1 : tensor<2x8x64xf16>
}
