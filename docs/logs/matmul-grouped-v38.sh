#!/usr/bin/env bash
# v38 (issue 28): the default matmul kernels (suite-like dynamic module, bench/matmul-default.mlir,
# built before and after the change) before (.dev/mo, launch order) and after (.dev/mn, grouped
# order), each interleaved with cuBLAS, one device call.
set -u
mr() { timeout 100 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
for t in f16 bf16; do
for s in batch=1,M=4096,N=4096,K=4096 batch=1,M=8192,N=8192,K=8192 batch=1,M=6144,N=6144,K=6144 batch=1,M=4096,N=11008,K=4096 batch=1,M=8192,N=4096,K=11008 batch=1,M=4096,N=14336,K=4096 batch=1,M=2048,N=2048,K=2048 batch=1,M=3000,N=3000,K=3000 batch=1,M=4095,N=4097,K=4093 batch=2,M=1000,N=1032,K=776; do
  for v in mo mn; do
    r=$(mr .dev/$v --kernel mm_${t}_matmul --size $s --bench --iters 30 --no-cpu-check)
    echo "$t $s $v $(echo "$r" | grep -oE 'ours/cuBLAS [0-9.]+|PASS|FAIL|error.*' | tr '\n' ' ')"
  done
done; done
