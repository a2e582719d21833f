#!/bin/bash
# Session 31, call 1: unrun GPU test, odd-N epilogue bench, sanitizer.
cd "$(dirname "$0")/.."
start=$(date +%s)
LD_LIBRARY_PATH=.dev/bin timeout 120 .dev/bin/mini-runtime-tests > $OUT/ut.log 2>&1
echo "unit rc=$? $(grep -E '^\[  (PASSED|FAILED)' $OUT/ut.log | head -3 | tr '\n' ' ')"
grep -E "RowCopier|SKIPPED" $OUT/ut.log | head -5
bash .dev/q.sh
for k in epi_f16_matmul epi_bf16_wgmma_matmul epi_f16_split_matmul; do
  timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/suite --kernel $k --size batch=1,M=300,N=201,K=200 > $OUT/san_$k.log 2>&1
  echo "memcheck $k rc=$? $(grep -E 'ERROR SUMMARY' $OUT/san_$k.log) $(grep -cE 'PASS' $OUT/san_$k.log)"
done
echo "part1 $(( $(date +%s) - start ))s"
timeout 400 bash scripts/gpu-check.sh .dev/suite .dev/mr.sh 'epi_|static' .dev/static > $OUT/gc.log 2>&1; echo "gc rc=$?"; tail -1 $OUT/gc.log; grep -E "FAIL" $OUT/gc.log | head
echo "total $(( $(date +%s) - start ))s"
