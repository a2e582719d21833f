// Tests lib/Transforms/LowerBF16MmaSync.cpp.
// RUN: mini-opt %s -split-input-file -mini-lower-bf16-mma-sync -verify-diagnostics | FileCheck %s

// bf16 m16n8k16: A is 4 and B 2 packed bf16x2 registers (i32), C 4 f32;
// explicit bf16 PTX types, row x col layouts; the struct result is packed
// back into the accumulator's 2 x vector<2xf32>.
// CHECK-LABEL: func.func @bf16
// CHECK-DAG: %[[C:.*]] = builtin.unrealized_conversion_cast %arg2 : vector<2x2xf32> to !llvm.array<2 x vector<2xf32>>
// CHECK-DAG: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : vector<4x2xbf16> to !llvm.array<4 x vector<2xbf16>>
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0] : !llvm.array<4 x vector<2xbf16>>
// CHECK-NEXT: %[[R0:.*]] = llvm.bitcast %[[A0]] : vector<2xbf16> to i32
// CHECK: %[[C0:.*]] = llvm.extractvalue %[[C]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK: %[[D:.*]] = nvvm.mma.sync A[%[[R0]], %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.extractvalue %[[D]][3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[OUT:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.array<2 x vector<2xf32>> to vector<2x2xf32>
// CHECK: return %[[OUT]]
// CHECK-NOT: nvgpu.mma.sync
func.func @bf16(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

// f16 is left to upstream's convert-nvgpu-to-nvvm.
// CHECK-LABEL: func.func @f16
// CHECK: nvgpu.mma.sync(%arg0, %arg1, %arg2) {mmaShape = [16, 8, 16]}
// CHECK-NOT: nvvm.mma.sync
func.func @f16(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

// m16n8k8 is not lowered: a located error, not a crash.
func.func @bf16_k8(%a: vector<2x2xbf16>, %b: vector<1x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op bf16 mma.sync is lowered for m16n8k16 with f32 accumulators only}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8]} : (vector<2x2xbf16>, vector<1x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}
