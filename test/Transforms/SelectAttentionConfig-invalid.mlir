// Tests lib/Transforms/SelectAttentionConfig.cpp: options the kernel cannot take.
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="math=mma_sync" -verify-diagnostics
// RUN: not mini-opt %s -mini-select-attention-config="math=tcgen05" 2>&1 | FileCheck %s --check-prefix=MATH
// MATH: error: mini-select-attention-config: math must be simt, mma_sync or wgmma; got math=tcgen05

func.func @f32_on_tensor_cores(%q: tensor<1x2x3x64xf32>) -> tensor<1x2x3x64xf32> {
  // expected-error @+1 {{config: math = "mma_sync" needs f16 or bf16 operands, got 'f32'}}
  %o = mini.attention %q, %q, %q : tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32> -> tensor<1x2x3x64xf32>
  return %o : tensor<1x2x3x64xf32>
}
