// `vptx layout --subgroup-size N` draws layouts for subgroups of N lanes, such as the
// 64-lane "full example" of seed 002 (vector<64x64xf16>, thread_strides = [1, 16]).
// Expected values worked out by hand from the seed's definition:
//   row = s*32 + b0*16 + t0            (dim 0: S=2, B=2, O=1, T=16, E=1)
//   col = b1*16 + t1*4 + e1            (dim 1: S=1, B=4, O=1, T=4,  E=4)
//   t0 = lane % 16, t1 = (lane / 16) % 4, s = subgroup; slot = (b0*4 + b1)*4 + e1.
// Without the option the layout is refused (a warp has 32 lanes), with a hint.
// RUN: not %vptx layout 'subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]' 2>&1 | %filecheck --check-prefix=WARP %s
// WARP: <layout>: error: invalid layout: thread tiles need 64 lanes {{.*}}a warp has 32
// WARP: <layout>: note: for subgroups of 64 lanes, add --subgroup-size 64
//
// RUN: %vptx layout --subgroup-size 64 'subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]' | %filecheck --check-prefix=PIC %s
// The seed: "the actual shape is vector<2x16>", i.e. 32 slots per thread.
// PIC: # vector<64x64xT>: each element shows subgroup:lane; 2 subgroup(s), 32 slot(s) per thread
// PIC-NEXT: # subgroups of 64 lanes (--subgroup-size): not an NVIDIA warp, which has 32; vptx compiles only 32-lane subgroups
// Row 0: lanes 0, 16, 32, 48 hold four columns each, and the pattern repeats per batch.
// PIC-NEXT: {{^ *}}0:0  0:0  0:0  0:0 0:16 0:16 0:16 0:16 0:32 0:32 0:32 0:32 0:48 0:48 0:48 0:48  0:0  0:0  0:0  0:0 0:16
// Row 15 is lane 15's, row 16 is lane 0's second batch, row 32 is subgroup 1's.
// PIC: {{^ *}}0:15 0:15 0:15 0:15 0:31
// PIC-NEXT: {{^ *}}0:0  0:0  0:0  0:0 0:16
// PIC: {{^ *}}0:15 0:15 0:15 0:15 0:31
// PIC-NEXT: {{^ *}}1:0  1:0  1:0  1:0 1:16
//
// RUN: %vptx layout --csv --subgroup-size=64 'subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]' > %t.csv
// RUN: wc -l < %t.csv | %filecheck --check-prefix=LINES %s
// 2 subgroups x 64 lanes x 32 slots, plus the header:
// LINES: 4097
// RUN: %filecheck --check-prefix=CSV %s < %t.csv
// CSV: subgroup,lane,slot,i0,i1
// Lane 16 (t0 = 0, t1 = 1) holds columns 4..7 of rows 0 and 16 (the seed's "thread16"):
// CSV: 0,16,0,0,4
// CSV-NEXT: 0,16,1,0,5
// CSV: 0,16,4,0,20
// CSV: 0,16,16,16,4
// Lane 63 of subgroup 1 (t0 = 15, t1 = 3), slot 7 (b0 = 0, b1 = 1, e1 = 3): row 47, col 31.
// CSV: 1,63,7,47,31
//
// Bad values are usage errors (exit 2); a layout wider than the subgroup is rejected.
// RUN: not %vptx layout --subgroup-size 0 'thread_tile = [4]' 2>&1 | %filecheck --check-prefix=ZERO %s
// ZERO: vptx layout: --subgroup-size needs a number from 1 to 1024, not '0'
// RUN: not %vptx layout --subgroup-size=2048 'thread_tile = [4]' 2>&1 | %filecheck --check-prefix=BIG %s
// BIG: vptx layout: --subgroup-size needs a number from 1 to 1024, not '2048'
// RUN: not %vptx layout 'thread_tile = [4]' --subgroup-size 2>&1 | %filecheck --check-prefix=MISSING %s
// MISSING: vptx layout: --subgroup-size needs a number from 1 to 1024, not ''
// RUN: not %vptx layout --subgroup-size 16 'thread_tile = [32]' 2>&1 | %filecheck --check-prefix=NARROW %s
// NARROW: <layout>: error: invalid layout: thread tiles need 32 lanes {{.*}}; --subgroup-size is 16
// A 16-lane subgroup draws 16 lanes: lane 4 holds element 4 of thread_tile = [8].
// RUN: %vptx layout --subgroup-size 16 --csv 'thread_tile = [8]' | %filecheck --check-prefix=SIXTEEN %s
// SIXTEEN: 0,4,0,4
// SIXTEEN: 0,15,0,7
// SIXTEEN-NOT: 0,16,
// A misspelled option names the option it was probably meant to be.
// RUN: not %vptx layout --csvv 'thread_tile = [4]' 2>&1 | %filecheck --check-prefix=MEAN %s
// RUN: not %vptx layout --subgroupsize=16 'thread_tile = [4]' 2>&1 | %filecheck --check-prefix=MEAN-SIZE %s
// RUN: not %vptx layout --zzzzzz 'thread_tile = [4]' 2>&1 | %filecheck --check-prefix=FAR %s
// MEAN: vptx layout: error: unknown option '--csvv'; did you mean '--csv'?
// MEAN-SIZE: vptx layout: error: unknown option '--subgroupsize=16'; did you mean '--subgroup-size'?
// FAR: vptx layout: error: unknown option '--zzzzzz' (see vptx layout --help)
