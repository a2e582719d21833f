// Tests lib/Transforms/SelectRowConfig.cpp.
// An override that does not fit the element type is an error, not a bad kernel.
// RUN: mini-opt %s -mini-select-row-config="vector-width=8" -verify-diagnostics

func.func @f32_rows(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  // expected-error @+1 {{row_config vector_width must be a power of two of at most 16 bytes; got 8 x 'f32'}}
  %y = mini.softmax %x : tensor<8x64xf32> -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
