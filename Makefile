# vptx: build, test and format the compiler.  GNU make.  `make help` lists the targets.
#
# Adding a source file or a test means adding the file: every list below is a wildcard.
CC       = cc
OPT      = -O2 -g
# `make WERROR=` turns warnings back into warnings (packagers); developers and CI keep it.
WERROR   = -Werror
WARN     = -std=c11 -pedantic -Wall -Wextra $(WERROR) -Wshadow \
           -Wstrict-prototypes -Wmissing-prototypes -Wformat=2
SAN      = -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer
CPPFLAGS = -I. -D_POSIX_C_SOURCE=200809L
LDLIBS   = -lm -ldl -lpthread
DEPFLAGS = -MMD -MP
BUILD    = build
PREFIX   = /usr/local

MODULES  = target ir layout distribute distribute/core distribute/lowering distribute/schedule \
           tile ptxgen sim eval fuzz runtime driver tools cli
SRC      = $(wildcard $(addsuffix /*.c,$(MODULES)))
HDR      = $(wildcard $(addsuffix /*.h,$(MODULES)))
OBJ      = $(SRC:%.c=$(BUILD)/%.o)
LIBOBJ   = $(filter-out $(BUILD)/cli/main.o,$(OBJ))
LIB      = $(BUILD)/libvptx.a
# The library users link: the same objects pre-linked into one, with every global symbol
# but the vptx_* API of driver/vptx.h made local, so that an embedding program's own
# names (or another library's) can never collide with vptx's internals.
PUBLIB   = $(BUILD)/public/libvptx.a
# The public headers: the compiler API and the runtime API (load, launch; sim or CUDA).
# Their vptx_* functions are the only symbols either library exports.
API_HDRS = driver/vptx.h driver/vptx_runtime.h
API_SYMS = sed -n 's/^[^\#(]*[ *]\(vptx_[a-z_0-9]*\)(.*/\1/p' $(API_HDRS) | sort -u
# The shared library, libvptx.so -> libvptx.so.0 (soname) -> libvptx.so.0.1.0; every object
# is compiled with -fPIC for it (pic.stamp rebuilds objects left from before that rule).
SOVER    = 0.1.0
SONAME   = libvptx.so.0
SOLIB    = $(BUILD)/libvptx.so.$(SOVER)
UNIT     = $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(wildcard tests/unit/*.c))
EXAMPLES = $(patsubst examples/%.c,$(BUILD)/examples/%,$(wildcard examples/*.c))
BIN      = $(BUILD)/vptx
TOOLS    = $(BUILD)/tests/filecheck
# tests/gpu/NAME.c: programs that use a GPU at run time; they build everywhere and exit 77
# (skip) without one
GPUPROGS = $(patsubst tests/gpu/%.c,$(BUILD)/tests/gpu/%,$(wildcard tests/gpu/*.c))
# tests/fuzz/fuzz_NAME.c: a fuzz target; replay_NAME runs it on its corpus in `make test`
FUZZ_TARGETS = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_REPLAY  = $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz/replay_%)
FUZZ_SECONDS = 60
# Generated from the binary's own --help texts (cli/mkman.sh, cli/mkcompletion.sh).
MAN      = $(BUILD)/share/vptx.1
COMPL    = $(BUILD)/share/vptx.bash
# Everything `make install` puts under PREFIX: the man page's FILES section lists it and
# `make uninstall` removes it.
INSTALL_FILES = bin/vptx lib/libvptx.a lib/libvptx.so lib/$(SONAME) lib/libvptx.so.$(SOVER) \
                include/vptx.h include/vptx_runtime.h lib/pkgconfig/vptx.pc \
                share/man/man1/vptx.1 share/bash-completion/completions/vptx \
                share/doc/vptx/LICENSE
# memory cap of every fuzz target (libFuzzer -rss_limit_mb and -malloc_limit_mb)
FUZZ_RSS_MB  = 1024

# The compilers (docs/building.md).  gcc and clang link libvptx.so with a version script
# that exports the API only.  tcc writes header dependencies with -MD alone, and its
# linker has no version scripts and would export tcc's runtime (libtcc1.a, which tcc adds
# to every link); so with tcc, binutils' ld (the ar and objcopy used below are binutils
# too) links libvptx.so, and libtcc1.a goes into the public library's object, where
# objcopy makes its symbols local like every other internal name.
SOLINK   = $(CC) -shared $(OPT) $(CFLAGS) $(LDFLAGS) -Wl,-soname,$(SONAME) \
           -Wl,--version-script=$(BUILD)/public/vptx.map
SOLIBS   = $(LDLIBS)
ifneq ($(findstring tcc,$(notdir $(CC))),)
DEPFLAGS = -MD
# glibc's <regex.h> declares VLA parameters tcc does not parse (tests/filecheck.c)
CPPFLAGS += '-D_REGEX_NELTS(n)='
CCRT     = $(shell $(CC) -print-search-dirs | sed -n 's/^install: //p')/libtcc1.a
SOLINK   = ld -shared -z noexecstack -soname $(SONAME) --version-script=$(BUILD)/public/vptx.map
SOLIBS   = $(CCRT) $(LDLIBS) -lc
endif

all: $(BIN) $(LIB) $(PUBLIB) $(SOLIB) $(EXAMPLES) $(MAN) $(COMPL) $(GPUPROGS)

$(BIN): $(BUILD)/cli/main.o $(LIB)
	$(CC) $(OPT) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(LIB): $(LIBOBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(PUBLIB): $(LIBOBJ) $(API_HDRS)
	@mkdir -p $(@D)
	$(CC) -r -nostdlib -o $(@D)/vptx.o $(LIBOBJ) $(CCRT)
	$(API_SYMS) > $(@D)/vptx.syms
	objcopy --keep-global-symbols=$(@D)/vptx.syms $(@D)/vptx.o
	rm -f $@
	ar rcs $@ $(@D)/vptx.o

$(SOLIB): $(LIBOBJ) $(API_HDRS)
	@mkdir -p $(@D)/public
	{ echo '{ global:'; $(API_SYMS) | sed 's/.*/    &;/'; echo '  local: *; };'; } > $(@D)/public/vptx.map
	$(SOLINK) -o $@ $(LIBOBJ) $(SOLIBS)
	ln -sf libvptx.so.$(SOVER) $(@D)/$(SONAME)
	ln -sf $(SONAME) $(@D)/libvptx.so

$(MAN): $(BIN) cli/mkman.sh Makefile
	@mkdir -p $(@D)
	cli/mkman.sh $(BIN) "$(INSTALL_FILES)" > $@.tmp && mv $@.tmp $@

$(COMPL): $(BIN) cli/mkcompletion.sh
	@mkdir -p $(@D)
	cli/mkcompletion.sh $(BIN) > $@.tmp && mv $@.tmp $@

$(BUILD)/%.o: %.c $(BUILD)/pic.stamp
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(OPT) $(CFLAGS) -fPIC $(DEPFLAGS) -c -o $@ $<

$(BUILD)/pic.stamp:
	@mkdir -p $(@D)
	touch $@

$(BUILD)/tests/unit/%: tests/unit/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(OPT) $(CFLAGS) $(LDFLAGS) $(DEPFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(BUILD)/examples/%: examples/%.c $(PUBLIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(OPT) $(CFLAGS) $(LDFLAGS) $(DEPFLAGS) -o $@ $< $(PUBLIB) $(LDLIBS)

$(BUILD)/tests/gpu/%: tests/gpu/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(OPT) $(CFLAGS) $(LDFLAGS) $(DEPFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(BUILD)/tests/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(OPT) $(CFLAGS) $(LDFLAGS) -o $@ tests/fuzz/fuzz_$*.c \
	    tests/fuzz/replay.c $(LIB) $(LDLIBS)

$(BUILD)/tests/%: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(OPT) $(CFLAGS) $(LDFLAGS) $(DEPFLAGS) -o $@ $< $(LDLIBS)

test:                       ## every test that needs no GPU, under ASan+UBSan, in build/san
	$(MAKE) --no-print-directory BUILD=build/san OPT='-O1 -g' CFLAGS='$(SAN)' LDFLAGS='$(SAN)' run-tests

run-tests: $(BIN) $(SOLIB) $(UNIT) $(TOOLS) $(EXAMPLES) $(FUZZ_REPLAY) $(MAN) $(COMPL) $(GPUPROGS)
	@BUILD=$(BUILD) BIN=$(BIN) FILECHECK=$(BUILD)/tests/filecheck UNIT='$(UNIT)' \
	    FUZZ='$(FUZZ_REPLAY)' tests/run.sh $(T)

check: test format-check    ## what a careful developer runs before pushing
	@echo "check: ok"

demo: $(BIN)                ## compile, picture and check the bundled examples
	@BIN=$(BIN) examples/demo.sh

update-golden: $(BIN)       ## regenerate tests/golden/*.ptx (review the diff!)
	BIN=$(BIN) tests/run.sh --update-golden

# libFuzzer builds: the library with coverage hooks (fuzzer-no-link), each target with the
# libFuzzer main; replay_NAME lists the seeds.  clang only (clang 14 and libclang-rt-14-dev,
# or a newer one: FUZZ_CC=clang-19 FUZZ_BUILD=build/fuzz19).  `make fuzz FUZZ_TARGETS=ptx`
# runs one target.
FUZZ_CC   = clang
FUZZ_BUILD = build/fuzz
FUZZ_SAN  = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
fuzz:                       ## libFuzzer on every target for FUZZ_SECONDS each (clang), in build/fuzz
	$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) OPT='-O1 -g' \
	    CFLAGS='-fsanitize=fuzzer-no-link $(FUZZ_SAN)' LDFLAGS='$(FUZZ_SAN)' fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RSS_MB=$(FUZZ_RSS_MB) FUZZ_BUILD=$(FUZZ_BUILD) \
	    tests/fuzz/fuzz.sh $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz_%) $(FUZZ_REPLAY:$(BUILD)/tests/fuzz/%=$(BUILD)/%)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(LIB)
	$(CC) $(CPPFLAGS) $(WARN) $(OPT) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< $(LIB) $(LDLIBS)

$(BUILD)/replay_%: $(BUILD)/tests/fuzz/replay_%
	cp $< $@

# One fully static vptx, linked against musl (musl-gcc: Debian's musl-tools), in build/static;
# `strip build/static/vptx` leaves about 1.6 MB.  Compiling needs no libdl; the CUDA backend
# says that the static build cannot load the driver (musl's static dlopen always fails).
STATIC_CC = musl-gcc
static:                     ## a fully static vptx linked against musl (musl-gcc), in build/static
	$(MAKE) --no-print-directory BUILD=build/static CC=$(STATIC_CC) LDFLAGS=-static \
	    CPPFLAGS='$(CPPFLAGS) -DVPTX_STATIC' build/static/vptx

leakcheck:                  ## the CLI under valgrind on good and bad inputs, in build/vg
	$(MAKE) --no-print-directory BUILD=build/vg OPT='-O1 -g' build/vg/vptx
	BIN=build/vg/vptx tests/leakcheck.sh

bench: $(BIN)               ## compile-time and kernel-quality figures
	BIN=$(BIN) tests/bench.sh

bench-deps:                 ## install llc-16 and the MLIR 16 tools that `make bench` compares with
	apt-get install -y llvm-16 mlir-16-tools

install: $(BIN) $(PUBLIB) $(SOLIB) $(MAN) $(COMPL) ## install binary, libraries, headers, pkg-config file, man page, bash completion under PREFIX
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -d $(DESTDIR)$(PREFIX)/share/doc/vptx
	install -m 644 LICENSE $(DESTDIR)$(PREFIX)/share/doc/vptx/LICENSE
	install -m 644 $(MAN) $(DESTDIR)$(PREFIX)/share/man/man1/vptx.1
	install -m 644 $(COMPL) $(DESTDIR)$(PREFIX)/share/bash-completion/completions/vptx
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/vptx
	install -m 644 $(PUBLIB) $(DESTDIR)$(PREFIX)/lib/libvptx.a
	install -m 755 $(SOLIB) $(DESTDIR)$(PREFIX)/lib/libvptx.so.$(SOVER)
	ln -sf libvptx.so.$(SOVER) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libvptx.so
	install -m 644 driver/vptx.h $(DESTDIR)$(PREFIX)/include/vptx.h
	install -m 644 driver/vptx_runtime.h $(DESTDIR)$(PREFIX)/include/vptx_runtime.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' driver/vptx.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/vptx.pc

uninstall:                  ## remove what `make install` put under PREFIX (the same PREFIX)
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALL_FILES))
	-rmdir $(DESTDIR)$(PREFIX)/share/doc/vptx 2> /dev/null

format:                     ## reformat the sources in place
	clang-format -i port.h $(SRC) $(HDR) $(wildcard tests/*.c tests/unit/*.c tests/fuzz/*.c tests/fuzz/*.h examples/*.c)

format-check:               ## fail if a source is not clang-formatted
	clang-format --dry-run -Werror port.h $(SRC) $(HDR) $(wildcard tests/*.c tests/unit/*.c tests/fuzz/*.c tests/fuzz/*.h examples/*.c)

clean:                      ## remove build/
	rm -rf build

help:                       ## list the targets
	@grep -E '^[a-z-]+:.*## ' Makefile | sed -e 's/:.*## /\t/'

.PHONY: all test run-tests check demo update-golden bench bench-deps fuzz fuzz-build static leakcheck install uninstall format format-check clean help
-include $(OBJ:.o=.d) $(UNIT:=.d) $(TOOLS:=.d) $(EXAMPLES:=.d)
