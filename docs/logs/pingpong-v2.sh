#!/usr/bin/env bash
# Issues 28/29, final run of v39: gpu-check of the ping-pong kernels (.dev/ppsuite: the
# suite's pp_* functions, built by the final compiler) and of the suite's epilogues and
# pairs (the unstaged store's epilogue now runs 8 pairs at a time); compute-sanitizer on the
# clustered kernel; bench/epilogue.mlir by default and with matmul-pingpong=1 (cluster_m 1,
# 2, 4), each kernel interleaved with cuBLAS's plain product.
set -u
mkdir -p $OUT/l
mr() { timeout 100 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
timeout 150 bash scripts/gpu-check.sh .dev/ppsuite .dev/bin/mini-run '^(pp_)' > $OUT/l/gpucheck-pp.log 2>&1
grep -E "FAILED|gpu-check:" $OUT/l/gpucheck-pp.log | tail -6
timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^(epi_|pair_)' > $OUT/l/gpucheck-epi.log 2>&1
grep -E "FAILED|gpu-check:" $OUT/l/gpucheck-epi.log | tail -6
for tool in memcheck racecheck synccheck; do
  echo "== $tool pp_c2_f16 M=1000"
  timeout 100 /usr/local/cuda/bin/compute-sanitizer --tool $tool .dev/bin/mini-run .dev/ppsuite --kernel pp_c2_f16_matmul --size M=1000 --no-cpu-check --iters 1 --warmup 0 2>&1 | grep -E "SUMMARY|FAIL" | head -2
done
{
for k in plain_4096 bias_gelu_4096 plain_8192 bias_gelu_8192 plain_mlp_up bias_silu_mlp_up; do
  for b in epi epipp epippc2 epippc4; do
    echo "== $b $k $(mr .dev/$b --kernel ${k}_matmul --bench --iters 30 --no-cpu-check | grep -E 'interleaved|FAIL|error' | grep -o 'ours  *[0-9.]* TFLOP/s.*')"
  done
done
} > $OUT/l/bench.log 2>&1
cat $OUT/l/bench.log
