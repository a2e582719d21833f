#!/usr/bin/env bash
# The seven device calls of attention v14 and v15 (docs/PERF.md), as run from a .dev/w folder carried to the device.

# ---- .dev/w/p9.sh
# Session 38 call 1: two blocks an SM (t64/t96: warps=4, 64/96-key tiles) vs default (b0) and warps=4 one block (w4).
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
python3 .dev/w/ab.py .dev/w/b0,.dev/w/w4,.dev/w/t64,.dev/w/t96 .dev/w/causal-shapes.txt 1
python3 .dev/w/ab.py .dev/w/b0,.dev/w/w4,.dev/w/t64,.dev/w/t96 .dev/w/noncausal-shapes.txt 1
echo "gpu-check t64"; timeout 200 bash scripts/gpu-check.sh .dev/w/t64 $mr '^attn' 2>&1 | grep -E "FAIL|gpu-check:" | head -40
} 2>&1 | tee $OUT/p9.log

# ---- .dev/w/p10.sh
# Session 38 call 2: warps=4 wgmma at two blocks an SM with the decode plan weighed (n64) against main's warps=4 (w4);
# the limits bundle's warps=4 wgmma kernels checked; memcheck on one two-block kernel.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
python3 .dev/w/ab.py .dev/w/w4,.dev/w/n64 .dev/w/causal-shapes.txt 1
python3 .dev/w/ab.py .dev/w/w4,.dev/w/n64 .dev/w/noncausal-shapes.txt 1
echo "gpu-check n64"; timeout 150 bash scripts/gpu-check.sh .dev/w/n64 $mr '^attn(64|128)' 2>&1 | grep -E "FAIL|gpu-check:" | grep -v f32_ | head -20
echo "limits"; pass=0; fail=0
for k in wg_d8_w4k16_causal wg_d8_w4k16 wg_d64_w4k256_causal wg_d64_w4k256 wg_d136_w4k16_causal wg_d136_w4k16 wg_d256_w4k96_causal wg_d256_w4k96; do
  for s in B=1,H=4,G=2,S=77,T=300 B=2,H=8,G=2,S=1000,T=1000 B=2,H=8,G=2,S=1,T=1024 B=3,H=24,G=8,S=2053,T=2053 B=1,H=132,G=66,S=300,T=333 B=1,H=2,G=1,S=1,T=1; do
    for nf in "" --nonfinite; do
      out=$(timeout 60 $mr .dev/w/lim --kernel ${k}_attention --size $s $nf --timeout 30 2>&1)
      if echo "$out" | grep -q PASS; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $k $s $nf: $(echo "$out" | tail -3)"; fi
    done
  done
done
echo "limits: $pass passed, $fail failed"
echo "memcheck"; timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck $mr .dev/w/n64 --kernel attn128_causal_f16_attention --size B=1,H=8,G=2,S=300,T=333 --timeout 60 2>&1 | tail -3
echo "synccheck"; timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool synccheck $mr .dev/w/n64 --kernel attn64_causal_f16_attention --size B=1,H=8,G=2,S=300,T=333 --timeout 60 2>&1 | tail -3
} 2>&1 | tee $OUT/p10.log

# ---- .dev/w/p11.sh
# Session 38 call 3: as call 2 with this tree's runtime (main_block_cost read): GQA shapes, checks, unit tests.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
python3 .dev/w/ab.py .dev/w/w4,.dev/w/n64 .dev/w/gqa-shapes.txt 1
for k in attn64_causal_bf16_attention attn128_causal_f16_attention; do timeout 60 $mr .dev/w/n64 --kernel $k --size B=4,H=32,G=8,S=1000,T=3001 --timeout 30 2>&1 | grep -E "runs|PASS|FAIL" | head -2; done
echo "gpu-check n64"; timeout 150 bash scripts/gpu-check.sh .dev/w/n64 $mr '^attn(64|128)' 2>&1 | grep -E "FAIL|gpu-check:" | grep -v f32_ | head -20
echo "limits"; pass=0; fail=0
for k in wg_d8_w4k16_causal wg_d8_w4k16 wg_d64_w4k256_causal wg_d64_w4k256 wg_d136_w4k16_causal wg_d136_w4k16 wg_d256_w4k96_causal wg_d256_w4k96; do
  for s in B=3,H=24,G=8,S=2053,T=2053 B=4,H=32,G=8,S=1000,T=3001 B=2,H=8,G=2,S=100,T=1024; do
    for nf in "" --nonfinite; do
      out=$(timeout 60 $mr .dev/w/lim --kernel ${k}_attention --size $s $nf --timeout 30 2>&1)
      if echo "$out" | grep -q PASS; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $k $s $nf: $(echo "$out" | tail -3)"; fi
    done
  done
done
echo "limits: $pass passed, $fail failed"
echo "unit"; LD_LIBRARY_PATH=.dev/bin timeout 200 .dev/bin/mini-runtime-tests 2>&1 | tail -4
} 2>&1 | tee $OUT/p11.log

# ---- .dev/w/ab.py
# #!/usr/bin/env python3
# """A/B of attention bundles: mini-run --bench on each shape, bundles interleaved."""
# import re, subprocess, sys
# bundles = sys.argv[1].split(",")
# shapes = [l.split() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
# rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
# print("| shape | " + " | ".join(bundles) + " | x |")
# for kernel, size, *extra in shapes:
#     rates = {b: [] for b in bundles}
#     for r in range(rounds):
#         for b in bundles:
#             out = subprocess.run(["timeout", "60", ".dev/mr.sh", b, "--kernel", kernel, "--size", size,
#                                   "--bench", "--iters", "10", "--warmup", "2", "--no-cpu-check", "--timeout", "30"],
#                                  capture_output=True, text=True)
#             m = re.search(r"bench\s+\S+\s+ours\s+([0-9.]+) TFLOP/s", out.stdout)
#             ok = "PASS" in out.stdout
#             rates[b].append(float(m.group(1)) if m else 0.0)
#             if not ok or not m:
#                 print("FAIL?", kernel, size, b, out.stdout[-400:], out.stderr[-400:])
#     best = [max(rates[b]) for b in bundles]
#     cells = [" / ".join(f"{x:.1f}" for x in rates[b]) for b in bundles]
#     print(f"| {kernel} {size} | " + " | ".join(cells) + f" | {best[-1]/best[0]:.3f} |", flush=True)

# ---- .dev/w/p12.sh
# Session 38 call 4: compute-sanitizer on the two-block main kernels (shapes that take the main kernel).
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
for k in attn128_causal_f16_attention attn64_f16_attention attn64_causal_bf16_attention; do
  for tool in memcheck synccheck racecheck; do
    echo "== $tool $k"
    timeout 150 /usr/local/cuda/bin/compute-sanitizer --tool $tool $mr .dev/w/n64 --kernel $k --size B=1,H=132,G=66,S=100,T=200 --timeout 120 2>&1 | grep -E "runs|PASS|FAIL|ERROR SUMMARY" | head -4
  done
done
} 2>&1 | tee $OUT/p12.log

# ---- call 5
timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool racecheck .dev/mr.sh .dev/w/n64 --kernel attn64_causal_bf16_attention --size B=1,H=132,G=66,S=100,T=200 --timeout 150 2>&1 | tail -4

# ---- .dev/w/p14.sh
# Session 38 call 6: peers at short sequences, the default configs (suite bundle) and the 4-warp config (n64).
cd "$(dirname "$0")/../.."
{
echo "== default (suite)"; timeout 200 python3 bench/attention_peers.py --bundle .dev/suite --mini-run .dev/mr.sh --shapes short
echo "== 4 warps, 64-key tiles (n64)"; timeout 200 python3 bench/attention_peers.py --bundle .dev/w/n64 --mini-run .dev/mr.sh --shapes short
} 2>&1 | tee $OUT/p14.log

# ---- .dev/w/p15.sh (call 7; v1 = this tree's default bundle of .dev/attn-all.mlir, short_config chosen)
# Session 38 call 7: the short-sequence variant chosen at launch (v1) against main's defaults (suite); gpu-check of the causal kernels.
cd "$(dirname "$0")/../.."
mr=.dev/mr.sh
{
python3 .dev/w/ab.py .dev/suite,.dev/w/v1 .dev/w/causal-shapes.txt 1
echo "gpu-check v1 causal"; timeout 200 bash scripts/gpu-check.sh .dev/w/v1 $mr '_causal_' 2>&1 | grep -E "FAIL|gpu-check:" | grep -v f32_ | head -20
} 2>&1 | tee $OUT/p15.log
# causal-shapes.txt gained: attn128_causal_f16 B=8,H=16,G=16,S=2048; B=64,H=16,G=4,S=256; attn80_causal_f16 B=16,H=16,G=16,S=1024
