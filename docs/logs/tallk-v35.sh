#!/usr/bin/env bash
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
for k in mm_f16_to_f16_matmul mm_bf16_matmul; do
for s in M=1024,N=1024,K=32768 M=512,N=512,K=32768 M=256,N=256,K=65536 M=2048,N=2048,K=32768 M=1024,N=1024,K=8192; do
  echo "== $k $s"
  mr .dev/suite --kernel $k --size batch=1,$s --bench --iters 30 --warmup 5 --no-cpu-check | grep -vE "^kernel " | cut -c1-220
done
done
