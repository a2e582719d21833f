#!/usr/bin/env bash
# Row ops against the memory roofline: each kernel of the rows bundle
# (bench/rows.mlir) checked, then timed against a device-to-device copy of the
# same bytes in the same process. Needs a GPU.
#   scripts/bench-rows.sh [BUNDLE_DIR] [MINI_RUN]
set -uo pipefail
cd "$(dirname "$0")/.."
bundle="${1:-build/bundles/rows}"
minirun="${2:-build/bin/mini-run}"
"$minirun" "$bundle" --bench --iters 20 --warmup 5 --no-cpu-check
