// The elementwise ops' verifiers name the operand and the sizes.
// RUN: mini-opt %s -split-input-file -verify-diagnostics

func.func @bias_not_suffix(%a: tensor<8x4096xf16>, %b: tensor<8xf16>) {
  // expected-error @+1 {{rhs dim 0 (8) differs from lhs dim 1 (4096); rhs 8 must be lhs 8x4096 or a suffix of it}}
  %0 = mini.add %a, %b : tensor<8x4096xf16>, tensor<8xf16> -> tensor<8x4096xf16>
  return
}

// -----

func.func @rhs_longer(%a: tensor<4096xf16>, %b: tensor<2x4096xf16>) {
  // expected-error @+1 {{rhs 2x4096 has more dims than lhs 4096; rhs must be lhs's shape or a suffix of it}}
  %0 = mini.mul %a, %b : tensor<4096xf16>, tensor<2x4096xf16> -> tensor<4096xf16>
  return
}

// -----

func.func @mixed_types(%a: tensor<8x16xf16>, %b: tensor<16xf32>) {
  // expected-error @+1 {{rhs element type 'f32' differs from lhs element type 'f16'}}
  %0 = mini.add %a, %b : tensor<8x16xf16>, tensor<16xf32> -> tensor<8x16xf16>
  return
}

// -----

func.func @rank0(%a: tensor<f16>, %b: tensor<f16>) {
  // expected-error @+1 {{operands must have rank >= 1, got lhs scalar and rhs scalar}}
  %0 = mini.add %a, %b : tensor<f16>, tensor<f16> -> tensor<f16>
  return
}

// -----

func.func @binary_result(%a: tensor<8x16xf16>, %b: tensor<16xf16>) {
  // expected-error @+1 {{result shape 8x17 differs from lhs shape 8x16 at dim 1}}
  %0 = mini.add %a, %b : tensor<8x16xf16>, tensor<16xf16> -> tensor<8x17xf16>
  return
}

// -----

func.func @silu_type(%x: tensor<8x16xf16>) {
  // expected-error @+1 {{result element type 'bf16' differs from input element type 'f16'}}
  %0 = mini.silu %x : tensor<8x16xf16> -> tensor<8x16xbf16>
  return
}

// -----

func.func @gelu_approximate(%x: tensor<8x16xf16>) {
  // expected-error @+1 {{approximate must be "none" or "tanh", got "erf"}}
  %0 = mini.gelu %x {approximate = "erf"} : tensor<8x16xf16> -> tensor<8x16xf16>
  return
}

// -----

func.func @scale_inf(%x: tensor<8x16xf16>) {
  // expected-error @+1 {{factor must be finite, got INF}}
  %0 = mini.scale %x {factor = 0x7F800000 : f32} : tensor<8x16xf16> -> tensor<8x16xf16>
  return
}

// -----

func.func @scale_missing(%x: tensor<8x16xf16>) {
  // expected-error @+1 {{requires attribute 'factor'}}
  %0 = mini.scale %x : tensor<8x16xf16> -> tensor<8x16xf16>
  return
}

// -----

func.func @cast_shape(%x: tensor<8x16xf32>) {
  // expected-error @+1 {{result shape 8x? differs from input shape 8x16 at dim 1}}
  %0 = mini.cast %x : tensor<8x16xf32> -> tensor<8x?xf16>
  return
}

// -----

func.func @transpose_rank1(%x: tensor<16xf16>) {
  // expected-error @+1 {{input must have rank >= 2, got rank 1 (16)}}
  %0 = mini.transpose %x : tensor<16xf16> -> tensor<16xf16>
  return
}

// -----

func.func @transpose_not_swapped(%x: tensor<2x8x16xf16>) {
  // expected-error @+1 {{result 'tensor<2x8x16xf16>' must be the input 'tensor<2x8x16xf16>' with dims 1 and 2 swapped ('tensor<2x16x8xf16>')}}
  %0 = mini.transpose %x : tensor<2x8x16xf16> -> tensor<2x8x16xf16>
  return
}

// -----

func.func @transpose_inner_not_swapped(%x: tensor<2x8x16xf16>) {
  // expected-error @+1 {{result 'tensor<2x8x16xf16>' must be the input 'tensor<2x8x16xf16>' with dims 0 and 1 swapped ('tensor<8x2x16xf16>')}}
  %0 = mini.transpose %x {permutation = array<i64: 1, 0, 2>} : tensor<2x8x16xf16> -> tensor<2x8x16xf16>
  return
}

// -----

func.func @transpose_permutation_rank(%x: tensor<2x8x16xf16>) {
  // expected-error @+1 {{permutation [1, 0] has 2 entries; the input 2x8x16 has rank 3}}
  %0 = mini.transpose %x {permutation = array<i64: 1, 0>} : tensor<2x8x16xf16> -> tensor<8x2x16xf16>
  return
}

// -----

func.func @transpose_not_adjacent(%x: tensor<2x8x16xf16>) {
  // expected-error @+1 {{permutation [2, 1, 0] must swap two adjacent dims and keep the others in place}}
  %0 = mini.transpose %x {permutation = array<i64: 2, 1, 0>} : tensor<2x8x16xf16> -> tensor<16x8x2xf16>
  return
}

// -----

func.func @transpose_identity(%x: tensor<2x8x16xf16>) {
  // expected-error @+1 {{permutation [0, 1, 2] must swap two adjacent dims and keep the others in place}}
  %0 = mini.transpose %x {permutation = array<i64: 0, 1, 2>} : tensor<2x8x16xf16> -> tensor<2x8x16xf16>
  return
}

// -----

func.func @transpose_rotation(%x: tensor<2x8x16xf16>) {
  // expected-error @+1 {{permutation [1, 2, 0] must swap two adjacent dims and keep the others in place}}
  %0 = mini.transpose %x {permutation = array<i64: 1, 2, 0>} : tensor<2x8x16xf16> -> tensor<8x16x2xf16>
  return
}

// -----

func.func @reshape_count(%x: tensor<?x4096xf16>) {
  // expected-error @+1 {{result 1x?x32x64 must hold as many elements as input ?x4096: static dims multiply to 2048 against 4096}}
  %0 = mini.reshape %x : tensor<?x4096xf16> -> tensor<1x?x32x64xf16>
  return
}

// -----

func.func @reshape_dynamic(%x: tensor<?x4096xf16>) {
  // expected-error @+1 {{result ?x?x128 has 2 dynamic dims, input ?x4096 has 1; dynamic dims carry over one to one}}
  %0 = mini.reshape %x : tensor<?x4096xf16> -> tensor<?x?x128xf16>
  return
}

// -----

func.func @reshape_type(%x: tensor<8x4096xf16>) {
  // expected-error @+1 {{result element type 'bf16' differs from input element type 'f16'}}
  %0 = mini.reshape %x : tensor<8x4096xf16> -> tensor<8x32x128xbf16>
  return
}

// -----

func.func @reshape_overflow(%x: tensor<8x4096xf16>) {
  // expected-error @+1 {{result 4294967296x4294967296x2 must hold as many elements as input 8x4096}}
  %0 = mini.reshape %x : tensor<8x4096xf16> -> tensor<4294967296x4294967296x2xf16>
  return
}

// -----

func.func @mask_rank1(%x: tensor<16xf32>) {
  // expected-error @+1 {{input must have rank >= 2, got rank 1 (16)}}
  %0 = mini.causal_mask %x : tensor<16xf32> -> tensor<16xf32>
  return
}

// -----

func.func @int_tensor(%x: tensor<8x16xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float values}}
  %0 = mini.silu %x : tensor<8x16xi32> -> tensor<8x16xi32>
  return
}

// -----

func.func @fused_body_op(%x: tensor<8x16xf16>) {
  // expected-error @+1 {{body op 'math.sqrt' is not one of arith.addf, subf, mulf, divf, negf, constant, math.exp, erf, tanh, fma}}
  %y = mini.elementwise %x : tensor<8x16xf16> -> tensor<8x16xf16> {
  ^bb0(%e: f32):
    %s = math.sqrt %e : f32
    mini.yield %s : f32
  }
  return
}

// -----

// The kernels clone the body per element as straight-line code: one block
// (the op's region is declared so).
func.func @fused_two_blocks(%x: tensor<8x16xf16>) {
  // expected-error @+1 {{region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %y = mini.elementwise %x : tensor<8x16xf16> -> tensor<8x16xf16> {
  ^bb0(%e: f32):
    mini.yield %e : f32
  ^bb1(%f: f32):
    mini.yield %f : f32
  }
  return
}

// -----

// A matmul's epilogue (an optional region) likewise, by its verifier.
func.func @epilogue_two_blocks(%a: tensor<8x16xf16>, %b: tensor<16x8xf16>) {
  // expected-error @+1 {{epilogue must be one block}}
  %c = mini.matmul %a, %b : tensor<8x16xf16>, tensor<16x8xf16> -> tensor<8x8xf16> {
  ^bb0(%acc: f32):
    mini.yield %acc : f32
  ^bb1(%f: f32):
    mini.yield %f : f32
  }
  return
}

// -----

func.func @fused_arguments(%x: tensor<8x16xf16>, %z: tensor<8x16xf16>) {
  // expected-error @+1 {{body takes 1 arguments, needs 2}}
  %y = mini.elementwise %x, %z : tensor<8x16xf16>, tensor<8x16xf16> -> tensor<8x16xf16> {
  ^bb0(%e: f32):
    mini.yield %e : f32
  }
  return
}

// -----

func.func @fused_two_broadcasts(%x: tensor<2x8x16xf16>, %b: tensor<16xf16>, %w: tensor<8x16xf16>) {
  // expected-error @+1 {{broadcast inputs must share one shape, got 16 and 8x16 (input 2)}}
  %y = mini.elementwise %x, %b, %w : tensor<2x8x16xf16>, tensor<16xf16>, tensor<8x16xf16> -> tensor<2x8x16xf16> {
  ^bb0(%e: f32, %f: f32, %g: f32):
    mini.yield %e : f32
  }
  return
}

// -----

func.func @fused_no_full_input(%b: tensor<16xf16>) {
  // expected-error @+1 {{needs an input of the result's shape 8x16}}
  %y = mini.elementwise %b : tensor<16xf16> -> tensor<8x16xf16> {
  ^bb0(%e: f32):
    mini.yield %e : f32
  }
  return
}

// -----

func.func @fused_not_suffix(%x: tensor<8x16xf16>, %b: tensor<8xf16>) {
  // expected-error @+1 {{input 1 8 must be the result's shape 8x16 or a suffix of it}}
  %y = mini.elementwise %x, %b : tensor<8x16xf16>, tensor<8xf16> -> tensor<8x16xf16> {
  ^bb0(%e: f32, %f: f32):
    mini.yield %e : f32
  }
  return
}
