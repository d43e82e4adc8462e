# writes the .npy inputs and expected outputs of tests/lit/upstream/ops/i4-memory.mlir
import struct, sys
def npy(path, descr, shape, data, fmt):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, ", ".join(map(str, shape)) + ("," if len(shape) == 1 else ""))
    pad = 64 - (10 + len(hdr) + 1) % 64
    hdr = hdr + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack(fmt, v) for v in data))
d = sys.argv[1]
# a[r][c] runs through all 16 values of i4, each row from another start
a = [((7 * r + c) % 16) - 8 for r in range(4) for c in range(32)]
npy(d + "/i4-mem-a.npy", "|i1", (4, 32), a, "<b")
# o = extsi(a); b = trunci(3 * extsi(a)), wrapped to -8..7
o = a
def wrap4(v):
    v &= 15
    return v - 16 if v & 8 else v
b = [wrap4(3 * v) for v in a]
npy(d + "/i4-mem-o.npy", "<i4", (4, 32), o, "<i")
npy(d + "/i4-mem-b.npy", "|i1", (4, 32), b, "<b")
