// A Llama MLP block (7B sizes: hidden 4096, FFN 11008) on a dynamic number
// of tokens: RMSNorm, the gate and up projections, SwiGLU, the down
// projection and the residual. `mini-run BUNDLE --function llama_mlp --size
// tokens=N` runs it as one function, a launch per op (`mini.size_names`
// names x's dynamic dim; without it the size would be "arg0.0").
func.func @llama_mlp(%x: tensor<?x4096xf16> {mini.size_names = ["tokens"]}, %norm_w: tensor<4096xf16>,
                     %w_gate: tensor<4096x11008xf16>, %w_up: tensor<4096x11008xf16>,
                     %w_down: tensor<11008x4096xf16>) -> tensor<?x4096xf16> {
  %n = mini.rmsnorm %x, %norm_w {epsilon = 1.0e-05 : f32}
      : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
  %gate = mini.matmul %n, %w_gate : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %up = mini.matmul %n, %w_up : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %act = mini.silu %gate : tensor<?x11008xf16> -> tensor<?x11008xf16>
  %h = mini.mul %act, %up : tensor<?x11008xf16>, tensor<?x11008xf16> -> tensor<?x11008xf16>
  %down = mini.matmul %h, %w_down : tensor<?x11008xf16>, tensor<11008x4096xf16> -> tensor<?x4096xf16>
  %y = mini.add %down, %x : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  return %y : tensor<?x4096xf16>
}

// The same MLP as the second half of a decoder layer: the residual stream
// x plus the attention's output is normalized, and the sum is what the
// MLP's output adds to. mini-fuse makes the add and the RMSNorm one row
// kernel that also writes the sum.
func.func @llama_ffn(%x: tensor<?x4096xf16> {mini.size_names = ["tokens"]},
                     %attn: tensor<?x4096xf16> {mini.size_names = ["tokens"]}, %norm_w: tensor<4096xf16>,
                     %w_gate: tensor<4096x11008xf16>, %w_up: tensor<4096x11008xf16>,
                     %w_down: tensor<11008x4096xf16>) -> tensor<?x4096xf16> {
  %h = mini.add %x, %attn : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  %n = mini.rmsnorm %h, %norm_w {epsilon = 1.0e-05 : f32}
      : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
  %gate = mini.matmul %n, %w_gate : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %up = mini.matmul %n, %w_up : tensor<?x4096xf16>, tensor<4096x11008xf16> -> tensor<?x11008xf16>
  %act = mini.silu %gate : tensor<?x11008xf16> -> tensor<?x11008xf16>
  %g = mini.mul %act, %up : tensor<?x11008xf16>, tensor<?x11008xf16> -> tensor<?x11008xf16>
  %down = mini.matmul %g, %w_down : tensor<?x11008xf16>, tensor<11008x4096xf16> -> tensor<?x4096xf16>
  %y = mini.add %down, %h : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  return %y : tensor<?x4096xf16>
}
