#!/usr/bin/env bash
# Rebuild the shipped PTX of the timing pairs with nvcc (tests/timing/pairs.cu).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
"$NVCC" -ptx -arch=sm_80 -O3 pairs.cu -o pairs.ptx
