#!/usr/bin/env bash
# Residual norms v1 on the device: correctness (gpu-check over the suite's
# residual-norm kernels), the static bench bundle fused and fuse=0, llama_ffn,
# torch peers, sanitizers.
M=.dev/bin/mini-run
mode=${1:-all}
if [ "$mode" = check ] || [ "$mode" = all ]; then
  bash scripts/gpu-check.sh .dev/suite $M 'add_(rms|layer)norm' > $OUT/gpu-check.log 2>&1; tail -4 $OUT/gpu-check.log
fi
if [ "$mode" = rows ]; then
  bash scripts/gpu-check.sh .dev/suite $M '^(softmax|rmsnorm|layernorm)_(f16|bf16|f32)(_shared)?_' > $OUT/gpu-check-rows.log 2>&1; tail -4 $OUT/gpu-check-rows.log
fi
if [ "$mode" = bench ] || [ "$mode" = all ]; then
  for f in rms_f16_4096 rms_bf16_8192 rms_f16_decode rms_f32_4096 ln_f16_1024 ln_bf16_5120 rms_f16_odd rms_bf16_long; do
    op=rmsnorm; [[ $f == ln_* ]] && op=layernorm
    $M .dev/rn --kernel ${f}_$op --bench --no-cpu-check --iters 50 2>&1 | grep -E "PASS|FAIL|x copy"
    $M .dev/rn --function $f --bench --no-cpu-check --iters 50 2>&1 | grep -E "bench +$f|PASS|FAIL"
    $M .dev/rn0 --function $f --bench --no-cpu-check --iters 50 2>&1 | grep -E "bench +$f|PASS|FAIL"
  done | tee $OUT/bench.log
  for t in 512 4096; do
    for b in llama llama0; do
      $M .dev/$b --function llama_ffn --size arg0.0=$t --bench --no-cpu-check --iters 20 2>&1 | grep -E "PASS|FAIL|bench"
    done
  done | tee $OUT/llama.log
  python3 bench/torch_peers.py --cases .dev/rn.cases --json $OUT/peers.json 2>&1 | tail -12
fi
if [ "$mode" = san ] || [ "$mode" = all ]; then
  S=/usr/local/cuda/bin/compute-sanitizer
  for c in "add_rmsnorm_f16_rmsnorm R=77,C=33" "add_layernorm_bf16_layernorm R=1001,C=3" "add_rmsnorm_f16_shared_rmsnorm R=7,C=40009" "add_layernorm_f32_layernorm R=9,C=32769"; do
    set -- $c
    for tool in memcheck racecheck; do
      echo "== $tool $1 $2: $($S --tool $tool $M .dev/suite --kernel $1 --size $2 --iters 1 --warmup 0 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|FAIL' | head -2)"
    done
  done
fi

# Second pass (.dev/rn2.sh), after the reduction slots moved into the dynamic
# shared memory: the shared-slot kernels and residual norms (gpu-check), the
# sanitizers on the static long-row kernel, rows v6's static long rows.
bash scripts/gpu-check.sh .dev/suite $M '(_shared_|add_(rms|layer)norm)' > $OUT/gpu-check.log 2>&1; tail -2 $OUT/gpu-check.log
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  echo "== $tool rms_bf16_long: $($S --tool $tool $M .dev/rn --kernel rms_bf16_long_rmsnorm --iters 1 --warmup 0 --no-cpu-check 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|FAIL' | head -2)"
  echo "== $tool softmax_f16_shared: $($S --tool $tool $M .dev/suite --kernel softmax_f16_shared_softmax --size R=7,C=40009 --iters 1 --warmup 0 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|FAIL' | head -2)"
done
for f in rms_bf16_long; do
  $M .dev/rn --kernel ${f}_rmsnorm --bench --no-cpu-check --iters 50 2>&1 | grep -E "PASS|FAIL|x copy|rror"
  for b in rn rn0; do $M .dev/$b --function $f --bench --no-cpu-check --iters 50 2>&1 | grep -E "bench +$f|PASS|FAIL|rror"; done
done
# The static long rows (rows v6's bench): every kernel still passes, and its rate.
for k in $(grep -o '"entry": "[a-z0-9_]*_new_[a-z]*"' .dev/long/manifest.json | cut -d'"' -f4); do
  $M .dev/long --kernel $k --bench --no-cpu-check --iters 20 2>&1 | grep -E "x copy|FAIL|rror" | sed 's/ours/ours/'
done | tee $OUT/long.log
