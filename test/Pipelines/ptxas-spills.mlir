// The tensor-core matmul at its default configs (f16 and bf16 through TMA,
// the cp.async pipeline and the WMMA lowering at the same tiling) fits in
// registers: ptxas reports no spills.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// Four kernels (ptxas reports them in any order), none spilling.
// CHECK: Compiling entry function '[[K1:[a-z0-9_]+]]_matmul' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K1]]_matmul
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K2:[a-z0-9_]+]]_matmul' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K2]]_matmul
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K3:[a-z0-9_]+]]_matmul' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K3]]_matmul
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function '[[K4:[a-z0-9_]+]]_matmul' for 'sm_90a'
// CHECK-NEXT: Function properties for [[K4]]_matmul
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Compiling entry function
func.func @f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @bf16(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xf32> {
  %c = mini.matmul %a, %b : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
func.func @wmma_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 3, math = "wmma">} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
func.func @cp_async_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 128, tile_n = 256, tile_k = 32, warps_m = 2, warps_n = 4, stages = 5, math = "mma_sync">} : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
