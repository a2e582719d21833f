#!/usr/bin/env bash
# Issue 29 v2 (grouped tile order): the pair kernel vs two cuBLAS GEMMs, the pair vs
# two products + elementwise, llama_mlp fused vs fuse=0 (bundles as in swiglu-v1.sh).
set -u
mr() { timeout 150 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
for t in 1 300 2048 4097; do echo "== pair_7b tokens=$t"; mr .dev/sw --function pair_7b --size tokens=$t --no-cpu-check | grep -E "PASS|FAIL|error"; done
for m in 4096 1024 256; do
  echo "== pair_7b_matmul M=$m"; mr .dev/sw --kernel pair_7b_matmul --size M=$m --bench --iters 30 --no-cpu-check | grep -E "interleaved|FAIL|error"
done
for m in 8192 4096 512; do
  echo "== pair_8b_matmul M=$m"; mr .dev/sw --kernel pair_8b_matmul --size M=$m --bench --iters 30 --no-cpu-check | grep -E "interleaved|FAIL|error"
done
echo "== pair_7b_static_matmul"; mr .dev/sw --kernel pair_7b_static_matmul --bench --iters 30 --no-cpu-check | grep -E "interleaved|FAIL|error"
for rep in 1 2; do for t in 4096 512; do for f in pair_7b split_7b; do
  echo "== $f tokens=$t"; mr .dev/sw --function $f --size tokens=$t --bench --iters 30 --no-cpu-check | grep -E "bench  *$f|FAIL"
done; done; done
for rep in 1 2; do for t in 4096 512; do for b in mlp0 mlp; do
  echo "== llama_mlp $b tokens=$t"; mr .dev/$b --function llama_mlp --size tokens=$t --bench --iters 30 --no-cpu-check | grep -E "bench  *llama|FAIL"
done; done; done
