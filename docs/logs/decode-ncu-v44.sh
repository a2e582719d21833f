#!/usr/bin/env bash
# Session 33 call 4: plans and ncu GPU time (L2 flushed between kernels) of ours and cuBLAS at decode/prefill-chunk M.
cd "$(dirname "$0")/../.."
# Bundles in .dev/: suite = build/bundles/suite; dec, dec2 = docs/logs/weights-rotate-v44.mlir
# compiled by main and by the change; wsub = the suite's two weights functions; static2 =
# bench/matmul-shapes.mlir (mini-opt F --mini-pipeline="chip=sm_90a bundle=DIR toolkit=...").
mr=.dev/mr.sh
log=$OUT/s4.log
{
for m in 8 16 64 256; do
  echo "== M=$m N=K=4096 f16->f16"
  $mr .dev/suite --kernel mm_f16_to_f16_matmul --size batch=1,M=$m,N=4096,K=4096 --iters 1 --warmup 0 --no-cpu-check 2>&1 | grep -E "runs|PASS|FAIL"
  ncu --clock-control none --launch-count 30 --metrics gpu__time_duration.sum,dram__bytes_read.sum --csv --print-units base \
    $mr .dev/suite --kernel mm_f16_to_f16_matmul --size batch=1,M=$m,N=4096,K=4096 --bench --iters 2 --warmup 0 --no-cpu-check 2>/dev/null \
    | grep -E '^"[0-9]' | awk -F'","' '{n=$5; sub(/\(.*/,"",n); gsub(/ /,"_",n); print substr(n,1,60), $(NF-2), $NF}' | sed 's/"//g' \
    | awk '{k=$1; if ($2=="dram__bytes_read.sum") b[k]=b[k]" "$3; else t[k]=t[k]" "$3} END {for (k in t) print k, "time_ns:" t[k], " dram_bytes:" b[k]}'
done
} 2>&1 | tee $log
