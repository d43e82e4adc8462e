# Writes the expected output of ../i4-scalar.mlir's grid kernel on i4-mem-a.npy (every i4
# value in each row): b = trunci(-7 * extsi(a)), wrapped to -8..7, element by element
# (each element is stored by one thread, so b is elementwise whatever the threads' order).
import os, struct
d = os.path.dirname(os.path.abspath(__file__))
def npy(path, descr, shape, data, fmt):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, ", ".join(map(str, shape)))
    hdr += " " * (64 - (10 + len(hdr) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack(fmt, v) for v in data))
def wrap4(v):
    v &= 15
    return v - 16 if v & 8 else v
a = [((7 * r + c) % 16) - 8 for r in range(4) for c in range(32)]  # as i4-memory-gen.py
npy(d + "/i4-scalar-b.npy", "|i1", (4, 32), [wrap4(-7 * v) for v in a], "<b")
