// Tests lib/Transforms/ExportBundle.cpp.
// RUN: mini-opt %s -split-input-file -mini-lower-to-gpu -mini-export-bundle="dir=%t" -verify-diagnostics
// RUN: not mini-opt %s -split-input-file -mini-lower-to-gpu -mini-export-bundle 2>&1 | FileCheck %s --check-prefix=NODIR

// NODIR: mini-export-bundle needs a directory: --mini-export-bundle="dir=PATH"

func.func @not_compiled(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{kernel module 'mini_kernels' has no gpu.binary: run gpu-module-to-binary before mini-export-bundle}}
  %y = mini.softmax %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// expected-error @+1 {{mini-export-bundle found no kernel launch made by mini-lower-to-gpu}}
module {
  func.func @nothing() {
    return
  }
}
// -----

// A record that names a kernel (here a stream-K tail kernel) no record
// describes, and an entry missing from its cubin: an error naming both,
// never a bundle that cannot load.
// expected-error @+1 {{mini-export-bundle: kernel 'k' names kernel 'k_split', which the bundle would not contain}}
module attributes {gpu.container_module} {
  gpu.binary @mini_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, bin = "k k_split">]
  func.func @f() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @mini_kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}, split_tail = {kernel = "k_split", max_splits = 4 : i64}}}
    return
  }
}

// -----

// expected-error @+1 {{mini-export-bundle: kernel 'k' is not in its cubin}}
module attributes {gpu.container_module} {
  gpu.binary @mini_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, bin = "other">]
  func.func @f() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @mini_kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}}}
    return
  }
}
