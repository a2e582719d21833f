#!/usr/bin/env bash
# Rows v6: rows in shared memory. gpu-check rows, static long rows (new vs v5 config), dynamic bands, sanitizers.
mkdir -p $OUT/j
export MINI_GIT_COMMIT=wip
timeout 240 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '(softmax|rmsnorm)' > $OUT/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -5
echo "## static"
for k in $(python3 -c "import json;print(' '.join(k['entry'] for k in json.load(open('.dev/rs/manifest.json'))['kernels']))"); do
  printf '%-34s ' $k; timeout 60 .dev/bin/mini-run .dev/rs --kernel $k --iters 20 --no-cpu-check --json $OUT/j/static-$k.json --group rows-v6:static 2>&1 | grep -oE "ours +[0-9]+ GB/s \([0-9.]+x copy\)|FAIL.*|error.*" | head -1
done
echo "## dynamic"
for t in f16 bf16 f32; do for rc in 334,50257 131,128256 400,40009 280,60001 160,100003 16,1048576; do r=${rc%,*}; c=${rc#*,}
  for op in softmax rmsnorm; do
  printf '%-8s %-5s R=%-4s C=%-8s ' $op $t $r $c; timeout 60 .dev/bin/mini-run .dev/suite --kernel ${op}_${t}_${op} --size R=$r,C=$c --iters 20 --no-cpu-check --json $OUT/j/dyn-$op-$t-$c.json --group rows-v6:dynamic 2>&1 | grep -oE "runs [a-z0-9_]+|ours +[0-9]+ GB/s \([0-9.]+x copy\)|FAIL.*|error.*" | tr '\n' ' '; echo
done; done; done
echo "## sanitizers"
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck synccheck initcheck; do
  for kc in "softmax_f16_softmax R=3,C=40009" "rmsnorm_bf16_rmsnorm R=2,C=100003" "softmax_f32_softmax R=2,C=60001"; do
    k=${kc% *}; s=${kc#* }
    printf '%-10s %-22s %-16s ' $tool $k $s; timeout 120 $S --tool $tool .dev/bin/mini-run .dev/suite --kernel $k --size $s --no-cpu-check 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|PASS|FAIL" | tr '\n' ' '; echo
  done
done
tar czf $OUT/rows8.tgz -C $OUT j gpucheck.log && rm -rf $OUT/j $OUT/gpucheck.log
