// Malformed input gives a located diagnostic and exit code 1, never a crash.
// RUN: not mini-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected ','
func.func @missing_comma(%a: tensor<4x8xf16>, %b: tensor<8x4xf16>) {
  %c = mini.matmul %a %b : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf32>
  return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: custom op 'mini.unknown' is unknown
func.func @unknown_op(%a: tensor<4xf16>) {
  %c = mini.unknown %a : tensor<4xf16>
  return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'mini.softmax' op operand #0 must be ranked tensor
func.func @unranked(%x: tensor<*xf32>) {
  %y = "mini.softmax"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected
func.func @truncated(
