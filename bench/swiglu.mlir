// SwiGLU's product pair (issue 29): silu(x W_gate) * (x W_up) as one kernel
// (mini-fuse's rule, the pair's wgmma kernel on sm_90a) beside the same
// written as two products and one elementwise kernel (which mini-fuse does
// not turn into a pair), at Llama-2 7B's and Llama-3 8B's FFN widths.
//   mini-run BUNDLE --bench --kernel pair_*_matmul        (ours vs 2 cuBLAS GEMMs)
//   mini-run BUNDLE --function pair_7b|split_7b --bench --size tokens=N
func.func @pair_7b(%x: tensor<?x4096xf16> {mini.size_names = ["tokens"]}, %wg: tensor<4096x11008xf16>,
                   %wu: tensor<4096x11008xf16>) -> tensor<?x11008xf16> {
  %g = mini.matmul %x, %wg : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %u = mini.matmul %x, %wu : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %s = mini.silu %g : tensor<?x11008xf16> -> tensor<?x11008xf16>
  %h = mini.mul %s, %u : tensor<?x11008xf16>, tensor<?x11008xf16> -> tensor<?x11008xf16>
  return %h : tensor<?x11008xf16>
}
func.func @split_7b(%x: tensor<?x4096xf16> {mini.size_names = ["tokens"]}, %wg: tensor<4096x11008xf16>,
                    %wu: tensor<4096x11008xf16>) -> tensor<?x11008xf16> {
  %g = mini.matmul %x, %wg : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %u = mini.matmul %x, %wu : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %h = mini.elementwise %g, %u : tensor<?x11008xf16>, tensor<?x11008xf16> -> tensor<?x11008xf16> {
  ^bb0(%a: f32, %b: f32):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %one, %e : f32
    %q = arith.divf %a, %d fastmath<afn> : f32
    %p = arith.mulf %q, %b : f32
    mini.yield %p : f32
  }
  return %h : tensor<?x11008xf16>
}
func.func @pair_8b(%x: tensor<?x4096xbf16> {mini.size_names = ["tokens"]}, %wg: tensor<4096x14336xbf16>,
                   %wu: tensor<4096x14336xbf16>) -> tensor<?x14336xbf16> {
  %g = mini.matmul %x, %wg : tensor<?x4096xbf16>, tensor<4096x14336xbf16> -> tensor<?x14336xbf16>
  %u = mini.matmul %x, %wu : tensor<?x4096xbf16>, tensor<4096x14336xbf16> -> tensor<?x14336xbf16>
  %s = mini.silu %g : tensor<?x14336xbf16> -> tensor<?x14336xbf16>
  %h = mini.mul %s, %u : tensor<?x14336xbf16>, tensor<?x14336xbf16> -> tensor<?x14336xbf16>
  return %h : tensor<?x14336xbf16>
}
func.func @pair_7b_static(%x: tensor<4096x4096xf16>, %wg: tensor<4096x11008xf16>,
                          %wu: tensor<4096x11008xf16>) -> tensor<4096x11008xf16> {
  %g = mini.matmul %x, %wg : tensor<4096x4096xf16>, tensor<4096x11008xf16> -> tensor<4096x11008xf16>
  %u = mini.matmul %x, %wu : tensor<4096x4096xf16>, tensor<4096x11008xf16> -> tensor<4096x11008xf16>
  %s = mini.silu %g : tensor<4096x11008xf16> -> tensor<4096x11008xf16>
  %h = mini.mul %s, %u : tensor<4096x11008xf16>, tensor<4096x11008xf16> -> tensor<4096x11008xf16>
  return %h : tensor<4096x11008xf16>
}
