// Tensor-core configs compared in docs/PERF.md: mini-run BUNDLE --kernel ENTRY --size batch=1,M=N=K=... --bench
func.func @t128x128x32_w2x4_s2(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 4, stages = 2, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @t128x128x32_w4x2_s2(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 4, warps_n = 2, stages = 2, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @t128x128x16_w4x2_s4(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 16, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @t128x256x16_w2x4_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 16, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @t64x128x32_w1x4_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 32, warps_m = 1, warps_n = 4, stages = 3, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @t64x256x32_w1x4_s2(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 256, tile_k = 32, warps_m = 1, warps_n = 4, stages = 2, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
