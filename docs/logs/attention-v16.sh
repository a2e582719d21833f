#!/usr/bin/env bash
# Attention v16 (docs/PERF.md): seven device calls on an H200, session 39. Bundles were built here:
#   astatic: bench/attention-static.mlir; ss128/ss64: bench/attention-static-short.mlir's D = 128 / 64 functions,
#   *old: the same with the options that force the long config (attention-warps=8/12, tile-keys 128/64);
#   d64*: the suite's D = 64 attention functions at the default and with attention-warps/tile-keys;
#   oddd*: attn80_causal_f16 and attn96_bf16; all: every f16/bf16 attention function of bench/suite.mlir.
# .dev/w/ab.py (its text: docs/logs/attention-v13-softmax.sh, "---- .dev/w/ab.py") BUNDLES SHAPES ROUNDS runs mini-run --bench per shape, bundles interleaved.
# Shape files (KERNEL SIZES per line):
#   ss128.txt:
#     s512_d128_causal_f16_attention B=32,H=16,G=16,S=512,T=512
#     s1024_d128_causal_bf16_attention B=16,H=16,G=16,S=1024,T=1024
#     s256_g4_d128_causal_f16_attention B=64,H=16,G=4,S=256,T=256
#     s1000_g8_d128_causal_f16_attention B=4,H=32,G=8,S=1000,T=1000
#   ss64.txt:
#     s512_d64_causal_f16_attention B=32,H=16,G=16,S=512,T=512
#     s1024_d64_causal_bf16_attention B=16,H=16,G=16,S=1024,T=1024
#     s256_g4_d64_causal_f16_attention B=64,H=16,G=4,S=256,T=256
#     s1000_g8_d64_causal_f16_attention B=4,H=32,G=8,S=1000,T=1000
#   d64c.txt:
#     attn64_causal_f16_attention B=4,H=32,G=8,S=4096,T=4096
#     attn64_causal_bf16_attention B=1,H=32,G=8,S=8192,T=8192
#     attn64_causal_bf16_attention B=3,H=24,G=8,S=2053,T=2053
#     attn64_causal_f16_attention B=8,H=16,G=16,S=2048,T=2048
#     attn64_causal_f16_attention B=16,H=16,G=16,S=1024,T=1024
#   d64n.txt:
#     attn64_f16_attention B=16,H=16,G=16,S=1024,T=1024
#     attn64_f16_attention B=32,H=16,G=16,S=512,T=512
#     attn64_bf16_attention B=4,H=32,G=8,S=4096,T=4096
#     attn64_f16_attention B=1,H=32,G=8,S=8192,T=8192
#   oddd.txt:
#     attn80_causal_f16_attention B=4,H=32,G=8,S=3001,T=3001
#     attn80_causal_f16_attention B=4,H=32,G=8,S=8192,T=8192
#     attn96_bf16_attention B=4,H=32,G=8,S=4093,T=4093
#     attn96_bf16_attention B=16,H=16,G=16,S=1024,T=1024

#   d64n2.txt:
#     attn64_f16_attention B=32,H=16,G=16,S=512,T=512
#     attn64_f16_attention B=16,H=16,G=16,S=1024,T=1024
#     attn64_f16_attention B=16,H=16,G=16,S=1000,T=1000
#     attn64_f16_attention B=8,H=16,G=16,S=2048,T=2048
#     attn64_bf16_attention B=4,H=32,G=8,S=4096,T=4096
#   d64c2.txt:
#     attn64_causal_f16_attention B=8,H=16,G=16,S=2048,T=2048
#     attn64_causal_f16_attention B=12,H=16,G=16,S=1536,T=1536
#     attn64_causal_bf16_attention B=3,H=24,G=8,S=2053,T=2053
#   c128mid.txt:
#     attn128_causal_f16_attention B=8,H=16,G=16,S=2048,T=2048
#     attn128_causal_f16_attention B=12,H=16,G=16,S=1536,T=1536
#     attn128_causal_f16_attention B=4,H=32,G=8,S=2048,T=2048
#   d64n3.txt:
#     attn64_f16_attention B=32,H=16,G=16,S=512,T=512
#     attn64_f16_attention B=16,H=16,G=16,S=1024,T=1024
#     attn64_bf16_attention B=16,H=16,G=16,S=1000,T=1000
#     attn64_f16_attention B=4,H=32,G=8,S=4096,T=1024
#     attn64_f16_attention B=8,H=16,G=16,S=2048,T=2048
#   d64new: call 2's d64 build; d64_w4k64/a128_w4k64: attention-warps=4 attention-tile-keys=64; d64v: the short kernel chosen by T
#   only (call 5); d64s, ssall2, all3: the landed build (call 6).

# ---- call 1
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
b=.dev/w/b
{
echo "== static bundle check"; timeout 100 $mr $b/astatic --iters 3 --warmup 1 2>&1 | grep -E "PASS|FAIL"
echo "nonfinite:"; timeout 60 $mr $b/astatic --iters 3 --warmup 1 --nonfinite 2>&1 | grep -E "PASS|FAIL"
for s in ss128 ss64; do echo "== $s check"; timeout 100 $mr $b/$s --iters 3 --warmup 1 2>&1 | grep -E "PASS|FAIL"; done
echo "== static A/B"
python3 .dev/w/ab.py $b/ss128old,$b/ss128 .dev/w/ss128.txt 2
python3 .dev/w/ab.py $b/ss64old,$b/ss64 .dev/w/ss64.txt 2
echo "== D=64 causal sweep"
python3 .dev/w/ab.py $b/d64,$b/d64_w12k80,$b/d64_w12k96,$b/d64_w8k128 .dev/w/d64c.txt 2
echo "== D=64 non-causal"
python3 .dev/w/ab.py $b/d64,$b/d64_w8k192 .dev/w/d64n.txt 2
} 2>&1 | tee $OUT/q1.log

# ---- call 2
# compute-sanitizer on the short (launch-chosen) kernel, the 96-key causal kernel and a static short one; A/B D=64 and D=80/96.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
b=.dev/w/b
cs=/usr/local/cuda/bin/compute-sanitizer
{
echo "== gpu-check all attention"; timeout 300 bash scripts/gpu-check.sh $b/all $mr 'attn' 2>&1 | grep -E "FAIL|gpu-check:" | grep -v -E "f32_|mask_" | head -20
for tool in memcheck synccheck racecheck; do
  for ks in "attn128_causal_f16_attention B=1,H=132,G=66,S=100,T=200" "attn64_causal_bf16_attention B=1,H=132,G=132,S=1030,T=1030"; do
    set -- $ks; echo "== $tool $1 $2"
    timeout 150 $cs --tool $tool $mr $b/all --kernel $1 --size $2 --timeout 140 --iters 1 --warmup 0 2>&1 | grep -E "runs|PASS|FAIL|ERROR SUMMARY|RACECHECK SUMMARY|rror" | head -5
  done
done
echo "== memcheck static short"; timeout 100 $cs --tool memcheck $mr $b/astatic --kernel s300_t77_d128_causal_bf16_attention --timeout 90 --iters 1 --warmup 0 2>&1 | grep -E "PASS|FAIL|ERROR SUMMARY" | head -3
echo "== A/B D=64 causal"; python3 .dev/w/ab.py $b/d64,$b/d64new .dev/w/d64c.txt 2
echo "== D=80 causal / D=96 sweep"; python3 .dev/w/ab.py $b/oddd,$b/oddd_w12k64,$b/oddd_w12k96 .dev/w/oddd.txt 2
} 2>&1 | tee $OUT/q2.log

# ---- call 3
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
b=.dev/w/b
{
echo "== racecheck attn64_causal_bf16 long kernel"; timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool racecheck $mr $b/all --kernel attn64_causal_bf16_attention --size B=1,H=132,G=132,S=130,T=1100 --timeout 190 --iters 1 --warmup 0 2>&1 | grep -E "runs|PASS|FAIL|RACECHECK SUMMARY|rror" | head -5
for s in full short odd; do echo "== peers $s"; timeout 280 python3 bench/attention_peers.py --bundle $b/all --mini-run $mr --shapes $s 2>&1 | grep -v "^case"; done
} 2>&1 | tee $OUT/q3.log

# ---- call 4
cd "$(dirname "$0")/../.."
b=.dev/w/b
{
echo "== non-causal D=64: default (12 warps) vs 8 warps 128 keys"; python3 .dev/w/ab.py $b/d64new,$b/d64_w8k128 .dev/w/d64n2.txt 2
echo "== causal D=64 mid S: default vs short kernel (4 warps 64 keys)"; python3 .dev/w/ab.py $b/d64new,$b/d64_w4k64 .dev/w/d64c2.txt 2
echo "== causal D=128 mid S: default vs short kernel"; python3 .dev/w/ab.py $b/all,$b/a128_w4k64 .dev/w/c128mid.txt 2
} 2>&1 | tee $OUT/q4.log

# ---- call 5
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
b=.dev/w/b
cs=/usr/local/cuda/bin/compute-sanitizer
{
echo "== static short bundle"; timeout 100 $mr $b/ssall --iters 3 --warmup 1 2>&1 | grep -E "PASS|FAIL"
echo "nonfinite:"; timeout 100 $mr $b/ssall --iters 3 --warmup 1 --nonfinite 2>&1 | grep -E "PASS|FAIL"
echo "== gpu-check attn64"; timeout 200 bash scripts/gpu-check.sh $b/all2 $mr 'attn64_' 2>&1 | grep -E "FAIL|gpu-check:" | head -20
for tool in memcheck racecheck synccheck; do echo "== $tool attn64_f16 short (non-causal)"
  timeout 150 $cs --tool $tool $mr $b/d64v --kernel attn64_f16_attention --size B=1,H=132,G=132,S=300,T=300 --timeout 140 --iters 1 --warmup 0 2>&1 | grep -E "runs|PASS|FAIL|ERROR SUMMARY|RACECHECK SUMMARY|rror" | head -4; done
echo "== A/B non-causal D=64: v16 (call 2) vs short variant"; python3 .dev/w/ab.py $b/d64new,$b/d64v .dev/w/d64n3.txt 2
} 2>&1 | tee $OUT/q5.log

# ---- call 6
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
b=.dev/w/b
{
echo "== A/B non-causal D=64: v16 (call 2) vs short kernel for S, T <= 1024"; python3 .dev/w/ab.py $b/d64new,$b/d64s .dev/w/d64n3.txt 2
echo "== static short bundle"; timeout 100 $mr $b/ssall2 --iters 3 --warmup 1 2>&1 | grep -E "PASS|FAIL"
echo "nonfinite:"; timeout 100 $mr $b/ssall2 --iters 3 --warmup 1 --nonfinite 2>&1 | grep -E "PASS|FAIL"
echo "== gpu-check attn64"; timeout 200 bash scripts/gpu-check.sh $b/all3 $mr 'attn64_' 2>&1 | grep -E "FAIL|gpu-check:" | grep -v f32_ | head -20
echo "== peers short"; timeout 200 python3 bench/attention_peers.py --bundle $b/all3 --mini-run $mr --shapes short 2>&1 | grep -v -E "^case|UserWarning|return F.scaled"
} 2>&1 | tee $OUT/q6.log

# ---- call 7
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
b=.dev/w/b
{
for s in "attn128_f16_attention B=16,H=32,G=8,S=1,T=4096" "attn128_f16_attention B=16,H=32,G=8,S=1,T=1024" "attn128_f16_attention B=1,H=32,G=8,S=1,T=32768" "attn128_causal_bf16_attention B=8,H=32,G=8,S=4,T=8192" "attn128_f16_attention B=64,H=32,G=8,S=1,T=2048"; do
  set -- $s; line="$1 $2:"
  for n in plan 1 2 3 4 6 8 12 16 24 32 64; do
    extra=""; [ $n != plan ] && extra="--split-keys $n"
    r=$(timeout 30 $mr $b/all3 --kernel $1 --size $2 --bench --iters 20 --warmup 3 --launches 5 --no-cpu-check --timeout 20 $extra 2>&1 | grep -oE "ours +[0-9.]+ TFLOP/s" | grep -oE "[0-9.]+ ")
    line="$line $n=$r"
  done
  echo "$line"
done
} 2>&1 | tee $OUT/q7.log
