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
