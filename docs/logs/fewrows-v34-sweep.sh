#!/usr/bin/env bash
# Few rows by N: base (64x128 + tail at every N) against new (32x64 + tail
# for a static N <= 6144), dynamic M, interleaved, cuBLAS in each process.
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
nvidia-smi --query-gpu=name --format=csv,noheader
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
echo "== correctness (new)"
for f in n1024 n2048 n4096 n4096_k14336 n6144; do
  for m in 17 33 64; do mr .dev/ab/fewn_new --kernel ${f}_matmul --size M=$m | grep -E "PASS|FAIL|error" | sed -E 's/ +/ /g'; done
done
timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/ab/fewn_new --kernel n4096_matmul --size M=33 2>&1 | grep -E "ERROR SUMMARY"
echo "| f M | base TFLOP/s (x cuBLAS) | new | new variant |"
for f in n1024 n2048 n4096 n4096_k14336 n6144 n14336; do
  for m in 17 32 48 64; do
    for rep in 1 2; do
      line="| $f M=$m r$rep |"
      for b in fewn_base fewn_new; do
        out=$(mr .dev/ab/$b --kernel ${f}_matmul --size M=$m --bench --iters 40 --warmup 5 --no-cpu-check)
        r=$(echo "$out" | grep "interleaved" | sed -E 's/.*ours +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 (\2)/')
        v=$(echo "$out" | grep -o "runs size variant [a-z0-9_]*" | awk '{print $4}')
        line="$line ${r:-ERR} |"
      done
      echo "$line ${v:-main} |"
    done
  done
done
