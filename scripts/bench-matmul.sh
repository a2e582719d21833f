#!/usr/bin/env bash
# Matmul against cuBLAS and the mma.sync ceiling, in one process per kernel on
# the same buffers (mini-run --bench): the default tensor-core kernels at
# M=N=K in SIZES (f16 and bf16, f16/bf16 results), then the ladder
# (bench/matmul-ladder.mlir: one optimization switched off per rung) at 4096.
# Ours and cuBLAS are timed launch by launch in alternation (same clocks and
# power state; a long run at 8192 reaches the H100's 700 W cap), ITERS rounds
# each (20 by default; a few hundred shows the sustained, power-capped ratio).
# Needs a GPU. Prints one table at the end.
#   scripts/bench-matmul.sh [SUITE_BUNDLE] [LADDER_BUNDLE] [MINI_RUN] [SIZES] [ITERS]
set -uo pipefail
cd "$(dirname "$0")/.."
suite="${1:-build/bundles/suite}"
ladder="${2:-build/bundles/ladder}"
minirun="${3:-build/bin/mini-run}"
sizes="${4:-4096 8192}"
iters="${5:-20}"
rows=()
bench() { # bundle kernel n reference
  local out; out=$("$minirun" "$1" --kernel "$2" --size "batch=1,M=$3,N=$3,K=$3" --bench \
                   --iters "$iters" --warmup 5 --no-cpu-check --matmul-ref "$4" 2>&1)
  local rc=$?
  echo "$out"
  [ $rc -eq 77 ] && exit 77
  local ours cublas peak result
  ours=$(grep -oE 'interleaved: ours +[0-9.]+' <<<"$out" | grep -oE '[0-9.]+$')
  cublas=$(grep -oE 'cuBLAS +[0-9.]+ TFLOP/s' <<<"$out" | grep -oE '[0-9.]+' | head -1)
  peak=$(grep -oE 'mma.sync peak +[0-9.]+' <<<"$out" | grep -oE '[0-9.]+$')
  result=$(awk 'END { print $NF }' <<<"$(grep -E 'PASS|FAIL' <<<"$out")")
  rows+=("$(printf '%-34s %5s %8s %8s %6s %8s %6s %s' "$2" "$3" "$ours" "$cublas" \
    "$(awk -v a="$ours" -v b="$cublas" 'BEGIN { if (b > 0) printf "%.3f", a / b }')" "${peak:--}" \
    "$(awk -v a="$ours" -v b="$peak" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')" "$result")")
}
for n in $sizes; do
  for t in f16 bf16; do bench "$suite" "mm_${t}_to_${t}_matmul" "$n" tiled; done
done
for k in $(grep -o '"entry": *"rung_[^"]*"' "$ladder/manifest.json" | sed 's/.*: *"//;s/"//'); do
  bench "$ladder" "$k" 4096 wmma-cp.async
done
echo
printf '%-34s %5s %8s %8s %6s %8s %6s %s\n' kernel n TFLOP/s cuBLAS xcuBLAS mma-peak xpeak check
printf '%s\n' "${rows[@]}"
