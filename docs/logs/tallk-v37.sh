#!/usr/bin/env bash
export LD_LIBRARY_PATH=$PWD/.dev/bin
for k in mm_f16_to_f16_matmul mm_bf16_matmul; do
for s in M=1536,N=1536,K=16384 M=1792,N=1792,K=16384 M=1536,N=1536,K=8192 M=1792,N=1792,K=4096 M=1000,N=1000,K=20000 M=2048,N=1024,K=32768; do
  echo "== $k $s"
  timeout 60 .dev/bin/mini-run .dev/suite --kernel $k --size batch=1,$s --bench --iters 30 --warmup 5 2>&1 | grep -E "interleaved|runs size|FAIL|PASS" | cut -c1-160
done
done
