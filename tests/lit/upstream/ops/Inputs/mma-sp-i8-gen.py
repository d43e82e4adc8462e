# Writes the inputs and expected output of ../mma-sp-i8.mlir: nvgpu.mma.sp.sync on s8,
# m16n8k32 (sparsitySelector 1) and m16n8k64 (selector 0), each lane's fragments given
# in its own rows.  A starts dense and 2:4 sparse; its kept values, the metadata and B
# are placed by the PTX ISA's descriptions (9.7.14.6.2: a_i of lane (g, t) at row g for
# a0..a3 and a8..a11, g + 8 otherwise, dense columns 8t..8t+7, + 32 from a8; B element i
# at row 4t + i % 4 + 16 (i / 4), column g) and the metadata as the simulator's reference
# reads them (docs/simulator-reference.md: k32, lanes 2 sel + h hold row g + 8h, chunks
# 0-7; k64, lane t holds row g + 8 (t & 1), chunks 8 (t >> 1)..+7; 4 bits a chunk).
# The lanes the selector does not name hold the complement.  D = C + A B from dense A.
import os, struct
def npy(path, descr, shape, data, fmt):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ", ".join(map(str, shape)) + ("," if len(shape) == 1 else ""))
    hdr += " " * (64 - (10 + len(hdr) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack(fmt, v) for v in data))
d = os.path.dirname(os.path.abspath(__file__))
seed = [7]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) % (1 << 32)
    return (seed[0] >> 8) % n
pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
for K, sel, name in ((32, 1, "k32"), (64, 0, "k64")):
    nch, nreg = K // 4, K // 16
    A = [[0] * K for _ in range(16)]
    Ac = [[None] * nch for _ in range(16)]
    meta = [[0] * nch for _ in range(16)]
    for m in range(16):
        for ch in range(nch):
            p = pairs[rnd(6)]
            vals = (rnd(256) - 128, rnd(256) - 128)
            for j in range(2):
                A[m][4 * ch + p[j]] = vals[j]
            Ac[m][ch] = vals
            meta[m][ch] = p[0] | p[1] << 2
    B = [[rnd(256) - 128 for _ in range(8)] for _ in range(K)]
    C = [[rnd(2001) - 1000 for _ in range(8)] for _ in range(16)]
    fa, fb, fm, fc, fd = [], [], [], [], []
    for l in range(32):
        g, t = l >> 2, l & 3
        for i in range(4 * nreg):
            row = g if (i < 4 or 8 <= i < 12) else g + 8
            ch = 2 * t + ((i >> 1) & 1) + (8 if i >= 8 else 0)
            fa.append(Ac[row][ch][i & 1])
            fb.append(B[4 * t + i % 4 + 16 * (i // 4)][g])
        w = 0
        if K == 32:
            for ch in range(8):
                w |= meta[g + 8 * (t & 1)][ch] << (4 * ch)
            if t >> 1 != sel:
                w ^= 0xffffffff
        else:
            for ch in range(8):
                w |= meta[g + 8 * (t & 1)][8 * (t >> 1) + ch] << (4 * ch)
        fm += [w & 0xffff, w >> 16]
        for i in range(4):
            m, n = g + 8 * (i // 2), 2 * t + i % 2
            fc.append(C[m][n])
            fd.append(C[m][n] + sum(A[m][k] * B[k][n] for k in range(K)))
    npy(d + "/mma-sp-i8-%s-a.npy" % name, "|i1", (32, nreg, 4), fa, "<b")
    npy(d + "/mma-sp-i8-%s-b.npy" % name, "|i1", (32, nreg, 4), fb, "<b")
    npy(d + "/mma-sp-i8-%s-m.npy" % name, "<u2", (32, 2), fm, "<H")
    npy(d + "/mma-sp-i8-%s-c.npy" % name, "<i4", (32, 2, 2), fc, "<i")
    npy(d + "/mma-sp-i8-%s-d.npy" % name, "<i4", (32, 2, 2), fd, "<i")
