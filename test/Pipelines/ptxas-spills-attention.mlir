// The tensor-core attention kernel at its default configs (D = 64 bf16,
// 128 f16 causal, 256 f16 causal, and 80, an odd multiple of 8), its
// decode and combine kernels fit in registers: ptxas reports no spills (one
// exception, below). ptxas lists the kernels last function first.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// CHECK: Compiling entry function 'd80_attention_combine' for 'sm_90a'
// CHECK-NEXT: Function properties for d80_attention_combine
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd80_attention_decode' for 'sm_90a'
// CHECK-NEXT: Function properties for d80_attention_decode
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd80_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for d80_attention
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd256_attention_combine' for 'sm_90a'
// CHECK-NEXT: Function properties for d256_attention_combine
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// The decode kernel at D = 256 with causal spills a few hundred bytes (255
// registers; the main kernel has 253): it is not a default decode shape.
// CHECK: Compiling entry function 'd256_attention_decode' for 'sm_90a'
// CHECK: Compiling entry function 'd256_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for d256_attention
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd128_attention_combine' for 'sm_90a'
// CHECK-NEXT: Function properties for d128_attention_combine
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd128_attention_decode' for 'sm_90a'
// CHECK-NEXT: Function properties for d128_attention_decode
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd128_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for d128_attention
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd64_attention_combine' for 'sm_90a'
// CHECK-NEXT: Function properties for d64_attention_combine
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd64_attention_decode' for 'sm_90a'
// CHECK-NEXT: Function properties for d64_attention_decode
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd64_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for d64_attention
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Compiling entry function
func.func @d64(%q: tensor<?x?x?x64xbf16>, %k: tensor<?x?x?x64xbf16>, %v: tensor<?x?x?x64xbf16>) -> tensor<?x?x?x64xbf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16>, tensor<?x?x?x64xbf16> -> tensor<?x?x?x64xbf16>
  return %o : tensor<?x?x?x64xbf16>
}
func.func @d128(%q: tensor<?x?x?x128xf16>, %k: tensor<?x?x?x128xf16>, %v: tensor<?x?x?x128xf16>) -> tensor<?x?x?x128xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16>, tensor<?x?x?x128xf16> -> tensor<?x?x?x128xf16>
  return %o : tensor<?x?x?x128xf16>
}
func.func @d256(%q: tensor<?x?x?x256xf16>, %k: tensor<?x?x?x256xf16>, %v: tensor<?x?x?x256xf16>) -> tensor<?x?x?x256xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16>, tensor<?x?x?x256xf16> -> tensor<?x?x?x256xf16>
  return %o : tensor<?x?x?x256xf16>
}
func.func @d80(%q: tensor<?x?x?x80xf16>, %k: tensor<?x?x?x80xf16>, %v: tensor<?x?x?x80xf16>) -> tensor<?x?x?x80xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x80xf16>, tensor<?x?x?x80xf16>, tensor<?x?x?x80xf16> -> tensor<?x?x?x80xf16>
  return %o : tensor<?x?x?x80xf16>
}
