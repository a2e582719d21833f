// Tests the matmul-epilogue rule of lib/Transforms/FuseMatmulEpilogue.cpp.
// RUN: mini-opt %s -split-input-file -mini-fuse | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-fuse=epilogue-min-k=0 | FileCheck %s --check-prefix=ANYK

// Bias, GELU and a residual on a matmul of K = 8192: one mini.matmul whose
// epilogue reads the bias (a vector of N) and the residual (the result's
// shape); the body starts from the f32 accumulator.
// CHECK-LABEL: func.func @bias_gelu_residual
// CHECK-SAME: (%[[X:.*]]: tensor<?x8192xf16>, %[[W:.*]]: tensor<8192x512xf16>, %[[B:.*]]: tensor<512xf16>, %[[R:.*]]: tensor<?x512xf16>)
// CHECK-NEXT: %[[Y:.*]] = mini.matmul %[[X]], %[[W]] epilogue(%[[B]], %[[R]] : tensor<512xf16>, tensor<?x512xf16>) : tensor<?x8192xf16>, tensor<8192x512xf16> -> tensor<?x512xf16> {
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[EB:.*]]: f32, %[[ER:.*]]: f32):
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[EB]] : f32
// CHECK: math.erf
// CHECK: %[[G:.*]] = math.fma
// CHECK: %[[OUT:.*]] = arith.addf %[[G]], %[[ER]] : f32
// CHECK-NEXT: mini.yield %[[OUT]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[Y]]
func.func @bias_gelu_residual(%x: tensor<?x8192xf16>, %w: tensor<8192x512xf16>, %bias: tensor<512xf16>,
                              %res: tensor<?x512xf16>) -> tensor<?x512xf16> {
  %h = mini.matmul %x, %w : tensor<?x8192xf16>, tensor<8192x512xf16> -> tensor<?x512xf16>
  %b = mini.add %h, %bias : tensor<?x512xf16>, tensor<512xf16> -> tensor<?x512xf16>
  %g = mini.gelu %b : tensor<?x512xf16> -> tensor<?x512xf16>
  %r = mini.add %g, %res : tensor<?x512xf16>, tensor<?x512xf16> -> tensor<?x512xf16>
  return %r : tensor<?x512xf16>
}

// -----

// At K = 256 (below epilogue-min-k) the residual is not read by the
// epilogue: the matmul takes the bias, and what follows the matmul and
// reads the residual (here GELU, which the chain rule joined to the add
// first) is one mini.elementwise. With epilogue-min-k=0 all of it joins.
// CHECK-LABEL: func.func @shallow_residual
// CHECK: %[[H:.*]] = mini.matmul %{{.*}}, %{{.*}} epilogue(%{{.*}} : tensor<512xf16>)
// CHECK-NOT: math.erf
// CHECK: mini.elementwise %[[H]], %{{.*}} : tensor<?x512xf16>, tensor<?x512xf16>
// CHECK: math.erf
// ANYK-LABEL: func.func @shallow_residual
// ANYK: mini.matmul %{{.*}}, %{{.*}} epilogue(%{{.*}}, %{{.*}} : tensor<512xf16>, tensor<?x512xf16>)
// ANYK-NOT: mini.add
// ANYK: return
func.func @shallow_residual(%x: tensor<?x256xf16>, %w: tensor<256x512xf16>, %bias: tensor<512xf16>,
                            %res: tensor<?x512xf16>) -> tensor<?x512xf16> {
  %h = mini.matmul %x, %w : tensor<?x256xf16>, tensor<256x512xf16> -> tensor<?x512xf16>
  %b = mini.add %h, %bias : tensor<?x512xf16>, tensor<512xf16> -> tensor<?x512xf16>
  %g = mini.gelu %b : tensor<?x512xf16> -> tensor<?x512xf16>
  %r = mini.add %g, %res : tensor<?x512xf16>, tensor<?x512xf16> -> tensor<?x512xf16>
  return %r : tensor<?x512xf16>
}

// -----

// A cast of an f32 product joins too: the matmul stores f16 directly. The
// matmul's result may be either operand of the consumer (the add's rhs
// here); a batched matmul takes a bias of N and a residual as well.
// CHECK-LABEL: func.func @scale_residual_cast_batched
// CHECK-SAME: (%[[A:.*]]: tensor<2x8x8192xf16>, %[[B:.*]]: tensor<2x8192x16xf16>, %[[G:.*]]: tensor<16xf32>, %[[R:.*]]: tensor<2x8x16xf32>)
// CHECK-NEXT: %[[Y:.*]] = mini.matmul %[[A]], %[[B]] epilogue(%[[G]], %[[R]] : tensor<16xf32>, tensor<2x8x16xf32>) : tensor<2x8x8192xf16>, tensor<2x8192x16xf16> -> tensor<2x8x16xf16> {
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[EG:.*]]: f32, %[[ER:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[ACC]], %[[EG]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ER]], %[[P]] : f32
// CHECK-NEXT: mini.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[Y]]
func.func @scale_residual_cast_batched(%a: tensor<2x8x8192xf16>, %b: tensor<2x8192x16xf16>, %gamma: tensor<16xf32>,
                                       %res: tensor<2x8x16xf32>) -> tensor<2x8x16xf16> {
  %p = mini.matmul %a, %b : tensor<2x8x8192xf16>, tensor<2x8192x16xf16> -> tensor<2x8x16xf32>
  %s = mini.mul %p, %gamma : tensor<2x8x16xf32>, tensor<16xf32> -> tensor<2x8x16xf32>
  %t = mini.add %res, %s : tensor<2x8x16xf32>, tensor<2x8x16xf32> -> tensor<2x8x16xf32>
  %c = mini.cast %t : tensor<2x8x16xf32> -> tensor<2x8x16xf16>
  return %c : tensor<2x8x16xf16>
}

// -----

// A matmul result with another user stays stored: the consumer does not
// join it (the chain after it still fuses into one mini.elementwise).
// CHECK-LABEL: func.func @used_twice
// CHECK: %[[H:.*]] = mini.matmul %{{.*}}, %{{.*}} : tensor<8x16xf16>, tensor<16x32xf16> -> tensor<8x32xf16>
// CHECK-NEXT: %[[S:.*]] = mini.silu %[[H]]
// CHECK-NEXT: return %[[S]], %[[H]]
func.func @used_twice(%x: tensor<8x16xf16>, %w: tensor<16x32xf16>) -> (tensor<8x32xf16>, tensor<8x32xf16>) {
  %h = mini.matmul %x, %w : tensor<8x16xf16>, tensor<16x32xf16> -> tensor<8x32xf16>
  %s = mini.silu %h : tensor<8x32xf16> -> tensor<8x32xf16>
  return %s, %h : tensor<8x32xf16>, tensor<8x32xf16>
}

// -----

// The consumer broadcasts the matmul's result (a 32-vector added to
// 8x32): the product is not the result's shape, nothing fuses.
// CHECK-LABEL: func.func @product_broadcast
// CHECK: mini.matmul %{{.*}}, %{{.*}} : tensor<1x16xf16>, tensor<16x32xf16> -> tensor<1x32xf16>
// CHECK-NOT: epilogue
// CHECK: mini.add
func.func @product_broadcast(%x: tensor<1x16xf16>, %w: tensor<16x32xf16>, %y: tensor<4x1x32xf16>) -> tensor<4x1x32xf16> {
  %h = mini.matmul %x, %w : tensor<1x16xf16>, tensor<16x32xf16> -> tensor<1x32xf16>
  %s = mini.add %y, %h : tensor<4x1x32xf16>, tensor<1x32xf16> -> tensor<4x1x32xf16>
  return %s : tensor<4x1x32xf16>
}

// -----

// A batched matmul's other operand broadcast over the batch (8x16 added to
// 2x8x16) is neither a residual nor a bias of N: the add stays.
// CHECK-LABEL: func.func @batch_broadcast
// CHECK: mini.matmul %{{.*}}, %{{.*}} : tensor<2x8x8192xf16>, tensor<2x8192x16xf16> -> tensor<2x8x16xf16>
// CHECK-NEXT: mini.add
func.func @batch_broadcast(%a: tensor<2x8x8192xf16>, %b: tensor<2x8192x16xf16>, %r: tensor<8x16xf16>) -> tensor<2x8x16xf16> {
  %p = mini.matmul %a, %b : tensor<2x8x8192xf16>, tensor<2x8192x16xf16> -> tensor<2x8x16xf16>
  %s = mini.add %p, %r : tensor<2x8x16xf16>, tensor<8x16xf16> -> tensor<2x8x16xf16>
  return %s : tensor<2x8x16xf16>
}

// -----

// An op between that is not elementwise (a softmax) blocks the rule: the
// scale after it fuses with nothing.
// CHECK-LABEL: func.func @softmax_between
// CHECK: mini.matmul %{{.*}}, %{{.*}} : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
// CHECK-NEXT: mini.softmax
// CHECK-NEXT: mini.scale
func.func @softmax_between(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %h = mini.matmul %x, %w : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %p = mini.softmax %h : tensor<8x32xf32> -> tensor<8x32xf32>
  %s = mini.scale %p {factor = 2.0 : f32} : tensor<8x32xf32> -> tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}

// -----

// Attention's pattern runs first: the scale on the scores stays visible to
// it rather than joining the scores' matmul.
// CHECK-LABEL: func.func @attention_first
// CHECK-NEXT: mini.attention
// CHECK-NOT: epilogue
func.func @attention_first(%q: tensor<1x2x16x64xf16>, %k: tensor<1x2x16x64xf16>, %v: tensor<1x2x16x64xf16>) -> tensor<1x2x16x64xf16> {
  %kt = mini.transpose %k : tensor<1x2x16x64xf16> -> tensor<1x2x64x16xf16>
  %s = mini.matmul %q, %kt : tensor<1x2x16x64xf16>, tensor<1x2x64x16xf16> -> tensor<1x2x16x16xf32>
  %ss = mini.scale %s {factor = 0.125 : f32} : tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
  %p = mini.softmax %ss : tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
  %pc = mini.cast %p : tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf16>
  %o = mini.matmul %pc, %v : tensor<1x2x16x16xf16>, tensor<1x2x16x64xf16> -> tensor<1x2x16x64xf16>
  return %o : tensor<1x2x16x64xf16>
}

// -----

// Eight biases: an epilogue holds at most 7 inputs (8 with the accumulator,
// kMaxFusedInputs). The rules run together, so the elementwise rule chains
// the later adds while the epilogue takes the first ones; the chain then
// cannot join (2 + 6 inputs + the accumulator > 8) and stays one kernel of
// its own: two kernels, no input past the cap.
// CHECK-LABEL: func.func @input_cap
// CHECK: %[[Y:.*]] = mini.matmul %{{.*}}, %{{.*}} epilogue(%{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tensor<64xf32>, tensor<64xf32>)
// CHECK: %[[Z:.*]] = mini.elementwise %[[Y]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} :
// CHECK-NOT: mini.add
// CHECK: return %[[Z]]
func.func @input_cap(%x: tensor<?x32xf16>, %w: tensor<32x64xf16>, %b0: tensor<64xf32>, %b1: tensor<64xf32>, %b2: tensor<64xf32>, %b3: tensor<64xf32>, %b4: tensor<64xf32>, %b5: tensor<64xf32>, %b6: tensor<64xf32>, %b7: tensor<64xf32>) -> tensor<?x64xf32> {
  %h0 = mini.matmul %x, %w : tensor<?x32xf16>, tensor<32x64xf16> -> tensor<?x64xf32>
  %h1 = mini.add %h0, %b0 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  %h2 = mini.add %h1, %b1 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  %h3 = mini.add %h2, %b2 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  %h4 = mini.add %h3, %b3 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  %h5 = mini.add %h4, %b4 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  %h6 = mini.add %h5, %b5 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  %h7 = mini.add %h6, %b6 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  %h8 = mini.add %h7, %b7 : tensor<?x64xf32>, tensor<64xf32> -> tensor<?x64xf32>
  return %h8 : tensor<?x64xf32>
}
