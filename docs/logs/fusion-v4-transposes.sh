#!/usr/bin/env bash
# Transposes after the run-time vector check; size names; static vs dynamic.
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 120 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run 'transpose' > $OUT/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -5
mr() { timeout 90 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
echo "== static bundle"
for k in t_static heads_static heads_odd_static; do mr .dev/ts --kernel ${k}_transpose | grep -E "PASS|FAIL"; done
echo "== memcheck (dynamic run, vector and element paths)"
for s in batch=2,R=33,C=5,inner=128 batch=2,R=33,C=5,inner=129; do
  timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/suite --kernel heads_any_f32_transpose --size $s 2>&1 | grep -E "PASS|FAIL|ERROR SUMMARY"
done
echo "== size names"
mr .dev/lb --function llama_block --size tokens=300 | grep -E "llama_block|differ|error"
mr .dev/lb --function llama_block --size arg0.0=300 | tail -2
echo "== transposes against the copy (3 reps)"
for rep in 1 2 3; do
for s in ".dev/suite heads_f16_transpose batch=1,R=8192,C=32,inner=128" ".dev/ts heads_static_transpose" ".dev/suite heads_any_f32_transpose batch=1,R=4096,C=32,inner=128" ".dev/suite heads_any_f32_transpose batch=1,R=4096,C=32,inner=129" ".dev/suite heads_bf16_transpose batch=1,R=8192,C=32,inner=64" ".dev/suite transpose_f16_transpose batch=16,R=2048,C=2048" ".dev/ts t_static_transpose"; do
  set -- $s; sz=""; [ -n "${3:-}" ] && sz="--size $3"
  mr $1 --kernel $2 $sz --bench --iters 50 --warmup 5 --no-cpu-check | grep "bench" | sed "s/^/$2 ${3:-static} /" | sed -E 's/ +/ /g'
done
done
