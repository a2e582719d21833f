#!/bin/bash
# Session 32, call 10: --launches 20 for v41's tilings; .dev/skinny4 = a subset of docs/logs/fewrows-v41-tilings.mlir
# built by mini-opt, run from .dev/ (call 9 ran the suite's mm_f16_to_f16 and epi_f16 the same way).
cd "$(dirname "$0")/.."
export LD_LIBRARY_PATH=$PWD/.dev/bin
start=$(date +%s)
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
{
for f in $(grep -o "func.func @[a-z0-9_]*" .dev/skinny4.mlir | sed 's/func.func @//'); do
  out=$(mr .dev/skinny4 --kernel ${f}_matmul --bench --iters 20 --warmup 5 --no-cpu-check --launches 20)
  r=$(echo "$out" | grep "interleaved" | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/ours \1 cuBLAS \2 x \3/')
  echo "$f launches=20 $r"
done
echo "total $(( $(date +%s) - start ))s"
} 2>&1 | tee $OUT/c10.log | tail -c 3000
