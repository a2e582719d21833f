#!/usr/bin/env bash
# compute-sanitizer's memcheck, racecheck, synccheck and initcheck over every
# launchable kernel of a bundle (with its size variants, split tails and
# decode kernels, which the chosen shapes reach) at small odd shapes; each run
# also checks results against the reference. Fails on any reported error,
# hazard or mismatch. Runs JOBS sanitizer processes at once (default 4) and
# prints each as it ends, then one table. Needs a GPU (exit 77 without one).
#   scripts/sanitize.sh [BUNDLE] [MINI_RUN] [TOOLS] [JOBS]
# e.g. scripts/sanitize.sh build/bundles/suite build/bin/mini-run "memcheck racecheck"
set -uo pipefail
cd "$(dirname "$0")/.."
export bundle="${1:-build/bundles/suite}"
export minirun="${2:-build/bin/mini-run}"
tools="${3:-memcheck racecheck synccheck initcheck}"
jobs="${4:-4}"
export sanitizer="${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer"
[ -x "$sanitizer" ] || { echo "sanitize: $sanitizer not found" >&2; exit 2; }
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "sanitize: no GPU, nothing run"
  exit 77
fi

# op and sizes: partial tiles everywhere; unaligned (scalar) and aligned (TMA)
# matmul; rows staged through shared memory (lengths 3 and 17, the latter
# over 6 blocks), peeled (100, 1001, 4099), several rows a warp (100) and
# streamed (40000); one tile of 8 K steps (the split-K tail of kernels without size
# variants, small enough for racecheck); causal and plain attention with GQA;
# decode (S = 1, split keys).
cases=(
  "matmul batch=2,M=67,N=45,K=37"
  "matmul batch=1,M=200,N=136,K=264"
  "matmul batch=1,M=128,N=128,K=512"
  "softmax R=5,C=1001"
  "softmax R=3,C=3"
  "rmsnorm R=7,C=4099"
  "softmax R=3000,C=17"
  "rmsnorm R=40,C=100"
  "softmax R=2,C=40000"
  "attention B=1,H=4,G=2,S=67,T=131"
  "attention B=2,H=4,G=1,S=1,T=700"
)

# One sanitizer run: prints its table row; the output of a failing one goes
# to its log too.
one() {
  local tool=$1 op=$2 sizes=$3 extra=() start=$SECONDS
  [ "$tool" = racecheck ] && extra=(--racecheck-report all)
  local out rc
  out=$("$sanitizer" --tool "$tool" "${extra[@]}" --error-exitcode 99 "$minirun" "$bundle" \
        --op "$op" --size "$sizes" --iters 1 --warmup 0 --no-cpu-check 2>&1)
  rc=$?
  # "ERROR SUMMARY: N errors" (memcheck, synccheck, initcheck) or
  # "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)".
  local errors hazards kernels fails result=ok
  errors=$(grep -oE '(ERROR SUMMARY: [0-9]+|\(([0-9]+) errors)' <<<"$out" | grep -oE '[0-9]+' | tail -1)
  hazards=$(grep -oE 'RACECHECK SUMMARY: [0-9]+' <<<"$out" | grep -oE '[0-9]+$')
  kernels=$(grep -cE ' (PASS|FAIL)$' <<<"$out")
  fails=$(grep -cE ' FAIL$' <<<"$out")
  if [ "$rc" -ne 0 ] || [ "${errors:-1}" != 0 ] || [ "${hazards:-0}" != 0 ] || [ "$fails" != 0 ]; then
    result=FAILED
    { echo "== $tool $op $sizes (exit $rc)"; grep -vE '^ +bench' <<<"$out" | tail -60; } >&2
  fi
  printf '%-10s %-10s %-36s %8s %8s %7s %5s %5ss %s\n' "$tool" "$op" "$sizes" "$kernels" \
    "${errors:--}" "${hazards:--}" "$fails" "$((SECONDS - start))" "$result"
}
export -f one

rows=$(for tool in $tools; do
         for c in "${cases[@]}"; do
           read -r op sizes <<<"$c"
           grep -q "\"op\": *\"$op\"" "$bundle/manifest.json" && echo "$tool $op $sizes"
         done
       done | xargs -P "$jobs" -L 1 bash -c 'one "$0" "$1" "$2"' | tee /dev/stderr)
echo
printf '%-10s %-10s %-36s %8s %8s %7s %5s %6s %s\n' tool op sizes kernels errors hazards fails time result
sort <<<"$rows"
! grep -q FAILED <<<"$rows"
