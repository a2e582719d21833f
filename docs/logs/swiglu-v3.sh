#!/usr/bin/env bash
# Issue 29/28 final run: gpu-check of the default matmul kernels (grouped order), the pair
# and the epilogues; compute-sanitizer on the grouped kernel with its stream-K tail; the pair
# vs two cuBLAS GEMMs, vs two products + elementwise, llama_mlp fused vs fuse=0. Bundles as in
# swiglu-v1.sh, all built by the final compiler.
set -u
mkdir -p $OUT/l
mr() { timeout 150 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
timeout 240 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^(mm_(f16|bf16)|pair_|epi_bf16_wgmma|epi_f16_matmul)' > $OUT/l/gpucheck.log 2>&1
grep -E "FAILED|gpu-check:" $OUT/l/gpucheck.log | tail -8
for tool in memcheck racecheck; do
  for s in batch=1,M=1000,N=1000,K=776 batch=2,M=300,N=1032,K=520; do
    echo "== $tool mm_f16_to_f16 $s"
    timeout 100 /usr/local/cuda/bin/compute-sanitizer --tool $tool .dev/bin/mini-run .dev/suite --kernel mm_f16_to_f16_matmul --size $s --no-cpu-check --iters 1 --warmup 0 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|PASS|FAIL" | head -3
  done
done
{
for m in 4096 1024 256 64 1; do
  echo "== pair_7b_matmul M=$m"; mr .dev/sw --kernel pair_7b_matmul --size M=$m --bench --iters 30 --no-cpu-check | grep -E "interleaved|FAIL|error"
done
for m in 8192 4096 512; do
  echo "== pair_8b_matmul M=$m"; mr .dev/sw --kernel pair_8b_matmul --size M=$m --bench --iters 30 --no-cpu-check | grep -E "interleaved|FAIL|error"
done
for rep in 1 2; do for t in 4096 512 64 1; do for f in pair_7b split_7b; do
  echo "== $f tokens=$t"; mr .dev/sw --function $f --size tokens=$t --bench --iters 30 --no-cpu-check | grep -E "bench  *$f|FAIL"
done; done; done
for rep in 1 2; do for t in 4096 512 16 1; do for b in mlp0 mlp; do
  echo "== llama_mlp $b tokens=$t"; mr .dev/$b --function llama_mlp --size tokens=$t --bench --iters 30 --no-cpu-check | grep -E "bench|FAIL"
done; done; done
} > $OUT/l/bench.log 2>&1
grep -E "^==|interleaved|bench  *(pair|split|llama)|FAIL" $OUT/l/bench.log | cut -c1-140
