// Bad pipeline options are an error message and exit code 1, not an abort.
// RUN: not mini-opt %s --mini-pipeline="bundle=%t format=isa" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not mini-opt %s --mini-pipeline="chip=sm_90a bogus=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not mini-opt %s --mini-pipeline="format=ptx" 2>&1 | FileCheck %s --check-prefix=BADFORMAT

// FORMAT: mini-pipeline: bundle= needs format=bin, got format=isa
// UNKNOWN: no such option bogus
// BADFORMAT: mini-pipeline: unknown format 'ptx': expected bin (cubin, for bundles), isa (PTX text) or llvm (LLVM IR)
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = mini.softmax %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
