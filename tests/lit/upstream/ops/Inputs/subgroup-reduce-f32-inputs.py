#!/usr/bin/env python3
"""Inputs of ../subgroup-reduce-f32.mlir (32 f32s each) into the folder given: nan.npy,
small numbers with one NaN (maxnumf/minnumf leave it out, maximumf/minimumf give NaN);
zeros.npy, -0.0 and +0.0 only, the -0.0s first (the maximum is +0.0, the minimum -0.0)."""
import struct
import sys


def npy(path, values):
    hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': (32,), }"
    hdr += " " * (127 - 10 - len(hdr)) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack("<f", v) for v in values))


nan = [(i % 9 - 4) / 4.0 for i in range(32)]
nan[13] = float("nan")
npy(sys.argv[1] + "/nan.npy", nan)
npy(sys.argv[1] + "/zeros.npy", [-0.0] * 16 + [0.0] * 16)
