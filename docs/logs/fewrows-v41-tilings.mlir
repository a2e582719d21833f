// Session 32, v41's tried tilings for 9-16 rows (calls 3, 5 and 10): def = the default (16x64),
// n32 = the narrow few-rows tiles, fr = the 64x128 few-rows tiles, each with the stream-K tail.
module {
  func.func @s9_1024_4096_def(%a: tensor<9x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<9x1024xf16> {
    %c = mini.matmul %a, %b : tensor<9x4096xf16>, tensor<4096x1024xf16> -> tensor<9x1024xf16>
    return %c : tensor<9x1024xf16>
  }
  func.func @s9_1024_4096_n32(%a: tensor<9x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<9x1024xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x4096xf16>, tensor<4096x1024xf16> -> tensor<9x1024xf16>
    return %c : tensor<9x1024xf16>
  }
  func.func @s9_2048_4096_def(%a: tensor<9x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<9x2048xf16> {
    %c = mini.matmul %a, %b : tensor<9x4096xf16>, tensor<4096x2048xf16> -> tensor<9x2048xf16>
    return %c : tensor<9x2048xf16>
  }
  func.func @s9_2048_4096_n32(%a: tensor<9x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<9x2048xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x4096xf16>, tensor<4096x2048xf16> -> tensor<9x2048xf16>
    return %c : tensor<9x2048xf16>
  }
  func.func @s9_4096_4096_def(%a: tensor<9x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b : tensor<9x4096xf16>, tensor<4096x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s9_4096_4096_n32(%a: tensor<9x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x4096xf16>, tensor<4096x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s12_1024_4096_def(%a: tensor<12x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<12x1024xf16> {
    %c = mini.matmul %a, %b : tensor<12x4096xf16>, tensor<4096x1024xf16> -> tensor<12x1024xf16>
    return %c : tensor<12x1024xf16>
  }
  func.func @s12_1024_4096_n32(%a: tensor<12x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<12x1024xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<12x4096xf16>, tensor<4096x1024xf16> -> tensor<12x1024xf16>
    return %c : tensor<12x1024xf16>
  }
  func.func @s12_2048_4096_def(%a: tensor<12x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<12x2048xf16> {
    %c = mini.matmul %a, %b : tensor<12x4096xf16>, tensor<4096x2048xf16> -> tensor<12x2048xf16>
    return %c : tensor<12x2048xf16>
  }
  func.func @s12_2048_4096_n32(%a: tensor<12x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<12x2048xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<12x4096xf16>, tensor<4096x2048xf16> -> tensor<12x2048xf16>
    return %c : tensor<12x2048xf16>
  }
  func.func @s12_4096_4096_def(%a: tensor<12x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<12x4096xf16> {
    %c = mini.matmul %a, %b : tensor<12x4096xf16>, tensor<4096x4096xf16> -> tensor<12x4096xf16>
    return %c : tensor<12x4096xf16>
  }
  func.func @s12_4096_4096_n32(%a: tensor<12x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<12x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<12x4096xf16>, tensor<4096x4096xf16> -> tensor<12x4096xf16>
    return %c : tensor<12x4096xf16>
  }
  func.func @s16_1024_4096_def(%a: tensor<16x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<16x1024xf16> {
    %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x1024xf16> -> tensor<16x1024xf16>
    return %c : tensor<16x1024xf16>
  }
  func.func @s16_1024_4096_n32(%a: tensor<16x4096xf16>, %b: tensor<4096x1024xf16>) -> tensor<16x1024xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x4096xf16>, tensor<4096x1024xf16> -> tensor<16x1024xf16>
    return %c : tensor<16x1024xf16>
  }
  func.func @s16_2048_4096_def(%a: tensor<16x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<16x2048xf16> {
    %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x2048xf16> -> tensor<16x2048xf16>
    return %c : tensor<16x2048xf16>
  }
  func.func @s16_2048_4096_n32(%a: tensor<16x4096xf16>, %b: tensor<4096x2048xf16>) -> tensor<16x2048xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x4096xf16>, tensor<4096x2048xf16> -> tensor<16x2048xf16>
    return %c : tensor<16x2048xf16>
  }
  func.func @s16_4096_4096_def(%a: tensor<16x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s16_4096_4096_n32(%a: tensor<16x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x4096xf16>, tensor<4096x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s9_4096_14336_def(%a: tensor<9x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b : tensor<9x14336xf16>, tensor<14336x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s9_4096_14336_n32(%a: tensor<9x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x14336xf16>, tensor<14336x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s9_4096_14336_fr(%a: tensor<9x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x14336xf16>, tensor<14336x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s9_4096_11008_def(%a: tensor<9x11008xf16>, %b: tensor<11008x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b : tensor<9x11008xf16>, tensor<11008x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s9_4096_11008_n32(%a: tensor<9x11008xf16>, %b: tensor<11008x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x11008xf16>, tensor<11008x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s9_4096_11008_fr(%a: tensor<9x11008xf16>, %b: tensor<11008x4096xf16>) -> tensor<9x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x11008xf16>, tensor<11008x4096xf16> -> tensor<9x4096xf16>
    return %c : tensor<9x4096xf16>
  }
  func.func @s9_11008_4096_def(%a: tensor<9x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<9x11008xf16> {
    %c = mini.matmul %a, %b : tensor<9x4096xf16>, tensor<4096x11008xf16> -> tensor<9x11008xf16>
    return %c : tensor<9x11008xf16>
  }
  func.func @s9_11008_4096_n32(%a: tensor<9x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<9x11008xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x4096xf16>, tensor<4096x11008xf16> -> tensor<9x11008xf16>
    return %c : tensor<9x11008xf16>
  }
  func.func @s9_11008_4096_fr(%a: tensor<9x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<9x11008xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x4096xf16>, tensor<4096x11008xf16> -> tensor<9x11008xf16>
    return %c : tensor<9x11008xf16>
  }
  func.func @s9_8192_8192_def(%a: tensor<9x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<9x8192xf16> {
    %c = mini.matmul %a, %b : tensor<9x8192xf16>, tensor<8192x8192xf16> -> tensor<9x8192xf16>
    return %c : tensor<9x8192xf16>
  }
  func.func @s9_8192_8192_n32(%a: tensor<9x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<9x8192xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x8192xf16>, tensor<8192x8192xf16> -> tensor<9x8192xf16>
    return %c : tensor<9x8192xf16>
  }
  func.func @s9_8192_8192_fr(%a: tensor<9x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<9x8192xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x8192xf16>, tensor<8192x8192xf16> -> tensor<9x8192xf16>
    return %c : tensor<9x8192xf16>
  }
  func.func @s9_6144_4096_def(%a: tensor<9x4096xf16>, %b: tensor<4096x6144xf16>) -> tensor<9x6144xf16> {
    %c = mini.matmul %a, %b : tensor<9x4096xf16>, tensor<4096x6144xf16> -> tensor<9x6144xf16>
    return %c : tensor<9x6144xf16>
  }
  func.func @s9_6144_4096_n32(%a: tensor<9x4096xf16>, %b: tensor<4096x6144xf16>) -> tensor<9x6144xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x4096xf16>, tensor<4096x6144xf16> -> tensor<9x6144xf16>
    return %c : tensor<9x6144xf16>
  }
  func.func @s9_6144_4096_fr(%a: tensor<9x4096xf16>, %b: tensor<4096x6144xf16>) -> tensor<9x6144xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<9x4096xf16>, tensor<4096x6144xf16> -> tensor<9x6144xf16>
    return %c : tensor<9x6144xf16>
  }
  func.func @s16_4096_14336_def(%a: tensor<16x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b : tensor<16x14336xf16>, tensor<14336x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s16_4096_14336_n32(%a: tensor<16x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x14336xf16>, tensor<14336x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s16_4096_14336_fr(%a: tensor<16x14336xf16>, %b: tensor<14336x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x14336xf16>, tensor<14336x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s16_4096_11008_def(%a: tensor<16x11008xf16>, %b: tensor<11008x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b : tensor<16x11008xf16>, tensor<11008x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s16_4096_11008_n32(%a: tensor<16x11008xf16>, %b: tensor<11008x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x11008xf16>, tensor<11008x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s16_4096_11008_fr(%a: tensor<16x11008xf16>, %b: tensor<11008x4096xf16>) -> tensor<16x4096xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x11008xf16>, tensor<11008x4096xf16> -> tensor<16x4096xf16>
    return %c : tensor<16x4096xf16>
  }
  func.func @s16_11008_4096_def(%a: tensor<16x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<16x11008xf16> {
    %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x11008xf16> -> tensor<16x11008xf16>
    return %c : tensor<16x11008xf16>
  }
  func.func @s16_11008_4096_n32(%a: tensor<16x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<16x11008xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x4096xf16>, tensor<4096x11008xf16> -> tensor<16x11008xf16>
    return %c : tensor<16x11008xf16>
  }
  func.func @s16_11008_4096_fr(%a: tensor<16x4096xf16>, %b: tensor<4096x11008xf16>) -> tensor<16x11008xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x4096xf16>, tensor<4096x11008xf16> -> tensor<16x11008xf16>
    return %c : tensor<16x11008xf16>
  }
  func.func @s16_8192_8192_def(%a: tensor<16x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<16x8192xf16> {
    %c = mini.matmul %a, %b : tensor<16x8192xf16>, tensor<8192x8192xf16> -> tensor<16x8192xf16>
    return %c : tensor<16x8192xf16>
  }
  func.func @s16_8192_8192_n32(%a: tensor<16x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<16x8192xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x8192xf16>, tensor<8192x8192xf16> -> tensor<16x8192xf16>
    return %c : tensor<16x8192xf16>
  }
  func.func @s16_8192_8192_fr(%a: tensor<16x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<16x8192xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x8192xf16>, tensor<8192x8192xf16> -> tensor<16x8192xf16>
    return %c : tensor<16x8192xf16>
  }
  func.func @s16_6144_4096_def(%a: tensor<16x4096xf16>, %b: tensor<4096x6144xf16>) -> tensor<16x6144xf16> {
    %c = mini.matmul %a, %b : tensor<16x4096xf16>, tensor<4096x6144xf16> -> tensor<16x6144xf16>
    return %c : tensor<16x6144xf16>
  }
  func.func @s16_6144_4096_n32(%a: tensor<16x4096xf16>, %b: tensor<4096x6144xf16>) -> tensor<16x6144xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 32, tile_n = 64, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x4096xf16>, tensor<4096x6144xf16> -> tensor<16x6144xf16>
    return %c : tensor<16x6144xf16>
  }
  func.func @s16_6144_4096_fr(%a: tensor<16x4096xf16>, %b: tensor<4096x6144xf16>) -> tensor<16x6144xf16> {
    %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 64, tile_n = 128, tile_k = 64, warps_m = 2, warps_n = 4, stages = 4, math = "mma_sync", copy = "tma", producer_warps = 4, tail_splits = 8>} : tensor<16x4096xf16>, tensor<4096x6144xf16> -> tensor<16x6144xf16>
    return %c : tensor<16x6144xf16>
  }
}
