#!/usr/bin/env bash
# The same kernels through four compilers, measured in one run:
#   vptx     MLIR (SIMT level) -> PTX
#   llc      llc-16 -mcpu=sm_80 on the hand-written tests/bench/kernels/K.ll
#   mlir16   mlir-opt-16 (scf -> cf, nvgpu/vector -> llvm, gpu -> nvvm), unwrap_gpu_module.sh,
#            mlir-translate-16 --mlir-to-llvmir, [llvm-link libdevice for __nv_* calls,]
#            llc-16 -mcpu=sm_80
#   nvcc     nvcc -ptx -arch=sm_80 on tests/bench/kernels/K.cu
# For each: compile time (best of N whole processes, ms), the ratio to vptx's time, and
# ptxas -v -arch=sm_80 registers and spill bytes of the PTX it made.  vptx's whole-process
# time is mostly process start-up (about 0.35 ms for /bin/true here), so a second vptx line
# gives the in-process compile time through the C API (tests/bench/compilespeed.c) and the
# ratios to it; the other tools have no such entry point, so theirs stay whole-process.  The Hopper kernel has
# no counterpart in tests/bench/kernels, so it gets the vptx line only.
set -euo pipefail
LLVM=${LLVM16:-/usr/lib/llvm-16/bin}
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
LIBDEVICE=${LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}
BENCH=tests/bench/kernels
N=${BENCH_RUNS:-5}
# Outputs go to a tmpfs where there is one: on this machine's disk, replacing an existing
# file (vptx writes FILE.tmp and renames it over FILE, so that an error never leaves a
# partial output) costs ~1.3 ms, more than the compile itself.
scratch=${TMPDIR:-/tmp}
[[ -z ${TMPDIR:-} && -d /dev/shm && -w /dev/shm ]] && scratch=/dev/shm
TMP=$(mktemp -d "$scratch/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

have_llvm=1
for tool in llc mlir-opt mlir-translate llvm-link; do
    [[ -x $LLVM/$tool ]] || have_llvm=0
done
if ((!have_llvm)); then
    echo "paths: llc-16 / MLIR 16 columns skipped (no $LLVM/{llc,mlir-opt,mlir-translate}; run \`make bench-deps\`)"
fi
[[ -x $PTXAS ]] || echo "paths: registers skipped (no ptxas)"
[[ -x $NVCC ]] || echo "paths: nvcc column skipped (no nvcc)"

# best-of-N wall time in microseconds of "$@"; the command's output goes where it says
best_us() {
    local best=999999999 t0 t1 us i
    for ((i = 0; i < N; i++)); do
        t0=${EPOCHREALTIME/[.,]/}
        "$@" >/dev/null 2>&1 || return 1
        t1=${EPOCHREALTIME/[.,]/}
        us=$((t1 - t0))
        ((us < best)) && best=$us
    done
    echo "$best"
}

regs() { # PTX file -> "regs R spill S" (maximum over the kernels in it)
    [[ -x $PTXAS ]] || { echo "regs - spill -"; return; }
    "$PTXAS" -v -arch="$2" "$1" -o "$TMP/ptxas.cubin" 2>&1 | awk '
        /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($(i+1) ~ /^registers/ && $i > r) r = $i }
        /bytes spill stores/ { s += $5 + $9 }
        END { printf "regs %s spill %d", r == "" ? "?" : r, s }'
}

vptx_path() { "$BIN" --emit=ptx --arch="$3" "$1" -o "$2"; }
llc_path() { "$LLVM/llc" -mcpu=sm_80 "$1" -o "$2"; }
nvcc_path() { "$NVCC" -ptx -arch=sm_80 "$1" -o "$2"; }
mlir16_path() {
    local in=$1 out=$2 base=$TMP/m16
    "$LLVM/mlir-opt" "$in" -pass-pipeline='builtin.module(convert-scf-to-cf,convert-nvgpu-to-nvvm,convert-vector-to-llvm,gpu.module(convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts))' -o "$base.nvvm.mlir" &&
        sh "$BENCH/unwrap_gpu_module.sh" "$base.nvvm.mlir" "$base.llvm.mlir" &&
        "$LLVM/mlir-translate" --mlir-to-llvmir "$base.llvm.mlir" -o "$base.ll" || return 1
    if grep -q '@__nv_' "$base.ll"; then # libdevice calls (math.exp): link them in as clang does
        "$LLVM/llvm-link" --only-needed "$base.ll" "$LIBDEVICE" -o "$base.bc" &&
            "$LLVM/opt" -O3 "$base.bc" -o "$base.ll" || return 1
    fi
    "$LLVM/llc" -mcpu=sm_80 -mtriple=nvptx64-nvidia-cuda "$base.ll" -o "$out"
}

ratio() { # time_us vptx_us -> "123x"
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0fx", (b > 0 ? a / b : 0) }'
}

row() { # name path time_us vptx_us ptx arch
    local t=$3 r=""
    [[ $2 != vptx ]] && r=" ($(ratio "$3" "$4") vptx)"
    printf '%-16s %-7s %9s ms%-16s %s\n' "$1" "$2" "$(awk -v t="$t" 'BEGIN { printf "%.3f", t / 1000 }')" "$r" "$(regs "$5" "$6")"
}

kernel() { # name mlir arch
    local name=$1 mlir=$2 arch=$3 v t
    v=$(best_us vptx_path "$mlir" "$TMP/$name.vptx.ptx" "$arch") || { echo "$name vptx: does not compile"; return; }
    row "$name" vptx "$v" "$v" "$TMP/$name.vptx.ptx" "$arch"
    local inproc
    inproc=$("$TMP/compilespeed" "$mlir" "$arch" 200)
    printf '%-16s %-7s %9s ms  in-process (C API, best of 200)\n' "$name" vptx-api \
        "$(awk -v t="$inproc" 'BEGIN { printf "%.3f", t / 1000 }')"
    if ((have_llvm)) && [[ -f $BENCH/$name.ll ]]; then
        if t=$(best_us llc_path "$BENCH/$name.ll" "$TMP/$name.llc.ptx"); then
            row "$name" llc-16 "$t" "$v" "$TMP/$name.llc.ptx" sm_80
        else echo "$name llc-16: fails"; fi
    fi
    if ((have_llvm)) && [[ -f $BENCH/$name.mlir ]]; then
        if t=$(best_us mlir16_path "$BENCH/$name.mlir" "$TMP/$name.m16.ptx"); then
            row "$name" mlir-16 "$t" "$v" "$TMP/$name.m16.ptx" sm_80
            echo "$name mlir-16 / vptx: $(ratio "$t" "$v") whole process, $(ratio "$t" "$inproc") vs in-process vptx (target >= 100x)"
        else echo "$name mlir-16: fails"; fi
    fi
    if [[ -x $NVCC && -f $BENCH/$name.cu ]]; then
        if t=$(best_us nvcc_path "$BENCH/$name.cu" "$TMP/$name.nvcc.ptx"); then
            row "$name" nvcc "$t" "$v" "$TMP/$name.nvcc.ptx" sm_80
        else echo "$name nvcc: fails"; fi
    fi
}

LIB=$(dirname "$BIN")/libvptx.a
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/compilespeed.c "$LIB" -lm -ldl -lpthread \
    -o "$TMP/compilespeed"

echo "kernel           path      compile    (ratio to vptx)  ptxas -v (sm_80 unless sm_90a)"
for k in k1_reduce k2_mma k3_exp; do
    src=$BENCH/$k.mlir
    [[ -f $src ]] || src=tests/golden/$k.mlir
    kernel "$k" "$src" sm_80
done
kernel hopper_tma_wgmma tests/golden/hopper_tma_wgmma.mlir sm_90a
