#!/usr/bin/env bash
# The main job: compile an example with mini-opt and show the result.
#   scripts/demo.sh [examples/NAME.mlir]
set -euo pipefail
cd "$(dirname "$0")/.."
example="${1:-examples/matmul.mlir}"
scripts/setup.sh
scripts/build.sh >/dev/null
echo "== mini-opt $example"
build/bin/mini-opt "$example"
