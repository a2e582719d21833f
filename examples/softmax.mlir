// Row softmax along the last dim.
func.func @softmax(%x: tensor<1024x4096xf16>) -> tensor<1024x4096xf16> {
  %y = mini.softmax %x : tensor<1024x4096xf16> -> tensor<1024x4096xf16>
  return %y : tensor<1024x4096xf16>
}
