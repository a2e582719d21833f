// Tests lib/Transforms/SelectMatmulConfig.cpp: tf32 mma.sync (m16n8k8) is
// sm_80's; options that ask for it on an older chip are an error naming it.
// RUN: mini-opt %s -mini-select-matmul-config="chip=sm_75 math=mma_sync" -verify-diagnostics

func.func @tf32_on_sm75(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{tf32 mma.sync needs sm_80 or later; the chip is sm_75}}
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
