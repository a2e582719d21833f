#!/usr/bin/env bash
# Rows v6 (second run): shared-slot kernels checked (suite *_shared at odd lengths, NaN/-inf), static new vs v5 config, sanitizers.
mkdir -p $OUT/j
export MINI_GIT_COMMIT=wip
timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '_shared' > $OUT/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -5
echo "## static"
for k in $(python3 -c "import json;print(' '.join(k['entry'] for k in json.load(open('.dev/rs/manifest.json'))['kernels']))"); do
  printf '%-38s ' $k; timeout 60 .dev/bin/mini-run .dev/rs --kernel $k --iters 30 --no-cpu-check --json $OUT/j/static-$k.json --group rows-v6:static 2>&1 | grep -oE "ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
done
echo "## sanitizers"
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck synccheck initcheck; do
  for kc in "softmax_f16_shared_softmax R=3,C=40009" "rmsnorm_bf16_shared_rmsnorm R=2,C=100003" "softmax_f32_shared_softmax R=2,C=28673" "softmax_f32_shared_softmax R=3,C=20001"; do
    k=${kc% *}; s=${kc#* }
    printf '%-10s %-28s %-16s ' $tool $k $s; timeout 120 $S --tool $tool .dev/bin/mini-run .dev/suite --kernel $k --size $s --no-cpu-check 2>&1 | grep -oE "ERROR SUMMARY: [0-9]+ errors|RACECHECK SUMMARY: [0-9]+ hazards|PASS|FAIL" | tr '\n' ' '; echo
  done
done
tar czf $OUT/rows9.tgz -C $OUT j gpucheck.log && rm -rf $OUT/j $OUT/gpucheck.log
