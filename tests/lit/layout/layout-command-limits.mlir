// `vptx layout` on layouts too large to handle: an error, not undefined behaviour or
// hours of work.  Found by tests/fuzz/fuzz_layout.c.
//
// Tiles whose product overflows int64 (and strides whose extent does) were undefined
// behaviour; layout_check now bounds a layout to 2^31 elements and its strides to 2^31.
// RUN: not %vptx layout 'batch_tile = [4294967296, 4294967296]' 2>&1 | %filecheck --check-prefix=HUGE %s
// HUGE: <layout>: error: invalid layout: the layout has more than 2147483648 elements
// RUN: not %vptx layout 'thread_tile = [1099511627776], thread_strides = [1099511627776]' 2>&1 | %filecheck --check-prefix=STRIDE %s
// STRIDE: <layout>: error: invalid layout: dim 0 has a stride above 2147483648
//
// Drawing looks up every element's holders among all subgroups' lanes, so it stops at
// 2^20 (element, subgroup) pairs, and --csv at 2^20 lines: 574x2 subgroups over 1148
// elements took 0.5 s at -O2, and the time grows with the square of the tiles.
// RUN: not %vptx layout 'subgroup_tile = [574, 2]' 2>&1 | %filecheck --check-prefix=DRAW %s
// DRAW: vptx layout: the layout is too large to draw (1148 subgroups, 1148 elements)
// RUN: %vptx layout --csv 'subgroup_tile = [574, 2]' | %filecheck --check-prefix=CSV %s
// CSV: subgroup,lane,slot,i0,i1
// CSV: 1147,31,0,573,1
// RUN: not %vptx layout --csv 'subgroup_tile = [64, 64], batch_tile = [32, 32]' 2>&1 | %filecheck --check-prefix=BIG %s
// BIG: vptx layout: the layout is too large to draw (4096 subgroups, 4194304 elements)
