// Attention configs at their limits (1, 3, 16 warps; 16, 48, 128, 256-key
// tiles; Q re-read), D 8, 64 and 136, each causal and not: correct, if slow.
// Then wgmma's (sm_90a), below.
func.func @d8_w1k16_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 1, tile_keys = 16>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w1k16(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 1, tile_keys = 16>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w16k256_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 256>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w16k256(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 256>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w3k48_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 3, tile_keys = 48>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w3k48(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 3, tile_keys = 48>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w16k16nq_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 16, keep_q = false>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w16k16nq(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 16, keep_q = false>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w2k128_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 2, tile_keys = 128>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d8_w2k128(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 2, tile_keys = 128>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @d64_w1k16_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 1, tile_keys = 16>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w1k16(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 1, tile_keys = 16>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w16k256_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 256>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w16k256(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 256>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w3k48_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 3, tile_keys = 48>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w3k48(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 3, tile_keys = 48>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w16k16nq_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 16, keep_q = false>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w16k16nq(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 16, keep_q = false>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w2k128_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 2, tile_keys = 128>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d64_w2k128(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 2, tile_keys = 128>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d136_w1k16_causal(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 1, tile_keys = 16>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @d136_w1k16(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 1, tile_keys = 16>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @d136_w3k48_causal(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 3, tile_keys = 48>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @d136_w3k48(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 3, tile_keys = 48>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @d136_w16k16nq_causal(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 16, keep_q = false>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @d136_w16k16nq(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 16, tile_keys = 16, keep_q = false>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @d136_w2k128_causal(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "mma_sync", warps = 2, tile_keys = 128>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @d136_w2k128(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "mma_sync", warps = 2, tile_keys = 128>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}

// wgmma (sm_90a): 4, 8 and 12 consumer warps, 16- to 256-key tiles, D 8, 64, 136 and 256.
func.func @wg_d8_w4k16_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 16>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @wg_d8_w4k16(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 16>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @wg_d8_w8k256_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 256>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @wg_d8_w8k256(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 256>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @wg_d64_w4k256_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 256>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d64_w4k256(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 256>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d64_w8k256_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 256>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d64_w8k256(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 256>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d64_w8k16_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 16>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d64_w8k16(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 16>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d136_w4k16_causal(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 16>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @wg_d136_w4k16(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 16>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @wg_d136_w8k64_causal(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 64>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @wg_d136_w8k64(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 64>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @wg_d256_w8k16_causal(%q: tensor<?x?x?x256xf16>, %k: tensor<?x?x?x256xf16>, %v: tensor<?x?x?x256xf16>) -> tensor<?x?x?x256xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 16>} : tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16> -> tensor<?x?x?x256xf16>
  return %o : tensor<?x?x?x256xf16>
}
func.func @wg_d256_w8k16(%q: tensor<?x?x?x256xf16>, %k: tensor<?x?x?x256xf16>, %v: tensor<?x?x?x256xf16>) -> tensor<?x?x?x256xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 16>} : tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16> -> tensor<?x?x?x256xf16>
  return %o : tensor<?x?x?x256xf16>
}
func.func @wg_d256_w4k96_causal(%q: tensor<?x?x?x256xf16>, %k: tensor<?x?x?x256xf16>, %v: tensor<?x?x?x256xf16>) -> tensor<?x?x?x256xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 96>} : tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16> -> tensor<?x?x?x256xf16>
  return %o : tensor<?x?x?x256xf16>
}
func.func @wg_d256_w4k96(%q: tensor<?x?x?x256xf16>, %k: tensor<?x?x?x256xf16>, %v: tensor<?x?x?x256xf16>) -> tensor<?x?x?x256xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 4, tile_keys = 96>} : tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16> -> tensor<?x?x?x256xf16>
  return %o : tensor<?x?x?x256xf16>
}
func.func @wg_d8_w12k192_causal(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 192>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @wg_d8_w12k192(%q: tensor<?x?x?x8xf16>, %k: tensor<?x?x?x8xf16>, %v: tensor<?x?x?x8xf16>) -> tensor<?x?x?x8xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 192>} : tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16>, tensor<?x?x?x8xf16> -> tensor<?x?x?x8xf16>
  return %o : tensor<?x?x?x8xf16>
}
func.func @wg_d64_w12k16_causal(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 16>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d64_w12k16(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 16>} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @wg_d136_w12k48_causal(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {causal, config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 48>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
func.func @wg_d136_w12k48(%q: tensor<?x?x?x136xf16>, %k: tensor<?x?x?x136xf16>, %v: tensor<?x?x?x136xf16>) -> tensor<?x?x?x136xf16> {
  %o = mini.attention %q, %k, %v {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 48>} : tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16>, tensor<?x?x?x136xf16> -> tensor<?x?x?x136xf16>
  return %o : tensor<?x?x?x136xf16>
}
