// Tests lib/Transforms/ExportBundle.cpp: each function's record becomes an
// entry of the manifest's "functions", beside the kernels it launches.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mini-opt %s --mini-pipeline="bundle=%t toolkit=%cuda_toolkit fuse=0" -o /dev/null
// RUN: FileCheck %s --input-file=%t/manifest.json

// CHECK: "functions": [
// CHECK-NEXT: {
// CHECK-NEXT: "args": [
// CHECK-NEXT: {
// CHECK-NEXT: "dims": [
// CHECK-NEXT: "arg0.0",
// CHECK-NEXT: 64
// CHECK-NEXT: ],
// CHECK-NEXT: "dtype": "bf16",
// CHECK-NEXT: "name": "arg0"
// CHECK: "buffers": [
// CHECK-NEXT: {
// CHECK-NEXT: "dims": [
// CHECK-NEXT: "arg0.0",
// CHECK-NEXT: 64
// CHECK-NEXT: ],
// CHECK-NEXT: "dtype": "bf16",
// CHECK-NEXT: "name": "t0"
// CHECK: "launches": [
// CHECK-NEXT: {
// CHECK-NEXT: "kernel": "block_silu",
// CHECK: "tensors": [
// CHECK-NEXT: "arg0",
// CHECK-NEXT: "t0"
// CHECK: "kernel": "block_add",
// CHECK: "tensors": [
// CHECK-NEXT: "t0",
// CHECK-NEXT: "arg0",
// CHECK-NEXT: "result0"
// CHECK: "name": "block",
// CHECK-NEXT: "results": [
// CHECK: "kernels": [
func.func @block(%x: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %s = mini.silu %x : tensor<?x64xbf16> -> tensor<?x64xbf16>
  %y = mini.add %s, %x : tensor<?x64xbf16>, tensor<?x64xbf16> -> tensor<?x64xbf16>
  return %y : tensor<?x64xbf16>
}
