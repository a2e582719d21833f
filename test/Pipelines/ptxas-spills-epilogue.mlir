// A fused epilogue (bias, erf GELU, a residual of C's shape) on a matmul of
// sizes known only at launch: the wgmma kernel, its stream-K tail and every
// size variant fit in registers. The wgmma kernel holds three store paths
// (aligned chunks, rows realigned for odd N, element by element); with the
// staged store's slots unrolled it spilled (12 bytes stored, docs/PERF.md
// "Odd N under a fused epilogue"). Its staged stores are loops: over batches
// of 8 chunks where a slab has several, and over the realigned slots.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit fuse-epilogue-min-k=0" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --implicit-check-not="Performance Loss"

// CHECK-COUNT-9: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Compiling entry function
func.func @epi_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>, %bias: tensor<?xf16>, %r: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  %0 = mini.add %c, %bias : tensor<?x?x?xf16>, tensor<?xf16> -> tensor<?x?x?xf16>
  %1 = mini.gelu %0 : tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  %2 = mini.add %1, %r : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %2 : tensor<?x?x?xf16>
}
