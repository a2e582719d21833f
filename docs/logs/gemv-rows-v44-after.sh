#!/usr/bin/env bash
# Session 33 call 7: gemv to 4 rows of static weights: gpu-check, old against new, runtime tests.
cd "$(dirname "$0")/../.."
# Bundles in .dev/: suite = build/bundles/suite; dec, dec2 = docs/logs/weights-rotate-v44.mlir
# compiled by main and by the change; wsub = the suite's two weights functions; static2 =
# bench/matmul-shapes.mlir (mini-opt F --mini-pipeline="chip=sm_90a bundle=DIR toolkit=...").
mr=.dev/mr.sh
log=$OUT/s7.log
run() { # bundle kernel size
  out=$($mr $1 --kernel $2 ${3:+--size $3} --bench --iters 20 --warmup 3 --no-cpu-check --launches 20 --rotate 8 2>&1)
  plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | awk '{print $NF}')
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  line=$(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf "%-7s %-30s %-6s %-36s %s %s\n" "$(basename $1)" $2 "${3:--}" "${plan:--}" "$line" "$ok"
}
{
echo "== gpu-check: weights (suite subset) and the static bundle"
scripts/gpu-check.sh .dev/wsub $mr 'weights|static' .dev/static2 2>&1 | grep -E "FAIL|passed|error" | head -20
echo "== runtime tests"
LD_LIBRARY_PATH=.dev/bin .dev/bin/mini-runtime-tests 2>&1 | grep -E "PASSED|FAILED|tests ran" | head -5
echo "== old (main) against new, 20 launches a sample, 8 copies: ours cuBLAS x"
for m in 4 5 6 8; do
  run .dev/dec w4096_matmul M=$m; run .dev/dec2 w4096_matmul M=$m
  run .dev/dec w14336_matmul M=$m; run .dev/dec2 w14336_matmul M=$m
  run .dev/suite mm_f16_weights_matmul M=$m; run .dev/wsub mm_f16_weights_matmul M=$m
  run .dev/suite mm_bf16_weights_long_k_matmul M=$m; run .dev/wsub mm_bf16_weights_long_k_matmul M=$m
done
run .dev/dec s8_matmul; run .dev/dec2 s8_matmul
} 2>&1 | tee $log
