// Tests lib/Transforms/ExportBundle.cpp with lib/Transforms/LowerToGPU.cpp:
// with static sizes the stream-K tail kernel's launch folds away (the plan
// at these sizes needs none), but the runtime plans the tail per device and
// the kernel's record names it: the manifest still describes the tail kernel.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mini-opt %s --mini-pipeline="bundle=%t toolkit=%cuda_toolkit" -o /dev/null
// RUN: FileCheck %s --input-file=%t/manifest.json

// CHECK: "entry": "proj_matmul"
// CHECK: "split_tail": {
// CHECK: "kernel": "proj_matmul_split"
// CHECK: "entry": "proj_matmul_split"
// CHECK: "split_blocks": true
func.func @proj(%a: tensor<4096x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<4096x4096xbf16> {
  %c = mini.matmul %a, %b : tensor<4096x11008xbf16>, tensor<11008x4096xbf16> -> tensor<4096x4096xbf16>
  return %c : tensor<4096x4096xbf16>
}
