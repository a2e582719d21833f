// The pipeline checks the chip before anything runs: sm_90 (what many type
// for an H100) and chips it cannot compile for are an error naming the
// chip and the ones it takes, exit code 1, never an LLVM selection abort.
// RUN: not mini-opt %s --mini-pipeline="chip=sm_90" 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not mini-opt %s --mini-pipeline="chip=sm_90f" 2>&1 | FileCheck %s --check-prefix=SM90F
// RUN: not mini-opt %s --mini-pipeline="chip=sm_999" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not mini-opt %s --mini-pipeline="chip=hopper" 2>&1 | FileCheck %s --check-prefix=NAME

// SM90: error: mini-pipeline: chip=sm_90 lacks the sm_90a features the H100 kernels use (TMA multicast, cluster mbarrier fences, setmaxnreg); use chip=sm_90a
// SM90-NOT: LLVM ERROR
// SM90F: error: mini-pipeline: chip=sm_90f lacks the sm_90a features
// UNKNOWN: error: mini-pipeline: unsupported chip 'sm_999': the pipeline compiles for sm_80, sm_86, sm_87, sm_89 and sm_90a
// NAME: error: mini-pipeline: unsupported chip 'hopper'
func.func @matmul(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c = mini.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  return %c : tensor<?x?xf16>
}
