# Session 36 (docs/PERF.md v48): boxed rows. Shapes: .dev/oob/oob.mlir (static) and dyn.mlir (M at launch), both below.
# Bundles: base_* = main at e2e4fc4 (PERF v47), hack_* = call 3's probe (the producer's A box moved up, C unchanged: FAIL expected),
# new_* = boxed rows (658b817), dyn_boxed = 658b817, dyn_relax = beb2fea; g64 / g128 forced as below, def = the static default.
# Call 1 ran a first probe that moved the box inside the producer's K loop: mini-pipeline-stages then left the loop unpipelined
# on stage 0 and every kernel of that bundle hung (no output; 8 minutes of the device); call 2 found it.

######## build (bash)
w="matmul-math=wgmma matmul-warps-m=8 matmul-warps-n=1 matmul-producer-warps=4 matmul-copy=tma matmul-tile-m=128"
g64="$w matmul-tile-n=64 matmul-stages=8 matmul-tail-splits=4"; g128="$w matmul-tile-n=128 matmul-stages=6 matmul-tail-splits=4"
mini-opt oob.mlir --mini-pipeline="chip=sm_90a bundle=.dev/oob/new_g64 toolkit=/usr/local/cuda $g64" -o /dev/null  # and so on

######## .dev/oob/run4.sh (call 4)
#!/usr/bin/env bash
# Session 36 call 4: boxed rows (new_*) against main (base_*), then gpu-check of the new build.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
log=$OUT/boxed.log
vs="base_g64 new_g64 base_g128 new_g128 new_def"
{
echo "ours TFLOP/s (x cuBLAS) P/F, 20 launches, 8 copies"
printf "%-6s" f; for v in $vs; do printf " %16s" $v; done; echo
for f in b160 b200 b256 h96 h160 h192 h256 h300; do
  printf "%-6s" $f
  for v in $vs; do
    out=$(timeout 30 $mr .dev/oob/$v --kernel ${f}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %7s (%5s)%s" "$1" "$3" "${ok:0:1}"
  done; echo
done
echo "suite weights (dynamic M) at launch:"
for k in mm_f16_weights_matmul mm_bf16_weights_long_k_matmul; do for m in 129 160 200 300 1000; do
  out=$(timeout 30 $mr .dev/suite --kernel $k --size M=$m --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
  plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | sed 's/.*_matmul_//')
  echo "$k M=$m $plan $(echo "$out" | grep -oE 'PASS|FAIL' | head -1) $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')"
done; done
echo "dynamic M: boxed (rule of main) / relaxed one-wave bounds"
for f in w1000 w4096 wbf; do for m in 129 160 200 256 300 384 512; do
  line="$f M=$m"
  for v in dyn_boxed dyn_relax; do
    out=$(timeout 30 $mr .dev/oob/$v --kernel ${f}_matmul --size M=$m --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | sed 's/.*_matmul_//')
    line="$line | $v ${plan:-main} $(echo "$out" | grep -oE 'PASS|FAIL' | head -1) $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \3/')"
  done; echo "$line"
done; done
} 2>&1 | tee $log
timeout 300 bash scripts/gpu-check.sh .dev/suite .dev/mr.sh 'mm_|epi_|pair_|static' .dev/static > $OUT/gpucheck.log 2>&1; echo "gpu-check rc=$?"
tail -5 $OUT/gpucheck.log; grep -E "FAIL|hang|timeout" $OUT/gpucheck.log | head
