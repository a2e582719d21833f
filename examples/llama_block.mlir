// A Llama decoder layer (Llama 3 8B sizes: hidden 4096, 32 query heads and
// 8 key/value heads of 128, FFN 14336) on a dynamic number of tokens, as a
// prefill: RMSNorm, the Q, K and V projections, the heads split out of the
// projections (a reshape, a view, and a transpose of tokens and heads),
// causal attention with grouped K/V heads, the heads merged back, the
// output projection and the residual, RMSNorm, the SwiGLU MLP and the
// residual. Rotary position embeddings are not applied (mini has no op for
// them). `mini-run BUNDLE --function llama_block --size tokens=N` runs
// it: 15 launches after mini-fuse, which makes the first residual add and
// the second RMSNorm one row kernel (it also writes the sum), SwiGLU's
// silu and product one elementwise kernel, and the second residual add the
// down projection's epilogue (`fuse=0`: 18 launches).
func.func @llama_block(%x: tensor<?x4096xf16> {mini.size_names = ["tokens"]},
                       %attn_norm: tensor<4096xf16>,
                       %wq: tensor<4096x4096xf16>, %wk: tensor<4096x1024xf16>,
                       %wv: tensor<4096x1024xf16>, %wo: tensor<4096x4096xf16>,
                       %ffn_norm: tensor<4096xf16>, %w_gate: tensor<4096x14336xf16>,
                       %w_up: tensor<4096x14336xf16>, %w_down: tensor<14336x4096xf16>)
    -> tensor<?x4096xf16> {
  %n = mini.rmsnorm %x, %attn_norm {epsilon = 1.0e-05 : f32}
      : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
  %q = mini.matmul %n, %wq : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  %k = mini.matmul %n, %wk : tensor<?x4096xf16>, tensor<4096x1024xf16> -> tensor<?x1024xf16>
  %v = mini.matmul %n, %wv : tensor<?x4096xf16>, tensor<4096x1024xf16> -> tensor<?x1024xf16>
  %q_tokens = mini.reshape %q : tensor<?x4096xf16> -> tensor<1x?x32x128xf16>
  %k_tokens = mini.reshape %k : tensor<?x1024xf16> -> tensor<1x?x8x128xf16>
  %v_tokens = mini.reshape %v : tensor<?x1024xf16> -> tensor<1x?x8x128xf16>
  %q_heads = mini.transpose %q_tokens {permutation = array<i64: 0, 2, 1, 3>}
      : tensor<1x?x32x128xf16> -> tensor<1x32x?x128xf16>
  %k_heads = mini.transpose %k_tokens {permutation = array<i64: 0, 2, 1, 3>}
      : tensor<1x?x8x128xf16> -> tensor<1x8x?x128xf16>
  %v_heads = mini.transpose %v_tokens {permutation = array<i64: 0, 2, 1, 3>}
      : tensor<1x?x8x128xf16> -> tensor<1x8x?x128xf16>
  %o_heads = mini.attention %q_heads, %k_heads, %v_heads {causal}
      : tensor<1x32x?x128xf16>, tensor<1x8x?x128xf16>, tensor<1x8x?x128xf16> -> tensor<1x32x?x128xf16>
  %o_tokens = mini.transpose %o_heads {permutation = array<i64: 0, 2, 1, 3>}
      : tensor<1x32x?x128xf16> -> tensor<1x?x32x128xf16>
  %o = mini.reshape %o_tokens : tensor<1x?x32x128xf16> -> tensor<?x4096xf16>
  %attn = mini.matmul %o, %wo : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  %h = mini.add %attn, %x : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  %n2 = mini.rmsnorm %h, %ffn_norm {epsilon = 1.0e-05 : f32}
      : tensor<?x4096xf16>, tensor<4096xf16> -> tensor<?x4096xf16>
  %gate = mini.matmul %n2, %w_gate : tensor<?x4096xf16>, tensor<4096x14336xf16> -> tensor<?x14336xf16>
  %up = mini.matmul %n2, %w_up : tensor<?x4096xf16>, tensor<4096x14336xf16> -> tensor<?x14336xf16>
  %act = mini.silu %gate : tensor<?x14336xf16> -> tensor<?x14336xf16>
  %g = mini.mul %act, %up : tensor<?x14336xf16>, tensor<?x14336xf16> -> tensor<?x14336xf16>
  %down = mini.matmul %g, %w_down : tensor<?x14336xf16>, tensor<14336x4096xf16> -> tensor<?x4096xf16>
  %y = mini.add %down, %h : tensor<?x4096xf16>, tensor<?x4096xf16> -> tensor<?x4096xf16>
  return %y : tensor<?x4096xf16>
}
