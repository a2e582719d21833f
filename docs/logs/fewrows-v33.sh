#!/usr/bin/env bash
# Few-rows variant: gpu-check of the matmul kernels, then base (before) and
# new examples/matmul.mlir bundles interleaved at 16 < M <= 64.
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^(mm_f16_matmul|mm_bf16_matmul|mm_f16_to_f16_matmul|mm_bf16_to_bf16_matmul|mm_f32_matmul|epi_f16_matmul|epi_bias_gelu_f16_matmul)$' > $OUT/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -5
grep -c PASS $OUT/gpucheck.log
grep -E "M=(1[7-9]|[2-5][0-9]|6[0-5])," $OUT/gpucheck.log | cut -c1-150
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
echo "| M x N x K | before TFLOP/s (x cuBLAS) | after | kernel after |"
for s in M=17,N=4096,K=4096 M=24,N=4096,K=4096 M=32,N=4096,K=4096 M=48,N=4096,K=4096 M=64,N=4096,K=4096 M=32,N=11008,K=4096 M=64,N=11008,K=4096 M=64,N=14336,K=4096 M=64,N=4096,K=11008 M=64,N=8192,K=8192 M=16,N=4096,K=4096 M=65,N=4096,K=4096 M=128,N=4096,K=4096; do
  for rep in 1 2; do
    line="| $s r$rep |"
    for b in .dev/ab/base_mm .dev/ab/new_mm; do
      out=$(mr $b --kernel matmul_matmul --size batch=1,$s --bench --iters 40 --warmup 5 --no-cpu-check)
      r=$(echo "$out" | grep "interleaved" | sed -E 's/.*ours +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 (\2)/')
      v=$(echo "$out" | grep -o "runs size variant [a-z0-9_]*" | awk '{print $4}')
      line="$line ${r:-ERR} |"
    done
    echo "$line ${v:-main} |"
  done
done
