#!/usr/bin/env bash
# Session 33 call 9: the 128x128 wgmma variant (branch mid-m-128x128) against main, dynamic sizes, 20 launches, 4 copies.
cd "$(dirname "$0")/../.."
# .dev/suite = main's build/bundles/suite; .dev/ver = docs/logs/mid-tiles-v45.mlir compiled by
# the 128x128 candidate with no K gate (every K).
mr=.dev/mr.sh
log=$OUT/s9.log
run() { # bundle kernel size
  out=$($mr $1 --kernel $2 --size $3 --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 4 2>&1)
  plan=$(echo "$out" | grep -oE "runs size variant [a-z0-9_]+" | head -1 | awk '{print $NF}' | sed 's/.*_matmul//')
  ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
  set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  printf " %-16s %7s %7s (%5s) %s |" "${plan:-default}" "$1" "$2" "$3" "$ok"
}
{
for s in M=128,N=4096,K=4096 M=256,N=4096,K=4096 M=384,N=4096,K=4096 M=512,N=4096,K=4096 M=768,N=4096,K=4096 \
         M=128,N=14336,K=4096 M=384,N=14336,K=4096 M=1000,N=1032,K=776 M=1000,N=1030,K=777 M=256,N=256,K=65536 \
         M=1536,N=1536,K=4096 M=2048,N=2048,K=2048 M=3000,N=3000,K=3000 M=4096,N=4096,K=4096 M=300,N=520,K=8204; do
  printf "%-22s" $s; run .dev/suite mm_f16_to_f16_matmul batch=1,$s; run .dev/ver mm_f16_to_f16_matmul batch=1,$s; echo
done
for s in batch=1,M=1000,N=1000,K=1000 batch=3,M=129,N=257,K=100 batch=1,M=200,N=300,K=20011; do
  printf "%-22s" $s; run .dev/suite mm_bf16_matmul $s; run .dev/ver mm_bf16_matmul $s; echo
done
} 2>&1 | tee $log
