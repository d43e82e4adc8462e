#!/usr/bin/env bash
# Rebuild the shipped PTX of the timing pairs and calibration kernels with nvcc
# (tests/timing/pairs.cu, tests/timing/calib.cu).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
"$NVCC" -ptx -arch=sm_80 -O3 pairs.cu -o pairs.ptx
"$NVCC" -ptx -arch=sm_80 -O3 calib.cu -o calib.ptx
