// RMSNorm along the last dim, accumulated in f32.
func.func @rmsnorm(%x: tensor<?x4096xbf16>, %w: tensor<4096xbf16>) -> tensor<?x4096xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<?x4096xbf16>, tensor<4096xbf16> -> tensor<?x4096xbf16>
  return %y : tensor<?x4096xbf16>
}
