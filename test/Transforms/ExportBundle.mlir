// Tests lib/Transforms/ExportBundle.cpp.
// The bundle: one cubin (an ELF file) and a manifest with the ABI and launch shape.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mini-opt %s --mini-pipeline="bundle=%t toolkit=%cuda_toolkit" -o /dev/null
// RUN: FileCheck %s --input-file=%t/manifest.json
// RUN: od -An -c -N4 %t/mini_kernels.cubin | FileCheck %s --check-prefix=ELF

// ELF: 177 E L F

// CHECK: "abi": "each tensor: memref<?xT> descriptor (ptr, ptr, i64 offset, i64 size, i64 stride); each size: i64"
// CHECK: "chip": "sm_90a"
// CHECK: "format": "mini-bundle"
// CHECK: "kernels": [
// CHECK: "attrs": {
// CHECK-NEXT: "cache_slots": 4,
// CHECK-NEXT: "epsilon": 9.99999{{[0-9]+}}e-07,
// CHECK-NEXT: "rows_per_block": 1,
// CHECK-NEXT: "rows_per_warp": 1,
// CHECK-NEXT: "shared_slots": 0,
// CHECK-NEXT: "staged": false,
// CHECK-NEXT: "vector_width": 8,
// CHECK-NEXT: "warps_per_row": 4
// CHECK: "block": [
// CHECK-NEXT: 128,
// CHECK: "cubin": "mini_kernels.cubin"
// CHECK: "entry": "norm_rmsnorm"
// CHECK: "grid": [
// CHECK-NEXT: {
// CHECK-NEXT: "div": 1,
// CHECK-NEXT: "sizes": [
// CHECK-NEXT: "R"
// CHECK: "op": "rmsnorm"
// CHECK: "static_sizes": {
// CHECK-NEXT: "C": 4096,
// CHECK-NEXT: "R": -1
// CHECK: "tensors": [
// CHECK: "dtype": "bf16",
// CHECK-NEXT: "name": "x",
// CHECK-NEXT: "output": false
// CHECK: "name": "w",
// CHECK: "name": "y",
// CHECK-NEXT: "output": true
// CHECK: "entry": "norm_softmax"
// CHECK: "op": "softmax"
// A tf32 matmul's kernel says so: the runtime checks it at TF32's tolerance
// and times cuBLAS with TF32 allowed.
// CHECK: "attrs": {
// CHECK: "math": "mma_sync",
// CHECK: "tf32": true,
// CHECK: "entry": "proj_matmul"
// CHECK: "version": 1
func.func @norm(%x: tensor<?x4096xbf16>, %w: tensor<4096xbf16>) -> tensor<?x4096xbf16> {
  %y = mini.rmsnorm %x, %w {epsilon = 1.0e-06 : f32} : tensor<?x4096xbf16>, tensor<4096xbf16> -> tensor<?x4096xbf16>
  %z = mini.softmax %y : tensor<?x4096xbf16> -> tensor<?x4096xbf16>
  return %z : tensor<?x4096xbf16>
}
func.func @proj(%x: tensor<256x512xf32>, %w: tensor<512x384xf32>) -> tensor<256x384xf32> {
  %y = mini.matmul %x, %w {precision = "tf32"} : tensor<256x512xf32>, tensor<512x384xf32> -> tensor<256x384xf32>
  return %y : tensor<256x384xf32>
}
