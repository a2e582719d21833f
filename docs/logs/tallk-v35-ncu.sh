#!/usr/bin/env bash
set -u
export LD_LIBRARY_PATH=$PWD/.dev/bin
NCU=$(ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"
[ -z "$NCU" ] && exit 0
for s in M=1024,N=1024,K=32768 M=2048,N=2048,K=32768; do
  echo "== $s"
  timeout 120 $NCU --launch-skip 0 --launch-count 2 --section SpeedOfLight --section WarpStateStats --section LaunchStats .dev/bin/mini-run .dev/suite --kernel mm_f16_to_f16_matmul --size batch=1,$s --iters 1 --warmup 0 --no-cpu-check 2>&1 | grep -E "mm_f16|Duration|Compute \(SM\) Throughput|Memory Throughput|Stall|Warp Cycles Per Issued|Grid Size|Registers|ERR|==PROF==|Block Size" | head -40
done
