// The tensor-core attention kernels at their default configs on sm_90a
// (wgmma main kernels, mma_sync decode kernels; D = 64 bf16, 128 f16
// causal, 256 f16 causal, and 80, an odd multiple of 8), and with
// attention-math=mma_sync (MMA), fit in registers: ptxas reports no spills
// (two exceptions, below), and so does the persistent one (p128, D = 128
// without causal). ptxas lists the kernels last function first.
// The default D = 128 kernel is wgmma fed by TMA (PTX); with causal, the
// producer keeps 40 registers for its warps' scan of V (redux.sync) and the
// consumers take 232.
// REQUIRES: cuda-toolkit
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit" | %python %mini_src/scripts/extract-ptx.py > %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: grep -c vote.sync.any %t.ptx | FileCheck %s --check-prefix=VOTES
// RUN: mini-opt %s --mini-pipeline="format=isa toolkit=%cuda_toolkit attention-math=mma_sync" | %python %mini_src/scripts/extract-ptx.py > %t.mma.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.mma.ptx -o %t.mma.cubin 2>&1 | FileCheck %s --check-prefix=MMA

// At D = 64 the max in use may go stale, and a warp whose rows kept theirs
// skips O's rescale (a vote per softmax step: each wgmma kernel's peeled
// first tile and its key loop, the decode kernel's loop); at larger D,
// where the tensor cores bound the loop, not: twelve votes in all (d64's
// two wgmma kernels, the short and the long, two each and its decode kernel
// one; c64's the same plus one a wgmma kernel for its diagonal tiles).
// VOTES: {{^}}12{{$}}
// PTX-LABEL: .entry d128_attention(
// PTX-DAG: setmaxnreg.dec.sync.aligned.u32 40
// PTX-DAG: cp.async.bulk.tensor.4d
// PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232
// PTX-DAG: redux.sync.max.u32
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// PTX-DAG: wgmma.wait_group.sync.aligned 0;
// PTX-LABEL: .entry d128_attention_decode(
// PTX: ldmatrix
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// Without causal the D = 128 kernel is persistent: its producer keeps 40
// registers for its work-item loop, and the consumers take 232.
// PTX-LABEL: .entry p128_attention(
// PTX-DAG: setmaxnreg.dec.sync.aligned.u32 40
// PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232
// Causal D = 64's short kernel: three blocks an SM, 80 registers a thread
// at launch; the consumers raise theirs to 128, the producer keeps 32.
// PTX-LABEL: .entry c64_attention(
// PTX: .minnctapersm 3
// PTX: setmaxnreg.inc.sync.aligned.u32 128
// PTX: setmaxnreg.dec.sync.aligned.u32 32

// Causal D = 64 (c64): the short kernel (one warpgroup, 64-key tiles) runs
// three blocks an SM, so ptxas keeps each thread to 80 registers, with no
// spill; the long kernel (96-key tiles) spills 24 bytes (docs/PERF.md,
// attention v16).
// CHECK: Compiling entry function 'c64_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for c64_attention
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NEXT: Used 80 registers
// CHECK: Compiling entry function 'p128_attention_combine' for 'sm_90a'
// CHECK: Compiling entry function 'p128_attention_decode' for 'sm_90a'
// CHECK: Compiling entry function 'p128_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for p128_attention
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
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
// So does the wgmma kernel at D = 256 with causal (its CUDA-core path for
// the diagonal's non-finite V: O's 128 accumulators and the tile's P); it
// still runs at 1.5x the mma_sync kernel, which does not spill.
// CHECK: Compiling entry function 'd256_attention' for 'sm_90a'
// CHECK: Compiling entry function 'd128_attention_combine' for 'sm_90a'
// CHECK-NEXT: Function properties for d128_attention_combine
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd128_attention_decode' for 'sm_90a'
// CHECK-NEXT: Function properties for d128_attention_decode
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// The wgmma kernel at D = 128 with causal (168 registers, the most its 384
// threads may have at launch) spills at most one 64-bit value, stored
// before the key loop and loaded after it, never inside (docs/PERF.md,
// "wgmma attention on the pipeliner").
// CHECK: Compiling entry function 'd128_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for d128_attention
// CHECK-NEXT: {{0|8}} bytes stack frame, {{0|8}} bytes spill stores, {{0|8}} bytes spill loads
// CHECK: Compiling entry function 'd64_attention_combine' for 'sm_90a'
// CHECK-NEXT: Function properties for d64_attention_combine
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd64_attention_decode' for 'sm_90a'
// CHECK-NEXT: Function properties for d64_attention_decode
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// D = 64 without causal: the config's kernel (three warpgroups, `_long`)
// and the short_config's (one, three blocks an SM), which the launch takes
// for S, T <= 1024.
// CHECK: Compiling entry function 'd64_attention_long' for 'sm_90a'
// CHECK-NEXT: Function properties for d64_attention_long
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'd64_attention' for 'sm_90a'
// CHECK-NEXT: Function properties for d64_attention
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: Compiling entry function

// MMA: Compiling entry function 'p128_attention' for 'sm_90a'
// MMA: Compiling entry function 'd80_attention_combine' for 'sm_90a'
// MMA-NEXT: Function properties for d80_attention_combine
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd80_attention_decode' for 'sm_90a'
// MMA-NEXT: Function properties for d80_attention_decode
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd80_attention' for 'sm_90a'
// MMA-NEXT: Function properties for d80_attention
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd256_attention_combine' for 'sm_90a'
// MMA-NEXT: Function properties for d256_attention_combine
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// The decode kernel at D = 256 with causal spills a few hundred bytes (255
// registers; the main kernel has 253): it is not a default decode shape.
// MMA: Compiling entry function 'd256_attention_decode' for 'sm_90a'
// MMA: Compiling entry function 'd256_attention' for 'sm_90a'
// MMA-NEXT: Function properties for d256_attention
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd128_attention_combine' for 'sm_90a'
// MMA-NEXT: Function properties for d128_attention_combine
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd128_attention_decode' for 'sm_90a'
// MMA-NEXT: Function properties for d128_attention_decode
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd128_attention' for 'sm_90a'
// MMA-NEXT: Function properties for d128_attention
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd64_attention_combine' for 'sm_90a'
// MMA-NEXT: Function properties for d64_attention_combine
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd64_attention_decode' for 'sm_90a'
// MMA-NEXT: Function properties for d64_attention_decode
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA: Compiling entry function 'd64_attention' for 'sm_90a'
// MMA-NEXT: Function properties for d64_attention
// MMA-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// MMA-NOT: Compiling entry function
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
func.func @p128(%q: tensor<?x?x?x128xbf16>, %k: tensor<?x?x?x128xbf16>, %v: tensor<?x?x?x128xbf16>) -> tensor<?x?x?x128xbf16> {
  %o = mini.attention %q, %k, %v : tensor<?x?x?x128xbf16>, tensor<?x?x?x128xbf16>, tensor<?x?x?x128xbf16> -> tensor<?x?x?x128xbf16>
  return %o : tensor<?x?x?x128xbf16>
}
func.func @c64(%q: tensor<?x?x?x64xf16>, %k: tensor<?x?x?x64xf16>, %v: tensor<?x?x?x64xf16>) -> tensor<?x?x?x64xf16> {
  %o = mini.attention %q, %k, %v {causal} : tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16>, tensor<?x?x?x64xf16> -> tensor<?x?x?x64xf16>
  return %o : tensor<?x?x?x64xf16>
}
