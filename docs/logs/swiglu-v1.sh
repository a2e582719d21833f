#!/usr/bin/env bash
# Issue 29, SwiGLU's product pair on the H100: correctness (gpu-check of the
# suite's pair kernels, the functions against their composed references,
# compute-sanitizer), then ours vs cuBLAS (two GEMMs, interleaved), the pair
# vs two products + one elementwise kernel, llama_mlp fused vs fuse=0, and
# PyTorch (eager and torch.compile) on the same computation.
# Bundles (built here, carried in .dev): .dev/suite (bench/suite.mlir),
# .dev/sw (bench/swiglu.mlir), .dev/mlp and .dev/mlp0 (examples/llama_mlp.mlir
# fused and fuse=0).   bash docs/logs/swiglu-v1.sh check|bench
set -u
mode=${1:-check}
mkdir -p $OUT/l
mr() { timeout 150 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
if [ "$mode" = check ]; then
  timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^pair_' > $OUT/l/gpucheck.log 2>&1
  grep -E "FAILED|gpu-check:" $OUT/l/gpucheck.log | tail -12
  {
  for t in 1 7 300 2048; do echo "== pair_7b tokens=$t"; mr .dev/sw --function pair_7b --size tokens=$t; done
  echo "== pair_7b_static"; mr .dev/sw --function pair_7b_static --no-cpu-check
  for t in 3 777; do echo "== llama_mlp tokens=$t"; mr .dev/mlp --function llama_mlp --size tokens=$t; done
  echo "== llama_mlp nonfinite"; mr .dev/mlp --function llama_mlp --size tokens=5 --nonfinite
  for tool in memcheck racecheck synccheck initcheck; do
    echo "== $tool"
    timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool $tool --error-exitcode 3 .dev/bin/mini-run .dev/suite --kernel pair_f16_matmul --size M=129 --no-cpu-check --iters 1 --warmup 0 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|error|PASS|FAIL" | head -4
  done
  } > $OUT/l/check.log 2>&1
  grep -E "^==|PASS|FAIL|error|SUMMARY|max rel" $OUT/l/check.log | cut -c1-160
else
  {
  for m in 4096 1024 256 64 16 1; do
    echo "== pair_7b_matmul M=$m"; mr .dev/sw --kernel pair_7b_matmul --size M=$m --bench --iters 30 --no-cpu-check | grep -E "interleaved|PASS|FAIL|error"
  done
  for m in 8192 4096 512; do
    echo "== pair_8b_matmul M=$m"; mr .dev/sw --kernel pair_8b_matmul --size M=$m --bench --iters 30 --no-cpu-check | grep -E "interleaved|PASS|FAIL|error"
  done
  echo "== pair_7b_static_matmul"; mr .dev/sw --kernel pair_7b_static_matmul --bench --iters 30 --no-cpu-check | grep -E "interleaved|PASS|FAIL|error"
  for rep in 1 2; do for t in 4096 512 64 16 1; do for f in pair_7b split_7b; do
    echo "== $f tokens=$t"; mr .dev/sw --function $f --size tokens=$t --bench --iters 30 --no-cpu-check | grep -E "bench|PASS|FAIL"
  done; done; done
  for rep in 1 2; do for t in 4096 512 16 1; do for b in mlp0 mlp; do
    echo "== llama_mlp $b tokens=$t"; mr .dev/$b --function llama_mlp --size tokens=$t --bench --iters 30 --no-cpu-check | grep -E "bench|PASS|FAIL"
  done; done; done
  } > $OUT/l/bench.log 2>&1
  timeout 200 python3 - > $OUT/l/torch.log 2>&1 <<'PY'
import torch, torch.nn.functional as F
def bench(fn, iters=30):
    for _ in range(5): fn()
    torch.cuda.synchronize()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ts = []
    for _ in range(iters):
        s.record(); fn(); e.record(); torch.cuda.synchronize(); ts.append(s.elapsed_time(e))
    ts.sort(); return ts[len(ts) // 2]
for dt, n in ((torch.float16, 11008), (torch.bfloat16, 14336)):
    for m in (4096, 512, 64, 1):
        x = torch.randn(m, 4096, device="cuda", dtype=dt)
        wg = torch.randn(4096, n, device="cuda", dtype=dt) / 64
        wu = torch.randn(4096, n, device="cuda", dtype=dt) / 64
        f = lambda: F.silu(x @ wg) * (x @ wu)
        g = torch.compile(lambda x, wg, wu: F.silu(x @ wg) * (x @ wu))
        two = lambda: (x @ wg, x @ wu)
        print(f"torch {dt} M={m} N={n}: eager {bench(f):.4f} ms  compile {bench(lambda: g(x, wg, wu)):.4f} ms  two GEMMs {bench(two):.4f} ms")
PY
  cat $OUT/l/bench.log | cut -c1-170
  cat $OUT/l/torch.log | grep torch
fi
