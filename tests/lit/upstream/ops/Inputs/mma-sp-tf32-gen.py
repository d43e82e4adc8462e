# Writes the inputs and expected output of ../mma-sp-tf32.mlir: nvgpu.mma.sp.sync on tf32
# (1:2 sparse A: one value kept of each 2-wide chunk), m16n8k8 (sparsitySelector 2: one
# metadata lane a quad) and m16n8k16 (selector 1: a lane pair).  A starts dense; its kept
# values, B and the metadata are placed by the PTX ISA's descriptions (9.7.14.6.2: a0 row
# g, a1 row g + 8, dense columns 2t..2t+1, a2 and a3 the same rows 8 columns on; B element
# i at row t + 4i, column g) and the metadata as the simulator reads it
# (docs/simulator-reference.md: 4 bits a chunk, 0b0100 keeping element 0 and 0b1110
# element 1; k8, lane sel holds row g in bits 0-15 and row g + 8 in 16-31; k16, lane
# 2 sel + p holds chunks 4p..4p+3 of both rows).  Other lanes hold the complement.
# Values are small integers: D = C + A B (dense A) is exact in f32.
import os, struct
def npy(path, descr, shape, data, fmt):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ", ".join(map(str, shape)) + ("," if len(shape) == 1 else ""))
    hdr += " " * (64 - (10 + len(hdr) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(b"".join(struct.pack(fmt, v) for v in data))
d = os.path.dirname(os.path.abspath(__file__))
seed = [11]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) % (1 << 32)
    return (seed[0] >> 8) % n
for K, sel, name in ((8, 2, "k8"), (16, 1, "k16")):
    nch, nreg = K // 2, K // 4
    A = [[0.0] * K for _ in range(16)]
    Ac = [[0.0] * nch for _ in range(16)]
    meta = [[0] * nch for _ in range(16)]
    for m in range(16):
        for ch in range(nch):
            e, v = rnd(2), float(rnd(17) - 8)
            A[m][2 * ch + e] = v
            Ac[m][ch] = v
            meta[m][ch] = 0xE if e else 0x4
    B = [[float(rnd(17) - 8) for _ in range(8)] for _ in range(K)]
    C = [[float(rnd(41) - 20) for _ in range(8)] for _ in range(16)]
    fa, fb, fm, fc, fd = [], [], [], [], []
    for l in range(32):
        g, t = l >> 2, l & 3
        for i in range(nreg):
            fa.append(Ac[g + 8 * (i & 1)][t + 4 * (i >> 1)])
            fb.append(B[t + 4 * i][g])
        w = 0
        if K == 8:
            for ch in range(4):
                w |= meta[g][ch] << (4 * ch) | meta[g + 8][ch] << (16 + 4 * ch)
            named = t == sel
        else:
            p = t & 1
            for ch in range(4):
                w |= meta[g][4 * p + ch] << (4 * ch) | meta[g + 8][4 * p + ch] << (16 + 4 * ch)
            named = t >> 1 == sel
        if not named:
            w ^= 0xffffffff
        fm += [w & 0xffff, w >> 16]
        for i in range(4):
            m, n = g + 8 * (i // 2), 2 * t + i % 2
            fc.append(C[m][n])
            fd.append(C[m][n] + sum(A[m][k] * B[k][n] for k in range(K)))
    npy(d + "/mma-sp-tf32-%s-a.npy" % name, "<f4", (32, nreg, 1), fa, "<f")
    npy(d + "/mma-sp-tf32-%s-b.npy" % name, "<f4", (32, nreg, 1), fb, "<f")
    npy(d + "/mma-sp-tf32-%s-m.npy" % name, "<u2", (32, 2), fm, "<H")
    npy(d + "/mma-sp-tf32-%s-c.npy" % name, "<f4", (32, 2, 2), fc, "<f")
    npy(d + "/mma-sp-tf32-%s-d.npy" % name, "<f4", (32, 2, 2), fd, "<f")
