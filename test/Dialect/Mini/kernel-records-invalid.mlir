// Tests lib/Dialect/Mini/KernelRecords.cpp: the dialect's discardable
// attributes are verified where they sit, so a malformed launch record is an
// error at its launch, never a bundle the runtime refuses.
// RUN: mini-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'gpu.func' op mini.mma_kind must be a #mini.math attribute (e.g. #mini.math<mma_sync>), got "mma_sync"}}
gpu.func @string_kind() kernel attributes {mini.mma_kind = "mma_sync"} {
  gpu.return
}

// -----

func.func @not_a_dictionary() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch_func' op mini.kernel must be a dictionary}}
  gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = "softmax"}
  return
}

// -----

func.func @missing_field() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch_func' op mini.kernel is missing field 'grid'}}
  gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}}}
  return
}

// -----

func.func @wrong_kind() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch_func' op mini.kernel field 'dynamic_shared_bytes' must be an integer, got "0"}}
  gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], attrs = {}, dynamic_shared_bytes = "0"}}
  return
}

// -----

func.func @bad_dtype() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch_func' op mini.kernel tensor dtype must be f16, bf16 or f32, got "f64"}}
  gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f64", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}}}
  return
}

// -----

func.func @bad_op() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch_func' op mini.kernel field 'op' must name a mini op (matmul, softmax, rmsnorm, layernorm, attention, add, mul, silu, gelu, scale, cast, transpose, causal_mask or elementwise), got "conv"}}
  gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "conv", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}}}
  return
}

// -----

func.func @two_dim_grid() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch_func' op mini.kernel field 'grid' must have 3 dims, got 2}}
  gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}}}
  return
}

// -----

func.func @companion_without_entry() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch_func' op mini.companion_kernels is missing field 'entry'}}
  gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {mini.kernel = {op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}}, mini.companion_kernels = [{op = "softmax", sizes = ["R", "C"], static_sizes = {C = -1 : i64, R = -1 : i64}, tensors = [{dims = ["R", "C"], dtype = "f32", name = "x", output = false}, {dims = ["R", "C"], dtype = "f32", name = "y", output = true}], grid = [{div = 1 : i64, sizes = ["R"]}, {div = 1 : i64, sizes = []}, {div = 1 : i64, sizes = []}], block = [128, 1, 1], dynamic_shared_bytes = 0 : i64, attrs = {}}]}
  return
}

// -----

func.func @unknown_attribute() {
  // expected-error @+1 {{'func.return' op has an unknown attribute of the mini dialect: mini.kernels}}
  func.return {mini.kernels = 1}
}

// -----

// expected-error @+1 {{'func.func' op mini.function is missing field 'launches'}}
func.func @function_without_launches() attributes {mini.function = {name = "f", args = [], results = [], buffers = []}} {
  return
}

// -----

// expected-error @+1 {{'func.func' op mini.function tensor dims must be sizes or size names, got [1.500000e+00]}}
func.func @function_float_dim() attributes {mini.function = {name = "f", args = [{name = "arg0", dtype = "f16", dims = [1.5]}], results = [], buffers = [], launches = []}} {
  return
}

// -----

// expected-error @+1 {{'func.func' op mini.function launch size 'R' must be an array of sizes and size names, got "arg0.0"}}
func.func @function_size_not_factors() attributes {mini.function = {name = "f", args = [], results = [], buffers = [], launches = [{kernel = "k", tensors = [], sizes = {R = "arg0.0"}}]}} {
  return
}

// -----

// mini.size_names: a name for each dynamic dim of a tensor argument.
// expected-error @+1 {{'func.func' op mini.size_names of argument 0 has 1 names; its type 'tensor<?x?xf16>' has 2 dynamic dims}}
func.func @size_names_count(%x: tensor<?x?xf16> {mini.size_names = ["tokens"]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op mini.size_names of argument 1: 'arg0.0' is not a name (a letter or _, then letters, digits or _)}}
func.func @size_names_not_a_name(%w: tensor<8xf16>, %x: tensor<?x8xf16> {mini.size_names = ["arg0.0"]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op mini.size_names of argument 0 must be an array of strings on a ranked tensor}}
func.func @size_names_not_strings(%x: tensor<?x8xf16> {mini.size_names = [1]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op has an unknown argument attribute of the mini dialect: mini.sizes}}
func.func @unknown_argument_attribute(%x: tensor<?x8xf16> {mini.sizes = ["tokens"]}) {
  return
}
