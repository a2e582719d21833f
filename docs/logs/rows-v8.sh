#!/usr/bin/env bash
# Rows v8 (issue 30): f32 rows too long for one block's registers split over
# a cluster's blocks, each keeping its part in registers. $1 = check:
# gpu-check over the suite's split and cluster row kernels, and sanitizers;
# $1 = bench: the static bundle of bench/rows-cluster.mlir (.dev/rc: `_new`
# beside the block-a-row `_old`), then PyTorch (eager; torch.compile on
# three shapes) on the same shapes. $1 = dynamic (tried, not kept: it needs
# the reverted f32 cluster bands of rows v8): f32 rows of a dynamic
# length (.dev/rd, the three ops of a dynamic f32 row), the launch's choice
# beside the block-a-row `_long` kernel (v7's choice past 32768 values),
# then gpu-check over the suite's f32 row kernels.
export LD_LIBRARY_PATH=$PWD/.dev/bin MINI_GIT_COMMIT=wip
if [ "$1" = check ]; then
  timeout 300 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run 'split|cluster' > $OUT/gpucheck.log 2>&1
  grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -8
  S=/usr/local/cuda/bin/compute-sanitizer
  for tool in memcheck racecheck synccheck initcheck; do
    for kc in "softmax_f32_split_softmax R=5,C=50257" "layernorm_f32_split_layernorm R=3,C=100003" "rmsnorm_f32_split_rmsnorm R=2,C=40961"; do
      k=${kc% *}; s=${kc#* }
      printf '%-10s %-32s %-14s ' $tool $k $s; timeout 60 $S --tool $tool .dev/bin/mini-run .dev/suite --kernel $k --size $s --no-cpu-check 2>&1 | grep -oE "ERROR SUMMARY: [0-9]+ errors|RACECHECK SUMMARY: [0-9]+ hazards|PASS|FAIL" | tr '\n' ' '; echo
    done
  done
  exit 0
fi
if [ "$1" = dynamic ]; then
  mkdir -p $OUT/j
  for k in softmax_f32_softmax rmsnorm_f32_rmsnorm layernorm_f32_layernorm; do
    for s in R=500,C=50257 R=4096,C=128256 R=1000,C=65536 R=2000,C=40009 R=1024,C=32769 R=1000,C=65537 R=300,C=100003; do
      for v in $k ${k}_long; do
        printf '%-28s %-16s ' $v $s; timeout 60 .dev/bin/mini-run .dev/rd --kernel $v --size $s --iters 30 --no-cpu-check --json $OUT/j/dyn-$v-$s.json --group rows-v8:dynamic 2>&1 | grep -oE "runs size variant [a-z_0-9]+|ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
      done
    done
  done
  tar czf $OUT/rows-v8-dynamic.tgz -C $OUT j && rm -rf $OUT/j
  timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run 'f32_(softmax|rmsnorm|layernorm)$' > $OUT/gpucheck-f32.log 2>&1
  grep -E "FAIL|gpu-check:" $OUT/gpucheck-f32.log | tail -8
  exit 0
fi
mkdir -p $OUT/j
for k in $(python3 -c "import json;print(' '.join(k['entry'] for k in json.load(open('.dev/rc/manifest.json'))['kernels']))"); do
  printf '%-42s ' $k; timeout 60 .dev/bin/mini-run .dev/rc --kernel $k --iters 30 --no-cpu-check --json $OUT/j/$k.json --group rows-v8:static 2>&1 | grep -oE "ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
done
timeout 150 python3 bench/torch_peers.py --cases bench/cases/rows-split.txt --json $OUT/j/torch.json --iters 30 2>&1 | tail -15
head -6 bench/cases/rows-split.txt > /tmp/three.txt
timeout 200 python3 bench/torch_peers.py --cases /tmp/three.txt --json $OUT/j/torch-compile.json --iters 30 --compile 2>&1 | tail -8
tar czf $OUT/rows-v8-bench.tgz -C $OUT j && rm -rf $OUT/j
