# Session 42 (docs/PERF.md v51): 64x64 few-rows tiles from 48 rows where N is static and 4096 <= N <= 64 x 132.
# sw3.mlir / dlk.mlir = docs/logs/few-rows-v51.mlir. Bundles: m_* built with HEAD 549e7d0's mini-opt and the options below; m2_def / dlk_new = a first build (64x64 from 33 rows);
# dlk_old = c9dd25f's mini-opt (the few-rows choice unchanged by v50), dlk_new2 = the landed build. Runtime unchanged (.dev/mr.sh).

######## bundles
m="matmul-math=mma_sync matmul-copy=tma matmul-producer-warps=4"; w="matmul-math=wgmma matmul-warps-m=8 matmul-warps-n=1 matmul-producer-warps=4 matmul-copy=tma matmul-tile-m=128"
m_def: (none); m_fr32s8: $m matmul-tile-m=32 matmul-tile-n=64 matmul-warps-m=2 matmul-warps-n=4 matmul-stages=8 matmul-tail-splits=8
m_fr64s8: $m matmul-tile-m=64 matmul-tile-n=128 matmul-warps-m=2 matmul-warps-n=4 matmul-stages=8 matmul-tail-splits=8
m_fr64x64s8: $m matmul-tile-m=64 matmul-tile-n=64 matmul-warps-m=4 matmul-warps-n=2 matmul-stages=8 matmul-tail-splits=8; m_g64s8: $w matmul-tile-n=64 matmul-stages=8
build/bin/mini-opt .dev/w/mw/sw3.mlir --mini-pipeline="chip=sm_90a bundle=.dev/w/mw/m_$v toolkit=/usr/local/cuda ${opts[$v]}" -o /dev/null

######## call 6
VS="m_def m_fr32s8 m_fr64s8 m_fr64x64s8 m_g64s8" M=sw3 bash .dev/w/mw/run_ab.sh   # run_ab.sh: docs/logs/one-wave-v50.sh

######## .dev/w/v51.sh (calls 7, 8)
#!/usr/bin/env bash
cd "$(dirname "$0")/../.."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
echo "== gpu-check weights|static"
bash scripts/gpu-check.sh build/bundles/suite .dev/mr.sh 'weights|static' 2>&1 | grep -E "FAIL|error|gpu-check" | tail -8
echo "== memcheck: static 50x8192x4096, long_k M=50"
/usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/mr.sh build/bundles/static --kernel f16_50x8192x4096_matmul --iters 1 --warmup 0 2>&1 | tail -2
/usr/local/cuda/bin/compute-sanitizer --tool memcheck .dev/mr.sh build/bundles/suite --kernel mm_bf16_weights_long_k_matmul --size M=50 --iters 1 --warmup 0 2>&1 | tail -3
echo "== suite long_k at M = 33, 48, 64 (the 64x64 variant), bench"
for m in 33 48 64; do .dev/mr.sh build/bundles/suite --kernel mm_bf16_weights_long_k_matmul --size M=$m --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1 | grep -E "interleaved|variant" | sed "s/^/M=$m /"; done
echo "== dynamic M: HEAD (dlk_old) against this build (dlk_new), same call"
for k in lk w4096; do for m in 33 48 64; do for d in dlk_old dlk_new dlk_old dlk_new; do .dev/mr.sh .dev/w/$d --kernel ${k}_matmul --size M=$m --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1 | grep -E "interleaved" | sed "s/^/$d M=$m /"; done; done; done
echo "== sweep: before (m_def) / landed (m2_def), twice"
VS="m_def m2_def m_def m2_def" M=sw3 bash .dev/w/mw/run_ab.sh 2>&1 | tail -10

######## .dev/w/v51b.sh (calls 7, 8)
#!/usr/bin/env bash
cd "$(dirname "$0")/../.."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
echo "== gpu-check weights|static (landed build)"
bash scripts/gpu-check.sh build/bundles/suite .dev/mr.sh 'weights|static' 2>&1 | grep -E "FAIL|error|gpu-check" | tail -8
echo "== dynamic M: HEAD (dlk_old) against the landed build (dlk_new2), same call"
for k in lk w4096; do for m in 33 47 48 64; do for d in dlk_old dlk_new2; do .dev/mr.sh .dev/w/$d --kernel ${k}_matmul --size M=$m --bench --iters 10 --warmup 2 --no-cpu-check --launches 20 --rotate 8 2>&1 | grep -E "interleaved" | sed "s/^/$d M=$m /"; done; done; done
