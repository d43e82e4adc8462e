# Writes the .npy inputs and the expected output of ../i128-moves.mlir's kernel @pick:
# an i128 is a trailing dim of two int64, low half first; b[i] = a[i] where c[i] > 0.
import struct
def npy(path, descr, shape, data, fmt):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ", ".join(map(str, shape)) + ("," if len(shape) == 1 else ""))
    hdr += " " * (64 - (10 + len(hdr) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack(fmt, v) for v in data))
def halves(v):  # a Python int as two int64, low half first
    v &= (1 << 128) - 1
    lo, hi = v & ((1 << 64) - 1), v >> 64
    return [lo - (1 << 64) if lo >> 63 else lo, hi - (1 << 64) if hi >> 63 else hi]
a = [(0x0123456789abcdef << 64 | i * 0x1111) * (-1 if i % 3 else 1) for i in range(64)]
b = [(i + 1) << 100 | (i * 7) for i in range(64)]
c = [(i * 37) % 11 - 5 for i in range(64)]
want = [a[i] if c[i] > 0 else b[i] for i in range(64)]
flat = lambda xs: [h for x in xs for h in halves(x)]
import os
d = os.path.dirname(os.path.abspath(__file__))
npy(d + "/i128-a.npy", "<i8", (64, 2), flat(a), "<q")
npy(d + "/i128-b.npy", "<i8", (64, 2), flat(b), "<q")
npy(d + "/i128-c.npy", "<i4", (64,), c, "<i")
npy(d + "/i128-want.npy", "<i8", (64, 2), flat(want), "<q")
