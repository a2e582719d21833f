// Row ops at the lengths past the staged band (33 to 255 values), static
// shapes, rows x length ~ 2^24: rows that are not a whole number of
// 16-byte vectors (odd lengths, primes) beside aligned ones (64, 128).
//   mini-opt bench/rows-mid.mlir --mini-pipeline="bundle=DIR toolkit=/usr/local/cuda" -o /dev/null
func.func @softmax_f16_c33(%x: tensor<508400x33xf16>) -> tensor<508400x33xf16> {
  %y = mini.softmax %x : tensor<508400x33xf16> -> tensor<508400x33xf16>
  return %y : tensor<508400x33xf16>
}
func.func @softmax_f16_c37(%x: tensor<453438x37xf16>) -> tensor<453438x37xf16> {
  %y = mini.softmax %x : tensor<453438x37xf16> -> tensor<453438x37xf16>
  return %y : tensor<453438x37xf16>
}
func.func @softmax_f16_c47(%x: tensor<356962x47xf16>) -> tensor<356962x47xf16> {
  %y = mini.softmax %x : tensor<356962x47xf16> -> tensor<356962x47xf16>
  return %y : tensor<356962x47xf16>
}
func.func @softmax_f16_c61(%x: tensor<275036x61xf16>) -> tensor<275036x61xf16> {
  %y = mini.softmax %x : tensor<275036x61xf16> -> tensor<275036x61xf16>
  return %y : tensor<275036x61xf16>
}
func.func @softmax_f16_c64(%x: tensor<262144x64xf16>) -> tensor<262144x64xf16> {
  %y = mini.softmax %x : tensor<262144x64xf16> -> tensor<262144x64xf16>
  return %y : tensor<262144x64xf16>
}
func.func @softmax_f16_c100(%x: tensor<167772x100xf16>) -> tensor<167772x100xf16> {
  %y = mini.softmax %x : tensor<167772x100xf16> -> tensor<167772x100xf16>
  return %y : tensor<167772x100xf16>
}
func.func @softmax_f16_c127(%x: tensor<132104x127xf16>) -> tensor<132104x127xf16> {
  %y = mini.softmax %x : tensor<132104x127xf16> -> tensor<132104x127xf16>
  return %y : tensor<132104x127xf16>
}
func.func @softmax_f16_c128(%x: tensor<131072x128xf16>) -> tensor<131072x128xf16> {
  %y = mini.softmax %x : tensor<131072x128xf16> -> tensor<131072x128xf16>
  return %y : tensor<131072x128xf16>
}
func.func @softmax_f16_c200(%x: tensor<83886x200xf16>) -> tensor<83886x200xf16> {
  %y = mini.softmax %x : tensor<83886x200xf16> -> tensor<83886x200xf16>
  return %y : tensor<83886x200xf16>
}
func.func @softmax_f16_c255(%x: tensor<65793x255xf16>) -> tensor<65793x255xf16> {
  %y = mini.softmax %x : tensor<65793x255xf16> -> tensor<65793x255xf16>
  return %y : tensor<65793x255xf16>
}
func.func @rmsnorm_bf16_c33(%x: tensor<508400x33xbf16>, %w: tensor<33xbf16>) -> tensor<508400x33xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<508400x33xbf16>, tensor<33xbf16> -> tensor<508400x33xbf16>
  return %y : tensor<508400x33xbf16>
}
func.func @rmsnorm_bf16_c37(%x: tensor<453438x37xbf16>, %w: tensor<37xbf16>) -> tensor<453438x37xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<453438x37xbf16>, tensor<37xbf16> -> tensor<453438x37xbf16>
  return %y : tensor<453438x37xbf16>
}
func.func @rmsnorm_bf16_c47(%x: tensor<356962x47xbf16>, %w: tensor<47xbf16>) -> tensor<356962x47xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<356962x47xbf16>, tensor<47xbf16> -> tensor<356962x47xbf16>
  return %y : tensor<356962x47xbf16>
}
func.func @rmsnorm_bf16_c61(%x: tensor<275036x61xbf16>, %w: tensor<61xbf16>) -> tensor<275036x61xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<275036x61xbf16>, tensor<61xbf16> -> tensor<275036x61xbf16>
  return %y : tensor<275036x61xbf16>
}
func.func @rmsnorm_bf16_c64(%x: tensor<262144x64xbf16>, %w: tensor<64xbf16>) -> tensor<262144x64xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<262144x64xbf16>, tensor<64xbf16> -> tensor<262144x64xbf16>
  return %y : tensor<262144x64xbf16>
}
func.func @rmsnorm_bf16_c100(%x: tensor<167772x100xbf16>, %w: tensor<100xbf16>) -> tensor<167772x100xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<167772x100xbf16>, tensor<100xbf16> -> tensor<167772x100xbf16>
  return %y : tensor<167772x100xbf16>
}
func.func @rmsnorm_bf16_c127(%x: tensor<132104x127xbf16>, %w: tensor<127xbf16>) -> tensor<132104x127xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<132104x127xbf16>, tensor<127xbf16> -> tensor<132104x127xbf16>
  return %y : tensor<132104x127xbf16>
}
func.func @rmsnorm_bf16_c128(%x: tensor<131072x128xbf16>, %w: tensor<128xbf16>) -> tensor<131072x128xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<131072x128xbf16>, tensor<128xbf16> -> tensor<131072x128xbf16>
  return %y : tensor<131072x128xbf16>
}
func.func @rmsnorm_bf16_c200(%x: tensor<83886x200xbf16>, %w: tensor<200xbf16>) -> tensor<83886x200xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<83886x200xbf16>, tensor<200xbf16> -> tensor<83886x200xbf16>
  return %y : tensor<83886x200xbf16>
}
func.func @rmsnorm_bf16_c255(%x: tensor<65793x255xbf16>, %w: tensor<255xbf16>) -> tensor<65793x255xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<65793x255xbf16>, tensor<255xbf16> -> tensor<65793x255xbf16>
  return %y : tensor<65793x255xbf16>
}
func.func @layernorm_f16_c33(%x: tensor<508400x33xf16>, %w: tensor<33xf16>, %b: tensor<33xf16>) -> tensor<508400x33xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<508400x33xf16>, tensor<33xf16>, tensor<33xf16> -> tensor<508400x33xf16>
  return %y : tensor<508400x33xf16>
}
func.func @layernorm_f16_c37(%x: tensor<453438x37xf16>, %w: tensor<37xf16>, %b: tensor<37xf16>) -> tensor<453438x37xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<453438x37xf16>, tensor<37xf16>, tensor<37xf16> -> tensor<453438x37xf16>
  return %y : tensor<453438x37xf16>
}
func.func @layernorm_f16_c47(%x: tensor<356962x47xf16>, %w: tensor<47xf16>, %b: tensor<47xf16>) -> tensor<356962x47xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<356962x47xf16>, tensor<47xf16>, tensor<47xf16> -> tensor<356962x47xf16>
  return %y : tensor<356962x47xf16>
}
func.func @layernorm_f16_c61(%x: tensor<275036x61xf16>, %w: tensor<61xf16>, %b: tensor<61xf16>) -> tensor<275036x61xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<275036x61xf16>, tensor<61xf16>, tensor<61xf16> -> tensor<275036x61xf16>
  return %y : tensor<275036x61xf16>
}
func.func @layernorm_f16_c64(%x: tensor<262144x64xf16>, %w: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<262144x64xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<262144x64xf16>, tensor<64xf16>, tensor<64xf16> -> tensor<262144x64xf16>
  return %y : tensor<262144x64xf16>
}
func.func @layernorm_f16_c100(%x: tensor<167772x100xf16>, %w: tensor<100xf16>, %b: tensor<100xf16>) -> tensor<167772x100xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<167772x100xf16>, tensor<100xf16>, tensor<100xf16> -> tensor<167772x100xf16>
  return %y : tensor<167772x100xf16>
}
func.func @layernorm_f16_c127(%x: tensor<132104x127xf16>, %w: tensor<127xf16>, %b: tensor<127xf16>) -> tensor<132104x127xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<132104x127xf16>, tensor<127xf16>, tensor<127xf16> -> tensor<132104x127xf16>
  return %y : tensor<132104x127xf16>
}
func.func @layernorm_f16_c128(%x: tensor<131072x128xf16>, %w: tensor<128xf16>, %b: tensor<128xf16>) -> tensor<131072x128xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<131072x128xf16>, tensor<128xf16>, tensor<128xf16> -> tensor<131072x128xf16>
  return %y : tensor<131072x128xf16>
}
func.func @layernorm_f16_c200(%x: tensor<83886x200xf16>, %w: tensor<200xf16>, %b: tensor<200xf16>) -> tensor<83886x200xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<83886x200xf16>, tensor<200xf16>, tensor<200xf16> -> tensor<83886x200xf16>
  return %y : tensor<83886x200xf16>
}
func.func @layernorm_f16_c255(%x: tensor<65793x255xf16>, %w: tensor<255xf16>, %b: tensor<255xf16>) -> tensor<65793x255xf16> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<65793x255xf16>, tensor<255xf16>, tensor<255xf16> -> tensor<65793x255xf16>
  return %y : tensor<65793x255xf16>
}
func.func @softmax_f32_c33(%x: tensor<508400x33xf32>) -> tensor<508400x33xf32> {
  %y = mini.softmax %x : tensor<508400x33xf32> -> tensor<508400x33xf32>
  return %y : tensor<508400x33xf32>
}
func.func @softmax_f32_c37(%x: tensor<453438x37xf32>) -> tensor<453438x37xf32> {
  %y = mini.softmax %x : tensor<453438x37xf32> -> tensor<453438x37xf32>
  return %y : tensor<453438x37xf32>
}
func.func @softmax_f32_c47(%x: tensor<356962x47xf32>) -> tensor<356962x47xf32> {
  %y = mini.softmax %x : tensor<356962x47xf32> -> tensor<356962x47xf32>
  return %y : tensor<356962x47xf32>
}
func.func @softmax_f32_c61(%x: tensor<275036x61xf32>) -> tensor<275036x61xf32> {
  %y = mini.softmax %x : tensor<275036x61xf32> -> tensor<275036x61xf32>
  return %y : tensor<275036x61xf32>
}
func.func @softmax_f32_c64(%x: tensor<262144x64xf32>) -> tensor<262144x64xf32> {
  %y = mini.softmax %x : tensor<262144x64xf32> -> tensor<262144x64xf32>
  return %y : tensor<262144x64xf32>
}
func.func @softmax_f32_c100(%x: tensor<167772x100xf32>) -> tensor<167772x100xf32> {
  %y = mini.softmax %x : tensor<167772x100xf32> -> tensor<167772x100xf32>
  return %y : tensor<167772x100xf32>
}
func.func @softmax_f32_c127(%x: tensor<132104x127xf32>) -> tensor<132104x127xf32> {
  %y = mini.softmax %x : tensor<132104x127xf32> -> tensor<132104x127xf32>
  return %y : tensor<132104x127xf32>
}
func.func @softmax_f32_c128(%x: tensor<131072x128xf32>) -> tensor<131072x128xf32> {
  %y = mini.softmax %x : tensor<131072x128xf32> -> tensor<131072x128xf32>
  return %y : tensor<131072x128xf32>
}
func.func @softmax_f32_c200(%x: tensor<83886x200xf32>) -> tensor<83886x200xf32> {
  %y = mini.softmax %x : tensor<83886x200xf32> -> tensor<83886x200xf32>
  return %y : tensor<83886x200xf32>
}
func.func @softmax_f32_c255(%x: tensor<65793x255xf32>) -> tensor<65793x255xf32> {
  %y = mini.softmax %x : tensor<65793x255xf32> -> tensor<65793x255xf32>
  return %y : tensor<65793x255xf32>
}
func.func @rmsnorm_f32_c33(%x: tensor<508400x33xf32>, %w: tensor<33xf32>) -> tensor<508400x33xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<508400x33xf32>, tensor<33xf32> -> tensor<508400x33xf32>
  return %y : tensor<508400x33xf32>
}
func.func @rmsnorm_f32_c37(%x: tensor<453438x37xf32>, %w: tensor<37xf32>) -> tensor<453438x37xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<453438x37xf32>, tensor<37xf32> -> tensor<453438x37xf32>
  return %y : tensor<453438x37xf32>
}
func.func @rmsnorm_f32_c47(%x: tensor<356962x47xf32>, %w: tensor<47xf32>) -> tensor<356962x47xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<356962x47xf32>, tensor<47xf32> -> tensor<356962x47xf32>
  return %y : tensor<356962x47xf32>
}
func.func @rmsnorm_f32_c61(%x: tensor<275036x61xf32>, %w: tensor<61xf32>) -> tensor<275036x61xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<275036x61xf32>, tensor<61xf32> -> tensor<275036x61xf32>
  return %y : tensor<275036x61xf32>
}
func.func @rmsnorm_f32_c64(%x: tensor<262144x64xf32>, %w: tensor<64xf32>) -> tensor<262144x64xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<262144x64xf32>, tensor<64xf32> -> tensor<262144x64xf32>
  return %y : tensor<262144x64xf32>
}
func.func @rmsnorm_f32_c100(%x: tensor<167772x100xf32>, %w: tensor<100xf32>) -> tensor<167772x100xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<167772x100xf32>, tensor<100xf32> -> tensor<167772x100xf32>
  return %y : tensor<167772x100xf32>
}
func.func @rmsnorm_f32_c127(%x: tensor<132104x127xf32>, %w: tensor<127xf32>) -> tensor<132104x127xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<132104x127xf32>, tensor<127xf32> -> tensor<132104x127xf32>
  return %y : tensor<132104x127xf32>
}
func.func @rmsnorm_f32_c128(%x: tensor<131072x128xf32>, %w: tensor<128xf32>) -> tensor<131072x128xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<131072x128xf32>, tensor<128xf32> -> tensor<131072x128xf32>
  return %y : tensor<131072x128xf32>
}
func.func @rmsnorm_f32_c200(%x: tensor<83886x200xf32>, %w: tensor<200xf32>) -> tensor<83886x200xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<83886x200xf32>, tensor<200xf32> -> tensor<83886x200xf32>
  return %y : tensor<83886x200xf32>
}
func.func @rmsnorm_f32_c255(%x: tensor<65793x255xf32>, %w: tensor<255xf32>) -> tensor<65793x255xf32> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-05 : f32} : tensor<65793x255xf32>, tensor<255xf32> -> tensor<65793x255xf32>
  return %y : tensor<65793x255xf32>
}
func.func @layernorm_f32_c33(%x: tensor<508400x33xf32>, %w: tensor<33xf32>, %b: tensor<33xf32>) -> tensor<508400x33xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<508400x33xf32>, tensor<33xf32>, tensor<33xf32> -> tensor<508400x33xf32>
  return %y : tensor<508400x33xf32>
}
func.func @layernorm_f32_c37(%x: tensor<453438x37xf32>, %w: tensor<37xf32>, %b: tensor<37xf32>) -> tensor<453438x37xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<453438x37xf32>, tensor<37xf32>, tensor<37xf32> -> tensor<453438x37xf32>
  return %y : tensor<453438x37xf32>
}
func.func @layernorm_f32_c47(%x: tensor<356962x47xf32>, %w: tensor<47xf32>, %b: tensor<47xf32>) -> tensor<356962x47xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<356962x47xf32>, tensor<47xf32>, tensor<47xf32> -> tensor<356962x47xf32>
  return %y : tensor<356962x47xf32>
}
func.func @layernorm_f32_c61(%x: tensor<275036x61xf32>, %w: tensor<61xf32>, %b: tensor<61xf32>) -> tensor<275036x61xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<275036x61xf32>, tensor<61xf32>, tensor<61xf32> -> tensor<275036x61xf32>
  return %y : tensor<275036x61xf32>
}
func.func @layernorm_f32_c64(%x: tensor<262144x64xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<262144x64xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<262144x64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<262144x64xf32>
  return %y : tensor<262144x64xf32>
}
func.func @layernorm_f32_c100(%x: tensor<167772x100xf32>, %w: tensor<100xf32>, %b: tensor<100xf32>) -> tensor<167772x100xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<167772x100xf32>, tensor<100xf32>, tensor<100xf32> -> tensor<167772x100xf32>
  return %y : tensor<167772x100xf32>
}
func.func @layernorm_f32_c127(%x: tensor<132104x127xf32>, %w: tensor<127xf32>, %b: tensor<127xf32>) -> tensor<132104x127xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<132104x127xf32>, tensor<127xf32>, tensor<127xf32> -> tensor<132104x127xf32>
  return %y : tensor<132104x127xf32>
}
func.func @layernorm_f32_c128(%x: tensor<131072x128xf32>, %w: tensor<128xf32>, %b: tensor<128xf32>) -> tensor<131072x128xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<131072x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<131072x128xf32>
  return %y : tensor<131072x128xf32>
}
func.func @layernorm_f32_c200(%x: tensor<83886x200xf32>, %w: tensor<200xf32>, %b: tensor<200xf32>) -> tensor<83886x200xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<83886x200xf32>, tensor<200xf32>, tensor<200xf32> -> tensor<83886x200xf32>
  return %y : tensor<83886x200xf32>
}
func.func @layernorm_f32_c255(%x: tensor<65793x255xf32>, %w: tensor<255xf32>, %b: tensor<255xf32>) -> tensor<65793x255xf32> {
  %y = mini.layernorm %x, %w, %b {epsilon = 1.0e-05 : f32} : tensor<65793x255xf32>, tensor<255xf32>, tensor<255xf32> -> tensor<65793x255xf32>
  return %y : tensor<65793x255xf32>
}
