#!/bin/bash
# Session 31, call 5: the staged epilogue's slot loops. suite = branch head (unrolled),
# epi = loop over any_cols slots, epi2 = also a loop over the aligned path's batches;
# ec0/ec2: bench/epilogue-costs.mlir by the branch head / by epi2's compiler.
cd "$(dirname "$0")/.."
MR=.dev/bin/mini-run
r() { timeout 30 $MR "$@" --bench --iters 20 --warmup 3 --no-cpu-check 2>&1 | grep -E 'interleaved' | awk '{print $5, $8, $NF}'; }
for k in epi_f16_matmul epi_bf16_wgmma_matmul; do
for s in M=4096,N=4096,K=4096 M=4096,N=4095,K=4096 M=4096,N=4097,K=4096 M=2000,N=2001,K=2000 M=8192,N=8191,K=8192; do
  echo "$k $s | head: $(r .dev/suite --kernel $k --size batch=1,$s) | epi: $(r .dev/epi --kernel $k --size batch=1,$s) | epi2: $(r .dev/epi2 --kernel $k --size batch=1,$s)"
done; done
for rep in 1 2; do
for k in plain bias gelu bias_gelu bias_gelut bias_silu; do
  echo "costs $k | ec0: $(r .dev/ec0 --kernel ${k}_matmul) | ec2: $(r .dev/ec2 --kernel ${k}_matmul)"
done; done
timeout 200 bash scripts/gpu-check.sh .dev/epi2 .dev/mr.sh '^epi_(f16|bf16_wgmma)_matmul' > $OUT/gce.log 2>&1; echo "gc epi2 rc=$?"; tail -1 $OUT/gce.log; grep FAIL $OUT/gce.log | head
for k in epi_f16_matmul epi_bf16_wgmma_matmul; do
  for t in memcheck racecheck; do
  timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool $t $MR .dev/epi2 --kernel $k --size batch=1,M=300,N=201,K=200 > $OUT/san.log 2>&1
  echo "$t $k N=201 rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/san.log) $(grep -c PASS $OUT/san.log)"
  done
  timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck $MR .dev/epi2 --kernel $k --size batch=1,M=300,N=256,K=200 > $OUT/san.log 2>&1
  echo "memcheck $k N=256 rc=$? $(grep -E 'ERROR SUMMARY' $OUT/san.log) $(grep -c PASS $OUT/san.log)"
done
