#!/usr/bin/env bash
# Session 33 call 5: static-N,K weights at decode M, and M=256 tilings, distinct operands per launch.
cd "$(dirname "$0")/../.."
# Bundles in .dev/: suite = build/bundles/suite; dec, dec2 = docs/logs/weights-rotate-v44.mlir
# compiled by main and by the change; wsub = the suite's two weights functions; static2 =
# bench/matmul-shapes.mlir (mini-opt F --mini-pipeline="chip=sm_90a bundle=DIR toolkit=...").
mr=.dev/mr.sh
log=$OUT/s5.log
run() { # bundle kernel size
  out=$($mr $1 --kernel $2 ${3:+--size $3} --bench --iters 20 --warmup 3 --no-cpu-check --launches 20 --rotate 8 2>&1)
  plan=$(echo "$out" | grep -oE "runs (size variant|decode kernel) [a-z0-9_]+" | head -1 | awk '{print $NF}')
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  line=$(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf "%-16s %-14s %-10s %-30s %s %s\n" "$(basename $1)" $2 "${3:--}" "${plan:--}" "$line" "$ok"
}
{
echo "bundle kernel size plan | ours cuBLAS x (TFLOP/s, --launches 20 --rotate 8)"
for m in 1 8 16 32 64 128 256; do run .dev/dec w4096_matmul M=$m; done
for m in 1 8 16 64; do run .dev/dec w14336_matmul M=$m; done
for k in s8 s16 s64 s256; do run .dev/dec ${k}_matmul; done
for v in pp w128 w128s1 m64 w64x256 w128x64 w128x64s; do run .dev/s256_$v s256_matmul; done
} 2>&1 | tee $log
