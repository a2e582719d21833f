#!/usr/bin/env bash
# The whole test suite: lit (passes, diagnostics, PTX structure) and GoogleTest
# (dialect, manifest, runtime error paths, reference kernels). GPU tests skip with
# a printed reason when no GPU is present.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)"
