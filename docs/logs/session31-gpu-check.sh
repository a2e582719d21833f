#!/bin/bash
# Session 31, final call: the final compiler's suite and static bundles, gpu-check of the matmul family.
cd "$(dirname "$0")/.."
start=$(date +%s)
LD_LIBRARY_PATH=.dev/bin timeout 60 .dev/bin/mini-runtime-tests > $OUT/ut.log 2>&1
echo "unit rc=$? $(grep -E '^\[  (PASSED|FAILED)' $OUT/ut.log | head -3 | tr '\n' ' ')"
timeout 380 bash scripts/gpu-check.sh .dev/suite .dev/mr.sh 'mm_|epi_|pair_|pp_|static' .dev/static > $OUT/gc.log 2>&1; echo "gc rc=$?"; tail -1 $OUT/gc.log; grep -E "FAIL" $OUT/gc.log | head
echo "total $(( $(date +%s) - start ))s"
