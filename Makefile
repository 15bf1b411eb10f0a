# xqtool — see README.md. Two commands do everything on a fresh machine:
#   make run    build xqtool and run the main job on the sample corpus
#   make test   vet and test everything
GO        ?= go
BIN       := bin/xqtool
BENCHTIME ?= 1s
BENCHCOUNT ?= 6
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: all build run test lint bench perft-full fuzz clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/xqtool

run: build
	$(BIN) perft --stats 4

test:
	$(GO) vet ./...
	$(GO) test ./...

lint:
	gofmt -l . | tee /dev/stderr | (! read)
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Benchmarks (speed targets live here, not in unit tests). Results go to
# bench.txt; compare two runs with benchstat (go run golang.org/x/perf/cmd/benchstat).
bench:
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) -count $(BENCHCOUNT) ./board/ | tee bench.txt
	$(GO) run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da bench.txt

# Every perft row, including the deep ones (several minutes).
perft-full:
	$(GO) test ./board/ -run TestPerftTSV -perft.full -timeout 3h -v | grep -E '^(=== RUN|--- FAIL|ok|FAIL|PASS)' | tail -100

clean:
	rm -rf bin out bench.txt
