// mini-opt turns on the NVPTX backend's 32-bit shared-memory pointers
// (--nvptx-short-ptr, a process-wide LLVM option, set by the tool rather
// than by the pipeline library): ldmatrix reads a 32-bit address. The
// option given false (it may be repeated; the last one wins) brings back
// 64-bit ones.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit chip=sm_80" | %python %mini_src/scripts/extract-ptx.py | FileCheck %s --check-prefix=SHORT
// RUN: mini-opt %s --nvptx-short-ptr=false --mini-pipeline="format=isa toolkit=%cuda_toolkit chip=sm_80" | %python %mini_src/scripts/extract-ptx.py | FileCheck %s --check-prefix=LONG

// SHORT-LABEL: .entry mm_matmul(
// SHORT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%r{{[0-9]+}}];
// LONG-LABEL: .entry mm_matmul(
// LONG: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%rd{{[0-9]+}}];
func.func @mm(%a: tensor<256x256xf16>, %b: tensor<256x256xf16>) -> tensor<256x256xf32> {
  %c = mini.matmul %a, %b : tensor<256x256xf16>, tensor<256x256xf16> -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}
