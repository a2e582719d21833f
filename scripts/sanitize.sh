#!/usr/bin/env bash
# compute-sanitizer's memcheck, racecheck, synccheck and initcheck over every
# launchable kernel of a bundle (with its size variants, split tails and
# decode kernels, which the chosen shapes reach) at small odd shapes; each run
# also checks results against the reference. Fails on any reported error or
# mismatch. Needs a GPU (exit 77 without one). Prints one table at the end.
#   scripts/sanitize.sh [BUNDLE] [MINI_RUN] [TOOLS]
# e.g. scripts/sanitize.sh build/bundles/suite build/bin/mini-run "memcheck racecheck"
set -uo pipefail
cd "$(dirname "$0")/.."
bundle="${1:-build/bundles/suite}"
minirun="${2:-build/bin/mini-run}"
tools="${3:-memcheck racecheck synccheck initcheck}"
sanitizer="${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer"
[ -x "$sanitizer" ] || { echo "sanitize: $sanitizer not found" >&2; exit 2; }

# op and sizes: partial tiles everywhere; unaligned (scalar) and aligned (TMA)
# matmul; a 2-tile matmul of long K (split-K tail); causal and plain attention
# with GQA; decode (S = 1, split keys).
cases=(
  "matmul batch=2,M=67,N=45,K=37"
  "matmul batch=1,M=200,N=136,K=264"
  "matmul batch=1,M=256,N=256,K=4096"
  "softmax R=5,C=1001"
  "softmax R=3,C=3"
  "rmsnorm R=7,C=4099"
  "attention B=1,H=4,G=2,S=67,T=131"
  "attention B=2,H=4,G=1,S=1,T=700"
)
rows=()
status=0
for tool in $tools; do
  for c in "${cases[@]}"; do
    read -r op sizes <<<"$c"
    grep -q "\"op\": *\"$op\"" "$bundle/manifest.json" || continue
    extra=()
    [ "$tool" = racecheck ] && extra=(--racecheck-report all)
    out=$("$sanitizer" --tool "$tool" "${extra[@]}" --error-exitcode 99 "$minirun" "$bundle" \
          --op "$op" --size "$sizes" --iters 1 --warmup 0 --no-cpu-check 2>&1)
    rc=$?
    if grep -q "mini-run: no GPU" <<<"$out"; then
      echo "sanitize: no GPU, nothing run"
      exit 77
    fi
    # "ERROR SUMMARY: N errors" (memcheck, synccheck, initcheck) or
    # "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)".
    errors=$(grep -oE '(ERROR SUMMARY: [0-9]+|\(([0-9]+) errors)' <<<"$out" | grep -oE '[0-9]+' | tail -1)
    hazards=$(grep -oE 'RACECHECK SUMMARY: [0-9]+' <<<"$out" | grep -oE '[0-9]+$')
    kernels=$(grep -cE ' (PASS|FAIL)$' <<<"$out")
    fails=$(grep -cE ' FAIL$' <<<"$out")
    result=ok
    if [ "$rc" -ne 0 ] || [ "${errors:-1}" != 0 ] || [ "${hazards:-0}" != 0 ] || [ "$fails" != 0 ]; then
      result=FAILED
      status=1
      echo "$out" | grep -vE '^ +bench' | tail -40
    fi
    rows+=("$(printf '%-10s %-10s %-36s %8s %8s %7s %5s %s' "$tool" "$op" "$sizes" "$kernels" \
      "${errors:--}" "${hazards:--}" "$fails" "$result")")
  done
done
printf '%-10s %-10s %-36s %8s %8s %7s %5s %s\n' tool op sizes kernels errors hazards fails result
printf '%s\n' "${rows[@]}"
exit $status
