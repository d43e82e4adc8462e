#!/usr/bin/env python3
"""x (128 x 4 f32: (i % 17 - 8) / 8) and y = exp(x) rounded to f32, computed here, for
simt-skip.mlir's --expect; `--wrong` writes y for exp(x) + x / 1000 (a kernel with a
slip) instead.  Writes x.npy and y.npy into the folder given."""
import math
import struct
import sys


def npy(path, values):
    hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': (128, 4), }"
    hdr += " " * (127 - 10 - len(hdr)) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack("<f", v) for v in values))


x = [(i % 17 - 8) / 8.0 for i in range(512)]
wrong = len(sys.argv) > 2 and sys.argv[2] == "--wrong"
y = [math.exp(v) + (v / 1000 if wrong else 0) for v in x]
npy(sys.argv[1] + "/x.npy", x)
npy(sys.argv[1] + "/y.npy", y)
