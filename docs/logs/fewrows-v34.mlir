// Few rows by N: static N and K (weights), dynamic M (tokens).
func.func @n1024(%x: tensor<?x4096xf16>, %w: tensor<4096x1024xf16>) -> tensor<?x1024xf16> {
  %y = mini.matmul %x, %w : tensor<?x4096xf16>, tensor<4096x1024xf16> -> tensor<?x1024xf16>
  return %y : tensor<?x1024xf16>
}
func.func @n2048(%x: tensor<?x4096xf16>, %w: tensor<4096x2048xf16>) -> tensor<?x2048xf16> {
  %y = mini.matmul %x, %w : tensor<?x4096xf16>, tensor<4096x2048xf16> -> tensor<?x2048xf16>
  return %y : tensor<?x2048xf16>
}
func.func @n4096(%x: tensor<?x4096xf16>, %w: tensor<4096x4096xf16>) -> tensor<?x4096xf16> {
  %y = mini.matmul %x, %w : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  return %y : tensor<?x4096xf16>
}
func.func @n4096_k14336(%x: tensor<?x14336xbf16>, %w: tensor<14336x4096xbf16>) -> tensor<?x4096xbf16> {
  %y = mini.matmul %x, %w : tensor<?x14336xbf16>, tensor<14336x4096xbf16> -> tensor<?x4096xbf16>
  return %y : tensor<?x4096xbf16>
}
func.func @n6144(%x: tensor<?x4096xf16>, %w: tensor<4096x6144xf16>) -> tensor<?x6144xf16> {
  %y = mini.matmul %x, %w : tensor<?x4096xf16>, tensor<4096x6144xf16> -> tensor<?x6144xf16>
  return %y : tensor<?x6144xf16>
}
func.func @n14336(%x: tensor<?x4096xf16>, %w: tensor<4096x14336xf16>) -> tensor<?x14336xf16> {
  %y = mini.matmul %x, %w : tensor<?x4096xf16>, tensor<4096x14336xf16> -> tensor<?x14336xf16>
  return %y : tensor<?x14336xf16>
}
