#!/usr/bin/env python3
"""Inputs and the expected output of gemm-expect.mlir, computed here (not by vptx):
A (16x1024) and B (1024x16) hold k/8 for k in [-8, 8] from a fixed LCG, as f16;
C = A B is summed exactly (every product is a multiple of 1/64) and rounded to f16.
Writes a.npy, b.npy and c.npy into the folder given."""
import struct
import sys

M, N, K = 16, 16, 1024


def npy(path, shape, values):
    hdr = "{'descr': '<f2', 'fortran_order': False, 'shape': (%s), }" % ", ".join(
        str(d) for d in shape)
    hdr += " " * (127 - 10 - len(hdr)) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack("<e", v) for v in values))


state = 12345


def draw():
    global state
    state = (state * 1103515245 + 12345) % (1 << 31)
    return ((state >> 16) % 17 - 8) / 8.0


a = [draw() for _ in range(M * K)]
b = [draw() for _ in range(K * N)]
c = [sum(a[i * K + k] * b[k * N + j] for k in range(K)) for i in range(M) for j in range(N)]
out = sys.argv[1]
npy(out + "/a.npy", (M, K), a)
npy(out + "/b.npy", (K, N), b)
npy(out + "/c.npy", (M, N), c)
