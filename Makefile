# xqtool — see README.md. Two commands do everything on a fresh machine:
#   make run    build xqtool and run the main job on the sample corpus
#   make test   vet and test everything
GO        ?= go
BIN       := bin/xqtool
BENCHTIME ?= 1s
BENCHCOUNT ?= 6
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: all deps build run test lint bench perft-full fuzz sample screenshot clean

all: build

# -trimpath: no paths of this machine in the binary. build, vet and test
# compile with the same flags (GOFLAGS_ALL), so that make test after make
# run reuses every compiled package (arrow-go first) instead of compiling
# them again; -ldflags='-s -w' (no symbol table, stack traces stay) acts
# only on the final link and costs the cache nothing. -buildvcs=auto:
# --version names the commit when built from a git checkout.
GOFLAGS_ALL := -trimpath

build: deps
	@echo "make: building $(BIN); the first build compiles the Parquet libraries (arrow-go) and takes a few minutes, later ones seconds"
	$(GO) build $(GOFLAGS_ALL) -buildvcs=auto -ldflags='-s -w' -o $(BIN) ./cmd/xqtool

# Every module of go.mod, those only the tests use included (chromedp,
# cdproto, yaml, json-experiment): after make run, make test fetches
# nothing.
deps:
	$(GO) mod download

# The main job: export the project's own sample corpus to out/ and print
# the summary (the sample's broken records, on purpose, are flagged in the
# datasets and the page; export exits 0 once they are written).
run: build
	$(BIN) export -o out --html out/report.html sample
	@ls -l out

test: deps
	$(GO) vet $(GOFLAGS_ALL) ./...
	$(GO) test $(GOFLAGS_ALL) ./...

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change: $$out"; exit 1; fi
	$(GO) vet $(GOFLAGS_ALL) ./...
	$(GO) run $(STATICCHECK) ./...

# Benchmarks (speed targets live here, not in unit tests). Results go to
# bench.txt; compare two runs with benchstat (go run golang.org/x/perf/cmd/benchstat).
bench:
	$(GO) test -run '^$$' -bench 'Perft5Start|Perft4Midgame' -benchtime 1x -count $(BENCHCOUNT) ./board/ | tee bench.txt
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) -count $(BENCHCOUNT) ./notation/ ./parse/ ./replay/ ./analyze/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench 'Validate|ExportPipeline' -benchtime 3x -count $(BENCHCOUNT) ./pipeline/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench 'Export|FENCompression' -benchtime 3x -count $(BENCHCOUNT) ./dataset/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench 'ReadFiles' -benchtime 10x -count $(BENCHCOUNT) ./corpus/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench 'Index/games=100000$$' -benchtime 1x -count $(BENCHCOUNT) ./dedupe/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench 'Search|FindOnClean' -benchtime $(BENCHTIME) -count $(BENCHCOUNT) ./repair/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) -count $(BENCHCOUNT) ./players/ ./tournament/ ./training/ ./training/nnue/ ./training/positions/ | tee -a bench.txt
	$(GO) run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da bench.txt

# Every perft row, including the deep ones (several minutes).
perft-full:
	$(GO) test ./board/ -run TestPerftTSV -perft.full -timeout 3h -v | grep -E '^(=== RUN|--- FAIL|ok|FAIL|PASS)' | tail -100

# Regenerate the sample corpus (a test checks it is up to date).
sample:
	$(GO) run ./internal/samplegen -o sample

# Regenerate the pictures in docs/ so that they show what the pages show
# now: the report page of the sample corpus (docs/report.png; its top,
# docs/report-top.png, is README's picture and links to it)
# and the opening explorer of the sample, each 1100 px wide and at a
# phone's 420 px (-phone.png), in headless Chromium (apt-get install
# chromium) once their fonts are loaded.
screenshot: build
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(BIN) export --quiet -o "$$tmp/out" --html "$$tmp/report.html" sample >/dev/null && \
	$(GO) run ./internal/screenshot -width 1100 -height 2250 -o docs/report.png "$$tmp/report.html" && \
	$(GO) run ./internal/screenshot -width 1100 -height 560 -o docs/report-top.png "$$tmp/report.html" && \
	$(GO) run ./internal/screenshot -width 420 -height 1500 -o docs/report-phone.png "$$tmp/report.html" && \
	$(BIN) explore --quiet -o "$$tmp/tree" sample >/dev/null && \
	$(GO) run ./internal/screenshot -width 1100 -height 900 -o docs/explorer.png "$$tmp/tree/index.html" && \
	$(GO) run ./internal/screenshot -width 420 -height 1300 -o docs/explorer-phone.png "$$tmp/tree/index.html"

# Run every fuzz target for FUZZTIME each, one at a time. Go minimizes
# each new interesting input for up to a minute by default, during which
# nothing else is fuzzed (and the rate shows 0/sec): FUZZMINIMIZE bounds
# that.
FUZZTIME ?= 60s
FUZZMINIMIZE ?= 5s
fuzz:
	@for pkg in board notation parse analyze htmlreport dedupe repair dataset engine annotate explorer players tournament training training/nnue; do \
	  for f in $$($(GO) test -list '^Fuzz' ./$$pkg/ | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test ./$$pkg/ -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) -parallel 1 || exit 1; \
	  done; \
	done

clean:
	rm -rf bin out bench.txt
