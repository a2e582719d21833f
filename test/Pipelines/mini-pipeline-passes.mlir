// Tests lib/Pipelines/Pipeline.cpp: the passes mini-pipeline runs, in order,
// and each matmul-* / attention-* option reaching its select pass's own
// option (chip reaches both and nvvm-attach-target; toolkit and format,
// gpu-module-to-binary; bundle, mini-export-bundle).
// RUN: mini-opt %s --mini-pipeline="chip=sm_80 format=isa" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULTS
// RUN: mini-opt %s --mini-pipeline="fuse=0 format=isa" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE
// RUN: not mini-opt %s --mini-pipeline="chip=sm_80 bundle=%t toolkit=/opt/cuda matmul-math=wmma matmul-copy=cp_async matmul-stages=3 matmul-tile-m=64 matmul-tile-n=32 matmul-tile-k=16 matmul-warps-m=2 matmul-warps-n=1 matmul-cluster-m=1 matmul-producer-warps=0 matmul-tail-splits=1 matmul-pingpong=0 matmul-precision=tf32 attention-math=mma_sync attention-warps=4 attention-tile-keys=32 attention-split-keys=0 fuse-epilogue-min-k=0" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTIONS

// DEFAULTS: builtin.module(
// DEFAULTS-NEXT: mini-fuse{epilogue-min-k=8192},
// DEFAULTS-NEXT: mini-select-row-config{
// DEFAULTS-NEXT: mini-select-matmul-config{chip=sm_80 cluster-m=-1 copy= math= pingpong=-1 precision= producer-warps=-1 stages=-1 tail-splits=-1 tile-k=-1 tile-m=-1 tile-n=-1 warps-m=-1 warps-n=-1},
// DEFAULTS-NEXT: mini-select-attention-config{chip=sm_80 keep-q=-1 math= split-keys=-1 tile-keys=-1 warps=-1},
// DEFAULTS-NEXT: mini-lower-to-gpu,
// DEFAULTS-NEXT: mini-promote-tiles,
// DEFAULTS-NEXT: mini-pipeline-stages,
// DEFAULTS-NEXT: mini-lower-stage-copies,
// DEFAULTS-NEXT: mini-lower-mma,
// DEFAULTS-NEXT: one-shot-bufferize{{.*}} bufferize-function-boundaries=true {{.*}}function-boundary-type-conversion=identity-layout-map
// DEFAULTS-NEXT: canonicalize{
// DEFAULTS-NEXT: cse,
// DEFAULTS-NEXT: nvvm-attach-target{{.*}} chip=sm_80
// DEFAULTS-NEXT: gpu.module(
// DEFAULTS-NEXT: mini-lower-subgroup-reduce,
// DEFAULTS-NEXT: convert-scf-to-cf
// DEFAULTS-NEXT: mini-lower-bf16-mma-sync,
// DEFAULTS-NEXT: convert-nvgpu-to-nvvm,
// DEFAULTS-NEXT: convert-gpu-to-nvvm
// DEFAULTS-NEXT: convert-nvvm-to-llvm,
// DEFAULTS-NEXT: canonicalize{
// DEFAULTS-NEXT: cse,
// DEFAULTS-NEXT: reconcile-unrealized-casts
// DEFAULTS-NEXT: ),
// DEFAULTS-NEXT: gpu-module-to-binary{format=isa {{.*}}toolkit=/usr/local/cuda}
// DEFAULTS-NEXT: )

// NOFUSE: builtin.module(
// NOFUSE-NEXT: mini-select-row-config{

// OPTIONS: mini-fuse{epilogue-min-k=0},
// OPTIONS: mini-select-matmul-config{chip=sm_80 cluster-m=1 copy=cp_async math=wmma pingpong=0 precision=tf32 producer-warps=0 stages=3 tail-splits=1 tile-k=16 tile-m=64 tile-n=32 warps-m=2 warps-n=1},
// OPTIONS-NEXT: mini-select-attention-config{chip=sm_80 keep-q=-1 math=mma_sync split-keys=0 tile-keys=32 warps=4},
// OPTIONS: gpu-module-to-binary{format=bin {{.*}}toolkit=/opt/cuda},
// OPTIONS-NEXT: mini-export-bundle{dir={{.*}}}
// (Then the run fails: this file has no kernel to export.)
// OPTIONS: error: mini-export-bundle found no kernel launch made by mini-lower-to-gpu
// No op to compile: the pipeline runs without a toolkit.
func.func @f() {
  return
}
