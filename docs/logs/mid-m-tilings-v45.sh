#!/usr/bin/env bash
# Session 33 call 8: tilings at M = 96-1024 (N = 4096, 14336; K = 4096), 20 launches a sample, 4 copies.
cd "$(dirname "$0")/../.."
# .dev/sw_V: docs/logs/mid-m-tilings-v45.mlir compiled with --mini-pipeline="chip=sm_90a bundle=.dev/sw_V
# toolkit=..." plus def: nothing; w128: matmul-tile-m=128 matmul-tile-n=128; w128s1: the same and
# matmul-tail-splits=1; w128x64: matmul-tile-m=128 matmul-tile-n=64 matmul-tail-splits=1; m64:
# matmul-math=mma_sync matmul-tile-m=64 matmul-tile-n=128 matmul-tail-splits=1.
mr=.dev/mr.sh
log=$OUT/s8.log
{
printf "%-10s" shape; for v in def w128 w128s1 w128x64 m64; do printf " %14s" $v; done; printf "   cuBLAS\n"
for n in 4096 14336; do for m in 96 128 192 256 384 512 768 1024; do
  printf "%-10s" ${m}x${n}; cub=""
  for v in def w128 w128s1 w128x64 m64; do
    out=$($mr .dev/sw_$v --kernel s${m}_${n}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 4 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %6s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
  done
  echo "  $cub"
done; done
} 2>&1 | tee $log
