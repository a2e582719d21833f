// Tests lib/Transforms/SelectMatmulConfig.cpp: pingpong is 0 or 1 (or -1,
// the default), and the ping-pong kernel is wgmma's: on sm_90 (no wgmma)
// or with math=mma_sync the option is an error, not ignored.
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="pingpong=2" -verify-diagnostics
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="pingpong=1 chip=sm_90" -verify-diagnostics
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="pingpong=1 math=mma_sync" -verify-diagnostics

func.func @pingpong_option(%a: tensor<?x64xf16>, %b: tensor<64x64xf16>) -> tensor<?x64xf16> {
  // expected-error-re @+1 {{cannot take option pingpong = {{2: expected 0, 1, or -1 for the default|1: the ping-pong kernel is wgmma's \(sm_90a, f16 or bf16\); the config chosen has math = "mma_sync" on chip sm_90a?}}}}
  %c = mini.matmul %a, %b : tensor<?x64xf16>, tensor<64x64xf16> -> tensor<?x64xf16>
  return %c : tensor<?x64xf16>
}
