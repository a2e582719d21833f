// A small function for errors.test: a bias, an activation, a residual.
func.func @f(%x: tensor<?x?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.add %x, %b : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  %z = mini.silu %y : tensor<?x?xf16> -> tensor<?x?xf16>
  %r = mini.add %z, %x : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}
