// Tests lib/Transforms/SelectMatmulConfig.cpp.
// RUN: mini-opt %s -split-input-file -mini-select-matmul-config="math=wmma tile-k=64 stages=5" -verify-diagnostics
// Unknown words in the unit and copy options fail the pass before any op:
// RUN: not mini-opt %s -mini-select-matmul-config="math=hmma" 2>&1 | FileCheck %s --check-prefix=MATH
// RUN: not mini-opt %s -mini-select-matmul-config="copy=bulk" 2>&1 | FileCheck %s --check-prefix=COPY
// MATH: error: mini-select-matmul-config: math must be simt, mma_sync, wmma, wgmma or gemv and copy cp_async or tma; got math=hmma copy={{$}}
// COPY: error: mini-select-matmul-config: math must be simt, mma_sync, wmma, wgmma or gemv and copy cp_async or tma; got math= copy=bulk
// RUN: not mini-opt %s -mini-select-matmul-config="precision=fp16" 2>&1 | FileCheck %s --check-prefix=PRECISION
// PRECISION: error: mini-select-matmul-config: precision must be tf32 or ieee; got precision=fp16

// 5 x (128x72 + 64x264) halves + 8 warps x 16x16 f32 = 269312 bytes.
func.func @too_much_shared_memory(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf32> {
  // expected-error @+1 {{matmul_config needs 269312 bytes of shared memory, more than the 232448 one block may use}}
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

