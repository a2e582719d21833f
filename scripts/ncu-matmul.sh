#!/usr/bin/env bash
# Our matmul and cuBLAS's at the same locked clock: Nsight Compute locks the
# SM clock at base while it profiles, so neither kernel is boosted or held
# back by the power cap, and the ratio is one of work per clock. Prints each
# kernel's median duration, TFLOP/s and tensor-pipe activity (the metric
# counts wgmma too), and ours / cuBLAS. Needs a GPU and ncu (docs/PERF.md v19).
#   scripts/ncu-matmul.sh [SUITE_BUNDLE] [MINI_RUN] [SIZES] [TYPES]
set -uo pipefail
cd "$(dirname "$0")/.."
bundle="${1:-build/bundles/suite}"
minirun="${2:-build/bin/mini-run}"
sizes="${3:-4096 8192}"
types="${4:-f16 bf16}"
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
[ -x "$ncu" ] || { echo "ncu-matmul: no ncu (Nsight Compute) here; skipped"; exit 77; }
nvidia-smi -L > /dev/null 2>&1 || { echo "ncu-matmul: no GPU here; skipped"; exit 77; }
pipe=sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/summary.py" <<'PY'
import csv, statistics, sys
t, n = sys.argv[1], int(sys.argv[2])
rows = list(csv.reader(l for l in open(sys.argv[3]) if l.startswith('"')))
col = {h: i for i, h in enumerate(rows[0])}
kernels = {}
for r in rows[1:]:
    name = r[col["Kernel Name"]]
    ours = name.startswith(f"mm_{t}_to_{t}_matmul")
    if not ours and not any(s in name for s in ("gemm", "nvjet", "xmma", "cutlass")):
        continue  # the reference kernel and the mma.sync probe
    k = kernels.setdefault(name, {"ours": ours, "ns": [], "pipe": []})
    value = float(r[col["Metric Value"]].replace(",", ""))
    k["ns" if r[col["Metric Name"]] == "gpu__time_duration.sum" else "pipe"].append(value)
# Ours: the sum of our kernels (the whole tiles, then the stream-K tail's
# kernel when the plan has one); cuBLAS: its fastest kernel.
best = {}
for name, k in kernels.items():
    ms = statistics.median(k["ns"]) / 1e6
    best[k["ours"]] = best.get(k["ours"], 0) + ms if k["ours"] else min(best.get(False, ms), ms)
    print(f"{t:5s} {n:6d} {'ours' if k['ours'] else 'cuBLAS':7s} {ms:9.3f} {2.0 * n**3 / ms / 1e9:8.1f} "
          f"{statistics.median(k['pipe']):6.1f}  {name[:60]}")
if len(best) == 2:
    print(f"{t:5s} {n:6d} {'ratio':7s} {best[False] / best[True]:9.3f}  ours / cuBLAS at the same clock")
PY
rows=()
for t in $types; do
  for n in $sizes; do
    # --bench launches ours and cuBLAS in turn (and the reference and the
    # mma.sync probe, which the summary drops).
    if ! "$ncu" --metrics gpu__time_duration.sum,$pipe --launch-count 40 --csv --print-units base \
        "$minirun" "$bundle" --kernel "mm_${t}_to_${t}_matmul" --size "batch=1,M=$n,N=$n,K=$n" \
        --bench --iters 3 --warmup 1 --no-cpu-check --matmul-ref tiled > "$tmp/ncu.csv" 2>&1; then
      tail -5 "$tmp/ncu.csv"; exit 1
    fi
    rows+=("$(python3 "$tmp/summary.py" "$t" "$n" "$tmp/ncu.csv")")
    echo "${rows[-1]}"
  done
done
echo
printf '%-5s %6s %-7s %9s %8s %6s  %s\n' type n kernel ms TFLOP/s pipe% name
printf '%s\n' "${rows[@]}"
