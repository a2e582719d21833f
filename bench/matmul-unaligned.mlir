// Static matmuls whose rows are not whole 16-byte chunks (K or N odd, or
// not a multiple of 8 f16/bf16 values or 4 f32 ones): TMA cannot read A or B
// in place, so the runtime copies them into padded rows first (README,
// "Running bundles"); MINI_RT_PACK_ROWS=never gives the kernels' element
// path for comparison (docs/PERF.md, "Unaligned rows through TMA").
//   mini-opt bench/matmul-unaligned.mlir --mini-pipeline="chip=sm_90a bundle=B" -o /dev/null
//   mini-run B --bench
func.func @f16_4095x4097x4093(%a: tensor<4095x4093xf16>, %b: tensor<4093x4097xf16>) -> tensor<4095x4097xf16> {
  %c = mini.matmul %a, %b : tensor<4095x4093xf16>, tensor<4093x4097xf16> -> tensor<4095x4097xf16>
  return %c : tensor<4095x4097xf16>
}
func.func @bf16_4095x4097x4093(%a: tensor<4095x4093xbf16>, %b: tensor<4093x4097xbf16>) -> tensor<4095x4097xbf16> {
  %c = mini.matmul %a, %b : tensor<4095x4093xbf16>, tensor<4093x4097xbf16> -> tensor<4095x4097xbf16>
  return %c : tensor<4095x4097xbf16>
}
func.func @tf32_4095x4097x4093(%a: tensor<4095x4093xf32>, %b: tensor<4093x4097xf32>) -> tensor<4095x4097xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<4095x4093xf32>, tensor<4093x4097xf32> -> tensor<4095x4097xf32>
  return %c : tensor<4095x4097xf32>
}
func.func @f16_1000x1030x777(%a: tensor<1000x777xf16>, %b: tensor<777x1030xf16>) -> tensor<1000x1030xf16> {
  %c = mini.matmul %a, %b : tensor<1000x777xf16>, tensor<777x1030xf16> -> tensor<1000x1030xf16>
  return %c : tensor<1000x1030xf16>
}
func.func @f16_4096x4096x4095(%a: tensor<4096x4095xf16>, %b: tensor<4095x4096xf16>) -> tensor<4096x4096xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4095xf16>, tensor<4095x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
func.func @f16_4096x4095x4096(%a: tensor<4096x4096xf16>, %b: tensor<4096x4095xf16>) -> tensor<4096x4095xf16> {
  %c = mini.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4095xf16> -> tensor<4096x4095xf16>
  return %c : tensor<4096x4095xf16>
}
func.func @bf16_2x1000x1030x776(%a: tensor<2x1000x776xbf16>, %b: tensor<2x776x1030xbf16>) -> tensor<2x1000x1030xbf16> {
  %c = mini.matmul %a, %b : tensor<2x1000x776xbf16>, tensor<2x776x1030xbf16> -> tensor<2x1000x1030xbf16>
  return %c : tensor<2x1000x1030xbf16>
}
func.func @f16_8191x11007x4093(%a: tensor<8191x4093xf16>, %b: tensor<4093x11007xf16>) -> tensor<8191x11007xf16> {
  %c = mini.matmul %a, %b : tensor<8191x4093xf16>, tensor<4093x11007xf16> -> tensor<8191x11007xf16>
  return %c : tensor<8191x11007xf16>
}
func.func @tf32_2047x2049x2051(%a: tensor<2047x2051xf32>, %b: tensor<2051x2049xf32>) -> tensor<2047x2049xf32> {
  %c = mini.matmul %a, %b {precision = "tf32"} : tensor<2047x2051xf32>, tensor<2051x2049xf32> -> tensor<2047x2049xf32>
  return %c : tensor<2047x2049xf32>
}
func.func @f16_3x5x100003(%a: tensor<3x100003xf16>, %b: tensor<100003x5xf16>) -> tensor<3x5xf16> {
  %c = mini.matmul %a, %b : tensor<3x100003xf16>, tensor<100003x5xf16> -> tensor<3x5xf16>
  return %c : tensor<3x5xf16>
}
func.func @f16_255x257x32771(%a: tensor<255x32771xf16>, %b: tensor<32771x257xf16>) -> tensor<255x257xf16> {
  %c = mini.matmul %a, %b : tensor<255x32771xf16>, tensor<32771x257xf16> -> tensor<255x257xf16>
  return %c : tensor<255x257xf16>
}
