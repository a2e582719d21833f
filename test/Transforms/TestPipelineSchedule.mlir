// Tests the expansion of a software-pipeline schedule
// (lib/Transforms/Kernels/PipelineSchedule.cpp), with the schedule spelled
// out in attributes (test/lib/TestPipelineSchedule.cpp): each op's stage
// (0: the youngest step in flight), the body's order as the pipelined
// body's, the ring's size on the loop.
// RUN: mini-opt %s -allow-unregistered-dialect -split-input-file -test-mini-pipeline-schedule -canonicalize -cse | FileCheck %s

// Two stages from a dynamic lower bound: the prologue copies step lb into
// slot lb mod 2; iteration kt copies step kt + 1 into the other slot (its
// schedule's business past the end) and reads step kt from the slot the
// loop carries (with two slots, the other one is 1 - slot).
// CHECK-LABEL: func.func @two_stages
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[INIT:.*]]: f32)
// CHECK: %[[FIRST:.*]] = arith.remui %[[LB]], %c2
// CHECK-NEXT: "test.copy"(%[[FIRST]], %[[LB]]) {test.stage = 0 : i64}
// CHECK-NEXT: %[[R:.*]]:2 = scf.for %[[KT:.*]] = %[[LB]] to %[[UB]] step %c1 iter_args(%[[ACC:.*]] = %[[INIT]], %[[SLOT:.*]] = %[[FIRST]]) -> (f32, index) {
// CHECK-DAG: %[[NEXT:.*]] = arith.subi %c1, %[[SLOT]]
// CHECK-DAG: %[[KT1:.*]] = arith.addi %[[KT]], %c1
// CHECK: "test.copy"(%[[NEXT]], %[[KT1]]) {test.stage = 0 : i64}
// CHECK-NEXT: %[[V:.*]] = "test.read"(%[[SLOT]]) {test.stage = 1 : i64}
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[V]] {test.stage = 1 : i64}
// CHECK-NEXT: scf.yield %[[SUM]], %[[NEXT]]
// CHECK: return %[[R]]#0
func.func @two_stages(%lb: index, %ub: index, %init: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %lb to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    "test.copy"(%slot, %kt) {test.stage = 0} : (index, index) -> ()
    %v = "test.read"(%slot) {test.stage = 1} : (index) -> f32
    %sum = arith.addf %acc, %v {test.stage = 1} : f32
    scf.yield %sum : f32
  } {test.slots = 2}
  return %r : f32
}

// -----

// Three stages from 0: the prologue copies steps 0 and 1 into slots 0 and 1.
// The token a copy returns is waited for two stages later, so the loop
// carries two of them, the oldest first. The index helper (kt + 1) is not
// scheduled: it is cloned beside its user, with its user's step.
// CHECK-LABEL: func.func @three_stages_carry_two
// CHECK: %[[T0:.*]] = "test.copy"(%c0, %c0)
// CHECK-NEXT: %[[T1:.*]] = "test.copy"(%c1, %c1)
// CHECK-NEXT: %[[R:.*]]:4 = scf.for %[[KT:.*]] = %c0 to %{{.*}} step %c1 iter_args(%[[ACC:.*]] = %{{.*}}, %[[OLD:.*]] = %[[T0]], %[[YOUNG:.*]] = %[[T1]], %[[SLOT:.*]] = %c0) -> (f32, i32, i32, index) {
// CHECK-DAG: %[[DEC:.*]] = arith.subi %[[SLOT]], %c1
// CHECK-DAG: %[[FIRST:.*]] = arith.cmpi eq, %[[SLOT]], %c0
// CHECK-DAG: %[[PREV:.*]] = arith.select %[[FIRST]], %c2, %[[DEC]]
// CHECK-DAG: %[[KT2:.*]] = arith.addi %[[KT]], %c2
// CHECK: %[[T2:.*]] = "test.copy"(%[[PREV]], %[[KT2]])
// CHECK-NEXT: "test.wait"(%[[OLD]])
// CHECK-NEXT: %[[KT1:.*]] = arith.addi %[[KT]], %c1
// CHECK-NEXT: %[[V:.*]] = "test.read"(%[[SLOT]], %[[KT1]])
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[V]]
// CHECK-NEXT: scf.yield %[[SUM]], %[[YOUNG]], %[[T2]], %{{.*}}
func.func @three_stages_carry_two(%ub: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    %t = "test.copy"(%slot, %kt) {test.stage = 0} : (index, index) -> i32
    "test.wait"(%t) {test.stage = 2} : (i32) -> ()
    %kt1 = arith.addi %kt, %c1 : index
    %v = "test.read"(%slot, %kt1) {test.stage = 2} : (index, index) -> f32
    %sum = arith.addf %acc, %v {test.stage = 2} : f32
    scf.yield %sum : f32
  } {test.slots = 3}
  return %r : f32
}

// -----

// Peeled: stage 0 makes the loop-carried value. Step lb's stage 0 runs
// before the loop, which starts at lb + 1 and runs stage 1 for the step
// before; with no step at all, nothing runs and the result is the initial
// value. (The last step's stage 1 is the caller's drain.)
// CHECK-LABEL: func.func @peeled
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[INIT:.*]]: f32)
// CHECK: %[[ANY:.*]] = arith.cmpi ult, %[[LB]], %[[UB]]
// CHECK-NEXT: %[[R:.*]] = scf.if %[[ANY]] -> (f32) {
// CHECK-NEXT: %[[FIRST:.*]] = arith.remui %[[LB]], %c4
// CHECK-NEXT: %[[V0:.*]] = "test.issue"(%[[FIRST]], %[[INIT]])
// CHECK-NEXT: %[[START:.*]] = arith.addi %[[LB]], %c1
// CHECK-NEXT: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %[[START]] to %[[UB]] step %c1 iter_args(%[[ACC:.*]] = %[[V0]], %[[SLOT:.*]] = %[[FIRST]]) -> (f32, index) {
// CHECK: %[[NEXT:.*]] = arith.select
// CHECK: %[[V:.*]] = "test.issue"(%[[NEXT]], %[[ACC]])
// CHECK-NEXT: "test.release"(%[[SLOT]])
// CHECK-NEXT: scf.yield %[[V]], %[[NEXT]]
// CHECK: scf.yield %[[LOOP]]#0
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[INIT]]
func.func @peeled(%lb: index, %ub: index, %init: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %lb to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    %v = "test.issue"(%slot, %acc) {test.stage = 0} : (index, f32) -> f32
    "test.release"(%slot) {test.stage = 1} : (index) -> ()
    scf.yield %v : f32
  } {test.slots = 4, test.peeled}
  return %r : f32
}

// -----

// Peeled, with a carried value that stage 1 makes (attention's O): stage 0
// reads the step before's in the same iteration, after stage 1 made it
// (test.order gives the pipelined order, the body keeps the step's), and
// stage 0 hands its own result to stage 1 of the next iteration. The drain
// gets the results, the last step's slot and the last step's handed value.
// CHECK-LABEL: func.func @peeled_stage_one_carries
// CHECK-SAME: (%[[UB:.*]]: index, %[[M0:.*]]: f32, %[[O0:.*]]: f32)
// CHECK: scf.if
// CHECK-NEXT: %[[M1:.*]] = "test.softmax"(%c0, %[[M0]])
// CHECK-NEXT: %[[S1:.*]] = "test.rescale"(%[[O0]], %[[M1]])
// CHECK-NEXT: %[[R:.*]]:4 = scf.for %{{.*}} = %c1 to %[[UB]] step %c1 iter_args(%[[M:.*]] = %[[M1]], %{{.*}} = %[[O0]], %[[S:.*]] = %[[S1]], %[[SLOT:.*]] = %c0)
// CHECK: %[[MN:.*]] = "test.softmax"(%{{.*}}, %[[M]])
// CHECK-NEXT: %[[ON:.*]] = "test.pv"(%[[SLOT]], %[[S]])
// CHECK-NEXT: %[[SN:.*]] = "test.rescale"(%[[ON]], %[[MN]])
// CHECK-NEXT: scf.yield %[[MN]], %[[ON]], %[[SN]], %{{.*}}
// CHECK: %[[D:.*]]:2 = "test.drain"(%[[R]]#0, %[[R]]#1, %[[R]]#3, %[[R]]#2)
// CHECK-NEXT: scf.yield %[[D]]#0, %[[D]]#1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[M0]], %[[O0]]
func.func @peeled_stage_one_carries(%ub: index, %m0: f32, %o0: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %j = %c0 to %ub step %c1 iter_args(%m = %m0, %o = %o0) -> (f32, f32) {
    %slot = arith.constant {test.slot} 0 : index
    %mn = "test.softmax"(%slot, %m) {test.stage = 0, test.order = 0} : (index, f32) -> f32
    %scaled = "test.rescale"(%o, %mn) {test.stage = 0, test.order = 2, test.drained} : (f32, f32) -> f32
    %on = "test.pv"(%slot, %scaled) {test.stage = 1, test.order = 1} : (index, f32) -> f32
    scf.yield %mn, %on : f32, f32
  } {test.slots = 2, test.peeled, test.drain}
  return %r#0, %r#1 : f32, f32
}

// -----

// Without a slot value (ops that find their buffers from the step, as the
// wgmma attention kernel's), no slot is carried.
// CHECK-LABEL: func.func @no_slot
// CHECK: "test.copy"(%c0)
// CHECK-NEXT: %[[R:.*]] = scf.for %[[KT:.*]] = %c0 to %{{.*}} step %c1 iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK-NEXT: %[[KT1:.*]] = arith.addi %[[KT]], %c1
// CHECK-NEXT: "test.copy"(%[[KT1]])
// CHECK-NEXT: "test.read"(%[[KT]])
func.func @no_slot(%ub: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    "test.copy"(%kt) {test.stage = 0} : (index) -> ()
    %v = "test.read"(%kt) {test.stage = 1} : (index) -> f32
    %sum = arith.addf %acc, %v {test.stage = 1} : f32
    scf.yield %sum : f32
  } {test.slots = 2}
  return %r : f32
}

// -----

// A loop over tiles (step 64, as a key loop): stage 0 works on the tile 64
// ahead, and tile t is in slot (t / 64) mod 2.
// CHECK-LABEL: func.func @tiles
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[INIT:.*]]: f32)
// CHECK: %[[INDEX:.*]] = arith.divui %[[LB]], %c64
// CHECK-NEXT: %[[FIRST:.*]] = arith.remui %[[INDEX]], %c2
// CHECK-NEXT: "test.copy"(%[[FIRST]], %[[LB]])
// CHECK-NEXT: %{{.*}}:2 = scf.for %[[T:.*]] = %[[LB]] to %[[UB]] step %c64 iter_args(%{{.*}} = %[[INIT]], %[[SLOT:.*]] = %[[FIRST]])
// CHECK-DAG: %[[NEXT:.*]] = arith.subi %c1, %[[SLOT]]
// CHECK-DAG: %[[AHEAD:.*]] = arith.addi %[[T]], %c64
// CHECK: "test.copy"(%[[NEXT]], %[[AHEAD]])
// CHECK-NEXT: "test.read"(%[[SLOT]])
func.func @tiles(%lb: index, %ub: index, %init: f32) -> f32 {
  %c64 = arith.constant 64 : index
  %r = scf.for %t = %lb to %ub step %c64 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    "test.copy"(%slot, %t) {test.stage = 0} : (index, index) -> ()
    %v = "test.read"(%slot) {test.stage = 1} : (index) -> f32
    %sum = arith.addf %acc, %v {test.stage = 1} : f32
    scf.yield %sum : f32
  } {test.slots = 2}
  return %r : f32
}

// -----

// The first step takes slot 0 whatever the lower bound (as the attention
// kernel's key loop needs: Q waits in the second slot until tile 1).
// CHECK-LABEL: func.func @first_slot_zero
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[INIT:.*]]: f32)
// CHECK: "test.copy"(%c0, %[[LB]])
// CHECK-NEXT: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %c64 iter_args(%{{.*}} = %[[INIT]], %{{.*}} = %c0)
func.func @first_slot_zero(%lb: index, %ub: index, %init: f32) -> f32 {
  %c64 = arith.constant 64 : index
  %r = scf.for %t = %lb to %ub step %c64 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    "test.copy"(%slot, %t) {test.stage = 0} : (index, index) -> ()
    %v = "test.read"(%slot) {test.stage = 1} : (index) -> f32
    %sum = arith.addf %acc, %v {test.stage = 1} : f32
    scf.yield %sum : f32
  } {test.slots = 2, test.first_slot_zero}
  return %r : f32
}
