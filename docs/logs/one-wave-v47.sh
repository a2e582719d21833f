# Session 35 (docs/PERF.md v47). .dev/mid/{mid,ab,ab2}.mlir are the three parts of docs/logs/one-wave-v47.mlir.
# Bundles: b_V from mid.mlir with the pass options of build.sh; ab_old = main at ffe71f0, ab_new = 128x64 rated 80 by cost (call 2),
# ab_new2 / ab2_new = the one-wave rule before its 5-row cap (the cap moves only 1000 x 1000 x 4096 and 1024 x 1024 x 8192 to 128x128 tiles: ab2_g128),
# ab_g64 / ab_g128 / ab2_g128 / ab2_g128s4 / ab2_g256 forced through the same options as build.sh's.
# Calls 5 and 6 (appended to the log): .dev/fill/run.sh (fill.mlir, the last part of the .mlir) and .dev/mid/run6.sh, both in the log.

######## .dev/mid/build.sh
#!/usr/bin/env bash
# builds the mid-M sweep bundles: .dev/mid/b_V
cd /work/main
w="matmul-math=wgmma matmul-warps-m=8 matmul-warps-n=1 matmul-producer-warps=4 matmul-copy=tma matmul-tile-m=128"
declare -A opts=(
 [def]=""
 [g64s4]="$w matmul-tile-n=64 matmul-stages=4 matmul-tail-splits=4"
 [g64s8]="$w matmul-tile-n=64 matmul-stages=8 matmul-tail-splits=4"
 [g64s8n]="$w matmul-tile-n=64 matmul-stages=8 matmul-tail-splits=1"
 [g128s4]="$w matmul-tile-n=128 matmul-stages=4 matmul-tail-splits=4"
 [g128s6]="$w matmul-tile-n=128 matmul-stages=6 matmul-tail-splits=4"
 [g192s5]="$w matmul-tile-n=192 matmul-stages=5 matmul-tail-splits=4"
 [m64s4]="matmul-math=mma_sync matmul-tile-m=64 matmul-tile-n=128 matmul-warps-m=2 matmul-warps-n=2 matmul-stages=4 matmul-copy=tma matmul-tail-splits=4"
 [m64s6]="matmul-math=mma_sync matmul-tile-m=64 matmul-tile-n=128 matmul-warps-m=2 matmul-warps-n=2 matmul-stages=6 matmul-copy=tma matmul-tail-splits=4"
)
for v in "${!opts[@]}"; do
  build/bin/mini-opt .dev/mid/mid.mlir --mini-pipeline="chip=sm_90a bundle=.dev/mid/b_$v toolkit=/usr/local/cuda ${opts[$v]}" -o /dev/null > .dev/mid/b_$v.log 2>&1; echo "$v rc=$?"
done

######## .dev/mid/run.sh
#!/usr/bin/env bash
# Session 35 call 1: mid-M tilings (M = 64-512) with distinct weights each launch.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
log=$OUT/sweep.log
vs="def g64s4 g64s8 g64s8n g128s4 g128s6 g192s5 m64s4 m64s6"
{
echo "ours TFLOP/s (x cuBLAS), 20 launches a sample, 8 copies"
printf "%-16s" shape; for v in $vs; do printf " %14s" $v; done; printf "   cuBLAS\n"
for f in s64_4096_4096 s128_4096_4096 s192_4096_4096 s256_4096_4096 s384_4096_4096 s512_4096_4096 s128_14336_4096 s256_14336_4096 s128_4096_14336 s256_4096_14336; do
  printf "%-16s" $f; cub=""
  for v in $vs; do
    out=$($mr .dev/mid/b_$v --kernel ${f}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %6s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
  done
  echo "  $cub"
done
echo "suite mm_f16_to_f16_matmul (dynamic):"
for m in 64 96 128 192 256 384 512; do
  out=$($mr .dev/suite --kernel mm_f16_to_f16_matmul --size batch=1,M=$m,N=4096,K=4096 --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
  plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | sed 's/.*_matmul_//')
  echo "M=$m $plan $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')"
done
} 2>&1 | tee $log
echo "ncu (names and GPU time, L2 flushed) at the default bundle:" | tee $OUT/ncu.log
for f in s128_4096_4096 s256_4096_4096 s512_4096_4096; do
  echo "== $f" >> $OUT/ncu.log
  LD_LIBRARY_PATH=.dev/bin timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size --csv --print-units base .dev/bin/mini-run .dev/mid/b_def --kernel ${f}_matmul --bench --iters 1 --warmup 0 --no-cpu-check 2>&1 | grep -E '^"[0-9]' | awk -F'","' '{print $5" | "$(NF-2)" | "$NF}' | cut -c1-200 >> $OUT/ncu.log
done
tail -40 $OUT/ncu.log

######## .dev/mid/run2.sh
#!/usr/bin/env bash
# Session 35 call 2: the mid tilings' change (128x128 in 6 stages at 90, 128x64 in 8 at 80) against main's picks; gpu-check.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
log=$OUT/ab.log
vs="ab_old ab_new ab_g64 ab_g128"
{
echo "ours TFLOP/s (x cuBLAS), 20 launches a sample, 8 copies; old = main's picks, new = the change's; g64 = 128x64 s8 + tail, g128 = 128x128 s6 + tail forced"
printf "%-22s" shape; for v in $vs; do printf " %16s" $v; done; printf "   cuBLAS\n"
for f in $(grep -oE '@[a-z0-9_]+' .dev/mid/ab.mlir | tr -d @); do
  printf "%-22s" $f; cub=""
  for v in $vs; do
    out=$($mr .dev/mid/$v --kernel ${f}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %7s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
  done
  echo "  $cub"
done
echo "suite weights kernels (M at launch), new suite: plan, ours, cuBLAS, x"
for k in mm_f16_weights_matmul mm_bf16_weights_long_k_matmul; do for m in 65 96 128 200 256 300 512 1000 1100 2100; do
  out=$($mr .dev/suite --kernel $k --size M=$m --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
  plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | sed 's/.*_matmul_//')
  echo "$k M=$m ${plan:-default} $(echo "$out" | grep -oE 'PASS|FAIL' | head -1) $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')"
done; done
} 2>&1 | tee $log
bash scripts/gpu-check.sh .dev/suite $mr 'mm_|epi_|pair_|static' .dev/static > $OUT/gpucheck.log 2>&1
echo "gpu-check rc=$?"; grep -E "FAIL|error" $OUT/gpucheck.log | head; tail -2 $OUT/gpucheck.log

######## .dev/mid/run3.sh
#!/usr/bin/env bash
# Session 35 call 3: the one-wave tiles by bound (128x64, 8 stages) and 128x128 in 6 stages, against main's picks; weights at launch; gpu-check.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
B="--bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8"
parse() { grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/'; }
{
echo "== A/B: old = main, new = this change (ours TFLOP/s (x cuBLAS)), cuBLAS per run"
for f in $(grep -oE '@[a-z0-9_]+' .dev/mid/ab.mlir | tr -d @); do
  printf "%-22s" $f; cub=""
  for v in ab_old ab_new2; do
    out=$($mr .dev/mid/$v --kernel ${f}_matmul $B 2>&1); ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    r=($(echo "$out" | parse)); printf " %7s (%5s)%s" "${r[0]}" "${r[2]}" "${ok:0:1}"; cub="$cub ${r[1]}"
  done; echo "  $cub"
done
echo "== suite weights, M at launch: plan PASS ours cuBLAS x"
for k in mm_f16_weights_matmul mm_bf16_weights_long_k_matmul; do for m in 65 128 200 256 300 512 1000 1100; do
  out=$($mr .dev/suite --kernel $k --size M=$m $B 2>&1)
  plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | sed 's/.*_matmul_//')
  echo "$k M=$m ${plan:-default} $(echo "$out" | grep -oE 'PASS|FAIL' | head -1) $(echo "$out" | parse)"
done; done
echo "== forced variants (suite): variant M PASS ours cuBLAS x"
for s in "mm_f16_weights_matmul_128x128_streamk 300" "mm_f16_weights_matmul_128x128_streamk 512" "mm_f16_weights_matmul_128x128_streamk 1000" "mm_f16_weights_matmul 1000" "mm_bf16_weights_long_k_matmul_128x64_streamk 65" "mm_bf16_weights_long_k_matmul_128x128_streamk 256"; do
  set -- $s; out=$($mr .dev/suite --kernel $1 --size M=$2 $B 2>&1)
  echo "$1 M=$2 $(echo "$out" | grep -oE 'PASS|FAIL' | head -1) $(echo "$out" | parse)"
done
echo "== ab2: new, g128 s6, g128 s4, g256 (ours TFLOP/s (x cuBLAS))"
for f in $(grep -oE '@[a-z0-9_]+' .dev/mid/ab2.mlir | tr -d @); do
  printf "%-22s" $f
  for v in ab2_new ab2_g128 ab2_g128s4 ab2_g256; do
    out=$($mr .dev/mid/$v --kernel ${f}_matmul $B 2>&1); ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    r=($(echo "$out" | parse)); printf " %7s (%5s)%s" "${r[0]}" "${r[2]}" "${ok:0:1}"
  done; echo
done
} 2>&1 | tee $OUT/ab3.log
bash scripts/gpu-check.sh .dev/suite $mr 'weights|static' .dev/static > $OUT/gpucheck.log 2>&1
echo "gpu-check rc=$?"; grep -E "FAIL|error" $OUT/gpucheck.log | head; tail -1 $OUT/gpucheck.log
