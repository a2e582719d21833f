// An error at the binary step (here: no CUDA toolkit where the option
// points) is the tool's message at the input's location, a few lines, not
// the lowered module printed as a note.
// RUN: not mini-opt %s --mini-pipeline="toolkit=%t.nonexistent" 2>&1 | FileCheck %s
// RUN: not mini-opt %s --mini-pipeline="toolkit=%t.nonexistent" 2>&1 | wc -l | FileCheck %s --check-prefix=LINES

// CHECK: error: CUDA path: {{.*}}.nonexistent does not exist or is not a directory.
// CHECK-NOT: see current operation
// CHECK-NOT: gpu.module
// LINES: {{^ *[1-8]$}}
func.func @softmax(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
