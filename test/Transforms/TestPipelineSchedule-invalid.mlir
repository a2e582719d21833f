// Tests the schedules the expansion (lib/Transforms/Kernels/PipelineSchedule.cpp)
// refuses, with the error each names.
// RUN: mini-opt %s -allow-unregistered-dialect -split-input-file -test-mini-pipeline-schedule -verify-diagnostics

func.func @read_before_made(%ub: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    %v = "test.read"(%slot) {test.stage = 1} : (index) -> f32
    // expected-error @below {{pipeline schedule: an op of stage 0 reads a value that stage 1 makes later}}
    "test.use"(%v) {test.stage = 0} : (f32) -> ()
    %sum = arith.addf %acc, %v {test.stage = 1} : f32
    scf.yield %sum : f32
  } {test.slots = 2}
  return %r : f32
}

// -----

func.func @unscheduled_side_effect(%ub: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    // expected-error @below {{pipeline schedule: an op that is not scheduled feeds one of stage 1; only side-effect-free ops without regions are cloned along}}
    %v = "test.read"(%slot) : (index) -> f32
    %sum = arith.addf %acc, %v {test.stage = 1} : f32
    scf.yield %sum : f32
  } {test.slots = 2}
  return %r : f32
}

// -----

func.func @result_too_early(%ub: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    // expected-error @below {{pipeline schedule: a loop-carried value is made in stage 0; this schedule needs stage 1 (the last)}}
    %v = "test.issue"(%slot, %acc) {test.stage = 0} : (index, f32) -> f32
    "test.release"(%slot) {test.stage = 1} : (index) -> ()
    scf.yield %v : f32
  } {test.slots = 2}
  return %r : f32
}

// -----

func.func @peeled_three_stages(%ub: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{pipeline schedule: a peeled schedule has two stages, got 3}}
  %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    %v = "test.issue"(%slot, %acc) {test.stage = 0} : (index, f32) -> f32
    "test.wait"(%slot) {test.stage = 1} : (index) -> ()
    "test.release"(%slot) {test.stage = 2} : (index) -> ()
    scf.yield %v : f32
  } {test.slots = 4, test.peeled}
  return %r : f32
}

// -----

func.func @dynamic_step(%ub: index, %step: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @below {{pipeline schedule: the loop's step must be a positive constant}}
  %r = scf.for %kt = %c0 to %ub step %step iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    %v = "test.read"(%slot) {test.stage = 1} : (index) -> f32
    "test.copy"(%slot, %kt) {test.stage = 0} : (index, index) -> ()
    %sum = arith.addf %acc, %v {test.stage = 1} : f32
    scf.yield %sum : f32
  } {test.slots = 2}
  return %r : f32
}

// -----

func.func @peeled_stage_one_result_without_drain(%ub: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %kt = %c0 to %ub step %c1 iter_args(%acc = %init) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    "test.issue"(%slot) {test.stage = 0} : (index) -> ()
    // expected-error @below {{pipeline schedule: a peeled loop's carried value is made in stage 1 and no drain finishes the last step}}
    %v = "test.accumulate"(%slot, %acc) {test.stage = 1} : (index, f32) -> f32
    scf.yield %v : f32
  } {test.slots = 2, test.peeled}
  return %r : f32
}

// -----

func.func @peeled_read_before_made_in_order(%ub: index, %o0: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %j = %c0 to %ub step %c1 iter_args(%o = %o0) -> (f32) {
    %slot = arith.constant {test.slot} 0 : index
    // expected-error @below {{pipeline schedule: loop-carried value #0 is read in stage 0 but made in stage 1, later in the order}}
    %scaled = "test.rescale"(%o) {test.stage = 0} : (f32) -> f32
    %on = "test.pv"(%slot, %scaled) {test.stage = 1} : (index, f32) -> f32
    scf.yield %on : f32
  } {test.slots = 2, test.peeled, test.drain}
  return %r : f32
}
