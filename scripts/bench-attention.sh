#!/usr/bin/env bash
# Attention tilings side by side: every kernel of bench/attention-configs.mlir
# (the CUDA-core kernel, then tensor-core tilings) at one shape per head dim,
# each checked against the reference kernel by mini-run --bench. Needs a GPU.
# Prints one table at the end (TFLOP/s; causal counts half the FLOPs).
#   scripts/bench-attention.sh [CONFIGS_BUNDLE] [MINI_RUN]
set -uo pipefail
cd "$(dirname "$0")/.."
bundle="${1:-build/bundles/attention-configs}"
minirun="${2:-build/bin/mini-run}"
rows=()
for k in $(grep -oE '"entry": "[a-z0-9_]+"' "$bundle/manifest.json" | grep -oE '[a-z0-9_]+"$' | tr -d '"'); do
  case "$k" in
    d64*) size="B=8,H=16,G=16,S=4096,T=4096" ;;
    *) size="B=4,H=32,G=8,S=4096,T=4096" ;;
  esac
  case "$k" in *simt*) iters=2 ;; *) iters=20 ;; esac
  out=$("$minirun" "$bundle" --kernel "$k" --size "$size" --bench --iters $iters --warmup 2 --no-cpu-check 2>&1)
  rc=$?
  [ $rc -eq 77 ] && { echo "$out"; exit 77; }
  tf=$(grep -oE 'ours +[0-9.]+ TFLOP/s' <<<"$out" | grep -oE '[0-9.]+' | head -1)
  res=$(grep -oE 'PASS|FAIL' <<<"$out" | head -1)
  rows+=("$(printf '%-28s %-28s %8s %s' "$k" "$size" "${tf:--}" "${res:-ERROR rc=$rc}")")
done
printf '\n%-28s %-28s %8s %s\n' kernel sizes TFLOP/s check
printf '%s\n' "${rows[@]}"
