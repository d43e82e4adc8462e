# kernel-symbols.awk: for PTX from many-kernels-globals.mlir, whether each kernel k_N
# uses the shared buffer buf_N, is counted its 4 * (64 + N) bytes of shared memory, and
# calls the function d_N (and nothing else).
/^\/\/ vptx: static shared memory/ { bytes = $6 }
/^\.visible \.entry k_/ {
    k = $3
    sub(/\(.*/, "", k)
    sub(/^k_/, "", k)
    kernels++
    if (bytes == 4 * (64 + k)) sizes++
    else wrong++
    bytes = -1
}
/mov\.u32 %r_[A-Za-z0-9_$]+_[0-9]+, buf_/ {
    b = $3
    sub(/;.*/, "", b)
    sub(/^buf_/, "", b)
    if (b == k) globals++
    else wrong++
}
/call\.uni/ {
    c = $0
    sub(/.*\), /, "", c)
    sub(/,.*/, "", c)
    sub(/^d_/, "", c)
    if (c == k) calls++
    else wrong++
}
END {
    printf "%d kernels, %d sizes right, %d globals right, %d calls right, %d wrong\n",
        kernels, sizes, globals, calls, wrong
}
