#!/bin/bash
# Session 31, call 3: per-kernel times of the odd-N epilogue launches (ncu, clocks left alone).
cd "$(dirname "$0")/.."
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu=$NCU"
for k in epi_f16_matmul epi_bf16_wgmma_matmul mm_f16_matmul; do
for n in 4096 4095; do
  echo "== $k N=$n"
  timeout 120 $NCU --clock-control none --metrics gpu__time_duration.sum --csv --print-units base .dev/bin/mini-run .dev/suite --kernel $k --size batch=1,M=4096,N=$n,K=4096 --no-cpu-check 2> $OUT/err_${k}_$n.log | python3 -c "
import sys,csv,collections
rows=[r for r in csv.reader(sys.stdin) if len(r)>10]
h=rows[0]; agg=collections.OrderedDict()
for x in rows[1:]:
  d=dict(zip(h,x))
  if 'matmulTiled' in d['Kernel Name'] or 'reference' in d['Kernel Name']: continue
  key=(d['Kernel Name'][:50], d['Grid Size'])
  agg.setdefault(key, []).append(float(d['Metric Value'].replace(',',''))/1000)
for (n,g),v in agg.items(): print('  ', n, g, 'n=%d' % len(v), 'median_us=%.1f' % sorted(v)[len(v)//2])"
done; done
