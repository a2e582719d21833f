// A function's size names (mini.size_names on its arguments) survive the
// whole pipeline, bufferization included (the arguments become memrefs),
// and reach the manifest: mini-run takes --size tokens=N.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mini-opt %s --mini-pipeline="bundle=%t toolkit=%cuda_toolkit" -o %t.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.mlir
// RUN: FileCheck %s < %t/manifest.json

// HOST: func.func @scaled(%{{.*}}: memref<?x64xf16> {mini.size_names = ["tokens"]}, %{{.*}}: memref<?x64xf16> {mini.size_names = ["tokens"]})

// CHECK: "functions"
// CHECK: "args"
// CHECK-NEXT: {
// CHECK-NEXT: "dims": [
// CHECK-NEXT: "tokens",
// CHECK-NEXT: 64
// CHECK: "launches"
// CHECK: "R": [
// CHECK-NEXT: "tokens"
func.func @scaled(%x: tensor<?x64xf16> {mini.size_names = ["tokens"]},
                  %r: tensor<?x64xf16> {mini.size_names = ["tokens"]}) -> tensor<?x64xf16> {
  %y = mini.silu %x : tensor<?x64xf16> -> tensor<?x64xf16>
  %z = mini.add %y, %r : tensor<?x64xf16>, tensor<?x64xf16> -> tensor<?x64xf16>
  return %z : tensor<?x64xf16>
}
