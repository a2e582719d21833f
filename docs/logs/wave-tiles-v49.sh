# Session 41 (docs/PERF.md v49): wave-filling matmul tiles and the stream-K tail's bounds.
# .dev/w/mw/{mw,mw2,mw3,fl}.mlir are docs/logs/wave-tiles-v49.mlir's four parts; bundles: b_V / c_V from build.sh (mw.mlir, mw2.mlir) with the pass options below;
# n_4096 / n_2048 = this change's build (mid tiles from K = 4096 / 2048: the gate was an environment variable for this call only), o_256 = forced 128x256 + tail;
# fl_new = the landed build, fl_g128 / fl_g256 forced. .dev/mr.sh runs main's runtime (2b35686), .dev/w/mr2.sh this change's.

######## .dev/w/mw/build.sh
#!/usr/bin/env bash
cd /work/main
w="matmul-math=wgmma matmul-warps-m=8 matmul-warps-n=1 matmul-producer-warps=4 matmul-copy=tma matmul-tile-m=128"
declare -A opts=(
 [def]=""
 [g128s6]="$w matmul-tile-n=128 matmul-stages=6 matmul-tail-splits=4"
 [g128s6n]="$w matmul-tile-n=128 matmul-stages=6 matmul-tail-splits=1"
 [g192s5n]="$w matmul-tile-n=192 matmul-stages=5 matmul-tail-splits=1"
 [g256s4n]="$w matmul-tile-n=256 matmul-stages=4 matmul-tail-splits=1"
 [g64s8n]="$w matmul-tile-n=64 matmul-stages=8 matmul-tail-splits=1"
)
for v in "${!opts[@]}"; do
  build/bin/mini-opt .dev/w/mw/mw.mlir --mini-pipeline="chip=sm_90a bundle=.dev/w/mw/b_$v toolkit=/usr/local/cuda ${opts[$v]}" -o /dev/null > .dev/w/mw/b_$v.log 2>&1; echo "$v rc=$?"
done

######## .dev/w/mw/run.sh
#!/usr/bin/env bash
# mid-M wave sweep: tilings forced per bundle, distinct weights each launch
cd "$(dirname "$0")/../../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
vs="${VS:-def g128s6 g128s6n g192s5n g256s4n g64s8n}"
fs="${FS:-$(grep -oE '@[a-z0-9_]+' .dev/w/mw/${M:-mw}.mlir | tr -d @)}"
{
echo "ours TFLOP/s (x cuBLAS), 20 launches a sample, 8 copies"
printf "%-22s" shape; for v in $vs; do printf " %15s" $v; done; printf "   cuBLAS\n"
for f in $fs; do
  printf "%-22s" $f; cub=""
  for v in $vs; do
    out=$(timeout 60 $mr .dev/w/mw/${P:-b}_$v --kernel ${f}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %6s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
  done
  echo "  $cub"
done
} 2>&1 | tee $OUT/sweep.log

######## .dev/w/mw/run3.sh
#!/usr/bin/env bash
# validation: new tilings (n_4096, n_2048 = mid tiles from K = 2048) with the old runtime (.dev/mr.sh) and the new one (.dev/w/mr2.sh); o_256 = forced 128x256 + tail (old default at K < 4096)
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
one() { # bundle runner function -> "tflops (x)P"
  out=$(timeout 90 $2 .dev/w/mw/$1 --kernel ${3}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf " %7s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
}
echo "ours TFLOP/s (x cuBLAS), 20 launches a sample, 8 copies: A = new tilings + old runtime, B = new tilings + new runtime, C = mid tiles from K=2048 + new runtime, D = 128x256 + tail, old runtime"
for f in $(grep -oE '@[a-z0-9_]+' .dev/w/mw/mw3.mlir | tr -d @); do
  cub=""; printf "%-22s" $f
  one n_4096 .dev/mr.sh $f; one n_4096 .dev/w/mr2.sh $f
  k=${f##*_}
  if [ "$k" -lt 4096 ]; then one n_2048 .dev/w/mr2.sh $f; one o_256 .dev/mr.sh $f; fi
  echo "  $cub"
done

######## .dev/w/mw/run4.sh
#!/usr/bin/env bash
# call 4: flips of the cost model (new default vs forced 128x128 / 128x256 + tail, new runtime); gpu-check of the weights kernels and static bundles; memcheck of a 128x192 kernel
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
mr=.dev/w/mr2.sh
one() {
  out=$(timeout 90 $mr .dev/w/mw/$1 --kernel ${2}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf " %7s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
}
{
echo "ours TFLOP/s (x cuBLAS): new default | forced 128x128 s6 + tail | forced 128x256 s4 + tail (new runtime)"
for f in $(grep -oE '@[a-z0-9_]+' .dev/w/mw/fl.mlir | tr -d @); do
  cub=""; printf "%-22s" $f; one fl_new $f; one fl_g128 $f; one fl_g256 $f; echo "  $cub"
done
} 2>&1 | tee $OUT/flips.log
timeout 200 bash scripts/gpu-check.sh build/bundles/suite $mr 'weights|static' > $OUT/check.log 2>&1; echo "gpu-check rc=$?"; tail -5 $OUT/check.log
LD_LIBRARY_PATH=.dev/w/bin2 timeout 100 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/w/bin2/mini-run .dev/w/mw/fl_new --kernel f16_700_4000_4104_matmul > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"; tail -4 $OUT/memcheck.log

######## .dev/w/mw/run5.sh
#!/usr/bin/env bash
# call 5: the landed build (kAlignedPartialSteps 15): its default against the 128x128 split forced at call 4's flips; gpu-check of the weights kernels and static bundles
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
mr=.dev/w/mr2.sh
one() {
  out=$(timeout 90 $mr .dev/w/mw/$1 --kernel ${2}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  plan=$(echo "$out" | grep -oE "runs [a-z ]*variant [a-z0-9_]+" | head -1)
  set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf " %7s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
}
{
echo "ours TFLOP/s (x cuBLAS): landed default | forced 128x128 s6 + tail"
for f in f16_768_1024_4096 f16_1024_1024_4096 f16_1000_1000_4096 f16_256_4096_2048 f16_512_2048_2048 f16_128_4096_2048; do
  cub=""; printf "%-22s" $f; one fl_land $f; one fl_g128 $f; echo "  $cub"
done
} 2>&1 | tee $OUT/flips.log
timeout 250 bash scripts/gpu-check.sh build/bundles/suite $mr 'weights|static' > $OUT/check.log 2>&1; echo "gpu-check rc=$?"; tail -3 $OUT/check.log
