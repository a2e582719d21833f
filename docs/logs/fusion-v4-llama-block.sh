#!/usr/bin/env bash
# Heads transposes and llama_block: gpu-check of the transposes, memcheck,
# the function checked at several token counts, then fused vs fuse=0 timed.
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 120 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run 'transpose' > $OUT/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -5
echo "transpose cases PASS: $(grep -c PASS $OUT/gpucheck.log)"
mr() { timeout 90 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
echo "== memcheck"
timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/suite --kernel heads_any_f32_transpose --size batch=2,R=33,C=5,inner=129 2>&1 | tail -3
timeout 90 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/lb --function llama_block --size arg0.0=77 2>&1 | tail -3
echo "== function checks"
for n in 1 5 17 77 300 1000; do mr .dev/lb --function llama_block --size arg0.0=$n | grep -E "llama_block|differ|error"; done
mr .dev/lb0 --function llama_block --size arg0.0=77 | grep -E "llama_block|differ|error"
mr .dev/lb --function llama_block --size arg0.0=77 --nonfinite | grep -E "llama_block|differ|error"
echo "== heads transposes against the copy"
for s in "heads_f16_transpose batch=1,R=8192,C=32,inner=128" "heads_f16_transpose batch=4,R=4096,C=8,inner=128" "heads_bf16_transpose batch=1,R=8192,C=32,inner=64" "heads_any_f32_transpose batch=1,R=4096,C=32,inner=128" "transpose_f16_transpose batch=16,R=2048,C=2048"; do
  set -- $s; mr .dev/suite --kernel $1 --size $2 --bench --iters 50 --warmup 5 --no-cpu-check | grep "bench" | sed "s/^/$2 /"
done
echo "== llama_block fused vs fuse=0"
for n in 512 4096; do
  for rep in 1 2; do
    for b in lb lb0; do
      echo "-- $b tokens=$n rep $rep"
      mr .dev/$b --function llama_block --size arg0.0=$n --bench --iters 20 --warmup 3 --no-cpu-check | grep -E "bench|llama_block"
    done
  done
done
