// `make install` puts the man page and the bash completion file, both generated from
// `vptx --help` at build time, under PREFIX; the page reads as a man page and names
// every option that --help lists, and the completion completes options and values.
// NO-ROUNDTRIP
// RUN: env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s install \
// RUN:     BUILD=$(dirname %vptx) PREFIX=%T/prefix > %T/install.log 2>&1 || { cat %T/install.log; exit 1; }
// RUN: test -f %T/prefix/share/man/man1/vptx.1 && test -f %T/prefix/share/bash-completion/completions/vptx
//
// The page: man -l when there is a man, else groff, else the macros themselves.
// RUN: if command -v man > /dev/null; then MANWIDTH=80 man -l %T/prefix/share/man/man1/vptx.1 2> %T/man.err | sed -e "s/.\x08//g" > %T/man.txt; \
// RUN: elif command -v groff > /dev/null; then groff -man -Tascii %T/prefix/share/man/man1/vptx.1 2> %T/man.err | sed -e "s/.\x08//g" > %T/man.txt; \
// RUN: else sed -E -e '/^[.](nf|fi|br|PP|TP)$/d' -e 's/^[.]SH "?([^"]*)"?$/\1/' -e 's/\\-/-/g' -e 's/\\f[BIR]//g' -e 's/\\e/\\/g' %T/prefix/share/man/man1/vptx.1 > %T/man.txt; : > %T/man.err; fi
// RUN: test ! -s %T/man.err || { cat %T/man.err; exit 1; }
// RUN: %filecheck %s --check-prefix=MAN --input-file=%T/man.txt
// MAN: NAME
// MAN-NEXT: vptx - compile
// MAN: SYNOPSIS
// MAN-NEXT: vptx [options] FILE
// MAN: OPTIONS
// MAN: --emit=LEVEL
// MAN: VPTX RUN
// MAN: VPTX CHECK
// MAN: --backend=B
// MAN: VPTX LAYOUT
// MAN: EXIT STATUS
//
// Every option word of every --help text (top level and subcommands) is in the page.
// RUN: for sub in "" run check fuzz-diff layout; do %vptx $sub --help; done 2>&1 \
// RUN:   | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u > %T/help-options.txt
// RUN: test -s %T/help-options.txt
// RUN: while read -r o; do grep -q -- "$o" %T/man.txt || { echo "not in the man page: $o"; exit 1; }; done < %T/help-options.txt
//
// The completion: the options and values of `vptx --help` and `vptx check --help`.
// RUN: bash -c 'source %T/prefix/share/bash-completion/completions/vptx; \
// RUN:   t() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _vptx; echo "$* -> ${COMPREPLY[*]}"; }; \
// RUN:   t vptx ru; t vptx --emi; t vptx --arch=sm_9; t vptx --arch = sm_10; t vptx check --back; \
// RUN:   t vptx check --backend=; t vptx layout --s; complete -p vptx' > %T/complete.txt
// RUN: %filecheck %s --check-prefix=COMP --input-file=%T/complete.txt
// COMP:      vptx ru -> run
// COMP-NEXT: vptx --emi -> --emit=
// COMP-NEXT: vptx --arch=sm_9 -> --arch=sm_90 --arch=sm_90a
// COMP-NEXT: vptx --arch = sm_10 -> sm_100a
// COMP-NEXT: vptx check --back -> --backend=
// COMP-NEXT: vptx check --backend= -> --backend=sim --backend=cuda --backend=auto
// COMP-NEXT: vptx layout --s -> --slots
// COMP-NEXT: complete -o filenames -F _vptx vptx
