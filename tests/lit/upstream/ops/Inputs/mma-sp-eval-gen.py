# Writes ../mma-sp-eval.mlir (the kernels) and mma-sp-eval-ref.mlir (their reference):
# nvgpu.mma.sp.sync on fp8 (f8E4M3FN, f8E5M2 m16n8k64), i8 (m16n8k32, m16n8k64) and tf32
# (m16n8k8, m16n8k16), each one warp, checked by `vptx check` on the simulator against
# eval of the reference.  Arguments, alike in both: Av, A compressed (16 x K/2: the kept
# values of each chunk, in order), P (16 x chunks, i32) the pattern of each chunk, B (K x
# 8), C and D (16 x 8).  A chunk is 4 wide (2 kept) for 8-bit types, 2 wide (1 kept) for
# tf32.  Pattern: 8-bit, i0 = P mod 3, i1 = i0 + 1 + (P / 3) mod (3 - i0) (unsigned: the
# six ascending pairs); tf32, e = P mod 2.
#
# The kernel: each lane gathers its fragments from Av, B and C by the PTX ISA's layouts
# (9.7.14.6: 8-bit A element i of lane (g, t) at row g for i in 0-3 and 8-11, else g + 8,
# chunk 2t + (i / 2) mod 2 + 8 (i >= 8), kept value i mod 2; B element i at row
# 4t + i mod 4 + 16 (i / 4), column g; tf32 A element i at row g + 8 (i mod 2), chunk
# t + 4 (i / 2), B element i at row t + 4i; C element i at row g + 8 (i / 2), column
# 2t + i mod 2) and builds its metadata from P by the placement the simulator reads
# (docs/simulator-reference.md); the lanes the selector does not name get the complement.
# The reference: D = C + A B by scalar loops over the dense columns, each chunk's kept
# values multiplied with the B rows P names (no fragments, no metadata bits); tf32 operands
# cut to 10 mantissa bits, as the tensor core reads them.
import os
d = os.path.dirname(os.path.abspath(__file__))

KERNELS = [  # name, type, K, selector, accumulator
    ("e4m3_k64", "f8E4M3FN", 64, 0, "f32"),
    ("e5m2_k64", "f8E5M2", 64, 0, "f32"),
    ("i8_k32", "i8", 32, 1, "i32"),
    ("i8_k64", "i8", 64, 0, "i32"),
    ("tf32_k8", "f32", 8, 2, "f32"),
    ("tf32_k16", "f32", 16, 1, "f32"),
]


class Em:
    def __init__(self):
        self.lines, self.n, self.consts = [], 0, {}

    def op(self, text, hint="v"):
        self.n += 1
        name = "%%%s%d" % (hint, self.n)
        self.lines.append("  %s = %s" % (name, text))
        return name

    def c(self, v, ty="index"):
        if (v, ty) not in self.consts:
            self.consts[(v, ty)] = self.op("arith.constant %d : %s" % (v, ty), "c")
        return self.consts[(v, ty)]

    def lin(self, x, a, b):  # a x + b, index
        r = x if a == 1 else self.op("arith.muli %s, %s : index" % (x, self.c(a)))
        return r if b == 0 else self.op("arith.addi %s, %s : index" % (r, self.c(b)))


def signature(name, ty, K, acc):
    tf = ty == "f32"
    nch = K // 2 if tf else K // 4
    return ("func.func @%s(%%Av: memref<16x%dx%s>, %%P: memref<16x%dxi32>, "
            "%%B: memref<%dx8x%s>,\n    %%C: memref<16x8x%s>, %%D: memref<16x8x%s>)\n"
            "    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {"
            % (name, K // 2, ty, nch, K, ty, acc, acc)), nch


def code(e, p, tf):  # the 4-bit metadata of one chunk from its pattern word p (i32)
    if tf:
        k = e.op("arith.remui %s, %s : i32" % (p, e.c(2, "i32")))
        k10 = e.op("arith.muli %s, %s : i32" % (k, e.c(10, "i32")))
        return e.op("arith.addi %s, %s : i32" % (k10, e.c(4, "i32")))  # 0x4 or 0xE
    i0 = e.op("arith.remui %s, %s : i32" % (p, e.c(3, "i32")))
    q = e.op("arith.divui %s, %s : i32" % (p, e.c(3, "i32")))
    w = e.op("arith.subi %s, %s : i32" % (e.c(3, "i32"), i0))
    r = e.op("arith.remui %s, %s : i32" % (q, w))
    i1 = e.op("arith.addi %s, %s : i32" % (i0, r))
    i1b = e.op("arith.addi %s, %s : i32" % (i1, e.c(1, "i32")))
    s = e.op("arith.shli %s, %s : i32" % (i1b, e.c(2, "i32")))
    return e.op("arith.ori %s, %s : i32" % (i0, s))


def kernel(name, ty, K, sel, acc):
    head, nch = signature(name, ty, K, acc)
    tf = ty == "f32"
    e = Em()
    lane = e.op("gpu.thread_id x", "lane")
    g = e.op("arith.divui %s, %s : index" % (lane, e.c(4)), "g")
    t = e.op("arith.remui %s, %s : index" % (lane, e.c(4)), "t")
    g8 = e.lin(g, 1, 8)
    # A and B fragments
    a, b = [], []
    nel = K // 4 if tf else K // 4
    for i in range(nel):
        if tf:
            row = g8 if i % 2 else g
            col = e.lin(t, 1, 4 * (i // 2))
            brow = e.lin(t, 1, 4 * i)
        else:
            row = g if (i < 4 or 8 <= i < 12) else g8
            ch0 = (i >> 1) % 2 + (8 if i >= 8 else 0)
            col = e.lin(t, 4, 2 * ch0 + i % 2)
            brow = e.lin(t, 4, i % 4 + 16 * (i // 4))
        a.append(e.op("memref.load %%Av[%s, %s] : memref<16x%dx%s>" % (row, col, K // 2, ty), "a"))
        b.append(e.op("memref.load %%B[%s, %s] : memref<%dx8x%s>" % (brow, g, K, ty), "b"))
    per = 1 if tf else 4
    vt = "vector<%dx%dx%s>" % (nel // per, per, ty)
    fa = e.op("vector.from_elements %s : vector<%dx%s>" % (", ".join(a), nel, ty))
    A = e.op("vector.shape_cast %s : vector<%dx%s> to %s" % (fa, nel, ty, vt), "A")
    fb = e.op("vector.from_elements %s : vector<%dx%s>" % (", ".join(b), nel, ty))
    B = e.op("vector.shape_cast %s : vector<%dx%s> to %s" % (fb, nel, ty, vt), "B")
    cs = []
    for i in range(4):
        row = g8 if i // 2 else g
        col = e.lin(t, 2, i % 2)
        cs.append(e.op("memref.load %%C[%s, %s] : memref<16x8x%s>" % (row, col, acc), "cv"))
    fc = e.op("vector.from_elements %s : vector<4x%s>" % (", ".join(cs), acc))
    C = e.op("vector.shape_cast %s : vector<4x%s> to vector<2x2x%s>" % (fc, acc, acc), "C")
    # metadata: (row, first chunk) of each 16-bit half, and whether this lane is named
    t1 = e.op("arith.andi %s, %s : index" % (t, e.c(1)))
    th = e.op("arith.shrui %s, %s : index" % (t, e.c(1)))
    if tf:  # both halves: rows g and g + 8, 4 chunks each
        base = e.c(0) if K == 8 else e.lin(t1, 4, 0)
        halves = [(g, base, 4), (g8, base, 4)]
        named = e.op("arith.cmpi eq, %s, %s : index" % (t if K == 8 else th, e.c(sel)))
    else:  # one row of 8 chunks: row g + 8 (t & 1)
        row = e.op("arith.addi %s, %s : index" % (g, e.lin(t1, 8, 0)))
        base = e.c(0) if K == 32 else e.lin(th, 8, 0)
        halves = [(row, base, 8)]
        named = e.op("arith.cmpi eq, %s, %s : index" % (th, e.c(sel))) if K == 32 else None
    w = e.c(0, "i32")
    pos = 0
    for row, base, n in halves:
        for k in range(n):
            ch = e.op("arith.addi %s, %s : index" % (base, e.c(k)))
            p = e.op("memref.load %%P[%s, %s] : memref<16x%dxi32>" % (row, ch, nch), "p")
            sh = e.op("arith.shli %s, %s : i32" % (code(e, p, tf), e.c(4 * pos, "i32")))
            w = e.op("arith.ori %s, %s : i32" % (w, sh), "w")
            pos += 1
    if named:
        inv = e.op("arith.xori %s, %s : i32" % (w, e.c(-1, "i32")))
        w = e.op("arith.select %s, %s, %s : i32" % (named, w, inv), "w")
    lo = e.op("arith.trunci %s : i32 to i16" % w)
    hi = e.op("arith.trunci %s : i32 to i16" % e.op("arith.shrui %s, %s : i32" % (w, e.c(16, "i32"))))
    M = e.op("vector.from_elements %s, %s : vector<2xi16>" % (lo, hi), "M")
    attrs = "mmaShape = [16, 8, %d]" % K
    if sel:
        attrs += ", sparsitySelector = %d : i32" % sel
    if tf:
        attrs += ", tf32Enabled"
    ct = "vector<2x2x%s>" % acc
    D = e.op("nvgpu.mma.sp.sync(%s, %s, %s) metadata(%s) {%s} : (%s, %s, %s) -> %s"
             % (A, B, C, M, attrs, vt, vt, ct, ct), "Dv")
    for i in range(4):
        row = g8 if i // 2 else g
        col = e.lin(t, 2, i % 2)
        x = e.op("vector.extract %s[%d, %d] : %s from %s" % (D, i // 2, i % 2, acc, ct), "d")
        e.lines.append("  memref.store %s, %%D[%s, %s] : memref<16x8x%s>" % (x, row, col, acc))
    return "\n".join([head] + e.lines + ["  return", "}"])


def reference(name, ty, K, sel, acc):
    head, nch = signature(name, ty, K, acc)
    tf = ty == "f32"
    w = 2 if tf else 4
    L = [head]
    L.append("""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cw = arith.constant W : index
  %nch = arith.constant NCH : index
  %u1 = arith.constant 1 : i32
  %u2 = arith.constant 2 : i32
  %u3 = arith.constant 3 : i32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %c = memref.load %C[%m, %n] : memref<16x8xACC>
      %s = scf.for %ch = %c0 to %nch step %c1 iter_args(%acc = %c) -> (ACC) {
        %p = memref.load %P[%m, %ch] : memref<16xNCHxi32>
        %k0 = arith.muli %ch, %cw : index""".replace("W", str(w)).replace("NCH", str(nch))
             .replace("ACC", acc))
    if tf:
        L.append("""        %e = arith.remui %p, %u2 : i32
        %ei = arith.index_cast %e : i32 to index
        %k = arith.addi %k0, %ei : index
        %x = memref.load %Av[%m, %ch] : memref<16xHxf32>
        %y = memref.load %B[%k, %n] : memref<Kx8xf32>
        %mask = arith.constant -8192 : i32
        %xi = arith.bitcast %x : f32 to i32
        %yi = arith.bitcast %y : f32 to i32
        %xm = arith.andi %xi, %mask : i32
        %ym = arith.andi %yi, %mask : i32
        %xt = arith.bitcast %xm : i32 to f32
        %yt = arith.bitcast %ym : i32 to f32
        %pr = arith.mulf %xt, %yt : f32
        %r = arith.addf %acc, %pr : f32
        scf.yield %r : f32""".replace("H", str(K // 2)).replace("K", str(K)))
    else:
        L.append("""        %i0 = arith.remui %p, %u3 : i32
        %q = arith.divui %p, %u3 : i32
        %d = arith.subi %u3, %i0 : i32
        %rr = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %rr : i32
        %i1 = arith.addi %i1a, %u1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1 : i32 to index
        %ka = arith.addi %k0, %x0 : index
        %kb = arith.addi %k0, %x1 : index
        %j0 = arith.muli %ch, %c2 : index
        %j1 = arith.addi %j0, %c1 : index
        %a0 = memref.load %Av[%m, %j0] : memref<16xHxTY>
        %a1 = memref.load %Av[%m, %j1] : memref<16xHxTY>
        %b0 = memref.load %B[%ka, %n] : memref<Kx8xTY>
        %b1 = memref.load %B[%kb, %n] : memref<Kx8xTY>""".replace("H", str(K // 2))
                 .replace("Kx8", "%dx8" % K).replace("TY", ty))
        if ty == "i8":
            L.append("""        %ea0 = arith.extsi %a0 : i8 to i32
        %ea1 = arith.extsi %a1 : i8 to i32
        %eb0 = arith.extsi %b0 : i8 to i32
        %eb1 = arith.extsi %b1 : i8 to i32
        %p0 = arith.muli %ea0, %eb0 : i32
        %p1 = arith.muli %ea1, %eb1 : i32
        %s0 = arith.addi %acc, %p0 : i32
        %s1 = arith.addi %s0, %p1 : i32
        scf.yield %s1 : i32""")
        else:
            L.append("""        %ea0 = arith.extf %a0 : TY to f32
        %ea1 = arith.extf %a1 : TY to f32
        %eb0 = arith.extf %b0 : TY to f32
        %eb1 = arith.extf %b1 : TY to f32
        %p0 = arith.mulf %ea0, %eb0 : f32
        %p1 = arith.mulf %ea1, %eb1 : f32
        %s0 = arith.addf %acc, %p0 : f32
        %s1 = arith.addf %s0, %p1 : f32
        scf.yield %s1 : f32""".replace("TY", ty))
    L.append("""      }
      memref.store %s, %D[%m, %n] : memref<16x8xACC>
    }
  }
  return
}""".replace("ACC", acc))
    return "\n".join(L)


HEAD = """// nvgpu.mma.sp.sync on fp8, i8 and tf32 (issue 25) run on the simulator against eval:
// each kernel is one warp whose lanes gather their fragments from a compressed A (Av), a
// pattern per chunk (P), B and C, and build their metadata from P; the reference,
// Inputs/mma-sp-eval-ref.mlir, multiplies each chunk's kept values by the B rows P names
// with scalar loops (no fragments, no metadata bits).  Generated by
// Inputs/mma-sp-eval-gen.py, which says where each element goes.  The lanes the selector
// does not name hold the complement of the metadata, so reading the wrong lane, a wrong
// bit position or a wrong chunk gives a wrong product:
//   e4m3_k64, e5m2_k64  m16n8k64 fp8 (sm_89), f32 accumulator, selector 0 (every lane)
//   i8_k32              m16n8k32 s8, i32 accumulator, selector 1 (lanes 2, 3 of a quad)
//   i8_k64              m16n8k64 s8, selector 0
//   tf32_k8             m16n8k8 tf32 (1:2 sparse), selector 2 (lane 2)
//   tf32_k16            m16n8k16 tf32, selector 1 (lanes 2, 3)
// check's inputs are small (fp8 k/4, i8 -8..8): the fp8 and i8 sums are exact; the tf32
// reference cuts its operands to 10 mantissa bits as the tensor core reads them.
// ARCH: sm_89
"""
RUNS = [
    "// RUN: %%vptx check --arch=sm_89 %%s --backend=sim --reference=%%S/Inputs/mma-sp-eval-ref.mlir --kernel=%s | %%filecheck --check-prefix=%s %%s"
    % (k[0], k[0].upper()) for k in KERNELS
]
TAIL = """// RUN: %vptx --emit=ptx --arch=sm_89 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
"""
CHECKS = ["// %s: PASS %s" % (k[0].upper(), k[0]) for k in KERNELS]
PTX = """// PTX-LABEL: .entry e4m3_k64(
// PTX: mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32 {{.*}}, 0x0;
// PTX-LABEL: .entry e5m2_k64(
// PTX: mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e5m2.e5m2.f32 {{.*}}, 0x0;
// PTX-LABEL: .entry i8_k32(
// PTX: mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {{.*}}, 0x1;
// PTX-LABEL: .entry i8_k64(
// PTX: mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32 {{.*}}, 0x0;
// PTX-LABEL: .entry tf32_k8(
// PTX: mma.sp::ordered_metadata.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {{.*}}, 0x2;
// PTX-LABEL: .entry tf32_k16(
// PTX: mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {{.*}}, 0x1;
"""
with open(os.path.join(d, "..", "mma-sp-eval.mlir"), "w") as f:
    f.write(HEAD + "\n".join(RUNS) + "\n" + TAIL + "\n".join(CHECKS) + "\n" + PTX)
    f.write("\n".join(kernel(*k) for k in KERNELS) + "\n")
with open(os.path.join(d, "mma-sp-eval-ref.mlir"), "w") as f:
    f.write("// The reference of ../mma-sp-eval.mlir (eval), written by mma-sp-eval-gen.py: "
            "D = C + A B\n// from the compressed A and its patterns, by scalar loops.\n")
    f.write("\n".join(reference(*k) for k in KERNELS) + "\n")
