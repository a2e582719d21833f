#!/usr/bin/env bash
set -u
mkdir -p $OUT/l
timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^(epi)' > $OUT/l/gpucheck.log 2>&1
grep -E "FAILED|gpu-check:" $OUT/l/gpucheck.log | tail -12
grep -A1 "nonfinite" $OUT/l/gpucheck.log | head -2
mr() { timeout 120 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
{
for k in plain_4096_matmul bias_gelu_4096_matmul plain_mlp_up_matmul bias_silu_mlp_up_matmul plain_mlp_down_matmul residual_mlp_down_matmul; do
  echo "== $k"; mr .dev/epi --kernel $k --bench --iters 50 | grep -E "interleaved|PASS|FAIL|error"
done
for rep in 1 2; do for t in 512 4096; do for b in mlp0 mlp; do echo "== $b $t"; mr .dev/$b --function llama_mlp --size arg0.0=$t --bench --iters 30 | grep -E "bench|PASS|FAIL"; done; done; done
mr .dev/mlp --function llama_mlp --size arg0.0=3 --nonfinite
} > $OUT/l/bench.log 2>&1
cat $OUT/l/bench.log | cut -c1-150
