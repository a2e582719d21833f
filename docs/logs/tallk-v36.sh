#!/usr/bin/env bash
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
mr() { timeout 90 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
echo "### gpu-check matmul"
bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run 'mm_(f16|bf16)|epi_' 2>&1 | tail -15
echo "### static bundle"
mr .dev/ms 2>&1 | tail -20
echo "### memcheck"
LD_LIBRARY_PATH=$PWD/.dev/bin timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/suite --kernel mm_f16_matmul --size batch=1,M=1000,N=1000,K=200 2>&1 | tail -2
LD_LIBRARY_PATH=$PWD/.dev/bin timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/suite --kernel mm_f16_to_f16_matmul --size batch=1,M=256,N=256,K=65536 --no-cpu-check 2>&1 | tail -2
echo "### bench"
bash docs/logs/tallk-v35.sh | grep -E '^==|interleaved'
for s in M=1024,N=1024,K=65536 M=768,N=768,K=32768 M=1280,N=1280,K=16384 M=256,N=1024,K=32768; do
  echo "== mm_f16_to_f16_matmul $s"
  mr .dev/suite --kernel mm_f16_to_f16_matmul --size batch=1,$s --bench --iters 30 --warmup 5 --no-cpu-check | grep -E 'interleaved' | cut -c1-220
done
mr .dev/ms --bench --iters 30 --warmup 5 2>&1 | grep -E "32768|65536" -A3 | cut -c1-220
