// Every example in examples/ parses and verifies.
// RUN: mini-opt %mini_src/examples/matmul.mlir | FileCheck %s --check-prefix=MATMUL
// RUN: mini-opt %mini_src/examples/softmax.mlir | FileCheck %s --check-prefix=SOFTMAX
// RUN: mini-opt %mini_src/examples/rmsnorm.mlir | FileCheck %s --check-prefix=RMSNORM
// RUN: mini-opt %mini_src/examples/attention.mlir | FileCheck %s --check-prefix=ATTENTION
// RUN: mini-opt %mini_src/examples/llama_mlp.mlir | FileCheck %s --check-prefix=MLP
// RUN: mini-opt %mini_src/examples/llama_block.mlir | FileCheck %s --check-prefix=BLOCK

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
// BLOCK: func.func @llama_block(%{{.*}}: tensor<?x4096xf16> {mini.size_names = ["tokens"]}
// BLOCK: mini.rmsnorm
// BLOCK-COUNT-3: mini.matmul
// BLOCK-COUNT-3: mini.reshape
// BLOCK-COUNT-3: mini.transpose {{.*}}permutation = array<i64: 0, 2, 1, 3>
// BLOCK: mini.attention {{.*}}causal
// BLOCK: mini.transpose
// BLOCK: mini.reshape
// BLOCK: mini.matmul
// BLOCK: mini.add
