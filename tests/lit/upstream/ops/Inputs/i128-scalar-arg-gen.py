# Writes the inputs and the expected output of ../i128-scalar-arg.mlir's `vptx run` line:
# a (4 x 8 i128, as int64 pairs, low half first) holds 0..63 as halves; sel picks rows 0
# and 2; with x = -7 those rows become (-7, -1) pairs (the high half the sign).
import os, struct
d = os.path.dirname(os.path.abspath(__file__))
def npy(path, descr, shape, data, fmt):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ", ".join(map(str, shape)) + ("," if len(shape) == 1 else ""))
    hdr += " " * (64 - (10 + len(hdr) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack(fmt, v) for v in data))
a = list(range(64))
sel = [1, 0, 1, 0]
want = [(-7 if h == 0 else -1) if sel[i // 16] > 0 else a[i]
        for i, h in zip(range(64), [i % 2 for i in range(64)])]
npy(d + "/i128-scalar-a.npy", "<i8", (4, 8, 2), a, "<q")
npy(d + "/i128-scalar-sel.npy", "<i4", (4,), sel, "<i")
npy(d + "/i128-scalar-want.npy", "<i8", (4, 8, 2), want, "<q")
