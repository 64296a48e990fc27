# zeta build. `make` builds build/zeta, build/libzeta.a and the shared
# library, `make check` runs every test, `make demo` runs zeta on the
# bundled examples, `make install PREFIX=...` installs the program, the
# libraries, zeta/zeta.h, zeta.pc and the man page zeta.1.
# SANITIZE=1 builds into build-san with -fsanitize=address,undefined.

# compile on every core unless the command line says otherwise (`make -j1`
# wins): CI's builds are most of its time budget
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)

CC      ?= cc
OPT     ?= -O2
ifeq ($(SANITIZE),1)
BUILD   ?= build-san
OPT      = -O1 $(SANFLAGS) -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
BUILD   ?= build
endif
CFLAGS  ?=
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -g $(OPT) -fPIC -Iinclude -Isrc -MMD -MP -isystem /usr/lib/llvm-14/include
SANFLAGS = -fsanitize=address,undefined
LDFLAGS += $(if $(filter 1,$(SANITIZE)),$(SANFLAGS))
LIBS     = -lcadical -lstdc++ -lz3 -lgmp -lglpk -lexpat -lbdd -lyaml -lcjson -ltree-sitter -lm -lpthread -lcrypto -ldl
# The command-line program takes the small C libraries from their static
# archives: every shared library costs start-up time (mapping, relocation:
# 20 of them took ~4 ms of CPU and 17-20 ms of wall under load at every
# run, where z3 starts in 2 ms; Horn-clause tasks Z3 answers in 30 ms pay
# it whole). libzeta.so and the tests keep LIBS.
CLI_LIBS = -lcadical -lstdc++ -lz3 -lgmp -Wl,-Bstatic -lglpk -lcolamd -lamd -lsuitesparseconfig -lexpat -lbdd -lyaml \
           -ltree-sitter -lcrypto -lz -Wl,-Bdynamic -l:libltdl.so.7 -lcjson -lm -lpthread -ldl

LIB_SRC  := $(sort $(wildcard src/core/*.c src/solver/*.c src/ir/*.c src/cert/*.c src/analysis/*.c src/engine/*.c \
              src/lang/*.c src/lang/*/*.c src/api/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
# the TLA+ tree-sitter grammar (npm, pinned in scripts/npm-packages.txt): its
# generated C sources, compiled as they come (not our code: no -Werror)
TLA_GRAMMAR := deps/node_modules/@tlaplus/tree-sitter-tlaplus/src
TLA_GRAMMAR_OBJ := $(BUILD)/obj/tla-grammar/parser.o $(BUILD)/obj/tla-grammar/scanner.o
LIB_OBJ  += $(TLA_GRAMMAR_OBJ)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TESTS    := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
# the harnesses without libFuzzer: each runs once per file (seeds, regressions)
FUZZ_REPLAY := $(FUZZ_SRC:fuzz/%.c=$(BUILD)/fuzz/%)
SETUP    := $(BUILD)/.setup-done

VERSION := $(shell sed -n 's/^\#define ZETA_VERSION "\(.*\)"/\1/p' include/zeta/zeta.h)
SONAME  := libzeta.so.$(firstword $(subst ., ,$(VERSION)))
PREFIX  ?= /usr/local

.PHONY: all check demo clean setup sanitize-check tsan-check bench install
all: $(BUILD)/zeta $(BUILD)/libzeta.a $(BUILD)/libzeta.so.$(VERSION) $(BUILD)/zeta.1

$(SETUP): scripts/setup.sh scripts/npm-packages.txt
	@mkdir -p $(BUILD)
	@./scripts/setup.sh
	@touch $@
setup: $(SETUP)

$(BUILD)/obj/%.o: %.c Makefile | $(SETUP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(TLA_GRAMMAR)/parser.c $(TLA_GRAMMAR)/scanner.c: $(SETUP)
$(BUILD)/obj/tla-grammar/%.o: $(TLA_GRAMMAR)/%.c | $(SETUP)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -g0 -fPIC -w -I$(TLA_GRAMMAR) -c $< -o $@

$(BUILD)/libzeta.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libzeta.so.$(VERSION): $(LIB_OBJ)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(LIBS)

$(BUILD)/zeta: $(CLI_OBJ) $(BUILD)/libzeta.a
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libzeta.a $(CLI_LIBS)

# the man page comes from the option table, through the program
$(BUILD)/zeta.1: $(BUILD)/zeta
	$(BUILD)/zeta --help-man > $@

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/zeta \
	  $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/zeta $(DESTDIR)$(PREFIX)/bin/zeta
	install -m 644 $(BUILD)/libzeta.a $(DESTDIR)$(PREFIX)/lib/libzeta.a
	install -m 755 $(BUILD)/libzeta.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libzeta.so.$(VERSION)
	ln -sf libzeta.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libzeta.so
	install -m 644 include/zeta/zeta.h $(DESTDIR)$(PREFIX)/include/zeta/zeta.h
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	  'Name: zeta' 'Description: a model checker (control flow automata, Horn clauses, circuits, Petri nets, ...)' \
	  'Version: $(VERSION)' 'Libs: -L$${libdir} -lzeta' 'Libs.private: $(LIBS)' 'Cflags: -I$${includedir}' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/zeta.pc
	install -m 644 $(BUILD)/zeta.1 $(DESTDIR)$(PREFIX)/share/man/man1/zeta.1
	# the Solidity reader: solc-ast.js and solc-js with its modules (not the TLA+ grammar's, compiled in)
	install -d $(DESTDIR)$(PREFIX)/share/zeta/deps/node_modules
	install -m 644 src/lang/sol/solc-ast.js $(DESTDIR)$(PREFIX)/share/zeta/solc-ast.js
	for m in deps/node_modules/*; do case $${m##*/} in @tlaplus|tree-sitter-cli|node-addon-api|node-gyp-build) ;; \
	  *) cp -R $$m $(DESTDIR)$(PREFIX)/share/zeta/deps/node_modules/ ;; esac; done

$(BUILD)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(BUILD)/libzeta.a | $(SETUP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -Itests/unit -o $@ $< $(BUILD)/libzeta.a $(LIBS)

check: all $(TESTS) $(FUZZ_REPLAY)
	@BUILD=$(BUILD) ./tests/run.sh

$(BUILD)/fuzz/%: fuzz/%.c fuzz/replay_main.c fuzz/fuzz.h $(BUILD)/libzeta.a | $(SETUP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -Ifuzz -o $@ $< fuzz/replay_main.c $(BUILD)/libzeta.a $(LIBS)

# Fuzzing the readers with libFuzzer (clang): `make fuzz` runs every harness
# for FUZZ_TIME seconds (FUZZ=cfa,chc picks some), with the seeds in
# fuzz/seeds/ and the shared tasks as corpus and fuzz/dict/ as dictionaries;
# findings land in build-fuzz/findings/. See docs/STATUS-reliability.md.
FUZZ_BUILD  := build-fuzz
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -Iinclude -Isrc -Ifuzz -MMD -MP -isystem /usr/lib/llvm-14/include
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_OBJ    := $(LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o) $(FUZZ_BUILD)/obj/tla-grammar/parser.o $(FUZZ_BUILD)/obj/tla-grammar/scanner.o
FUZZ_BINS   := $(FUZZ_SRC:fuzz/%.c=$(FUZZ_BUILD)/%)
FUZZ_TIME   ?= 60
.PHONY: fuzz fuzz-build
$(FUZZ_BUILD)/obj/%.o: %.c Makefile | $(SETUP)
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_BUILD)/obj/tla-grammar/%.o: $(TLA_GRAMMAR)/%.c | $(SETUP)
	@mkdir -p $(dir $@)
	clang -std=c11 -O1 -g0 -fPIC -w -I$(TLA_GRAMMAR) -c $< -o $@
$(FUZZ_BUILD)/libzeta.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz.h $(FUZZ_BUILD)/libzeta.a
	clang $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $< $(FUZZ_BUILD)/libzeta.a $(LIBS)
fuzz-build: $(FUZZ_BINS)
fuzz: fuzz-build
	@FUZZ_TIME=$(FUZZ_TIME) ./fuzz/run.sh $(FUZZ_BUILD)

# the e2e scripts on a representative subset (tests/e2e/lib/quick.sh)
sanitize-check:
	@ZETA_TEST_QUICK=1 $(MAKE) --no-print-directory SANITIZE=1 check

# The Z3 watchdog's unit test under ThreadSanitizer: the watchdog and the
# test instrumented, the library as built (tests/tsan.supp: Z3's own timer
# threads, which its tactics start, unlock a mutex from another thread).
tsan-check: $(BUILD)/libzeta.a
	@mkdir -p $(BUILD)/tsan
	$(CC) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -g -O1 -fsanitize=thread -Iinclude -Isrc -Itests/unit \
	  -o $(BUILD)/tsan/test_z3_watchdog tests/unit/test_z3_watchdog.c src/solver/z3_watchdog.c $(BUILD)/libzeta.a $(LIBS)
	TSAN_OPTIONS="die_after_fork=0 halt_on_error=1 suppressions=$(CURDIR)/tests/tsan.supp" $(BUILD)/tsan/test_z3_watchdog

demo: all
	@./examples/demo.sh $(BUILD)/zeta

bench: all
	@./bench/run-all.sh $(BUILD)/zeta

clean:
	rm -rf build build-san build-*

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d)
-include $(FUZZ_OBJ:.o=.d)

# SMT-LIB parsing and term-construction benchmark (bench/parse_bench.c):
# a generated ~100 MB script parsed (MB/s, peak memory) and 10^6 terms built.
PARSE_BENCH_FILE ?= /tmp/zeta-parse-bench.smt2
PARSE_BENCH_MB   ?= 100
.PHONY: bench-parse
bench-parse: $(BUILD)/parse_bench
	@$(BUILD)/parse_bench terms 1000000
	@$(BUILD)/parse_bench gen $(PARSE_BENCH_FILE) $(PARSE_BENCH_MB)
	@$(BUILD)/parse_bench parse $(PARSE_BENCH_FILE)
	@rm -f $(PARSE_BENCH_FILE)
$(BUILD)/parse_bench: bench/parse_bench.c $(BUILD)/libzeta.a | $(SETUP)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libzeta.a $(LIBS)

# Interpolation cost on path-shaped queries, 10..200 steps, both strategies
# (bench/itp_bench.c). ITP_BENCH_ARGS: timeout in seconds, then lengths.
ITP_BENCH_ARGS ?= 60
.PHONY: bench-itp
bench-itp: $(BUILD)/itp_bench
	@$(BUILD)/itp_bench $(ITP_BENCH_ARGS)
$(BUILD)/itp_bench: bench/itp_bench.c $(BUILD)/libzeta.a | $(SETUP)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libzeta.a $(LIBS)
