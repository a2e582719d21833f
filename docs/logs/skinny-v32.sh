#!/usr/bin/env bash
set -u
mkdir -p $OUT/l
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 300 bash scripts/gpu-check.sh .dev/suite .dev/bin/mini-run '^(mm_f16_matmul|mm_bf16_matmul|mm_bf16_to|mm_f16_to|mm_f32_matmul|epi_f16_matmul|epi_f32_matmul)$' > $OUT/l/gpucheck.log 2>&1
grep -E "FAIL|gpu-check:" $OUT/l/gpucheck.log | tail -8
mr() { timeout 60 .dev/bin/mini-run "$@" 2>&1 | grep -vE "^device:" ; }
S=/usr/local/cuda/bin/compute-sanitizer
for k in "mm_f16_matmul batch=1,M=13,N=4097,K=777" "mm_bf16_matmul batch=2,M=16,N=1000,K=300"; do set -- $k
  echo "== memcheck $1 $2"; timeout 90 $S --tool memcheck .dev/bin/mini-run .dev/suite --kernel $1 --size $2 --iters 1 --warmup 0 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | head -2
done
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
{
echo "| kernel | sizes | ours us | ours GB/s | cuBLAS us | cuBLAS GB/s | x cuBLAS | variant |"
for s in batch=1,M=9,N=4096,K=4096 batch=1,M=12,N=4096,K=4096 batch=1,M=16,N=4096,K=4096 batch=1,M=16,N=11008,K=4096 batch=1,M=16,N=4096,K=11008 batch=1,M=16,N=8192,K=8192 batch=1,M=16,N=14336,K=4096 batch=1,M=17,N=4096,K=4096 batch=1,M=32,N=4096,K=4096 batch=1,M=64,N=11008,K=4096; do
  row mm_f16_to_f16_matmul .dev/suite $s 2
done
for s in batch=1,M=16,N=4096,K=4096 batch=1,M=16,N=11008,K=4096; do row mm_bf16_to_bf16_matmul .dev/suite $s 2; done
} > $OUT/l/bench.log 2>&1
cat $OUT/l/bench.log
{
for t in 1 4 8 16 32 64; do for b in mlp0 mlp3; do echo "== $b tokens=$t"; mr .dev/$b --function llama_mlp --size arg0.0=$t --bench --iters 30 | grep -E "FAIL|bench llama_mlp" | head -2; done; done
} > $OUT/l/mlp.log 2>&1
cat $OUT/l/mlp.log | cut -c1-160
