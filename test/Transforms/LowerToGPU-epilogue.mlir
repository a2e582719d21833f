// Tests matmul epilogues in lib/Transforms/LowerToGPU.cpp (the kernel ABI,
// Kernels/MatmulKernel.cpp and Kernels/MatmulMmaKernel.cpp).
// RUN: mini-opt %s -split-input-file -mini-lower-to-gpu -canonicalize -cse | FileCheck %s

// The epilogue's inputs come between b and c, in the op's order, so the
// launch binds the op's operands then its result; the record names them
// e0 (a bias: dims N) and e1 (a residual: batch x M x N, here f32) and
// carries the body as the program the references interpret. The
// tensor-core kernel hands the inputs, which are bias (by column) and the
// body to its mini.block_matmul (with the static N and K as constants).
// CHECK-LABEL: func.func @bias_residual
// CHECK: gpu.launch_func @mini_kernels::@bias_residual_matmul
// CHECK-SAME: args(%{{.*}} : memref<?xf16>, %{{.*}} : memref<?xf16>, %{{.*}} : memref<?xf16>, %{{.*}} : memref<?xf32>, %{{.*}} : memref<?xf16>,
// CHECK-SAME: program = [{args = [0, 1], op = "addf"}, {args = [3, 2], op = "addf"}], result = 4 : i64
// CHECK-SAME: tensors = [{dims = ["batch", "M", "K"], dtype = "f16", name = "a", output = false}, {dims = ["batch", "K", "N"], dtype = "f16", name = "b", output = false}, {dims = ["N"], dtype = "f16", name = "e0", output = false}, {dims = ["batch", "M", "N"], dtype = "f32", name = "e1", output = false}, {dims = ["batch", "M", "N"], dtype = "f16", name = "c", output = true}]
// CHECK: gpu.func @bias_residual_matmul(%[[A:[a-z0-9_]+]]: memref<?xf16>, %[[B:[a-z0-9_]+]]: memref<?xf16>, %[[E0:[a-z0-9_]+]]: memref<?xf16>, %[[E1:[a-z0-9_]+]]: memref<?xf32>, %[[C:[a-z0-9_]+]]: memref<?xf16>, %{{[a-z0-9_]+}}: index, %[[M:[a-z0-9_]+]]: index, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index)
// CHECK: mini.block_matmul %[[A]][%{{.*}}], %[[B]][%{{.*}}] -> %[[C]][%{{.*}}] block(%{{.*}}, %{{.*}}) batch %{{.*}} sizes(%[[M]], %c96, %c64) epilogue(%[[E0]], %[[E1]] : memref<?xf16>, memref<?xf32>) {bias_inputs = array<i1: true, false>,
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[X:.*]]: f32, %[[R:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[S]], %[[R]] : f32
// CHECK-NEXT: mini.yield %[[T]] : f32
func.func @bias_residual(%a: tensor<?x64xf16>, %b: tensor<64x96xf16>, %bias: tensor<96xf16>, %res: tensor<?x96xf32>) -> tensor<?x96xf16> {
  %c = mini.matmul %a, %b epilogue(%bias, %res : tensor<96xf16>, tensor<?x96xf32>) {config = #mini.matmul_config<tile_m = 64, tile_n = 64, tile_k = 32, warps_m = 2, warps_n = 2, stages = 3, math = "mma_sync", copy = "cp_async">} : tensor<?x64xf16>, tensor<64x96xf16> -> tensor<?x96xf16> {
  ^bb0(%acc: f32, %x: f32, %r: f32):
    %s = arith.addf %acc, %x : f32
    %t = arith.addf %s, %r : f32
    mini.yield %t : f32
  }
  return %c : tensor<?x96xf16>
}

// -----

// The SIMT kernel applies the body to each accumulator as straight-line
// code (no input to read here), then stores inside the bounds check. exp
// becomes 2^(x log2 e) on ex2.approx.ftz (MatmulEpilogue.h).
// CHECK-LABEL: gpu.func @exp_simt_matmul
// CHECK: %[[LOG2E:.*]] = arith.constant 1.44269502 : f32
// CHECK: %[[LOOP:.*]] = scf.for
// CHECK: %[[IN:.*]] = arith.andi
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[LOOP]] : f32
// CHECK-NEXT: %[[X:.*]] = arith.mulf %[[NEG]], %[[LOG2E]] : f32
// CHECK-NEXT: %[[EXP:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%[[X]]) : (f32) -> f32
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK-NEXT: memref.store %[[EXP]], %{{.*}}[%{{.*}}] : memref<?xf32>
func.func @exp_simt(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 16, tile_n = 16, tile_k = 1, warps_m = 2, warps_n = 4, stages = 0, math = "simt">} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32> {
  ^bb0(%acc: f32):
    %n = arith.negf %acc : f32
    %e = math.exp %n : f32
    mini.yield %e : f32
  }
  return %c : tensor<?x?xf32>
}

// -----

// erf becomes Abramowitz and Stegun 7.1.28 (MatmulEpilogue.h): |x|, a
// degree-6 polynomial by FMA, one rcp.approx.ftz, four squarings, then
// 1 - r with the sign of x. No libdevice erff (math.erf) is left.
// CHECK-LABEL: gpu.func @erf_simt_matmul
// CHECK: %[[LOOP:.*]] = scf.for
// CHECK: %[[T:.*]] = math.absf %[[LOOP]] : f32
// CHECK-COUNT-6: math.fma %{{.*}}, %[[T]], %{{.*}} : f32
// CHECK-NEXT: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.rcp.approx.ftz.f"
// CHECK-NEXT: %[[R2:.*]] = arith.mulf %[[R]], %[[R]] : f32
// CHECK-NEXT: %[[R4:.*]] = arith.mulf %[[R2]], %[[R2]] : f32
// CHECK-NEXT: %[[R8:.*]] = arith.mulf %[[R4]], %[[R4]] : f32
// CHECK-NEXT: %[[R16:.*]] = arith.mulf %[[R8]], %[[R8]] : f32
// CHECK-NEXT: %[[E:.*]] = arith.subf %{{.*}}, %[[R16]] : f32
// CHECK-NEXT: math.copysign %[[E]], %[[LOOP]] : f32
// CHECK-NOT: math.erf
func.func @erf_simt(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = mini.matmul %a, %b {config = #mini.matmul_config<tile_m = 16, tile_n = 16, tile_k = 1, warps_m = 2, warps_n = 4, stages = 0, math = "simt">} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32> {
  ^bb0(%acc: f32):
    %e = math.erf %acc : f32
    mini.yield %e : f32
  }
  return %c : tensor<?x?xf32>
}
