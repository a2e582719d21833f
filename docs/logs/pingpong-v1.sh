#!/usr/bin/env bash
# Issues 28/29: the persistent ping-pong wgmma kernel (config pingpong = 1). gpu-check of
# the suite's pp_* kernels, compute-sanitizer on one, then bench/epilogue.mlir built by
# default (.dev/epi) and with matmul-pingpong=1 (.dev/epipp): each kernel against cuBLAS's
# plain product, interleaved launch by launch.
set -u
mkdir -p $OUT/l
mr() { timeout 150 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run "${CHECK:-^(pp_)}" > $OUT/l/gpucheck.log 2>&1
grep -E "FAILED|gpu-check:" $OUT/l/gpucheck.log | tail -8
for tool in memcheck racecheck synccheck; do
  echo "== $tool pp_epi_bf16 M=300"
  timeout 100 /usr/local/cuda/bin/compute-sanitizer --tool $tool .dev/bin/mini-run .dev/suite --kernel pp_epi_bf16_matmul --size M=300 --no-cpu-check --iters 1 --warmup 0 2>&1 | grep -E "SUMMARY|FAIL" | head -2
done
{
for k in ${KERNELS:-plain_4096 bias_gelu_4096 plain_8192 bias_gelu_8192 plain_mlp_up bias_silu_mlp_up plain_mlp_down residual_mlp_down}; do
  for b in epi epipp; do
    echo "== $b $k"; mr .dev/$b --kernel ${k}_matmul --bench --iters 30 --no-cpu-check | grep -E "interleaved|FAIL|error"
  done
done
} > $OUT/l/bench.log 2>&1
cat $OUT/l/bench.log | cut -c1-160
