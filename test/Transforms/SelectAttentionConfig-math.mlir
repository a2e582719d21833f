// Tests lib/Transforms/SelectAttentionConfig.cpp: a math option other than
// the chip's default takes that math's tiling, not the default's.
// RUN: mini-opt %s -mini-select-attention-config="math=mma_sync" | FileCheck %s --check-prefix=MMA
// RUN: mini-opt %s -mini-select-attention-config="chip=sm_90a math=wgmma tile-keys=64" | FileCheck %s --check-prefix=WGMMA

// MMA-LABEL: func.func @f16_d128
// MMA: config = #mini.attention_config<math = "mma_sync", tile_keys = 32>
// MMA: {causal, config = #mini.attention_config<math = "mma_sync">}
// WGMMA-LABEL: func.func @f16_d128
// WGMMA: config = #mini.attention_config<math = "wgmma", warps = 8>
// WGMMA: {causal, config = #mini.attention_config<math = "wgmma", warps = 8>}
func.func @f16_d128(%q: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %q, %q : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  %p = mini.attention %o, %o, %o {causal} : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %p : tensor<?x?x?x128xf16>
}
