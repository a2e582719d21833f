#!/usr/bin/env bash
# Session 37's device calls (attention v13); bundles in .dev/w compiled by mini-opt from .dev/causal.mlir and .dev/noncausal.mlir
# (bench/suite.mlir's f16/bf16 attention functions with and without causal), bench/attention-limits.mlir and bench/attention-static.mlir.

# ---- .dev/prof1.sh
# Session 37 call 1: ncu profiles (full set, source-level stall sampling) of the wgmma attention kernels.
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin
mr=.dev/mr.sh
prof() { # name kernel size
  timeout 150 ncu --set full --import-source no --kernel-name "$2" --launch-count 1 -f -o $OUT/$1 \
    $mr .dev/suite --kernel $2 --size $3 --iters 1 --warmup 0 --no-cpu-check --timeout 60 > $OUT/$1.run.log 2>&1
  echo "== $1 rc=$?"
  ncu --import $OUT/$1.ncu-rep --page details --csv > $OUT/$1.details.csv 2>&1
  ncu --import $OUT/$1.ncu-rep --page source --print-source sass --csv > $OUT/$1.sass.csv 2>&1
  ls -la $OUT/$1.*
}
prof c128 attn128_causal_f16_attention B=16,H=16,G=16,S=1024,T=1024
prof n64 attn64_f16_attention B=16,H=16,G=16,S=1024,T=1024
prof n128 attn128_f16_attention B=16,H=16,G=16,S=1024,T=1024
prof c128l attn128_causal_f16_attention B=1,H=32,G=8,S=8192,T=8192
rm -f $OUT/*.ncu-rep

# ---- .dev/w/ab.py
"""A/B of attention bundles: mini-run --bench on each shape, bundles interleaved."""
import re, subprocess, sys
bundles = sys.argv[1].split(",")
shapes = [l.split() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
print("| shape | " + " | ".join(bundles) + " | x |")
for kernel, size, *extra in shapes:
    rates = {b: [] for b in bundles}
    for r in range(rounds):
        for b in bundles:
            out = subprocess.run(["timeout", "60", ".dev/mr.sh", b, "--kernel", kernel, "--size", size,
                                  "--bench", "--iters", "10", "--warmup", "2", "--no-cpu-check", "--timeout", "30"],
                                 capture_output=True, text=True)
            m = re.search(r"bench\s+\S+\s+ours\s+([0-9.]+) TFLOP/s", out.stdout)
            ok = "PASS" in out.stdout
            rates[b].append(float(m.group(1)) if m else 0.0)
            if not ok or not m:
                print("FAIL?", kernel, size, b, out.stdout[-400:], out.stderr[-400:])
    best = [max(rates[b]) for b in bundles]
    cells = [" / ".join(f"{x:.1f}" for x in rates[b]) for b in bundles]
    print(f"| {kernel} {size} | " + " | ".join(cells) + f" | {best[-1]/best[0]:.3f} |", flush=True)

# ---- .dev/w/p2.sh
# Session 37 call 2: causal diagonal tile in the overlapped loop (B), + softmax fma fold (C); A = main.
cd "$(dirname "$0")/../.."
{
echo "## causal A/B/C"; python3 .dev/w/ab.py .dev/w/cA,.dev/w/cC .dev/w/causal-shapes.txt 1
echo "## non-causal A/C"; python3 .dev/w/ab.py .dev/w/nA,.dev/w/nC .dev/w/noncausal-shapes.txt 1
} 2>&1 | tee $OUT/p2.log

# ---- .dev/w/p3.sh
# Session 37 call 3: B isolated (cD = fma fold only, cC = fold + diagonal in the loop); correctness of cC/nC/limits/static.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
echo "## causal D (fold only) vs C (fold + diagonal in loop)"; python3 .dev/w/ab.py .dev/w/cD,.dev/w/cC .dev/w/causal-shapes.txt 2
echo "## gpu-check causal C"; bash scripts/gpu-check.sh .dev/w/cC $mr '_causal_(f16|bf16)_attention$' 2>&1 | tail -4
echo "## gpu-check non-causal C"; bash scripts/gpu-check.sh .dev/w/nC $mr '^attn[0-9]+_(f16|bf16)_attention$' 2>&1 | tail -4
echo "## limits"; p=0; f=0
for k in $(cat .dev/w/lim-kernels.txt); do
  for s in B=2,H=70,G=35,S=200,T=333 B=1,H=3,G=3,S=1000,T=77 B=1,H=2,G=1,S=1,T=1; do
    for x in "" --nonfinite; do
      [ -n "$x" ] && [[ $k != *causal* ]] && continue
      [[ $k != wg_* ]] && [ "$s" != B=2,H=70,G=35,S=200,T=333 ] && continue
      out=$(timeout 60 $mr .dev/w/limC --kernel $k --size $s --iters 2 --warmup 1 --timeout 30 $x 2>&1)
      if grep -q PASS <<<"$out" && ! grep -q FAIL <<<"$out"; then p=$((p+1)); else f=$((f+1)); echo "FAIL $k $s $x: $(tail -2 <<<"$out")"; fi
    done
  done
done
echo "limits pass=$p fail=$f"
echo "## static"; timeout 120 $mr .dev/w/statC --iters 3 --warmup 1 2>&1 | grep -cE "PASS"; timeout 120 $mr .dev/w/statC --iters 3 --warmup 1 --nonfinite 2>&1 | grep -c PASS
timeout 120 $mr .dev/w/statC --iters 3 --warmup 1 --nonfinite 2>&1 | grep -E "FAIL|error" | head
} 2>&1 | tee $OUT/p3.log

# ---- .dev/w/p4.sh
# Session 37 call 4: E = stale max (FA4's threshold 8) + skipped O rescale, against main (fma fold: cD / nC).
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
echo "## causal main vs E"; python3 .dev/w/ab.py .dev/w/cD,.dev/w/cE .dev/w/causal-shapes.txt 1
echo "## non-causal main vs E"; python3 .dev/w/ab.py .dev/w/nC,.dev/w/nE .dev/w/noncausal-shapes.txt 1
echo "## gpu-check E"; bash scripts/gpu-check.sh .dev/w/cE $mr '_causal_(f16|bf16)_attention$' 2>&1 | tail -2
bash scripts/gpu-check.sh .dev/w/nE $mr '^attn[0-9]+_(f16|bf16)_attention$' 2>&1 | tail -2
} 2>&1 | tee $OUT/p4.log

# ---- .dev/w/p5.sh
# Session 37 call 5: final build (fma fold; stale max at D <= 64): peers, limits, static.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
echo "## peers full"; timeout 300 python3 bench/attention_peers.py --bundle .dev/w/aF --mini-run .dev/bin/mini-run --shapes full 2>&1 | grep -v "^case"
echo "## limits"; p=0; f=0
for k in $(cat .dev/w/lim-kernels.txt); do
  for s in B=2,H=70,G=35,S=200,T=333 B=1,H=3,G=3,S=1000,T=77 B=1,H=2,G=1,S=1,T=1; do
    for x in "" --nonfinite; do
      [ -n "$x" ] && [[ $k != *causal* ]] && continue
      [[ $k != wg_* ]] && [ "$s" != B=2,H=70,G=35,S=200,T=333 ] && continue
      out=$(timeout 60 $mr .dev/w/limF --kernel $k --size $s --iters 2 --warmup 1 --timeout 30 $x 2>&1)
      if grep -q PASS <<<"$out" && ! grep -q FAIL <<<"$out"; then p=$((p+1)); else f=$((f+1)); echo "FAIL $k $s $x: $(tail -2 <<<"$out")"; fi
    done
  done
done
echo "limits pass=$p fail=$f"
echo "## static"; timeout 120 $mr .dev/w/statF --iters 3 --warmup 1 2>&1 | grep -cE "PASS"; timeout 120 $mr .dev/w/statF --iters 3 --warmup 1 --nonfinite 2>&1 | grep -c PASS
} 2>&1 | tee $OUT/p5.log

# ---- .dev/w/causal-shapes.txt
# attn128_causal_f16_attention B=16,H=16,G=16,S=1024,T=1024
# attn128_causal_bf16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_causal_f16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_causal_bf16_attention B=16,H=16,G=16,S=1024,T=1024
# attn128_causal_f16_attention B=4,H=32,G=8,S=4096,T=4096
# attn128_causal_bf16_attention B=1,H=32,G=8,S=8192,T=8192
# attn64_causal_f16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_causal_bf16_attention B=1,H=32,G=8,S=8192,T=8192
# attn256_causal_f16_attention B=2,H=16,G=16,S=4099,T=4099
# attn80_causal_f16_attention B=4,H=32,G=8,S=3001,T=3001
# attn64_causal_bf16_attention B=3,H=24,G=8,S=2053,T=2053
# attn128_causal_f16_attention B=4,H=32,G=8,S=1000,T=3001
# ---- .dev/w/noncausal-shapes.txt
# attn128_f16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_f16_attention B=16,H=16,G=16,S=1024,T=1024
# attn128_bf16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_bf16_attention B=4,H=32,G=8,S=4096,T=4096
# attn128_f16_attention B=1,H=32,G=8,S=8192,T=8192
# attn64_f16_attention B=1,H=32,G=8,S=8192,T=8192
# attn256_bf16_attention B=4,H=16,G=16,S=2048,T=2048
# attn96_bf16_attention B=4,H=32,G=8,S=4093,T=4093

# ---- .dev/w/p6.sh (call 7)
# Session 37 call 7: pipe utilization of the D = 64 and D = 128 wgmma attention kernels (landed build).
cd "$(dirname "$0")/../.."
export PATH=$PATH:/usr/local/cuda/bin
mr=.dev/mr.sh
prof() {
  timeout 200 ncu --set full --kernel-name "$2" --launch-count 1 -f -o /tmp/$1 \
    $mr .dev/w/aF --kernel $2 --size $3 --iters 1 --warmup 0 --no-cpu-check --timeout 60 > /dev/null 2>&1
  echo "== $1 $2 $3"
  ncu --import /tmp/$1.ncu-rep --page raw --csv 2>/dev/null | python3 -c '
import csv,sys
rows=list(csv.reader(sys.stdin)); h=rows[0]; v=rows[2] if len(rows)>2 else rows[1]
for n,x in zip(h,v):
  if (".avg." in n or "duration" in n) and ("pipe_" in n and n.endswith("pct_of_peak_sustained_active") and "sm__" in n) or n.startswith("sm__inst_issued.avg.pct") or n.startswith("smsp__issue_active.avg.pct") or n=="gpu__time_duration.sum":
    try:
      if float(x.replace(",",""))>=1: print(f"  {n:90s} {x}")
    except: pass'
}
prof n64l attn64_f16_attention B=4,H=32,G=8,S=4096,T=4096
prof n64s attn64_f16_attention B=16,H=16,G=16,S=1024,T=1024


# ---- .dev/w/p7.sh (call 8)
# Session 37 call 8: D = 64 wgmma kernels with every Nth score fragment's exp2 on the FMA pipe (pN; p0 = landed).
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
python3 .dev/w/ab.py .dev/w/p0,.dev/w/p8,.dev/w/p4,.dev/w/p2 .dev/w/d64-shapes.txt 1
for e in 4 2 8; do echo "gpu-check p$e"; bash scripts/gpu-check.sh .dev/w/p$e $mr '^attn64_' 2>&1 | grep -E "FAIL|gpu-check:"; done
} 2>&1 | tee $OUT/p7.log
# attn64_f16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_bf16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_f16_attention B=1,H=32,G=8,S=8192,T=8192
# attn64_causal_f16_attention B=16,H=16,G=16,S=1024,T=1024
# attn64_causal_bf16_attention B=4,H=32,G=8,S=4096,T=4096
# attn64_causal_f16_attention B=1,H=32,G=8,S=8192,T=8192
