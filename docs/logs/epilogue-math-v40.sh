#!/usr/bin/env bash
# Issue 29, v40: gpu-check of the suite's epilogues, pairs and ping-pong kernels (approximate
# exp/erf/tanh, the batch-inside store), f32-output GELU epilogues against float64 (.dev/f32e:
# docs/logs/epilogue-math-v40-f32e.mlir), NaN/-inf planted, memcheck; then bench/epilogue-costs.mlir
# (.dev/costs) and bench/epilogue.mlir by default (.dev/epi) and with matmul-pingpong=1
# (.dev/epipp, + matmul-cluster-m=2: .dev/epippc2), each kernel interleaved with cuBLAS.
set -u
mr() { timeout 100 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
timeout 240 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^(epi_|pair_|pp_)' > $OUT/gc.log 2>&1
grep -E "FAILED|gpu-check:" $OUT/gc.log | tail -6
for s in batch=1,M=1,N=1,K=1 batch=2,M=37,N=53,K=129 batch=1,M=300,N=1000,K=4097; do
  for k in f32_gelu_matmul f32_gelut_matmul; do echo "f32e $k $s: $(mr .dev/f32e --kernel $k --size $s | grep -E 'PASS|FAIL|rror' | tr -s ' ' | cut -d' ' -f5-12)"; done
done
for s in M=1,N=8,K=8 M=129,N=264,K=1000 M=1000,N=4104,K=64; do
  for k in bf16_gelu_f32out_matmul f16_tanh_gelu_matmul; do echo "f32e $k $s: $(mr .dev/f32e --kernel $k --size $s | grep -E 'PASS|FAIL|rror' | tr -s ' ' | cut -d' ' -f5-12)"; done
  for k in bf16_gelu_f32out_matmul f16_tanh_gelu_matmul; do echo "nonfinite $k $s: $(mr .dev/f32e --kernel $k --size $s --nonfinite | grep -E 'PASS|FAIL|rror' | tr -s ' ' | cut -d' ' -f5-12)"; done
done
for k in epi_bias_gelu_f16_matmul epi_f32_matmul epi_bf16_wgmma_matmul epi_f16_matmul epi_bf16_wmma_matmul epi_f16_split_matmul; do
  echo "nonfinite $k: $(mr .dev/suite --kernel $k --size batch=2,M=300,N=264,K=72 --nonfinite | grep -E 'PASS|FAIL|rror' | tr -s ' ' | cut -d' ' -f5-12)"
done
echo "nonfinite pp_epi: $(mr .dev/suite --kernel pp_epi_bf16_matmul --size M=300 --nonfinite | grep -E 'PASS|FAIL|rror' | tr -s ' ' | cut -d' ' -f5-12)"
/usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/suite --kernel epi_bias_gelu_f16_matmul --size batch=2,M=300,N=264,K=72 --no-cpu-check --iters 1 --warmup 0 2>&1 | grep -E "SUMMARY" | head -1
for r in 1 2; do
for k in plain scale bias gelu bias_gelu bias_gelut bias_silu; do
  echo "== costs $k $(mr .dev/costs --kernel ${k}_matmul --bench --iters 30 --no-cpu-check | grep -E 'interleaved|FAIL|error' | grep -o 'ours  *[0-9.]* TFLOP/s.*')"
done
done
for k in plain_4096 bias_gelu_4096 plain_8192 bias_gelu_8192 plain_mlp_up bias_silu_mlp_up plain_mlp_down residual_mlp_down; do
  for b in epi epipp epippc2; do
    echo "== $b $k $(mr .dev/$b --kernel ${k}_matmul --bench --iters 30 --no-cpu-check | grep -E 'interleaved|FAIL|error' | grep -o 'ours  *[0-9.]* TFLOP/s.*')"
  done
done
