#!/usr/bin/env bash
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
timeout 100 bash scripts/gpu-check.sh .dev/tnew .dev/bin/mini-run '^transpose_(f16|bf16|f32)_transpose$' > $OUT/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -5
timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/tnew --kernel transpose_f32_transpose --size batch=3,R=77,C=130 2>&1 | grep -E "PASS|FAIL|ERROR SUMMARY"
mr() { timeout 90 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
for rep in 1 2 3; do
for s in "f16 batch=16,R=2048,C=2048" "bf16 batch=8,R=4096,C=1000" "f32 batch=16,R=1024,C=1024" "f16 batch=1,R=4097,C=4095"; do
  set -- $s
  for b in suite tnew; do
    mr .dev/$b --kernel transpose_$1_transpose --size $2 --bench --iters 50 --warmup 5 --no-cpu-check | grep "bench" | sed "s/^/$b $2 /" | sed -E 's/ +/ /g; s/transpose\/per-element.*copy/copy/'
  done
done
done
