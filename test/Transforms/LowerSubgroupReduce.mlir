// Tests mini-lower-subgroup-reduce: gpu.subgroup_reduce -> gpu.shuffle xor
// butterflies over a 32-lane warp (upstream's shuffle lowering), as the row
// and attention kernels' warp reductions need
// (lib/Transforms/LowerSubgroupReduce.cpp).
// RUN: mini-opt %s -split-input-file -mini-lower-subgroup-reduce -verify-diagnostics | FileCheck %s

// A whole warp's sum: offsets 1, 2, 4, 8, 16.
// CHECK-LABEL: func.func @warp_sum
// CHECK-SAME: (%[[V:.*]]: f32)
// CHECK: %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[V]], %c1_i32, %c32_i32 : f32
// CHECK-NEXT: %[[A1:.*]] = arith.addf %[[V]], %[[S1]] : f32
// CHECK: gpu.shuffle xor %[[A1]], %c2_i32, %c32_i32 : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %c32_i32 : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32 : f32
// CHECK-NEXT: %[[R:.*]] = arith.addf
// CHECK-NEXT: return %[[R]]
func.func @warp_sum(%v: f32) -> f32 {
  %r = gpu.subgroup_reduce add %v uniform : (f32) -> f32
  return %r : f32
}

// -----

// A row's 8 lanes (a cluster): the max over offsets 1, 2, 4 only.
// CHECK-LABEL: func.func @row_max
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK-NEXT: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32 : f32
// CHECK-NEXT: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : f32
// CHECK-NEXT: arith.maximumf
// CHECK-NOT: gpu.shuffle
func.func @row_max(%v: f32) -> f32 {
  %r = gpu.subgroup_reduce maximumf %v uniform cluster(size = 8) : (f32) -> f32
  return %r : f32
}

// -----

func.func @too_wide(%v: f64) -> f64 {
  // expected-error @below {{mini-lower-subgroup-reduce: no shuffle lowering for a 'f64' reduction (at most 32 bits)}}
  %r = gpu.subgroup_reduce add %v uniform : (f64) -> f64
  return %r : f64
}
