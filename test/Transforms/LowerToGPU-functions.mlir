// Tests the function records of lib/Transforms/LowerToGPU.cpp
// (Kernels/HostFunctions.cpp): what the manifest's "functions" say.
// RUN: mini-opt %s -split-input-file -mini-lower-to-gpu | FileCheck %s

// Arguments, results and intermediates by name; each launch binds its
// kernel's tensors (operands, then the result) and gives its sizes as
// products of static sizes and argument dims. The dims the ops require
// equal are one size: K of the matmul is x's dim 1, so w's dim 0 is named
// arg0.1; the bias length is the product's N, w's dim 1.
// CHECK-LABEL: func.func @mlp
// CHECK-SAME: mini.function = {
// CHECK-SAME: args = [{dims = ["arg0.0", "arg0.1"], dtype = "f16", name = "arg0"}, {dims = ["arg0.1", "arg1.1"], dtype = "f16", name = "arg1"}, {dims = ["arg1.1"], dtype = "f16", name = "arg2"}]
// CHECK-SAME: buffers = [{dims = ["arg0.0", "arg1.1"], dtype = "f16", name = "t0"}, {dims = ["arg0.0", "arg1.1"], dtype = "f16", name = "t1"}]
// CHECK-SAME: launches = [{kernel = "mlp_matmul", sizes = {K = ["arg0.1"], M = ["arg0.0"], N = ["arg1.1"], batch = [1]}, tensors = ["arg0", "arg1", "t0"]}
// CHECK-SAME: {kernel = "mlp_add", sizes = {C = ["arg1.1"], R = ["arg0.0"]}, tensors = ["t0", "arg2", "t1"]}
// CHECK-SAME: {kernel = "mlp_gelu", sizes = {C = ["arg1.1"], R = ["arg0.0"]}, tensors = ["t1", "result0"]}]
// CHECK-SAME: name = "mlp", results = [{dims = ["arg0.0", "arg1.1"], dtype = "f16", name = "result0"}]
func.func @mlp(%x: tensor<?x?xf16>, %w: tensor<?x?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %h = mini.matmul %x, %w : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  %hb = mini.add %h, %b : tensor<?x?xf16>, tensor<?xf16> -> tensor<?x?xf16>
  %y = mini.gelu %hb : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

// Static dims are numbers; a transpose swaps its input's dims, and sizes
// multiply static factors into one (batch = 2 x 8 = 16), then the names.
// A batched matmul's operands share their batch dims; attention's K and V
// their dims and Q's batch and head dim.
// CHECK-LABEL: func.func @scores
// CHECK-SAME: buffers = [{dims = [2, 8, 64, "arg1.2"], dtype = "f16", name = "t0"}]
// CHECK-SAME: {kernel = "scores_transpose", sizes = {C = [64], R = ["arg1.2"], batch = [16]}, tensors = ["arg1", "t0"]}
// CHECK-SAME: {kernel = "scores_matmul", sizes = {K = [64], M = ["arg0.2"], N = ["arg1.2"], batch = [16]}, tensors = ["arg0", "t0", "result0"]}
// CHECK-SAME: results = [{dims = [2, 8, "arg0.2", "arg1.2"], dtype = "f32", name = "result0"}]
func.func @scores(%q: tensor<2x8x?x64xf16>, %k: tensor<2x8x?x64xf16>) -> tensor<2x8x?x?xf32> {
  %kt = mini.transpose %k : tensor<2x8x?x64xf16> -> tensor<2x8x64x?xf16>
  %s = mini.matmul %q, %kt : tensor<2x8x?x64xf16>, tensor<2x8x64x?xf16> -> tensor<2x8x?x?xf32>
  return %s : tensor<2x8x?x?xf32>
}

// CHECK-LABEL: func.func @attend
// CHECK-SAME: args = [{dims = ["arg0.0", 8, "arg0.2", 64], dtype = "bf16", name = "arg0"}, {dims = ["arg0.0", 2, "arg1.2", 64], dtype = "bf16", name = "arg1"}, {dims = ["arg0.0", 2, "arg1.2", 64], dtype = "bf16", name = "arg2"}]
func.func @attend(%q: tensor<?x8x?x64xbf16>, %k: tensor<?x2x?x64xbf16>, %v: tensor<?x2x?x64xbf16>) -> tensor<?x8x?x64xbf16> {
  %o = mini.attention %q, %k, %v {scale = 0.125 : f32} : tensor<?x8x?x64xbf16>, tensor<?x2x?x64xbf16>, tensor<?x2x?x64xbf16> -> tensor<?x8x?x64xbf16>
  return %o : tensor<?x8x?x64xbf16>
}

// -----

// A reshape is a view: no launch and no buffer of its own. The kernels
// that read its result bind its input's buffer (q's projection t0 read as
// 1 x tokens x 32 x 128), with the reshape's dims (its dynamic dim is its
// input's); a returned reshape names its input's buffer "result0", so the
// last transpose writes the result. The host code reshapes with upstream's
// tensor.reshape.
// CHECK-LABEL: func.func @heads
// CHECK-SAME: buffers = [{dims = ["arg0.0", 4096], dtype = "f16", name = "t0"}, {dims = [1, 32, "arg0.0", 128], dtype = "f16", name = "t1"}, {dims = [1, 32, "arg0.0", 128], dtype = "f16", name = "t2"}]
// CHECK-SAME: launches = [{kernel = "heads_matmul", sizes = {K = [4096], M = ["arg0.0"], N = [4096], batch = [1]}, tensors = ["arg0", "arg1", "t0"]}
// CHECK-SAME: {kernel = "heads_transpose", sizes = {C = [32], R = ["arg0.0"], batch = [1], inner = [128]}, tensors = ["t0", "t1"]}
// CHECK-SAME: {kernel = "heads_attention", sizes = {B = [1], D = [128], G = [8], H = [32], S = ["arg0.0"], T = ["arg2.2"]}, tensors = ["t1", "arg2", "arg3", "t2"]}
// CHECK-SAME: {kernel = "heads_transpose_1", sizes = {C = ["arg0.0"], R = [32], batch = [1], inner = [128]}, tensors = ["t2", "result0"]}]
// CHECK-SAME: results = [{dims = ["arg0.0", 4096], dtype = "f16", name = "result0"}]
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xindex>
// CHECK: tensor.reshape %{{.*}}(%[[SHAPE]]) : (tensor<?x4096xf16>, tensor<4xindex>) -> tensor<1x?x32x128xf16>
// CHECK: tensor.reshape %{{.*}}(%{{.*}}) : (tensor<1x?x32x128xf16>, tensor<2xindex>) -> tensor<?x4096xf16>
func.func @heads(%x: tensor<?x4096xf16>, %wq: tensor<4096x4096xf16>, %k: tensor<1x8x?x128xf16>, %v: tensor<1x8x?x128xf16>) -> tensor<?x4096xf16> {
  %q = mini.matmul %x, %wq : tensor<?x4096xf16>, tensor<4096x4096xf16> -> tensor<?x4096xf16>
  %q4 = mini.reshape %q : tensor<?x4096xf16> -> tensor<1x?x32x128xf16>
  %qh = mini.transpose %q4 {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x?x32x128xf16> -> tensor<1x32x?x128xf16>
  %o = mini.attention %qh, %k, %v {causal} : tensor<1x32x?x128xf16>, tensor<1x8x?x128xf16>, tensor<1x8x?x128xf16> -> tensor<1x32x?x128xf16>
  %ot = mini.transpose %o {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x32x?x128xf16> -> tensor<1x?x32x128xf16>
  %y = mini.reshape %ot : tensor<1x?x32x128xf16> -> tensor<?x4096xf16>
  return %y : tensor<?x4096xf16>
}

// -----

// No record where the runtime could not run the function as launches
// alone: host code besides the mini ops, a result that is an argument (or
// a view of one), the same value returned twice (or two views of one).
// CHECK-LABEL: func.func @host_code
// CHECK-NOT: mini.function
// CHECK-LABEL: func.func @returns_argument
// CHECK-NOT: mini.function
// CHECK-LABEL: func.func @returns_twice
// CHECK-NOT: mini.function
// CHECK-LABEL: func.func @returns_view_of_argument
// CHECK-NOT: mini.function
// CHECK-LABEL: func.func @returns_two_views
// CHECK-NOT: mini.function
// CHECK: gpu.module
func.func @host_code(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = arith.constant dense<1.0> : tensor<8xf32>
  %y = mini.add %x, %c : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
func.func @returns_argument(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %y = mini.silu %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %y, %x : tensor<4x8xf32>, tensor<4x8xf32>
}
func.func @returns_twice(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %y = mini.silu %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %y, %y : tensor<4x8xf32>, tensor<4x8xf32>
}
func.func @returns_view_of_argument(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<32xf32>) {
  %y = mini.silu %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %v = mini.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  return %y, %v : tensor<4x8xf32>, tensor<32xf32>
}
func.func @returns_two_views(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<32xf32>) {
  %y = mini.silu %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %v = mini.reshape %y : tensor<4x8xf32> -> tensor<32xf32>
  return %y, %v : tensor<4x8xf32>, tensor<32xf32>
}

// -----

// Sizes by the names the arguments give (mini.size_names): "tokens" for
// x's and r's dim 0 (one name on two arguments: one size). A name the user
// gave stands for the dims it is unified with, even an earlier argument's:
// w's dim 0 is the matmul's K, x's "n"; w's dim 1 is the product's N, which
// the add unifies with r's "width".
// CHECK-LABEL: func.func @named
// CHECK-SAME: args = [{dims = ["tokens", "n"], dtype = "f16", name = "arg0"}, {dims = ["n", "width"], dtype = "f16", name = "arg1"}, {dims = ["tokens", "width"], dtype = "f16", name = "arg2"}]
// CHECK-SAME: launches = [{kernel = "named_matmul", sizes = {K = ["n"], M = ["tokens"], N = ["width"], batch = [1]}, tensors = ["arg0", "arg1", "t0"]}
// CHECK-SAME: {kernel = "named_add", sizes = {C = ["width"], R = ["tokens"]}, tensors = ["t0", "arg2", "result0"]}]
func.func @named(%x: tensor<?x?xf16> {mini.size_names = ["tokens", "n"]}, %w: tensor<?x?xf16>,
                 %r: tensor<?x?xf16> {mini.size_names = ["tokens", "width"]}) -> tensor<?x?xf16> {
  %h = mini.matmul %x, %w : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  %y = mini.add %h, %r : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
