#!/usr/bin/env python3
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
