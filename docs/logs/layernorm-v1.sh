#!/usr/bin/env bash
# mini.layernorm: gpu-check, the reference's own test, the bandwidth against a copy, rmsnorm and torch.
mkdir -p $OUT/j
export MINI_GIT_COMMIT=wip
timeout 200 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run 'layernorm' > $OUT/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/gpucheck.log | tail -5
.dev/bin/mini-runtime-tests --gtest_filter='ReferenceTest.LayerNorm*' 2>&1 | grep -E "OK|FAILED|PASSED" | head -3
echo "## bandwidth (dynamic suite kernels)"
for t in f16 bf16 f32; do for rc in 4096,4096 16777,1000 262144,64 2097152,8 986895,17 1024,16384 334,50257; do r=${rc%,*}; c=${rc#*,}
  for op in layernorm rmsnorm; do
  printf '%-9s %-5s R=%-8s C=%-6s ' $op $t $r $c; timeout 60 .dev/bin/mini-run .dev/suite --kernel ${op}_${t}_${op} --size R=$r,C=$c --iters 20 --no-cpu-check --json $OUT/j/$op-$t-$c.json --group layernorm-v1 2>&1 | grep -oE "PASS|FAIL|ours +[0-9]+ GB/s \([0-9.]+x copy\)|error.*" | tr '\n' ' '; echo
done; done; done
echo "## torch eager F.layer_norm (GB/s)"
timeout 200 python3 - <<'PY'
import torch, torch.nn.functional as F
for t,dt in [('f16',torch.float16),('bf16',torch.bfloat16),('f32',torch.float32)]:
  for r,c in [(4096,4096),(16777,1000),(262144,64),(2097152,8),(986895,17),(1024,16384),(334,50257)]:
    x=torch.randn(r,c,device='cuda',dtype=dt); w=torch.randn(c,device='cuda',dtype=dt); b=torch.randn(c,device='cuda',dtype=dt)
    for _ in range(3): F.layer_norm(x,(c,),w,b,1e-5)
    s=torch.cuda.Event(enable_timing=True); e=torch.cuda.Event(enable_timing=True)
    s.record()
    for _ in range(20): F.layer_norm(x,(c,),w,b,1e-5)
    e.record(); torch.cuda.synchronize(); ms=s.elapsed_time(e)/20
    print(f"torch {t:5s} R={r:<8d} C={c:<6d} {2*x.numel()*x.element_size()/ms/1e6:8.0f} GB/s  {ms*1000:8.1f} us")
PY
tar czf $OUT/ln.tgz -C $OUT j gpucheck.log && rm -rf $OUT/j $OUT/gpucheck.log
