#!/bin/bash
# Session 31, call 2: the pair's narrow tiling (sw: variants, sw0: wide only).
cd "$(dirname "$0")/.."
start=$(date +%s)
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1; }
row() { grep -E 'interleaved' | awk '{print $5, $8, $NF}'; }
for m in 64 128 200 256 384 512 640 768 1024 1536 2048 4096; do
  w=$(mr .dev/sw0 --kernel pair_7b_matmul --size M=$m --bench --iters 30 --no-cpu-check | row)
  n=$(mr .dev/sw --kernel pair_7b_matmul_128x128 --size M=$m --bench --iters 30 --no-cpu-check | row)
  d=$(mr .dev/sw --kernel pair_7b_matmul --size M=$m --bench --iters 30 --no-cpu-check | row)
  echo "7b M=$m | wide $w | narrow $n | chosen $d"
done
for m in 256 512 1024 4096; do
  w=$(mr .dev/sw0 --kernel pair_8b_matmul --size M=$m --bench --iters 30 --no-cpu-check | row)
  n=$(mr .dev/sw --kernel pair_8b_matmul_128x128 --size M=$m --bench --iters 30 --no-cpu-check | row)
  echo "8b M=$m | wide $w | narrow $n"
done
echo "bench $(( $(date +%s) - start ))s"
timeout 200 bash scripts/gpu-check.sh .dev/sw2 .dev/mr.sh 'pair_' > $OUT/gcp.log 2>&1; echo "gc pair rc=$?"; tail -1 $OUT/gcp.log; grep FAIL $OUT/gcp.log | head
for s in M=129 M=1000; do
  timeout 100 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/bin/mini-run .dev/sw2 --kernel pair_f16_matmul_128x128 --size $s > $OUT/sp.log 2>&1
  echo "memcheck narrow $s rc=$? $(grep 'ERROR SUMMARY' $OUT/sp.log) $(grep -c PASS $OUT/sp.log)"
done
echo "total $(( $(date +%s) - start ))s"
