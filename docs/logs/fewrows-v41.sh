#!/bin/bash
# Session 32, call 6: the few-rows tiling for 9-16 rows where N is short, checked and timed (dynamic M
# and the static bundle). Run from .dev/ (copied there): .dev/fr = docs/logs/fewrows-v41.mlir and
# .dev/static2 = bench/matmul-shapes.mlir, each built by mini-opt --mini-pipeline="chip=sm_90a bundle=..."
cd "$(dirname "$0")/.."
export LD_LIBRARY_PATH=$PWD/.dev/bin
start=$(date +%s)
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
{
for f in d_n1024 d_n4096 d_n1000_bf16 d_n4096_k14336 d_n11008; do
  for m in 1 8 9 13 16 17 31 33 64; do
    out=$(mr .dev/fr --kernel ${f}_matmul --size M=$m)
    v=$(echo "$out" | grep -o "runs size variant [a-z0-9_]*" | awk '{print $4}')
    echo "check $f M=$m ${v:-main} $(echo "$out" | grep -oE "PASS|FAIL" | head -1) $(echo "$out" | grep -iE "error" | head -1)"
  done
done
for f in d_n1024 d_n4096 d_n1000_bf16 d_n4096_k14336 d_n11008; do
  for m in 9 12 16; do
    for rep in 1 2; do
      out=$(mr .dev/fr --kernel ${f}_matmul --size M=$m --bench --iters 40 --warmup 5 --no-cpu-check)
      r=$(echo "$out" | grep "interleaved" | sed -E 's/.*ours +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 (\2)/')
      v=$(echo "$out" | grep -o "runs size variant [a-z0-9_]*" | awk '{print $4}')
      echo "bench $f M=$m r$rep ${r:-ERR} ${v:-main}"
    done
  done
done
echo "== static2"
timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/mr.sh static .dev/static2 > $OUT/static.log 2>&1; echo "static rc=$?"; tail -1 $OUT/static.log; grep -E "FAIL" $OUT/static.log | head
grep -E "13x1000|16x4096x14336" $OUT/static.log
timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/fr --kernel d_n1000_bf16_matmul --size M=13 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL"
timeout 150 /usr/local/cuda/bin/compute-sanitizer --tool racecheck .dev/bin/mini-run .dev/fr --kernel d_n1000_bf16_matmul --size M=11 2>&1 | grep -E "RACECHECK SUMMARY|ERROR SUMMARY|PASS|FAIL"
echo "total $(( $(date +%s) - start ))s"
} 2>&1 | tee $OUT/c6.log | tail -c 3000
