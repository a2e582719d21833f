// Tests lib/Transforms/SelectAttentionConfig.cpp: wgmma (setmaxnreg, TMA)
// needs sm_90a, whether chosen by an option or written in the config.
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="chip=sm_80" -verify-diagnostics
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="chip=sm_80 math=wgmma" -verify-diagnostics

func.func @wgmma_on_sm80(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  // expected-error @+1 {{config: math = "wgmma" needs chip sm_90a, got chip sm_80}}
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "wgmma", warps = 8>} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}
