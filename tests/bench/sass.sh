#!/usr/bin/env bash
# Code size, side by side (issue 18, parts 1 and 5): for each comparison kernel of
# tests/bench/kernels (K1 reduction, K2 mma.sync tile, K3 exp) the PTX instruction count
# and the SASS instruction count of
#   vptx   tests/bench/kernels/K.mlir (SIMT level)
#   nvcc   nvcc -ptx -arch=sm_80 tests/bench/kernels/K.cu
#   llc    llc-16 -mcpu=sm_80 tests/bench/kernels/K.ll
#   mlir16 the upstream route on tests/bench/kernels/K.mlir (mlir-opt-16, mlir-translate-16,
#          llc-16; as in paths.sh)
# and vptx's counts for the examples' tiles (with nvcc's where tests/bench/kernels has
# the tile in CUDA: gemm64.cu, WMMA, fragments straight from global memory; and
# gemm64_staged.cu, staged as vptx stages it: 3-stage cp.async ring, XOR swizzle,
# ldmatrix, mma.sync m16n8k16; its PTX is shipped, gemm64_staged.ptx, so that row needs
# no nvcc).  The last column, "was", is vptx's SASS count before the code-size work of
# docs/ptxgen.md ("Code size next to nvcc and llc"), for the rows it was measured on.
# SASS size = the cubin's .text bytes / 16
# (every sm_80 instruction is 16 bytes; no disassembler needed), from ptxas -arch=sm_80
# and readelf -S.  Goal: vptx's SASS <= nvcc's.  A tool that is missing is named and its
# column left out.
set -euo pipefail
LLVM=${LLVM16:-/usr/lib/llvm-16/bin}
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
LLC=$LLVM/llc # llc-16 only: the .ll files use opaque pointers, which llc-14 does not read
[[ -x $LLC ]] || LLC=$(command -v llc-16 || echo "$LLVM/llc")
KERNELS=tests/bench/kernels
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

have_ptxas=1 have_nvcc=1 have_llc=1 have_readelf=1
[[ -x $PTXAS ]] || { have_ptxas=0; echo "sass: no ptxas ($PTXAS): SASS columns skipped"; }
command -v readelf >/dev/null || { have_readelf=0; echo "sass: no readelf: SASS columns skipped"; }
[[ -x $NVCC ]] || { have_nvcc=0; echo "sass: no nvcc ($NVCC): nvcc rows skipped"; }
[[ -x $LLC ]] || { have_llc=0; echo "sass: no llc-16 ($LLVM/llc): llc rows skipped (make bench-deps)"; }
LIBDEVICE=${LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}
have_mlir=1
for tool in mlir-opt mlir-translate llvm-link opt; do
    [[ -x $LLVM/$tool ]] || have_mlir=0
done
((have_mlir && have_llc)) ||
    echo "sass: no MLIR 16 tools ($LLVM/mlir-opt, mlir-translate): mlir16 rows skipped (make bench-deps)"

mlir16_path() { # MLIR 16 input -> PTX, the upstream route (as tests/bench/paths.sh)
    local in=$1 out=$2 base=$TMP/m16
    "$LLVM/mlir-opt" "$in" -pass-pipeline='builtin.module(convert-scf-to-cf,convert-nvgpu-to-nvvm,convert-vector-to-llvm,gpu.module(convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts))' -o "$base.nvvm.mlir" &&
        sh "$KERNELS/unwrap_gpu_module.sh" "$base.nvvm.mlir" "$base.llvm.mlir" &&
        "$LLVM/mlir-translate" --mlir-to-llvmir "$base.llvm.mlir" -o "$base.ll" || return 1
    if grep -q '@__nv_' "$base.ll"; then # libdevice calls (math.exp): link them in as clang does
        "$LLVM/llvm-link" --only-needed "$base.ll" "$LIBDEVICE" -o "$base.bc" &&
            "$LLVM/opt" -O3 "$base.bc" -o "$base.ll" || return 1
    fi
    "$LLC" -mcpu=sm_80 -mtriple=nvptx64-nvidia-cuda "$base.ll" -o "$out"
}

ptx_count() { # PTX file -> number of instructions (lines ending in ';' that are not directives)
    awk '/^[ \t]*[@a-z]/ && /;[ \t]*(\/\/.*)?$/ && !/^[ \t]*\./ { n++ } END { print n + 0 }' "$1"
}

sass_count() { # PTX file, arch -> SASS instructions, or "-"
    if ((!have_ptxas || !have_readelf)); then
        echo -
        return
    fi
    if ! "$PTXAS" -arch="$2" "$1" -o "$TMP/k.cubin" 2>/dev/null; then
        echo "fails"
        return
    fi
    local size total=0
    for size in $(readelf -SW "$TMP/k.cubin" 2>/dev/null |
        awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\.text\./) { print $(i + 4); break } }'); do
        total=$((total + 16#$size))
    done
    echo $((total / 16))
}

# vptx's SASS (sm_80, ptxas 13.0) at commit b15a37f, before ldmatrix.x4 matrices came in
# mma order and the f16 row reductions were paired
was() {
    case $1 in
    k1_reduce) echo 120 ;; k2_mma | k3_exp | mma16) echo 40 ;; attention) echo 1384 ;;
    gemm) echo 3008 ;; gemm64) echo 336 ;; gemm64_smem) echo 536 ;; reduce) echo 64 ;;
    softmax) echo 528 ;; seed003_attention) echo 2160 ;; seed003_contract) echo 96 ;;
    *) echo - ;;
    esac
}

row() { # kernel tool ptx arch
    local was=
    [[ $2 == vptx ]] && was=$(was "$1")
    printf '%-22s %-6s %8s %8s %8s\n' "$1" "$2" "$(ptx_count "$3")" "$(sass_count "$3" "$4")" "$was"
}

printf '%-22s %-6s %8s %8s %8s\n' kernel tool PTX SASS was
for k in k1_reduce k2_mma k3_exp; do
    if "$BIN" --emit=ptx --arch=sm_80 "$KERNELS/$k.mlir" -o "$TMP/$k.vptx.ptx" 2>"$TMP/err"; then
        row "$k" vptx "$TMP/$k.vptx.ptx" sm_80
    else
        echo "$k vptx: does not compile: $(head -n 1 "$TMP/err")"
    fi
    if ((have_nvcc)); then
        if "$NVCC" -ptx -arch=sm_80 "$KERNELS/$k.cu" -o "$TMP/$k.nvcc.ptx" 2>/dev/null; then
            row "$k" nvcc "$TMP/$k.nvcc.ptx" sm_80
        else echo "$k nvcc: fails"; fi
    fi
    if ((have_llc)); then
        if "$LLC" -mcpu=sm_80 "$KERNELS/$k.ll" -o "$TMP/$k.llc.ptx" 2>/dev/null; then
            row "$k" llc "$TMP/$k.llc.ptx" sm_80
        else echo "$k llc: fails"; fi
    fi
    if ((have_mlir && have_llc)); then
        if mlir16_path "$KERNELS/$k.mlir" "$TMP/$k.m16.ptx" 2>/dev/null; then
            row "$k" mlir16 "$TMP/$k.m16.ptx" sm_80
        else echo "$k mlir16: fails"; fi
    fi
done
shopt -s nullglob
for f in examples/*.mlir tests/golden/seed003_attention.mlir tests/golden/seed003_contract.mlir; do
    name=$(basename "$f" .mlir)
    if "$BIN" --emit=ptx --arch=sm_80 "$f" -o "$TMP/$name.ptx" 2>/dev/null; then
        row "$name" vptx "$TMP/$name.ptx" sm_80
    fi
    # an nvcc version of the same tile, where tests/bench/kernels has one (gemm64: WMMA)
    if ((have_nvcc)) && [[ -f $KERNELS/$name.cu ]]; then
        if "$NVCC" -ptx -arch=sm_80 "$KERNELS/$name.cu" -o "$TMP/$name.nvcc.ptx" 2>/dev/null; then
            row "$name" nvcc "$TMP/$name.nvcc.ptx" sm_80
        else echo "$name nvcc: fails"; fi
    fi
    # the staged nvcc version (nvcc 13.0's PTX, shipped)
    if [[ -f $KERNELS/${name}_staged.ptx ]]; then
        row "${name}_staged" nvcc "$KERNELS/${name}_staged.ptx" sm_80
    fi
done
