#!/usr/bin/env bash
# gemv v3 (final): gpu-check of every matmul and epilogue case, static shapes, sanitizers, bench table, llama_mlp decode.
set -u
mkdir -p $OUT/l
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 330 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^(mm_|epi_)' > $OUT/l/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/l/gpucheck.log | tail -8
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
for k in f16_1x4096x4096 bf16_8x11008x4096 f16_3x5x100003 f32_5x4097x1000 f16_777x1000x520; do
  mr .dev/shapes --kernel ${k}_matmul --bench --iters 20 | grep -E "PASS|FAIL|error|interleaved" | cut -c1-150
done > $OUT/l/static.log
cat $OUT/l/static.log
S=/usr/local/cuda/bin/compute-sanitizer
for k in "mm_f16_matmul batch=1,M=3,N=5,K=1003" "mm_bf16_to_bf16_matmul batch=2,M=8,N=4097,K=100" "epi_f16_matmul batch=1,M=3,N=1032,K=77" "mm_f32_matmul batch=1,M=1,N=24,K=515"; do
  set -- $k
  echo "== memcheck $1 $2"; timeout 90 $S --tool memcheck .dev/bin/mini-run .dev/suite --kernel $1 --size $2 --iters 1 --warmup 0 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | head -2
done > $OUT/l/sanitize.log
echo "== racecheck" >> $OUT/l/sanitize.log; timeout 90 $S --tool racecheck .dev/bin/mini-run .dev/suite --kernel mm_f16_matmul --size batch=1,M=5,N=1000,K=777 --iters 1 --warmup 0 2>&1 | grep -E "RACECHECK SUMMARY|PASS|FAIL" | head -2 >> $OUT/l/sanitize.log
echo "== synccheck" >> $OUT/l/sanitize.log; timeout 90 $S --tool synccheck .dev/bin/mini-run .dev/suite --kernel mm_f16_matmul --size batch=1,M=5,N=1000,K=777 --iters 1 --warmup 0 2>&1 | grep -E "SUMMARY|PASS|FAIL" | head -2 >> $OUT/l/sanitize.log
cat $OUT/l/sanitize.log
row() { # kernel bundle size
  out=$(mr $2 --kernel $1 --size $3 --bench --iters 50 --warmup 5 --no-cpu-check)
  echo "$out" | grep -qE "FAIL|error" && { echo "$1 $3 ERROR"; echo "$out" | head -5; return; }
  t=$(echo "$out" | grep "interleaved" | sed -E 's/.*ours +([0-9.]+) TFLOP.*cuBLAS +([0-9.]+) TFLOP.*ours\/cuBLAS ([0-9.]+).*/\1 \2 \3/')
  v=$(echo "$out" | grep -o "runs size variant [a-z0-9_]*" | awk '{print $4}')
  python3 -c "
import sys
k,s,ours,cub,r=sys.argv[1:6]; el=int(sys.argv[6])
d=dict(x.split('=') for x in s.split(','))
M,N,K=int(d['M']),int(d['N']),int(d['K']); B=int(d.get('batch',1))
fl=2*M*N*K*B; by=el*B*(M*K+K*N+M*N)
t=fl/float(ours)/1e12*1e6; tc=fl/float(cub)/1e12*1e6
print(f'| {k} | {s} | {t:.2f} | {by/t/1e3:.0f} | {tc:.2f} | {by/tc/1e3:.0f} | {float(r):.3f} | {sys.argv[7] if len(sys.argv)>7 else \"\"} |')
" $1 $3 $t $4 "$v"
}
mr .dev/suite --kernel add_f16_add --size R=4096,C=8192 --bench --iters 30 --no-cpu-check | grep -E "copy" | head -2
{
echo "| kernel | sizes | ours us | ours GB/s | cuBLAS us | cuBLAS GB/s | x cuBLAS | variant |"
for s in batch=1,M=1,N=4096,K=4096 batch=1,M=2,N=4096,K=4096 batch=1,M=4,N=4096,K=4096 batch=1,M=8,N=4096,K=4096 batch=1,M=16,N=4096,K=4096 batch=1,M=1,N=8192,K=8192 batch=1,M=8,N=8192,K=8192 batch=1,M=1,N=11008,K=4096 batch=1,M=1,N=4096,K=11008 batch=1,M=3,N=5,K=100003 batch=1,M=1,N=4097,K=4096 batch=4,M=1,N=4096,K=4096; do
  row mm_f16_to_f16_matmul .dev/suite $s 2
done
for s in batch=1,M=1,N=4096,K=4096 batch=1,M=8,N=11008,K=4096; do row mm_bf16_to_bf16_matmul .dev/suite $s 2; done
for s in batch=1,M=1,N=4096,K=4096 batch=1,M=4,N=4096,K=4096; do row mm_f32_matmul .dev/suite $s 4; done
row mm_f16_wgmma_matmul .dev/suite batch=1,M=1,N=4096,K=4096 2
} > $OUT/l/bench.log 2>&1
cat $OUT/l/bench.log
{
for t in 1 4 16; do for b in mlp mlp2; do echo "== $b tokens=$t"; mr .dev/$b --function llama_mlp --size arg0.0=$t --bench --iters 30 | grep -E "PASS|FAIL|mean|total|ms" | head -4; done; done
} > $OUT/l/mlp.log 2>&1
cat $OUT/l/mlp.log | cut -c1-160
