# zeta build. `make` builds build/zeta and build/libzeta.a, `make check` runs
# every test, `make demo` runs zeta on the bundled examples.
# SANITIZE=1 builds into build-san with -fsanitize=address,undefined.

CC      ?= cc
OPT     ?= -O2
ifeq ($(SANITIZE),1)
BUILD   ?= build-san
OPT      = -O1 $(SANFLAGS) -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
BUILD   ?= build
endif
CFLAGS  ?=
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -g $(OPT) -Iinclude -Isrc -MMD -MP
SANFLAGS = -fsanitize=address,undefined
LDFLAGS += $(if $(filter 1,$(SANITIZE)),$(SANFLAGS))
LIBS     = -lcadical -lstdc++ -lz3 -lgmp -lglpk -lexpat -lbdd -lyaml -lcjson -lm -lpthread

LIB_SRC  := $(sort $(wildcard src/core/*.c src/solver/*.c src/ir/*.c src/analysis/*.c src/engine/*.c \
              src/lang/*.c src/lang/*/*.c src/api/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TESTS    := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
SETUP    := $(BUILD)/.setup-done

.PHONY: all check demo clean setup sanitize-check bench
all: $(BUILD)/zeta $(BUILD)/libzeta.a

$(SETUP): scripts/setup.sh
	@mkdir -p $(BUILD)
	@./scripts/setup.sh
	@touch $@
setup: $(SETUP)

$(BUILD)/obj/%.o: %.c | $(SETUP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libzeta.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/zeta: $(CLI_OBJ) $(BUILD)/libzeta.a
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libzeta.a $(LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(BUILD)/libzeta.a | $(SETUP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -Itests/unit -o $@ $< $(BUILD)/libzeta.a $(LIBS)

check: all $(TESTS)
	@BUILD=$(BUILD) ./tests/run.sh

# the e2e scripts on a representative subset (tests/e2e/lib/quick.sh)
sanitize-check:
	@ZETA_TEST_QUICK=1 $(MAKE) --no-print-directory SANITIZE=1 check

demo: all
	@./examples/demo.sh $(BUILD)/zeta

bench: all
	@./bench/run-all.sh $(BUILD)/zeta

clean:
	rm -rf build build-san

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d)

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
