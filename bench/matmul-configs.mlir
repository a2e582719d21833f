// Tensor-core configs compared in docs/PERF.md (f16 -> f16, bf16 -> bf16):
//   mini-run BUNDLE --kernel ENTRY --size batch=1,M=N=K=n --bench
func.func @mma_sync_f16_128x256x32_w2x4_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_128x256x32_w2x4_s4(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_128x256x32_w2x4_s5(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_128x256x64_w2x4_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 64, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_128x128x32_w2x2_s4(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_128x128x64_w2x2_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_256x128x32_w4x2_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 256, tile_n = 128, tile_k = 32, warps_m = 4, warps_n = 2, stages = 3, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_128x128x32_w4x2_s4(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 4, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_f16_128x256x16_w2x4_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 16, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @wmma_f16_128x256x32_w2x4_s3(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "wmma">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @wmma_f16_128x128x32_w2x2_s4(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "wmma">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
func.func @mma_sync_bf16_128x256x32_w2x4_s3(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "mma_sync">} : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %c : tensor<?x?xbf16>
}
func.func @mma_sync_bf16_128x256x32_w2x4_s4(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync">} : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %c : tensor<?x?xbf16>
}
func.func @mma_sync_bf16_128x128x32_w2x2_s4(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 128, tile_k = 32, warps_m = 2, warps_n = 2, stages = 4, math = "mma_sync">} : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %c : tensor<?x?xbf16>
}
func.func @wmma_bf16_128x256x32_w2x4_s5(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "wmma">} : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %c : tensor<?x?xbf16>
}
func.func @wmma_f16_128x256x32_w2x4_s5(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "wmma">} : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
