// Tests lib/Transforms/SelectAttentionConfig.cpp.
// RUN: mini-opt %s -split-input-file -mini-select-attention-config | FileCheck %s
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="math=simt" | FileCheck %s --check-prefix=SIMT
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="warps=4 tile-keys=32" | FileCheck %s --check-prefix=TILES
// RUN: mini-opt %s -split-input-file -mini-select-attention-config="split-keys=0" | FileCheck %s --check-prefix=NODECODE

// f16 and bf16 with D a multiple of 8 up to 128: tensor cores. On sm_90a
// (the default chip) wgmma: 8 consumer warps, 128-key tiles (12 warps up to
// D = 64). Elsewhere (or
// with math=mma_sync) mma_sync: 4 warps, Q in registers (the defaults, not
// printed); 64-key tiles, or past D = 64 without causal, 32.
// With causal up to D = 128, wgmma also gets a short_config: one
// warpgroup, 64-key tiles (the defaults, not printed), two blocks an SM,
// for at most 1024 keys (8192 up to D = 64). Options mean one kernel: no
// short_config.
// CHECK-LABEL: func.func @f16_d128
// CHECK: mini.attention {{.*}}{causal, config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128>, short_config = #mini.attention_config<math = "wgmma">}
// SM80-LABEL: func.func @f16_d128
// SM80: mini.attention {{.*}}config = #mini.attention_config<math = "mma_sync">}
// SIMT-LABEL: func.func @f16_d128
// SIMT: config = #mini.attention_config<math = "simt">}
// TILES-LABEL: func.func @f16_d128
// TILES: config = #mini.attention_config<math = "wgmma", tile_keys = 32>}
// NODECODE-LABEL: func.func @f16_d128
// NODECODE: config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128, split_keys = 0>}
func.func @f16_d128(%q: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %q, %q {causal} : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}

// -----

// Up to D = 64, three consumer warpgroups; with causal, 96-key tiles.
// Without causal too, the short_config is one warpgroup on 64-key tiles
// (three blocks an SM).
// CHECK-LABEL: func.func @bf16_d64_and_d96
// CHECK: {config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 128>, short_config = #mini.attention_config<math = "wgmma">} :{{.*}}x64xbf16>
// CHECK: {causal, config = #mini.attention_config<math = "wgmma", warps = 12, tile_keys = 96>, short_config = #mini.attention_config<math = "wgmma">}{{.*}}x64xbf16>
// CHECK: {config = #mini.attention_config<math = "wgmma", warps = 8, tile_keys = 128>} :{{.*}}x96xbf16>
// SM80-LABEL: func.func @bf16_d64_and_d96
// SM80: config = #mini.attention_config<math = "mma_sync">{{.*}}x64xbf16>
// SM80: {causal, config = #mini.attention_config<math = "mma_sync">}{{.*}}x64xbf16>
// SM80: config = #mini.attention_config<math = "mma_sync", tile_keys = 32>{{.*}}x96xbf16>
func.func @bf16_d64_and_d96(%q: tensor<?x?x?x64xbf16>, %r: tensor<?x?x?x96xbf16>) {
  %o = mini.attention %q, %q, %q : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  %c = mini.attention %q, %q, %q {causal} : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  %p = mini.attention %r, %r, %r : tensor<?x?x?x96xbf16>, tensor<?x?x?x96xbf16>, tensor<?x?x?x96xbf16> -> tensor<?x?x?x96xbf16>
  return
}

// -----

// Past D = 128: wgmma with 64-key tiles; mma_sync re-reads Q per tile.
// CHECK-LABEL: func.func @bf16_d256
// CHECK: config = #mini.attention_config<math = "wgmma", warps = 8>{{.*}}x256xbf16>
// CHECK: {causal, config = #mini.attention_config<math = "wgmma", warps = 8>}
// SM80-LABEL: func.func @bf16_d256
// SM80: config = #mini.attention_config<math = "mma_sync", tile_keys = 32, keep_q = false>
func.func @bf16_d256(%q: tensor<?x?x?x256xbf16>) -> tensor<?x?x?x256xbf16> {
  %o = mini.attention %q, %q, %q : tensor<?x?x?x256xbf16>, tensor<?x?x?x256xbf16>, tensor<?x?x?x256xbf16> -> tensor<?x?x?x256xbf16>
  %p = mini.attention %o, %o, %o {causal} : tensor<?x?x?x256xbf16>, tensor<?x?x?x256xbf16>, tensor<?x?x?x256xbf16> -> tensor<?x?x?x256xbf16>
  return %p : tensor<?x?x?x256xbf16>
}

// -----

// f32, D not a multiple of 8, D past 256, D dynamic: CUDA cores.
// CHECK-LABEL: func.func @cuda_cores
// CHECK: mini.attention {{.*}}config = #mini.attention_config<math = "simt">{{.*}}xf32>
// CHECK: mini.attention {{.*}}config = #mini.attention_config<math = "simt">{{.*}}x100xf16>
// CHECK: mini.attention {{.*}}config = #mini.attention_config<math = "simt">{{.*}}x512xf16>
// CHECK: mini.attention {{.*}}config = #mini.attention_config<math = "simt">{{.*}}x?xf16>
func.func @cuda_cores(%a: tensor<1x2x3x64xf32>, %b: tensor<1x2x3x100xf16>, %c: tensor<1x2x3x512xf16>, %d: tensor<1x2x3x?xf16>) {
  %0 = mini.attention %a, %a, %a : tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32>, tensor<1x2x3x64xf32> -> tensor<1x2x3x64xf32>
  %1 = mini.attention %b, %b, %b : tensor<1x2x3x100xf16>, tensor<1x2x3x100xf16>, tensor<1x2x3x100xf16> -> tensor<1x2x3x100xf16>
  %2 = mini.attention %c, %c, %c : tensor<1x2x3x512xf16>, tensor<1x2x3x512xf16>, tensor<1x2x3x512xf16> -> tensor<1x2x3x512xf16>
  %3 = mini.attention %d, %d, %d {scale = 0.1 : f32} : tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16> -> tensor<1x2x3x?xf16>
  return
}

// -----

// A config already present stays (options replace it).
// CHECK-LABEL: func.func @kept
// CHECK: config = #mini.attention_config<math = "mma_sync", warps = 2>
// SIMT-LABEL: func.func @kept
// SIMT: config = #mini.attention_config<math = "simt">
func.func @kept(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
  %o = mini.attention %q, %q, %q {config = #mini.attention_config<math = "mma_sync", warps = 2>} : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
  return %o : tensor<1x2x3x64xf16>
}
