// Tests lib/Transforms/SelectAttentionConfig.cpp: options the kernel cannot take.
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="math=mma_sync" -verify-diagnostics

func.func @f32_on_tensor_cores(%q: tensor<1x2x3x64xf32>) -> tensor<1x2x3x64xf32> {
  // expected-error @+1 {{config: math = "mma_sync" needs f16 or bf16 operands, got 'f32'}}
  %o = mini.attention %q, %q, %q : tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32> -> tensor<1x2x3x64xf32>
  return %o : tensor<1x2x3x64xf32>
}
