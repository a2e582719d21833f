#!/usr/bin/env bash
# Attention v17 (docs/PERF.md): the device calls of session 40, in order. Each ran as
# 'bash .dev/w/<name>.sh' on the H200 with .dev/w (bundles under .dev/w/b, shape lists),
# .dev/bin (mini-run, libmini_rt.so) and .dev/mr.sh carried. Bundles: mini-opt .dev/attn-all.mlir
# (bench/suite.mlir's f16/bf16 attention functions) --mini-pipeline="chip=sm_90a bundle=DIR"; 'w4' adds
# attention-warps=4 attention-tile-keys=64 (D = 64 functions); base/qf/b3/b3qf: main, Q first, three blocks, both.

# ---- .dev/w/cudnn1.py
import sys, torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
b,h,s,d = map(int, sys.argv[1:5]); be = {"cudnn": SDPBackend.CUDNN_ATTENTION, "flash": SDPBackend.FLASH_ATTENTION}[sys.argv[5]]
q = torch.randn(b, h, s, d, device="cuda", dtype=torch.float16)
k = torch.randn(b, h, s, d, device="cuda", dtype=torch.float16)
v = torch.randn(b, h, s, d, device="cuda", dtype=torch.float16)
for i in range(3):
    with sdpa_kernel(be):
        F.scaled_dot_product_attention(q, k, v, is_causal=True)
torch.cuda.synchronize()

# ---- .dev/w/n1.sh
# ncu: our short causal kernel against cuDNN's at S = T = 512 and 1024.
cd "$(dirname "$0")/../.."
ncu=/usr/local/cuda/bin/ncu; [ -x $ncu ] || ncu=$(which ncu)
M=sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum,sm__cycles_active.avg,gpc__cycles_elapsed.max,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes_read.sum,lts__t_bytes.sum
S="--section WarpStateStats --section SchedulerStats"
for D in 128 64; do
 for sz in "32 512" "16 1024"; do set -- $sz
  echo "=== ours D=$D B=$1 S=$2"
  timeout 120 $ncu --clock-control none --launch-skip 2 --launch-count 1 -k regex:attention --metrics $M $S .dev/mr.sh .dev/w/b/head --kernel attn${D}_causal_f16_attention --size B=$1,H=16,G=16,S=$2,T=$2 --bench --iters 3 --warmup 1 --no-cpu-check 2>&1 | grep -v "^==PROF==" | sed -n '/attention/,$p' | head -80
  echo "=== cudnn D=$D B=$1 S=$2"
  timeout 120 $ncu --clock-control none --launch-skip 1 --launch-count 1 -k regex:'(?i)(cudnn|fmha|sm90|flash|xmma)' --metrics $M $S python3 .dev/w/cudnn1.py $1 16 $2 $D cudnn 2>&1 | grep -v "^==PROF==" | tail -75
 done
done 2>&1 | tee $OUT/n1.log

# ---- .dev/w/n2.sh
# ncu source-level stall sampling of the short causal kernel (D=128 and 64, S=T=512).
cd "$(dirname "$0")/../.."
ncu=/usr/local/cuda/bin/ncu; [ -x $ncu ] || ncu=$(which ncu)
for D in 128 64; do
timeout 200 $ncu --clock-control none --set full --import-source no --launch-skip 2 --launch-count 1 -k regex:attention -o $OUT/prof$D -f .dev/mr.sh .dev/w/b/head --kernel attn${D}_causal_f16_attention --size B=32,H=16,G=16,S=512,T=512 --bench --iters 3 --warmup 1 --no-cpu-check > $OUT/n2-$D.log 2>&1
timeout 100 $ncu --import $OUT/prof$D.ncu-rep --page source --print-source sass --csv > $OUT/sass$D.csv 2>&1
ls -la $OUT; head -c 600 $OUT/sass$D.csv
done

# ---- .dev/w/r1.sh
# Session 40 call 3: short causal, Q first and three blocks an SM (D=64), same-call A/B.
cd "$(dirname "$0")/../.."
python3 .dev/w/ab.py .dev/w/b/base,.dev/w/b/qf,.dev/w/b/b3,.dev/w/b/b3qf .dev/w/sc.txt 2 2>&1 | tee $OUT/r1.log
for b in qf b3qf; do timeout 200 bash scripts/gpu-check.sh .dev/w/b/$b .dev/mr.sh '(f16|bf16)_attention$' 2>&1 | tail -3; done | tee -a $OUT/r1.log

# ---- .dev/w/r2.sh
# Session 40 call 4: checks of the landed build (three blocks an SM up to D = 64, Q first).
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh; b=.dev/w/b
{
echo "== gpu-check new (f16/bf16 attention)"; timeout 260 bash scripts/gpu-check.sh $b/new $mr '(f16|bf16)_attention$' 2>&1 | grep -E "FAIL|gpu-check:" | grep -v "f32_\|mask" | tail -8
echo "== gpu-check w4 (attention-warps=4 tile-keys=64, D=64, three blocks an SM)"; timeout 120 bash scripts/gpu-check.sh $b/w4 $mr '^attn64_' 2>&1 | grep -E "FAIL|gpu-check:" | tail -5
for k in attn64_causal_f16_attention attn64_causal_bf16_attention; do timeout 60 $mr $b/new --kernel $k --size B=4,H=32,G=8,S=1000,T=1000 --timeout 30 2>&1 | grep -E "runs|PASS|FAIL" | head -2; done
echo "== limits"; pass=0; fail=0
for k in wg_d8_w4k16_causal wg_d8_w4k16 wg_d64_w4k256_causal wg_d64_w4k256; do
  for s in B=3,H=24,G=8,S=2053,T=2053 B=4,H=32,G=8,S=1000,T=3001 B=2,H=8,G=2,S=100,T=1024 B=1,H=132,G=66,S=333,T=333; do
    for nf in "" --nonfinite; do
      out=$(timeout 60 $mr $b/lim --kernel ${k}_attention --size $s $nf --timeout 30 2>&1)
      if echo "$out" | grep -q PASS; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $k $s $nf: $(echo "$out" | tail -3)"; fi
    done
  done
done
echo "limits: $pass passed, $fail failed"
echo "== static"; for s in st sts; do for nf in "" --nonfinite; do timeout 120 $mr $b/$s $nf --timeout 60 2>&1 | grep -cE "PASS" | sed "s/^/$s $nf PASS count: /"; timeout 120 $mr $b/$s $nf --timeout 60 2>&1 | grep -E "FAIL" | head -3; done; done
echo "== sanitizer (causal D=64 short kernel, three blocks an SM)"
cs=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck synccheck racecheck; do
  LD_LIBRARY_PATH=.dev/bin timeout 150 $cs --tool $tool --error-exitcode 9 .dev/bin/mini-run $b/new --kernel attn64_causal_f16_attention --size B=1,H=132,G=66,S=100,T=200 --timeout 120 > /tmp/cs.log 2>&1; echo "$tool rc=$? $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|runs" /tmp/cs.log | head -2 | tr '\n' ' ')"
done
} 2>&1 | tee $OUT/r2.log

# ---- .dev/w/r3.sh
# Session 40 call 5: peers of the landed build; D = 64 on one warpgroup at three blocks an SM (options) against the defaults.
cd "$(dirname "$0")/../.."
b=.dev/w/b
{
python3 .dev/w/ab.py $b/new,$b/w4 .dev/w/w4.txt 2
python3 .dev/w/ab.py $b/base,$b/new .dev/w/sc5.txt 1
for s in short full; do timeout 250 python3 bench/attention_peers.py --bundle $b/new --mini-run .dev/mr.sh --shapes $s 2>&1 | tail -32; done
} 2>&1 | tee $OUT/r3.log

# ---- .dev/w/r4.sh
# Session 40 call 6: D = 64 on one warpgroup at three blocks an SM (options) against the defaults, long causal and more short shapes.
cd "$(dirname "$0")/../.."
python3 .dev/w/ab.py .dev/w/b/new,.dev/w/b/w4 .dev/w/w4b.txt 2 2>&1 | tee $OUT/r4.log

# ---- .dev/w/r5.sh
# Session 40 call 7: the short kernel up to T = 8192 with causal D <= 64, and one warpgroup without causal: A/B against call 4's build, checks.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh; b=.dev/w/b
{
python3 .dev/w/ab.py $b/new,$b/new2 .dev/w/ab7.txt 1
for k in attn64_causal_f16_attention attn64_f16_attention; do timeout 60 $mr $b/new2 --kernel $k --size B=4,H=32,G=8,S=1000,T=3001 --timeout 30 2>&1 | grep -E "runs|PASS|FAIL" | head -2; done
echo "== gpu-check new2 D=64"; timeout 150 bash scripts/gpu-check.sh $b/new2 $mr '^attn64_(causal_)?b?f16_attention$' 2>&1 | grep -E "FAIL|gpu-check:" | tail -5
echo "== static"; for s in st2 sts2; do for nf in "" --nonfinite; do timeout 100 $mr $b/$s $nf --timeout 60 2>&1 | grep -cE "PASS" | sed "s/^/$s $nf PASS count: /"; done; done
echo "== sanitizer (D=64 short kernel without causal)"
for tool in memcheck racecheck; do
  LD_LIBRARY_PATH=.dev/bin timeout 100 /usr/local/cuda/bin/compute-sanitizer --tool $tool --error-exitcode 9 .dev/bin/mini-run $b/new2 --kernel attn64_f16_attention --size B=1,H=132,G=132,S=300,T=300 --timeout 90 > /tmp/cs.log 2>&1; echo "$tool rc=$? $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" /tmp/cs.log | head -1)"
done
} 2>&1 | tee $OUT/r5.log

# ---- .dev/w/sc.txt (KERNEL SIZES)
# attn64_causal_f16_attention B=32,H=16,G=16,S=512,T=512
# attn64_causal_bf16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_causal_f16_attention B=64,H=16,G=4,S=256,T=256
# attn64_causal_f16_attention B=4,H=32,G=8,S=1000,T=1000
# attn64_causal_f16_attention B=1,H=132,G=132,S=777,T=1000
# attn128_causal_f16_attention B=32,H=16,G=16,S=512,T=512
# attn128_causal_bf16_attention B=16,H=16,G=16,S=1024,T=1024
# attn128_causal_f16_attention B=64,H=16,G=4,S=256,T=256
# attn128_causal_f16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_causal_f16_attention B=4,H=32,G=8,S=4096,T=4096
# attn80_causal_f16_attention B=4,H=32,G=8,S=3001,T=3001

# ---- .dev/w/w4.txt (KERNEL SIZES)
# attn64_f16_attention B=32,H=16,G=16,S=512,T=512
# attn64_f16_attention B=16,H=16,G=16,S=1000,T=1000
# attn64_bf16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_f16_attention B=8,H=16,G=16,S=2048,T=2048
# attn64_bf16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_causal_f16_attention B=8,H=16,G=16,S=2048,T=2048
# attn64_causal_f16_attention B=4,H=32,G=8,S=4096,T=4096

# ---- .dev/w/w4b.txt (KERNEL SIZES)
# attn64_causal_f16_attention B=1,H=32,G=8,S=8192,T=8192
# attn64_causal_bf16_attention B=1,H=32,G=8,S=8192,T=8192
# attn64_causal_bf16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_causal_bf16_attention B=3,H=24,G=8,S=2053,T=2053
# attn64_causal_f16_attention B=4,H=32,G=8,S=1000,T=3001
# attn64_causal_f16_attention B=1,H=16,G=16,S=16384,T=16384
# attn64_causal_f16_attention B=8,H=16,G=2,S=4,T=8192
# attn64_causal_f16_attention B=2,H=8,G=8,S=1500,T=1500
# attn64_f16_attention B=32,H=16,G=16,S=256,T=256
# attn64_f16_attention B=4,H=32,G=8,S=1024,T=1024
# attn64_f16_attention B=16,H=16,G=16,S=777,T=1000
# attn64_bf16_attention B=8,H=16,G=16,S=1024,T=512

# ---- .dev/w/ab7.txt (KERNEL SIZES)
# attn64_causal_f16_attention B=8,H=16,G=16,S=2048,T=2048
# attn64_causal_bf16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_causal_bf16_attention B=1,H=32,G=8,S=8192,T=8192
# attn64_causal_f16_attention B=1,H=16,G=16,S=16384,T=16384
# attn64_causal_f16_attention B=2,H=8,G=8,S=1500,T=1500
# attn64_causal_f16_attention B=4,H=32,G=8,S=1000,T=3001
# attn64_f16_attention B=32,H=16,G=16,S=512,T=512
# attn64_f16_attention B=16,H=16,G=16,S=1000,T=1000
# attn64_bf16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_f16_attention B=8,H=16,G=16,S=2048,T=2048
# attn64_f16_attention B=4,H=32,G=8,S=4096,T=1024

# ---- call 8 (racecheck of the non-causal D = 64 short kernel)
# LD_LIBRARY_PATH=.dev/bin timeout 170 /usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 .dev/bin/mini-run .dev/w/b/new2 --kernel attn64_f16_attention --size B=1,H=16,G=16,S=200,T=333 --timeout 160
