// Tests the elementwise kernels of lib/Transforms/LowerToGPU.cpp
// (Kernels/ElementwiseKernels.cpp).
// RUN: mini-opt %s -split-input-file -mini-lower-to-gpu -canonicalize -cse | FileCheck %s

// A bias: rhs is the lhs's last dim, so the sizes are R (rows) and C (rhs's
// elements); one flat launch of ceil(R x C / 8192) blocks (256 threads x 4
// vectors of 8 f16); the record names the op, its tensors' dims and the
// vector width. A whole block loads its 4 vectors of a (and of b, one
// vector where C is a multiple of 8, else element by element mod C) before
// it stores any; only a partial block checks bounds.
// CHECK-LABEL: func.func @bias
// CHECK-DAG: %[[R:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x?xf16>
// CHECK-DAG: %[[C:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xf16>
// CHECK: %[[E:.*]] = arith.muli %[[R]], %[[C]]
// CHECK: %[[G:.*]] = arith.ceildivui %[[E]], %c8192
// CHECK: gpu.launch_func @mini_kernels::@bias_add blocks in (%[[G]], %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK-SAME: %[[R]] : index, %[[C]] : index)
// CHECK-SAME: attrs = {vector_width = 8 : i64}
// CHECK-SAME: op = "add", sizes = ["R", "C"]
// CHECK-SAME: tensors = [{dims = ["R", "C"], dtype = "f16", name = "a", output = false}, {dims = ["C"], dtype = "f16", name = "b", output = false}, {dims = ["R", "C"], dtype = "f16", name = "y", output = true}]
// CHECK: gpu.func @bias_add(%[[A:[a-z0-9_]+]]: memref<?xf16>, %[[B:[a-z0-9_]+]]: memref<?xf16>, %[[Y:[a-z0-9_]+]]: memref<?xf16>, %{{.*}}: index, %[[CK:[a-z0-9_]+]]: index)
// CHECK: %[[FULL:.*]] = arith.cmpi ule, %{{.*}}, %{{.*}} : index
// CHECK: scf.if %[[FULL]] {
// CHECK-COUNT-4: vector.load %[[A]][%{{.*}}] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq
// CHECK: scf.if %[[ALIGNED]]
// CHECK: %[[COL:.*]] = arith.remui %{{.*}}, %[[CK]] : index
// CHECK: vector.load %[[B]][%[[COL]]] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK: } else {
// CHECK-COUNT-8: memref.load %[[B]]
// CHECK: arith.addf
// CHECK: vector.store %{{.*}}, %[[Y]][%{{.*}}] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK: } else {
// CHECK: arith.cmpi ult
func.func @bias(%a: tensor<?x?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y = mini.add %a, %b : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

// Static sizes are constants in the kernel: C = 4096 is a multiple of the
// vector, so b is one vector load with no test, and 64 x 4096 fills whole
// blocks, so there is no partial-block path at all. A same-shape rhs is
// indexed like lhs.
// CHECK-LABEL: func.func @bias_static
// CHECK: gpu.launch_func @mini_kernels::@bias_static_add blocks in (%c32, %c1, %c1)
// CHECK: gpu.launch_func @mini_kernels::@bias_static_add_1 blocks in (%c32, %c1, %c1)
// CHECK-SAME: tensors = [{dims = ["R", "C"], dtype = "bf16", name = "a", output = false}, {dims = ["R", "C"], dtype = "bf16", name = "b", output = false}
// CHECK: gpu.func @bias_static_add(%[[A:[a-z0-9_]+]]: memref<?xbf16>, %[[B:[a-z0-9_]+]]: memref<?xbf16>
// CHECK-NOT: scf.if
// CHECK: %[[COL:.*]] = arith.remui %{{.*}}, %c4096 : index
// CHECK-NEXT: vector.load %[[B]][%[[COL]]] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
// CHECK-NOT: scf.if
// CHECK: gpu.return
// CHECK: gpu.func @bias_static_add_1(%[[A1:[a-z0-9_]+]]: memref<?xbf16>, %[[B1:[a-z0-9_]+]]: memref<?xbf16>
// CHECK-NOT: arith.remui
// CHECK: gpu.return
func.func @bias_static(%a: tensor<64x4096xbf16>, %b: tensor<4096xbf16>) -> tensor<64x4096xbf16> {
  %y = mini.add %a, %b : tensor<64x4096xbf16>, tensor<4096xbf16> -> tensor<64x4096xbf16>
  %z = mini.add %y, %a : tensor<64x4096xbf16>, tensor<64x4096xbf16> -> tensor<64x4096xbf16>
  return %z : tensor<64x4096xbf16>
}

// -----

// A cast moves 16 bytes of the wider type per access: 4 f32 in, 4 bf16 out.
// CHECK-LABEL: func.func @cast
// CHECK: %[[G:.*]] = arith.ceildivui %{{.*}}, %c4096
// CHECK: gpu.launch_func @mini_kernels::@cast_cast blocks in (%[[G]], %c1, %c1)
// CHECK-SAME: op = "cast"
// CHECK-SAME: tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "bf16", name = "y", output = true}]
// CHECK: gpu.func @cast_cast
// CHECK: vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: vector.store %{{.*}} {alignment = 8 : i64} : memref<?xbf16>, vector<4xbf16>
func.func @cast(%x: tensor<?x?xf32>) -> tensor<?x?xbf16> {
  %y = mini.cast %x : tensor<?x?xf32> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

// -----

// The activations in f32: silu as x / (1 + e^-x), gelu through erf or
// tanh, scale by its constant (recorded for the reference).
// CHECK-LABEL: func.func @activations
// CHECK: gpu.launch_func @mini_kernels::@activations_silu
// CHECK-SAME: op = "silu"
// CHECK: gpu.launch_func @mini_kernels::@activations_gelu
// CHECK-SAME: attrs = {tanh = false, vector_width = 8 : i64}
// CHECK-SAME: op = "gelu"
// CHECK: gpu.launch_func @mini_kernels::@activations_gelu_1
// CHECK-SAME: attrs = {tanh = true, vector_width = 8 : i64}
// CHECK-SAME: op = "gelu"
// CHECK: gpu.launch_func @mini_kernels::@activations_scale
// CHECK-SAME: attrs = {factor = 1.250000e-01 : f32, vector_width = 8 : i64}
// CHECK-SAME: op = "scale"
// CHECK: gpu.func @activations_silu
// CHECK: arith.negf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: gpu.func @activations_gelu(
// CHECK: math.erf
// CHECK: gpu.func @activations_gelu_1(
// CHECK: math.tanh
// CHECK: gpu.func @activations_scale
// CHECK: arith.mulf %{{.*}}, %cst{{.*}} : f32
func.func @activations(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %0 = mini.silu %x : tensor<?x?xf16> -> tensor<?x?xf16>
  %1 = mini.gelu %0 : tensor<?x?xf16> -> tensor<?x?xf16>
  %2 = mini.gelu %1 {approximate = "tanh"} : tensor<?x?xf16> -> tensor<?x?xf16>
  %3 = mini.scale %2 {factor = 0.125 : f32} : tensor<?x?xf16> -> tensor<?x?xf16>
  return %3 : tensor<?x?xf16>
}

// -----

// Transpose: the result's dynamic dims are the input's swapped; a block per
// 64 x 64 tile (grid: C tiles, R tiles, batch) staged as f32 in shared
// memory padded to 65 columns; 16 reads per thread before the barrier, 16
// writes after it; edge tiles check bounds.
// CHECK-LABEL: func.func @transpose
// CHECK-DAG: %[[R:.*]] = tensor.dim %{{.*}}, %c1 : tensor<2x?x?xf16>
// CHECK-DAG: %[[C:.*]] = tensor.dim %{{.*}}, %c2 : tensor<2x?x?xf16>
// CHECK: memref.alloc(%[[C]], %[[R]]) : memref<2x?x?xf16>
// CHECK-DAG: %[[GX:.*]] = arith.ceildivui %[[C]], %c64
// CHECK-DAG: %[[GY:.*]] = arith.ceildivui %[[R]], %c64
// CHECK: gpu.launch_func @mini_kernels::@transpose_transpose blocks in (%[[GX]], %[[GY]], %c2) threads in (%c256, %c1, %c1)
// CHECK-SAME: op = "transpose", sizes = ["batch", "R", "C"]
// CHECK-SAME: tensors = [{dims = ["batch", "R", "C"], dtype = "f16", name = "x", output = false}, {dims = ["batch", "C", "R"], dtype = "f16", name = "y", output = true}]
// CHECK: gpu.func @transpose_transpose({{.*}}) workgroup(%[[TILE:.*]] : memref<64x65xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.if
// CHECK-COUNT-16: memref.load %{{.*}} : memref<?xf16>
// CHECK-COUNT-16: memref.store %{{.*}}, %[[TILE]]
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-COUNT-16: memref.load %[[TILE]]
func.func @transpose(%x: tensor<2x?x?xf16>) -> tensor<2x?x?xf16> {
  %y = mini.transpose %x : tensor<2x?x?xf16> -> tensor<2x?x?xf16>
  return %y : tensor<2x?x?xf16>
}

// -----

// A swap with dims after it (tokens x heads x D -> heads x tokens x D):
// sizes batch x R x C x inner, flat over y like the elementwise kernels
// (8192 elements a block); each thread's 16-byte vectors are loaded from
// where x keeps them, ((z R + r) C + c) inner + i for output element
// ((z C + c) R + r) inner + i, all four before the first store.
// CHECK-LABEL: func.func @transpose_heads
// CHECK: %[[T:.*]] = tensor.dim %{{.*}}, %c1 : tensor<1x?x32x128xf16>
// CHECK: memref.alloc(%[[T]]) : memref<1x32x?x128xf16>
// CHECK: gpu.launch_func @mini_kernels::@transpose_heads_transpose
// CHECK-SAME: args(%{{.*}} : memref<?xf16>, %{{.*}} : memref<?xf16>, %c1 : index, %[[T]] : index, %c32 : index, %c128 : index)
// CHECK-SAME: attrs = {vector_width = 8 : i64}
// CHECK-SAME: grid = [{div = 8192 : i64, sizes = ["batch", "R", "C", "inner"]}
// CHECK-SAME: op = "transpose", sizes = ["batch", "R", "C", "inner"]
// CHECK-SAME: tensors = [{dims = ["batch", "R", "C", "inner"], dtype = "f16", name = "x", output = false}, {dims = ["batch", "C", "R", "inner"], dtype = "f16", name = "y", output = true}]
// CHECK: gpu.func @transpose_heads_transpose(%[[X:.*]]: memref<?xf16>, %[[Y:.*]]: memref<?xf16>, %{{.*}}: index, %[[R:.*]]: index, %{{.*}}: index, %{{.*}}: index)
// CHECK: %[[ROW:.*]] = arith.divui %[[N:.*]], %c128
// CHECK-NEXT: %[[r:.*]] = arith.remui %[[ROW]], %[[R]]
// CHECK-NEXT: %[[ZC:.*]] = arith.divui %[[ROW]], %[[R]]
// CHECK-NEXT: %[[c:.*]] = arith.remui %[[ZC]], %c32
// CHECK-NEXT: %[[z:.*]] = arith.divui %[[ZC]], %c32
// CHECK-NEXT: %[[i:.*]] = arith.remui %[[N]], %c128
// CHECK-NEXT: %[[ZR:.*]] = arith.muli %[[z]], %[[R]]
// CHECK-NEXT: %[[ZRr:.*]] = arith.addi %[[ZR]], %[[r]]
// CHECK-NEXT: %[[ZRC:.*]] = arith.muli %[[ZRr]], %c32
// CHECK-NEXT: %[[ZRCc:.*]] = arith.addi %[[ZRC]], %[[c]]
// CHECK-NEXT: %[[AT:.*]] = arith.muli %[[ZRCc]], %c128
// CHECK-NEXT: %[[FROM:.*]] = arith.addi %[[AT]], %[[i]]
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK-COUNT-4: vector.store %{{.*}}, %[[Y]][%{{.*}}] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK: gpu.return
func.func @transpose_heads(%x: tensor<1x?x32x128xf16>) -> tensor<1x32x?x128xf16> {
  %y = mini.transpose %x {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x?x32x128xf16> -> tensor<1x32x?x128xf16>
  return %y : tensor<1x32x?x128xf16>
}

// -----

// A run of 3 f32 (12 bytes) is not a whole number of vectors: each
// thread's four 16-byte slots of y are loaded element by element (16
// loads). A dynamic run takes 16-byte vectors where it is a multiple of 8
// bf16 (checked once per thread), else the same element-by-element path.
// CHECK-LABEL: func.func @transpose_odd_runs
// CHECK: gpu.launch_func @mini_kernels::@transpose_odd_runs_transpose
// CHECK-SAME: attrs = {vector_width = 1 : i64}
// CHECK-SAME: grid = [{div = 4096 : i64
// CHECK: gpu.launch_func @mini_kernels::@transpose_odd_runs_transpose_1
// CHECK-SAME: attrs = {vector_width = 8 : i64}
// CHECK-SAME: grid = [{div = 8192 : i64
// CHECK: gpu.func @transpose_odd_runs_transpose(
// CHECK-NOT: vector.load
// CHECK-COUNT-16: memref.load %{{.*}} : memref<?xf32>
// CHECK-NOT: memref.load
// CHECK: gpu.return
// CHECK: gpu.func @transpose_odd_runs_transpose_1(%{{.*}}: memref<?xbf16>, %{{.*}}: memref<?xbf16>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[RUN_LENGTH:.*]]: index)
// CHECK: %[[REM:.*]] = arith.remui %[[RUN_LENGTH]], %c8
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[REM]], %c0
// CHECK: scf.if %[[WHOLE]] {
// CHECK-COUNT-4: vector.load %{{.*}} : memref<?xbf16>, vector<8xbf16>
// CHECK-NOT: memref.load
// CHECK: } else {
// CHECK-COUNT-32: memref.load %{{.*}} : memref<?xbf16>
// CHECK: gpu.return
func.func @transpose_odd_runs(%x: tensor<5x7x3xf32>, %w: tensor<5x7x?xbf16>) -> (tensor<7x5x3xf32>, tensor<7x5x?xbf16>) {
  %y = mini.transpose %x {permutation = array<i64: 1, 0, 2>} : tensor<5x7x3xf32> -> tensor<7x5x3xf32>
  %v = mini.transpose %w {permutation = array<i64: 1, 0, 2>} : tensor<5x7x?xbf16> -> tensor<7x5x?xbf16>
  return %y, %v : tensor<7x5x3xf32>, tensor<7x5x?xbf16>
}

// -----

// The causal mask: sizes batch x S x T; per element, key j = i mod T of row
// (i / T) mod S is masked where i_row + T < j + S, and becomes -inf.
// CHECK-LABEL: func.func @mask
// CHECK: gpu.launch_func @mini_kernels::@mask_causal_mask
// CHECK-SAME: op = "causal_mask", sizes = ["batch", "S", "T"]
// CHECK: gpu.func @mask_causal_mask(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: index, %[[S:[a-z0-9_]+]]: index, %[[T:[a-z0-9_]+]]: index)
// CHECK: %[[Q:.*]] = arith.divui %{{.*}}, %[[T]] : index
// CHECK: %[[I:.*]] = arith.remui %[[Q]], %[[S]] : index
// CHECK: %[[BOUND:.*]] = arith.addi %[[I]], %[[T]] : index
// CHECK: %[[M:.*]] = arith.cmpi ult, %[[BOUND]], %{{.*}} : index
// CHECK: arith.select %{{.*}}, %cst{{.*}}, %{{.*}} : f32
func.func @mask(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %y = mini.causal_mask %x : tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// A fused chain: one kernel over its inputs x0.. (a broadcast one by C),
// the body cloned per element, and its program in the record for the
// reference: values 0..1 the inputs, then a step each; "result" the value
// written.
// CHECK-LABEL: func.func @fused
// CHECK: gpu.launch_func @mini_kernels::@fused_elementwise
// CHECK-SAME: attrs = {program = [{args = [0, 1], op = "addf"}, {args = [2], op = "tanh"}], result = 3 : i64, vector_width = 4 : i64}
// CHECK-SAME: op = "elementwise", sizes = ["R", "C"]
// CHECK-SAME: tensors = [{dims = ["R", "C"], dtype = "bf16", name = "x0", output = false}, {dims = ["C"], dtype = "f32", name = "x1", output = false}, {dims = ["R", "C"], dtype = "f16", name = "y", output = true}]
// CHECK: gpu.func @fused_elementwise
// CHECK-COUNT-4: math.tanh
func.func @fused(%x: tensor<?x64xbf16>, %b: tensor<64xf32>) -> tensor<?x64xf16> {
  %y = mini.elementwise %x, %b : tensor<?x64xbf16>, tensor<64xf32> -> tensor<?x64xf16> {
  ^bb0(%e: f32, %f: f32):
    %s = arith.addf %e, %f : f32
    %t = math.tanh %s : f32
    mini.yield %t : f32
  }
  return %y : tensor<?x64xf16>
}
