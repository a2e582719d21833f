#!/usr/bin/env bash
# Rows v10 (issue 30): unaligned rows of 33 to 64 values staged. Each kernel
# of bench/rows-short.mlir (dynamic) at rows of 33 to 64 values (~2^24
# elements), v9's build (.dev/rs-new) beside this one (.dev/rs-v10), then
# the static kernels of bench/rows-mid.mlir (lengths 33 to 255) by v9's
# build (.dev/rm-old) and this one (.dev/rm-new); ours / D2D copy.
# $1 = dynamic | static: one half of the bench.
# $1 = check16 | check32: gpu-check over the suite's 16-bit row kernels, or
# its f32 and residual-norm ones with NaN/-inf rows and the sanitizers.
export LD_LIBRARY_PATH=$PWD/.dev/bin MINI_GIT_COMMIT=wip
if [ "$1" = check16 ] || [ "$1" = check32 ]; then
  re='(f16|bf16)_(softmax|rmsnorm|layernorm)'
  [ "$1" = check32 ] && re='f32_(softmax|rmsnorm|layernorm)|add_'
  timeout 400 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run "$re" > $OUT/gpucheck-$1.log 2>&1
  grep -E "FAIL|gpu-check:" $OUT/gpucheck-$1.log | tail -8
  [ "$1" = check16 ] && exit 0
  for k in softmax_f16_softmax layernorm_f32_layernorm; do # NaN / -inf planted
    timeout 30 .dev/bin/mini-run .dev/suite --kernel $k --size R=515,C=61 --nonfinite 2>&1 | grep -oE "PASS|FAIL.*" | head -1
  done
  S=/usr/local/cuda/bin/compute-sanitizer
  for tool in memcheck racecheck synccheck initcheck; do
    for kc in "softmax_f16_softmax R=1003,C=37" "rmsnorm_bf16_rmsnorm R=515,C=61" "layernorm_f32_layernorm R=300,C=63" "softmax_f32_softmax R=257,C=48"; do
      k=${kc% *}; s=${kc#* }
      printf '%-10s %-26s %-14s ' $tool $k $s; timeout 60 $S --tool $tool .dev/bin/mini-run .dev/suite --kernel $k --size $s 2>&1 | grep -oE "ERROR SUMMARY: [0-9]+ errors|RACECHECK SUMMARY: [0-9]+ hazards|PASS|FAIL" | tr '\n' ' '; echo
    done
  done
  exit 0
fi
mkdir -p $OUT/j
run() { # bundle kernel length
  local s=R=$((16777216 / $3)),C=$3
  printf '%-24s %-6s %-20s ' $2 $1 $s; timeout 60 .dev/bin/mini-run .dev/$1 --kernel $2 --size $s --iters 30 --no-cpu-check --json $OUT/j/$1-$2-$3.json --group rows-v10:$1 2>&1 | grep -oE "runs size variant [a-z_0-9]+|ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
}
[ "$1" = dynamic ] && for k in softmax_f16_softmax rmsnorm_f16_rmsnorm layernorm_f16_layernorm softmax_bf16_softmax rmsnorm_bf16_rmsnorm softmax_f32_softmax rmsnorm_f32_rmsnorm layernorm_f32_layernorm; do
  for c in 1 3 17 24 33 37 48 61 63; do
    for b in rs-new rs-v10; do run $b $k $c; done
  done
done
[ "$1" = static ] && for k in $(python3 -c "import json;print(' '.join(k['entry'] for k in json.load(open('.dev/rm-old/manifest.json'))['kernels']))"); do
  for b in rm-old rm-new; do
    printf '%-42s %-8s ' $k $b; timeout 60 .dev/bin/mini-run .dev/$b --kernel $k --iters 30 --no-cpu-check --json $OUT/j/$b-$k.json --group rows-v10:$b 2>&1 | grep -oE "ours +[0-9]+ GB/s \([0-9.]+x copy\)|PASS|FAIL.*|error.*" | tr '\n' ' '; echo
  done
done
tar czf $OUT/rows-v10-$1.tgz -C $OUT j && rm -rf $OUT/j
