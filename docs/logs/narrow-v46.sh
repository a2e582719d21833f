# Session 34 (docs/PERF.md v46). build.sh compiled docs/logs/narrow-stages-v46.mlir (.dev/st/st.mlir) once per
# tiling (def = main's defaults at 96ffb9c; n32s4 = 32x64 tiles in 4 stages, main's narrow tiling); calls 1-4 below
# ran on the H200 with the suite and static bundles of each step copied to .dev/suite and .dev/static.

######## .dev/st/build.sh
#!/usr/bin/env bash
# builds the stage-sweep bundles: .dev/st/b_V
cd /work/main
common="matmul-math=mma_sync matmul-warps-m=2 matmul-warps-n=4 matmul-tail-splits=8 matmul-producer-warps=4 matmul-copy=tma"
declare -A opts=(
 

 [n32s8]="$common matmul-tile-m=32 matmul-tile-n=64 matmul-stages=8"
 [n32s6]="$common matmul-tile-m=32 matmul-tile-n=64 matmul-stages=6"
 [w64s6]="$common matmul-tile-m=64 matmul-tile-n=128 matmul-stages=6"
 [w64s8]="$common matmul-tile-m=64 matmul-tile-n=128 matmul-stages=8"
 [sk8]="matmul-math=mma_sync matmul-tile-m=16 matmul-tile-n=64 matmul-warps-m=1 matmul-warps-n=2 matmul-stages=8 matmul-copy=tma matmul-producer-warps=0"
)
for v in "${!opts[@]}"; do
  ( build/bin/mini-opt .dev/st/st.mlir --mini-pipeline="chip=sm_90a bundle=.dev/st/b_$v toolkit=/usr/local/cuda ${opts[$v]}" -o /dev/null > .dev/st/b_$v.log 2>&1; echo "$v rc=$?" ) 
done

######## .dev/st/run.sh
#!/usr/bin/env bash
# Session 34 call 1: gpu-check of the matmul family (38cccab), then the few-rows stage sweep.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
bash scripts/gpu-check.sh .dev/suite $mr 'mm_|epi_|pair_|pp_|static' .dev/static > $OUT/gpucheck.log 2>&1
echo "gpu-check rc=$?"; grep -cE "PASS" $OUT/gpucheck.log; grep -E "FAIL|error" $OUT/gpucheck.log | head; tail -3 $OUT/gpucheck.log
log=$OUT/sweep.log
vs="def n32s4 n32s6 n32s8 w64s6 w64s8 sk8"
{
printf "%-16s" shape; for v in $vs; do printf " %14s" $v; done; printf "   cuBLAS\n"
for f in s8_4096_4096 s16_4096_4096 s32_4096_4096 s64_4096_4096 s8_14336_4096 s16_14336_4096 s32_14336_4096 s64_14336_4096 s64_4096_14336 s16_4096_14336; do
  printf "%-16s" $f; cub=""
  for v in $vs; do
    m=${f#s}; m=${m%%_*}
    if [[ $v == sk8 && $m -gt 16 ]] || [[ $v == w64* && $m -lt 16 ]]; then printf " %14s" -; continue; fi
    out=$($mr .dev/st/b_$v --kernel ${f}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %6s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
  done
  echo "  $cub"
done
} 2>&1 | tee $log

######## .dev/st/run2.sh
#!/usr/bin/env bash
# Session 34 call 2: the narrow few-rows tiles in 8 stages, and by N at launch (variant_max_n).
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
log=$OUT/dyn.log
k=mm_f16_to_f16_matmul
{
echo "suite $k, 20 launches a sample, 8 copies: ours TFLOP/s (x cuBLAS); old = 16x64 (M <= 16) or 64x128 + tail; new = 32x64 + tail, 8 stages; plan = the runtime's choice"
printf "%-18s %16s %16s %16s  %s\n" MxNxK old new plan cuBLAS
for s in 9,4096,4096 16,4096,4096 24,4096,4096 32,4096,4096 16,1024,4096 32,2048,2048 16,4096,1024 16,4096,14336 32,4096,14336 32,4096,11008 12,4096,11008 16,4097,4096 32,4097,4096; do
  IFS=, read m n kk <<< "$s"
  old=${k}_64x128_streamk; [ $m -le 16 ] && old=${k}_16x64
  printf "%-18s" ${m}x${n}x${kk}; cub=""
  for v in $old ${k}_32x64_streamk $k; do
    out=$($mr .dev/suite --kernel $v --size batch=1,M=$m,N=$n,K=$kk --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %7s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
    [ $v = $k ] && plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | sed 's/.*_matmul_//')
  done
  echo "  $plan |$cub"
done
} 2>&1 | tee $log
bash scripts/gpu-check.sh .dev/suite $mr 'mm_|epi_|pair_|static' .dev/static > $OUT/gpucheck.log 2>&1
echo "gpu-check rc=$?"; grep -E "FAIL|error" $OUT/gpucheck.log | head; tail -2 $OUT/gpucheck.log

######## .dev/st/run3.sh
#!/usr/bin/env bash
# Session 34 call 3: narrow tiles at static long K (suite bf16 weights, K = 11008) and past N = 4096 (dynamic N); gpu-check.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
bench() { # kernel sizes -> "ours (x)P"
  out=$($mr .dev/suite --kernel $1 --size $2 --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf " %7s (%5s)%s" "$1" "$3" "${ok:0:1}"
}
{
echo "A: mm_bf16_weights_long_k (N = 4096, K = 11008): 64x128 + tail (before) / 32x64 + tail, 8 stages (after); 20 launches, 8 copies"
k=mm_bf16_weights_long_k_matmul
for m in 5 8 16 24 32; do printf "M=%-4s" $m; bench ${k}_64x128_streamk batch=1,M=$m; bench ${k}_32x64_streamk batch=1,M=$m; echo; done
echo "B: mm_f16_to_f16, K = 4096, N past 4096: 16x64 (M <= 16) or 64x128 + tail / 32x64 + tail"
k=mm_f16_to_f16_matmul
for n in 6144 8192 11008; do for m in 9 16 24 32; do
  other=${k}_64x128_streamk; [ $m -le 16 ] && other=${k}_16x64
  printf "M=%-3s N=%-6s" $m $n; bench $other batch=1,M=$m,N=$n,K=4096; bench ${k}_32x64_streamk batch=1,M=$m,N=$n,K=4096; echo
done; done
} 2>&1 | tee $OUT/bench3.log
bash scripts/gpu-check.sh .dev/suite $mr 'mm_|epi_|pair_|static' .dev/static > $OUT/gpucheck.log 2>&1
echo "gpu-check rc=$?"; grep -E "FAIL|error" $OUT/gpucheck.log | head; tail -2 $OUT/gpucheck.log

######## .dev/st/run4.sh
#!/usr/bin/env bash
# Session 34 call 4: gpu-check of the matmul family with the narrow tiles to N = 8192; the runtime's plan at the bound.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
for s in M=16,N=8192 M=16,N=8193 M=32,N=8192 M=33,N=8192; do $mr .dev/suite --kernel mm_f16_to_f16_matmul --size batch=1,$s,K=4096 2>&1 | grep -E "runs size variant|PASS|FAIL" | tr '\n' ' '; echo; done | tee $OUT/plan.log
bash scripts/gpu-check.sh .dev/suite $mr 'mm_|epi_|pair_|static' .dev/static > $OUT/gpucheck.log 2>&1
echo "gpu-check rc=$?"; grep -E "FAIL|error" $OUT/gpucheck.log | head; tail -2 $OUT/gpucheck.log
