#!/usr/bin/env bash
# Installs what the build needs from Debian's packages, idempotently: when all is
# there it only checks (well under a second). Checks the CUDA toolkit too.
set -euo pipefail

PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          googletest libgtest-dev ninja-build cmake g++ python3
          nlohmann-json3-dev python3-matplotlib)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to apt-get install ${missing[*]}" >&2; exit 1; }
    SUDO=sudo
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

for tool in /usr/lib/llvm-22/bin/mlir-tblgen /usr/lib/llvm-22/bin/FileCheck /usr/lib/llvm-22/bin/lit; do
  [ -x "$tool" ] || { echo "setup: $tool is missing after install; check the llvm-22 packages" >&2; exit 1; }
done

CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
if [ ! -x "$CUDA_HOME/bin/nvcc" ] || [ ! -x "$CUDA_HOME/bin/ptxas" ] || [ ! -f "$CUDA_HOME/include/cuda.h" ]; then
  cat >&2 <<MSG
setup: the CUDA toolkit was not found at $CUDA_HOME (need bin/nvcc, bin/ptxas, include/cuda.h).
  Install CUDA 12.x or 13.x there, or point CUDA_HOME at an existing toolkit:
    CUDA_HOME=/opt/cuda-13.0 $0
  Without it, kernels cannot be turned into cubins and the reference kernels cannot be built.
MSG
  exit 1
fi
