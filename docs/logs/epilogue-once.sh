#!/bin/bash
# Session 31, call 7: the realigned slot's body once (epi3) vs in each branch (suite, loops).
cd "$(dirname "$0")/.."
MR=.dev/bin/mini-run
r() { timeout 30 $MR "$@" --bench --iters 20 --warmup 3 --no-cpu-check 2>&1 | grep -E 'interleaved' | awk '{print $5, $8, $NF}'; }
for k in epi_f16_matmul epi_bf16_wgmma_matmul; do
for s in M=4096,N=4096,K=4096 M=4096,N=4095,K=4096 M=2000,N=2001,K=2000 M=8192,N=8191,K=8192; do
  echo "$k $s | loops: $(r .dev/suite --kernel $k --size batch=1,$s) | once: $(r .dev/epi3 --kernel $k --size batch=1,$s)"
done; done
timeout 150 bash scripts/gpu-check.sh .dev/epi3 .dev/mr.sh '^epi_(f16|bf16_wgmma)_matmul' > $OUT/gce.log 2>&1; echo "gc epi3 rc=$?"; tail -1 $OUT/gce.log; grep FAIL $OUT/gce.log | head
for k in epi_f16_matmul epi_bf16_wgmma_matmul; do
  timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck $MR .dev/epi3 --kernel $k --size batch=1,M=300,N=201,K=200 > $OUT/san.log 2>&1
  echo "memcheck $k N=201 rc=$? $(grep -E 'ERROR SUMMARY' $OUT/san.log) $(grep -c PASS $OUT/san.log)"
done
