// Tests lib/Transforms/SelectMatmulConfig.cpp: a config written on the op
// that asks for TMA copies on a chip without TMA is an error naming both,
// not a failure in the NVVM lowering.
// RUN: mini-opt %s -mini-select-matmul-config="chip=sm_80" -verify-diagnostics

func.func @tma_on_sm80(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{config copy = "tma" needs sm_90a (Hopper's TMA); the chip is sm_80: use copy = "cp_async"}}
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
