#!/usr/bin/env bash
# Session 33 call 3: decode-size matmuls with --rotate (distinct operands per launch) vs the same operands.
cd "$(dirname "$0")/../.."
# Bundles in .dev/: suite = build/bundles/suite; dec, dec2 = docs/logs/weights-rotate-v44.mlir
# compiled by main and by the change; wsub = the suite's two weights functions; static2 =
# bench/matmul-shapes.mlir (mini-opt F --mini-pipeline="chip=sm_90a bundle=DIR toolkit=...").
mr=.dev/mr.sh
log=$OUT/s3.log
{
printf "%-24s %-28s %-6s %8s %8s %7s %9s\n" kernel size config ours cuBLAS x us/launch
for c in "mm_f16_to_f16 batch=1,M=1,N=4096,K=4096" "mm_f16_to_f16 batch=1,M=8,N=4096,K=4096" \
         "mm_f16_to_f16 batch=1,M=16,N=4096,K=4096" "mm_f16_to_f16 batch=1,M=64,N=4096,K=4096" \
         "mm_f16_to_f16 batch=1,M=256,N=4096,K=4096" "mm_bf16_weights_long_k M=16" "mm_f16_weights M=8" \
         "mm_f16_to_f16 batch=1,M=16,N=14336,K=4096"; do
  set -- $c
  for cfg in "1 1" "20 1" "1 8" "20 8"; do
    set -- $c $cfg
    out=$($mr .dev/suite --kernel ${1}_matmul --size $2 --bench --iters 20 --warmup 3 --no-cpu-check --launches $3 --rotate $4 2>&1)
    echo "$out" | grep -q PASS || echo "$out" | tail -3
    line=$(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    us=$(echo "$out" | grep -E "PASS|FAIL" | awk -v L=$3 '{printf "%.1f", $(NF-2)*1000/L}')
    printf "%-24s %-28s L%-2sR%-2s %8s %8s %7s %9s\n" $1 $2 $3 $4 $line $us
  done
done
} 2>&1 | tee $log
