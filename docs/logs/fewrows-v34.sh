#!/usr/bin/env bash
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
nvidia-smi --query-gpu=name --format=csv,noheader
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
echo "== correctness (new)"
for f in n1024 n2048 n4096; do
  for m in 17 31 32 33 64; do mr .dev/ab/fewn_new --kernel ${f}_matmul --size M=$m | grep -E "PASS|FAIL|error" | sed -E 's/ +/ /g'; done
done
timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/ab/fewn_new --kernel n1024_matmul --size M=50 2>&1 | grep -E "ERROR SUMMARY"
timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool racecheck .dev/bin/mini-run .dev/ab/fewn_new --kernel n4096_matmul --size M=20 2>&1 | grep -E "RACECHECK SUMMARY|ERROR SUMMARY"
echo "| f M | base TFLOP/s (x cuBLAS) | new | new variant |"
for fm in "n1024 17 24 32 48 64" "n2048 17 24 32 40" "n4096 17 24 32 40 64" "n4096_k14336 32" "n6144 32"; do
  set -- $fm; f=$1; shift
  for m in "$@"; do
    for rep in 1 2 3; do
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
