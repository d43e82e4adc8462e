# tests/ptxcanon.awk: PTX with its register names made canonical, for tests that
# compare the PTX of two inputs that differ in their SSA names only (a kernel and the
# --emit=vector program printed from it): ptxgen names registers after the source ops
# (ptxgen/names.c), so the names differ while the code is the same.
#
#   awk -f tests/ptxcanon.awk FILE.ptx > FILE.canon
#
# The .reg lines go; each register (%f_sum_3, or nvcc's %f12) becomes %R<n>, and each
# label ($L__k_sum_0) $L<n>, n counting the registers (labels) of its function in the
# order they first occur, so two files compare equal exactly when their code is the same
# up to a one-to-one renaming of registers and labels within each function.  Comments
# are left as they are.
/^(\.visible |\.weak |\.extern )?\.(entry|func)/ { delete id; n = 0; delete lid; nl = 0 }
/^[ \t]*\.reg / { next }
{
    line = $0
    code = line
    rest = ""
    c = index(line, "//")
    if (c) {
        code = substr(line, 1, c - 1)
        rest = substr(line, c)
    }
    out = ""
    while (match(code, /%(p|rs|r|rd|f|fd)(_[A-Za-z0-9_$]+_[0-9]+|[0-9]+)/)) {
        r = substr(code, RSTART, RLENGTH)
        if (!(r in id))
            id[r] = n++
        out = out substr(code, 1, RSTART - 1) "%R" id[r]
        code = substr(code, RSTART + RLENGTH)
    }
    code = out code
    out = ""
    while (match(code, /\$L__[A-Za-z0-9_$]+/)) {
        r = substr(code, RSTART, RLENGTH)
        if (!(r in lid))
            lid[r] = nl++
        out = out substr(code, 1, RSTART - 1) "$L" lid[r]
        code = substr(code, RSTART + RLENGTH)
    }
    print out code rest
}
