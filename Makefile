# The two commands for a newcomer: `make run` and `make test`.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: deps configure build run test bench lint format clean fuzz sanitize tsan

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release > /dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/chaturanga serve --port 8080 --db chaturanga.db

# A test with no TIMEOUT of its own is stopped after CTEST_TIMEOUT seconds, so
# that a hang costs minutes, not ctest's default 25.
CTEST_TIMEOUT ?= 300
test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) --timeout $(CTEST_TIMEOUT)
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)

# libFuzzer over every parser of outside input; `make fuzz FUZZ_SECONDS=600`
# runs each target that long. `make test` runs each for FUZZ_SMOKE_SECONDS.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_TARGETS = fen_fuzz pgn_fuzz moves_fuzz judge_fuzz chaturaji_fen_fuzz fen4_fuzz pgn4_fuzz uci_fuzz http_fuzz
fuzz: deps
	@CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHATURANGA_NATIVE=OFF \
	  -DCHATURANGA_FUZZ=ON -DFUZZ_SECONDS=$(FUZZ_SECONDS) > /dev/null
	@cmake --build build-fuzz -j $(JOBS) --target $(FUZZ_TARGETS)
	ctest --test-dir build-fuzz -R '^fuzz[.]' --output-on-failure -j $(JOBS)

# Sanitizer runs stop at the first report, so that any report fails its test.
SANITIZER_ENV = ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

# The whole test suite, browser tests included, built with AddressSanitizer
# and UBSan. SANITIZE_SKIP (a ctest regex, empty by default) leaves tests out.
SANITIZE_SKIP ?=
sanitize: deps
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHATURANGA_SANITIZE=ON > /dev/null
	@cmake --build build-asan -j $(JOBS)
	$(SANITIZER_ENV) ctest --test-dir build-asan --output-on-failure -j $(JOBS) --timeout $(CTEST_TIMEOUT) \
	  $(if $(SANITIZE_SKIP),-E '$(SANITIZE_SKIP)')

# ThreadSanitizer over the threaded parts: the server's game service, bot
# pool, rooms, lobby, accounts, analysis and store (SQLite and the throw-away
# PostgreSQL) in their in-process tests, and the searches of both games, with
# the engines, UCI sessions, arena and tuners over them. The node tests of the
# real binary are left out: under TSan their timing-bound steps fail on a
# loaded 2-core machine. Two bot tests bound wall-clock time, which TSan's
# slowdown breaks, and the 10,000-game WAL test is a volume test of one
# thread that TSan slows past its time limit.
TSAN_TESTS ?= ^(server[.](unit|chaturaji_unit|eviction|store|lobby_unit|accounts|analysis)[.]|(search|engine|uci|cli|tune)[.])
TSAN_SKIP ?= ^(engine[.]Bot[.](EveryLevelPlaysALegalMoveWithinItsBudget|StopFlagEndsTheSearchQuickly)|server[.]store[.]StoreTest[.]TheWalStaysUnder8MiB.*)$$
TSAN_BUILD = server_unit server_chaturaji_unit server_eviction_unit server_store_unit server_store_backends_unit \
  server_lobby_unit server_accounts_unit server_analysis_unit search_tests engine_tests uci_tests cli_tests tune_tests
tsan: deps
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHATURANGA_NATIVE=OFF -DCHATURANGA_TSAN=ON > /dev/null
	@cmake --build build-tsan -j $(JOBS) --target $(TSAN_BUILD)
	$(SANITIZER_ENV) ctest --test-dir build-tsan --output-on-failure -j $(JOBS) --timeout $(CTEST_TIMEOUT) \
	  -R '$(TSAN_TESTS)' -E '$(TSAN_SKIP)'

bench: build
	scripts/bench.sh

lint: configure
	scripts/lint.sh $(BUILD)

format:
	clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*.cpp')

clean:
	rm -rf $(BUILD)

# Hundreds of concurrent games against bots for ten minutes against a real
# server; passes with no error and memory at the end within 10 % of its
# level after warm-up (docs/benchmarks.md, issue 8). Not part of `make test`.
.PHONY: soak
SOAK_ARGS ?= --games 300 --seconds 600
soak: build
	CHATURANGA_BIN=$(BUILD)/chaturanga nice -n 10 node scripts/soak.mjs $(SOAK_ARGS)
