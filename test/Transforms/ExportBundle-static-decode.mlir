// Tests lib/Transforms/ExportBundle.cpp with lib/Transforms/LowerToGPU.cpp:
// with static sizes that take the decode kernel, the main kernel's launch
// folds away, but the decode launch carries the main and combine kernels'
// records: the manifest describes all three, and the main kernel names its
// parts and its rows per block (the runtime plans per device, and may
// choose differently).
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mini-opt %s --mini-pipeline="bundle=%t toolkit=%cuda_toolkit" -o /dev/null
// RUN: FileCheck %s --input-file=%t/manifest.json

// CHECK: "entry": "step_attention_decode"
// CHECK: "split_keys": {
// CHECK: "part": "decode"
// CHECK: "entry": "step_attention"
// CHECK: "split_keys": {
// CHECK-NEXT: "combine_kernel": "step_attention_combine",
// CHECK-NEXT: "decode_kernel": "step_attention_decode",
// CHECK-NEXT: "main_block_cost": 100,
// CHECK-NEXT: "main_rows": 192,
// CHECK-NEXT: "max_splits": 64,
// CHECK-NEXT: "rows": 64,
// CHECK-NEXT: "tile_keys": 64
// CHECK: "entry": "step_attention_combine"
// CHECK: "part": "combine"
func.func @step(%q: tensor<2x32x1x64xf16>, %k: tensor<2x8x4099x64xf16>, %v: tensor<2x8x4099x64xf16>) -> tensor<2x32x1x64xf16> {
  %o = mini.attention %q, %k, %v : tensor<2x32x1x64xf16>, tensor<2x8x4099x64xf16>, tensor<2x8x4099x64xf16> -> tensor<2x32x1x64xf16>
  return %o : tensor<2x32x1x64xf16>
}
