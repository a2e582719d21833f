// Tests lib/Transforms/SelectMatmulConfig.cpp: cluster-m asks for TMA copies,
// which one stage cannot feed.
// RUN: mini-opt %s -mini-select-matmul-config="cluster-m=2 stages=1" -verify-diagnostics

func.func @cluster_with_one_stage(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // expected-error @+1 {{matmul_config copy = "tma" needs math = "mma_sync" or "wgmma", stages >= 2, tile_n % 64 == 0 and tile_k rows of 32, 64 or 128 bytes; got math = "mma_sync", 1 stages, tile 256x128x64}}
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
