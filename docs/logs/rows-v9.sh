#!/usr/bin/env bash
# Rows v9 (issue 30): short rows of a dynamic length fill their stage. Each
# kernel of bench/rows-short.mlir (dynamic) at rows of 1 to 63 values
# (~2^24 elements), v8's build (.dev/rs-old) beside this one (.dev/rs-new),
# then the static kernels of the same shapes (bench/rows-sweep.mlir's lengths
# 1, 3, 8, 17: .dev/rs-static by v8's build, .dev/rs-static-new by this
# one); ours / D2D copy.
# $1 = check: gpu-check over the suite's row kernels and sanitizers.
export LD_LIBRARY_PATH=$PWD/.dev/bin MINI_GIT_COMMIT=wip
if [ "$1" = check ]; then
  timeout 330 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '(softmax|rmsnorm|layernorm)' > $OUT/gpucheck.log 2>&1
  grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -8
  S=/usr/local/cuda/bin/compute-sanitizer
  for tool in memcheck racecheck synccheck initcheck; do
    for kc in "softmax_f16_softmax R=20001,C=1" "rmsnorm_bf16_rmsnorm R=5003,C=3" "layernorm_f32_layernorm R=2049,C=7" "softmax_f32_softmax R=1000,C=16" "add_rmsnorm_f16_rmsnorm R=1001,C=8"; do
      k=${kc% *}; s=${kc#* }
      printf '%-10s %-26s %-14s ' $tool $k $s; timeout 60 $S --tool $tool .dev/bin/mini-run .dev/suite --kernel $k --size $s 2>&1 | grep -oE "ERROR SUMMARY: [0-9]+ errors|RACECHECK SUMMARY: [0-9]+ hazards|PASS|FAIL" | tr '\n' ' '; echo
    done
  done
  exit 0
fi
if [ "$1" = ncu ]; then # where the time of a length-1 row goes
  N=/usr/local/cuda/bin/ncu
  for kb in "softmax_f16_c1_softmax rs-static" "rmsnorm_f16_c1_rmsnorm rs-static" "softmax_f32_c1_softmax rs-static"; do
    k=${kb% *}; b=${kb#* }
    echo "== $k"; timeout 120 $N -k $k -c 1 --section SpeedOfLight --section WarpStateStats --section Occupancy --section ComputeWorkloadAnalysis .dev/bin/mini-run .dev/$b --kernel $k --iters 1 --warmup 0 --no-cpu-check 2>&1 | grep -E "Duration|Throughput|Stall|Issued Ipc|Achieved Occupancy|Theoretical Occupancy|Registers|Block Limit|Pipe" | head -40
  done
  exit 0
fi
mkdir -p $OUT/j
run() { # bundle kernel length
  local s=R=$((16777216 / $3)),C=$3
  printf '%-24s %-6s %-20s ' $2 $1 $s; timeout 60 .dev/bin/mini-run .dev/$1 --kernel $2 --size $s --iters 30 --no-cpu-check --json $OUT/j/$1-$2-$3.json --group rows-v9:$1 2>&1 | grep -oE "runs size variant [a-z_0-9]+|ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
}
for k in softmax_f16_softmax rmsnorm_f16_rmsnorm layernorm_f16_layernorm softmax_bf16_softmax rmsnorm_bf16_rmsnorm softmax_f32_softmax rmsnorm_f32_rmsnorm layernorm_f32_layernorm; do
  for c in 1 2 3 5 8 12 16 17 24 31 32 33 48 63; do
    for b in rs-old rs-new; do run $b $k $c; done
  done
done
for k in $(python3 -c "import json;print(' '.join(k['entry'] for k in json.load(open('.dev/rs-static/manifest.json'))['kernels']))"); do
  for b in rs-static rs-static-new; do
    printf '%-42s %-14s ' $k $b; timeout 60 .dev/bin/mini-run .dev/$b --kernel $k --iters 30 --no-cpu-check --json $OUT/j/$b-$k.json --group rows-v9:$b 2>&1 | grep -oE "ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
  done
done
tar czf $OUT/rows-v9-bench.tgz -C $OUT j && rm -rf $OUT/j
