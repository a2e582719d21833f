#!/usr/bin/env bash
# Session 33 call 6: gemv against the tensor-core skinny variants at M = 2..8 (distinct operands per launch).
cd "$(dirname "$0")/../.."
# Bundles in .dev/: suite = build/bundles/suite; dec, dec2 = docs/logs/weights-rotate-v44.mlir
# compiled by main and by the change; wsub = the suite's two weights functions; static2 =
# bench/matmul-shapes.mlir (mini-opt F --mini-pipeline="chip=sm_90a bundle=DIR toolkit=...").
mr=.dev/mr.sh
log=$OUT/s6.log
run() { # bundle kernel size
  out=$($mr $1 --kernel $2 ${3:+--size $3} --bench --iters 20 --warmup 3 --no-cpu-check --launches 20 --rotate 8 2>&1)
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  line=$(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf "%-6s %-40s %-22s %s %s\n" "$(basename $1)" $2 "${3:--}" "$line" "$ok"
}
{
echo "bundle kernel size | ours cuBLAS x (TFLOP/s, --launches 20 --rotate 8)"
for m in 2 4 5 6 8; do
  for v in gemv 32x64_streamk 64x128_streamk; do run .dev/dec w4096_matmul_$v M=$m; done
  for v in gemv 16x64 64x128_streamk; do run .dev/dec w14336_matmul_$v M=$m; done
  for v in gemv 16x64 64x128_streamk; do run .dev/suite mm_f16_to_f16_matmul_$v batch=1,M=$m,N=4096,K=4096; done
  for v in gemv 64x128_streamk; do run .dev/suite mm_bf16_weights_long_k_matmul_$v M=$m; done
done
} 2>&1 | tee $log
