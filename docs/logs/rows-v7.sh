#!/usr/bin/env bash
# Rows v7 (issue 30): few long rows shared by a cluster's blocks, and the
# streamed write pass run backward. $1 = check: gpu-check over every row
# kernel of the suite (the *_cluster ones included; with $2, only those
# matching it, and no sanitizers) and sanitizers; $1 =
# bench: the static bundles of bench/rows-few.mlir (.dev/rf: `_new` beside
# the block-a-row `_old`) and bench/rows-long.mlir (.dev/rl), and the
# suite's dynamic long-row kernels.
export LD_LIBRARY_PATH=$PWD/.dev/bin MINI_GIT_COMMIT=wip
if [ "$1" = check ]; then
  timeout 400 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run "${2:-softmax|rmsnorm|layernorm}" > $OUT/gpucheck.log 2>&1
  grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -8
  [ -n "$2" ] && exit 0
  S=/usr/local/cuda/bin/compute-sanitizer
  for tool in memcheck racecheck synccheck initcheck; do
    for kc in "softmax_f16_cluster_softmax R=3,C=300001" "layernorm_f16_cluster_layernorm R=3,C=100003" "softmax_f16_softmax R=3,C=70001"; do
      k=${kc% *}; s=${kc#* }
      printf '%-10s %-34s %-16s ' $tool $k $s; timeout 60 $S --tool $tool .dev/bin/mini-run .dev/suite --kernel $k --size $s --no-cpu-check 2>&1 | grep -oE "ERROR SUMMARY: [0-9]+ errors|RACECHECK SUMMARY: [0-9]+ hazards|PASS|FAIL" | tr '\n' ' '; echo
    done
  done
  exit 0
fi
mkdir -p $OUT/j
for b in ${BUNDLES:-rf rl}; do
  echo "## static $b"
  for k in $(python3 -c "import json;print(' '.join(k['entry'] for k in json.load(open('.dev/$b/manifest.json'))['kernels']))"); do
    printf '%-42s ' $k; timeout 60 .dev/bin/mini-run .dev/$b --kernel $k --iters 30 --no-cpu-check --json $OUT/j/$k.json --group rows-v7:static 2>&1 | grep -oE "ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
  done
done
echo "## dynamic (the launch's choice, then the block-a-row _long kernel)"
for k in softmax_f16_softmax softmax_bf16_softmax softmax_f32_softmax rmsnorm_f16_rmsnorm rmsnorm_bf16_rmsnorm layernorm_bf16_layernorm; do
  for s in R=334,C=50257 R=131,C=128256 R=16,C=1048576 R=32,C=524288 R=64,C=262144 R=3,C=262147; do
    for v in $k ${k}_long; do
      printf '%-30s %-16s ' $v $s; timeout 60 .dev/bin/mini-run .dev/suite --kernel $v --size $s --iters 30 --no-cpu-check --json $OUT/j/dyn-$v-$s.json --group rows-v7:dynamic 2>&1 | grep -oE "runs size variant [a-z_0-9]+|ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
    done
  done
done
tar czf $OUT/rows-v7-bench.tgz -C $OUT j && rm -rf $OUT/j
