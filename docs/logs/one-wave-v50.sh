# Session 42 (docs/PERF.md v50): the one-wave 128x64 tiles from K = 1024, up to 8 rows of them; mid tiles from K = 1024.
# sw.mlir / sw2.mlir = docs/logs/one-wave-v50.mlir's two parts. Bundles: b_* (call 2) built by build.sh with HEAD c9dd25f's mini-opt,
# o_def = HEAD's default on sw2; n_def / n_g64s8n = a first build (8 rows where 128 divides M; call 3); l_def / l2_def = the landed build.
# Runtime: HEAD's (no runtime change). .dev/mr.sh = LD_LIBRARY_PATH=.dev/bin .dev/bin/mini-run.

######## call 1: cuBLAS's kernels (torch.matmul, same layout as mini-run's cublasGemmStridedBatchedEx NN); .dev/w/cublas_names.py
import torch, sys
from torch.profiler import profile, ProfilerActivity
shapes = [
 (1024,1024,4096,'f16'),(1000,1000,4096,'f16'),(768,1024,4096,'f16'),(128,4096,2048,'f16'),
 (256,4096,2048,'f16'),(512,2048,2048,'f16'),(1152,4096,4096,'f16'),(64,4096,4096,'f16'),
 (64,8192,8192,'f16'),(96,4096,4096,'f16'),(300,4096,11008,'bf16'),(1280,4096,4096,'f16'),
 (3000,3000,3000,'f16'),(2048,2048,2048,'f16'),(512,512,8192,'f16'),(1024,1024,1024,'f16'),
 (4096,4096,4096,'f16'),(640,4096,4096,'f16'),(1000,1032,2048,'f16'),(2048,1024,1024,'f16'),
]
rows=[]
for M,N,K,dt in shapes:
    t = torch.float16 if dt=='f16' else torch.bfloat16
    bs = [torch.randn(K,N,device='cuda',dtype=t) for _ in range(8)]
    a = torch.randn(M,K,device='cuda',dtype=t)
    for i in range(3): torch.matmul(a,bs[i%8])
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        for i in range(8): torch.matmul(a,bs[i%8])
        torch.cuda.synchronize()
    names={}
    for e in p.events():
        if e.device_type.name=='CUDA':
            names.setdefault(e.name,[]).append(e.device_time if hasattr(e,'device_time') else e.cuda_time)
    # timing
    st=torch.cuda.Event(enable_timing=True); en=torch.cuda.Event(enable_timing=True)
    st.record()
    for i in range(200): torch.matmul(a,bs[i%8])
    en.record(); torch.cuda.synchronize()
    us=st.elapsed_time(en)/200*1000
    tf=2*M*N*K/us/1e6
    for n,v in names.items():
        print(f"{M}x{N}x{K} {dt} {us:7.1f}us {tf:6.0f}TF  n={len(v)} {n[:200]}")

######## .dev/w/mw/build.sh
#!/usr/bin/env bash
cd /work/main
w="matmul-math=wgmma matmul-warps-m=8 matmul-warps-n=1 matmul-producer-warps=4 matmul-copy=tma matmul-tile-m=128"
declare -A opts=(
 [def]=""
 [g64s8n]="$w matmul-tile-n=64 matmul-stages=8 matmul-tail-splits=1"
 [g128s6c2]="$w matmul-tile-n=128 matmul-stages=6 matmul-cluster-m=2"
 [g128s6n]="$w matmul-tile-n=128 matmul-stages=6 matmul-tail-splits=1"
 [g128s6]="$w matmul-tile-n=128 matmul-stages=6 matmul-tail-splits=4"
 [g192s5n]="$w matmul-tile-n=192 matmul-stages=5 matmul-tail-splits=1"
)
for v in "${!opts[@]}"; do
  build/bin/mini-opt .dev/w/mw/${M:-sw}.mlir --mini-pipeline="chip=sm_90a bundle=.dev/w/mw/${P:-b}_$v toolkit=/usr/local/cuda ${opts[$v]}" -o /dev/null > .dev/w/mw/${P:-b}_$v.log 2>&1 &
done
wait
for v in "${!opts[@]}"; do echo "$v $(ls .dev/w/mw/${P:-b}_$v 2>/dev/null | wc -l)"; cat .dev/w/mw/${P:-b}_$v.log | head -3; done

######## .dev/w/mw/run.sh
#!/usr/bin/env bash
# tilings forced per bundle, distinct weights each launch
cd "$(dirname "$0")/../../.."
mr=${MR:-.dev/mr.sh}
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
vs="${VS:-def g64s8n g128s6c2 g128s6n g128s6 g192s5n}"
fs="${FS:-$(grep -oE '@[a-z0-9_]+' .dev/w/mw/${M:-sw}.mlir | tr -d @)}"
{
echo "ours TFLOP/s (x cuBLAS), 20 launches a sample, 8 copies"
printf "%-22s" shape; for v in $vs; do printf " %15s" $v; done; printf "   cuBLAS\n"
for f in $fs; do
  printf "%-22s" $f; cub=""
  for v in $vs; do
    out=$(timeout 60 $mr .dev/w/mw/${P:-b}_$v --kernel ${f}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %6s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
  done
  echo "  $cub"
done
} 2>&1 | tee $OUT/sweep.log

######## .dev/w/mw/run_ab.sh
#!/usr/bin/env bash
# tilings forced per bundle, distinct weights each launch
cd "$(dirname "$0")/../../.."
mr=${MR:-.dev/mr.sh}
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.log
vs="${VS:-def g64s8n g128s6c2 g128s6n g128s6 g192s5n}"
fs="${FS:-$(grep -oE '@[a-z0-9_]+' .dev/w/mw/${M:-sw}.mlir | tr -d @)}"
{
echo "ours TFLOP/s (x cuBLAS), 20 launches a sample, 8 copies"
printf "%-22s" shape; for v in $vs; do printf " %15s" $v; done; printf "   cuBLAS\n"
for f in $fs; do
  printf "%-22s" $f; cub=""
  for v in $vs; do
    out=$(timeout 60 $mr .dev/w/mw/$v --kernel ${f}_matmul --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1)
    ok=$(echo "$out" | grep -oE "PASS|FAIL" | head -1)
    set -- $(echo "$out" | grep interleaved | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
    printf " %6s (%5s)%s" "$1" "$3" "${ok:0:1}"; cub="$cub $2"
  done
  echo "  $cub"
done
} 2>&1 | tee $OUT/sweep.log

######## .dev/w/v50.sh
#!/usr/bin/env bash
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
echo "== correctness: dynamic M at K = 1024 / 2048 (w1024: ?x1024 @ 1024x2048 f16; w2048: ?x2048 @ 2048x4096 bf16)"
for k in w1024 w2048; do for m in 1 5 64 100 128 129 300 512 513 640 1000 2048 4097; do
  out=$($mr .dev/w/dw --kernel ${k}_matmul --size M=$m --iters 3 --warmup 1 2>&1); echo "$out" | grep -E "PASS|FAIL|error|variant" | head -2 | sed "s/^/$k M=$m: /"
done; done
echo "== correctness: static bundle (new)"
$mr .dev/w/static_new --iters 3 --warmup 1 2>&1 | grep -cE " PASS$"; $mr .dev/w/static_new --iters 3 --warmup 1 2>&1 | grep -E "FAIL|error" | head
echo "== memcheck w1024 M=300"
/usr/local/cuda/bin/compute-sanitizer --tool memcheck $mr .dev/w/dw --kernel w1024_matmul --size M=300 --iters 1 --warmup 0 2>&1 | tail -3
echo "== static bundle old vs new: tall K and 1024^3"
for k in f16_1024x1024x32768_matmul f16_1024_matmul; do for d in st_old static_new; do
  $mr .dev/w/$d --kernel $k --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1 | grep interleaved | sed "s/^/$d $k: /"
done; done
echo "== sweep"
VS="def" P=o M=sw2 bash .dev/w/mw/run.sh > /dev/null 2>&1; cp $OUT/sweep.log $OUT/sweep_o.log
VS="def g64s8n" P=n M=sw2 bash .dev/w/mw/run.sh > /dev/null 2>&1
cat $OUT/sweep_o.log $OUT/sweep.log

######## .dev/w/v50b.sh
#!/usr/bin/env bash
cd "$(dirname "$0")/../.."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
echo "== gpu-check weights|static"
bash scripts/gpu-check.sh build/bundles/suite .dev/mr.sh 'weights|static' 2>&1 | grep -E "FAIL|error|gpu-check" | tail -8
echo "== memcheck: static 1000x1024x2048, weights_k2048 M=1025"
/usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/mr.sh build/bundles/static --kernel f16_1000x1024x2048_matmul --iters 1 --warmup 0 2>&1 | tail -2
/usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/mr.sh build/bundles/suite --kernel mm_f16_weights_k2048_matmul --size M=1000 --iters 1 --warmup 0 2>&1 | tail -2
echo "== landed: old default (o_def / b_def) vs landed (l2_def / l_def), same call"
VS="o_def l2_def" P=x M=sw2 bash -c 'sed "s#.dev/w/mw/\${P:-b}_\$v#.dev/w/mw/\$v#" .dev/w/mw/run.sh > /tmp/run_ab.sh; bash /tmp/run_ab.sh' > /dev/null 2>&1; cp $OUT/sweep.log $OUT/sweep2.log
VS="b_def l_def" M=sw bash /tmp/run_ab.sh > /dev/null 2>&1
cat $OUT/sweep2.log $OUT/sweep.log

######## .dev/w/v50c.sh
#!/usr/bin/env bash
cd "$(dirname "$0")/../.."
VS="o_def l2_def" M=sw2 bash .dev/w/mw/run_ab.sh > /dev/null 2>&1; cp $OUT/sweep.log $OUT/sweep2.log
VS="b_def l_def" M=sw bash .dev/w/mw/run_ab.sh > /dev/null 2>&1
cat $OUT/sweep2.log $OUT/sweep.log
