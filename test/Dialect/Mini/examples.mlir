// Every example in examples/ parses and verifies.
// RUN: mini-opt %mini_src/examples/matmul.mlir | FileCheck %s --check-prefix=MATMUL
// RUN: mini-opt %mini_src/examples/softmax.mlir | FileCheck %s --check-prefix=SOFTMAX
// RUN: mini-opt %mini_src/examples/rmsnorm.mlir | FileCheck %s --check-prefix=RMSNORM
// RUN: mini-opt %mini_src/examples/attention.mlir | FileCheck %s --check-prefix=ATTENTION
// RUN: mini-opt %mini_src/examples/llama_mlp.mlir | FileCheck %s --check-prefix=MLP

// MATMUL: mini.matmul
// SOFTMAX: mini.softmax
// RMSNORM: mini.rmsnorm
// ATTENTION: mini.attention {{.*}}causal
// MLP: mini.rmsnorm
// MLP: mini.matmul
// MLP: mini.matmul
// MLP: mini.silu
// MLP: mini.mul
// MLP: mini.matmul
// MLP: mini.add
