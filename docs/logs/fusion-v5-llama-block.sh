#!/usr/bin/env bash
# llama_block (examples/llama_block.mlir) fused (.dev/lb, 13 launches) vs fuse=0 (.dev/lb0, 18), after
# Fusion v5 and v38; checked at 1, 77, 1000 tokens, timed at 512 and 4096.
set -u
mr() { timeout 120 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
for n in 1 77 1000; do mr .dev/lb --function llama_block --size tokens=$n --no-cpu-check | grep -E "llama_block|differ|error"; done
for n in 512 4096; do for rep in 1 2; do for b in lb0 lb; do
  echo "-- $b tokens=$n rep $rep"
  mr .dev/$b --function llama_block --size tokens=$n --bench --iters 20 --warmup 3 --no-cpu-check | grep -E "bench  *llama_block|matmul  |FAIL"
done; done; done
