#!/bin/bash
# Session 32, call 7 (tried, not kept): the stream-K tail's blocks prefetch their tiles' epilogue inputs into L2
# (epiB) or not (epiA = main). Both bundles: bench/suite.mlir's epi_f16 with fuse-epilogue-min-k=0; run from .dev/.
cd "$(dirname "$0")/.."
export LD_LIBRARY_PATH=$PWD/.dev/bin
start=$(date +%s)
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
{
for s in M=17,N=4096,K=4096 M=64,N=4096,K=4096 M=64,N=1000,K=4093 M=3000,N=3000,K=3000 M=4095,N=4096,K=4096 M=40,N=4096,K=11008 M=2000,N=2001,K=2000; do
  out=$(mr .dev/epiB --kernel epi_f16_matmul --size batch=1,$s)
  v=$(echo "$out" | grep -o "runs size variant [a-z0-9_]*" | awk '{print $4}')
  echo "check B $s ${v:-main} $(echo "$out" | grep -oE "PASS|FAIL" | head -1)"
done
for s in M=33,N=4096,K=4096 M=64,N=4096,K=4096 M=40,N=4096,K=11008 M=3000,N=3000,K=3000 M=1500,N=1536,K=1024; do
  for rep in 1 2 3; do
    line="$s r$rep"
    for b in epiA epiB; do
      out=$(mr .dev/$b --kernel epi_f16_matmul --size batch=1,$s --bench --iters 40 --warmup 5 --no-cpu-check)
      r=$(echo "$out" | grep "interleaved" | sed -E 's/.*ours +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 (\2)/')
      line="$line | $b ${r:-ERR}"
    done
    echo "$line"
  done
done
for s in M=64,N=4096,K=4096 M=3000,N=3000,K=3000; do
  for b in epiA epiB; do
    echo "ncu $b $s $(timeout 60 /usr/local/cuda/bin/ncu --clock-control none -k regex:epi_f16_matmul --launch-count 8 --metrics gpu__time_duration.sum --csv --print-units base .dev/bin/mini-run .dev/$b --kernel epi_f16_matmul --size batch=1,$s --no-cpu-check 2>&1 | grep -E '^"[0-9]' | awk -F'","' '{print $5, $NF}' | sed 's/"//g' | tr '\n' ' ')"
  done
done
timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/epiB --kernel epi_f16_matmul --size batch=1,M=50,N=1000,K=4093 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL"
echo "total $(( $(date +%s) - start ))s"
} 2>&1 | tee $OUT/c7.log | tail -c 3500
