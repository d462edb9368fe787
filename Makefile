# Glass Tag Cloud: the two commands are `make run` and `make test`. Each installs what it lacks,
# idempotently: Debian packages (scripts/install-deps.sh) and a Python venv for the browser and
# WebSocket tests.

SWIFT        ?= swift
PYTHON       ?= python3
VENV         := .venv
VENV_STAMP   := $(VENV)/.requirements-installed
DEPS_STAMP   := .build/stamps/deps
PORT         ?= 8080
RELEASE_BIN  := .build/release/tagcloud
DEBUG_BIN    := .build/debug/tagcloud

.PHONY: all deps venv build release wasm constants dist test test-swift test-node test-python test-embedded \
        run bench bench-venv format lint clean fuzz test-fuzz check-full docs test-docs web-gzip cluster capacity

all: build

## Debian packages (libwebsockets-dev, chromium, binaryen, ...). Skips what is already installed.
deps: $(DEPS_STAMP)
$(DEPS_STAMP): scripts/install-deps.sh
	@bash scripts/install-deps.sh
	@mkdir -p $(dir $@) && touch $@

## The Python venv for pytest, Playwright (driving Debian's chromium) and websockets.
venv: $(VENV_STAMP)
$(VENV_STAMP): Tests/requirements.txt
	@test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	@$(VENV)/bin/pip install --quiet --disable-pip-version-check -r Tests/requirements.txt
	@touch $@

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## The Embedded Swift Wasm core, web/tagcloud.wasm (committed; rebuilt when its inputs change,
## by content hash). See docs/WASM.md.
wasm: deps
	@bash scripts/build-wasm.sh

## web/src/core/core-constants.js (committed): the numbers the core owns that the element's styles
## and scripts read besides the Wasm module (paddings, touch target, tint amounts, the default
## merge distance), printed by the core's native build (Sources/core-constants); rewritten only
## when they change. Tests/node/core-constants.test.mjs requires it to be current.
CORE_CONSTANTS := web/src/core/core-constants.js
constants: build
	@.build/debug/core-constants > $(CORE_CONSTANTS).new
	@if cmp -s $(CORE_CONSTANTS).new $(CORE_CONSTANTS); then rm $(CORE_CONSTANTS).new; \
	else mv $(CORE_CONSTANTS).new $(CORE_CONSTANTS) && echo "constants: wrote $(CORE_CONSTANTS)"; fi

## The web folder's precompressed variants (FILE.gz beside each compressible FILE, gitignored),
## served to clients that accept gzip by `tagcloud serve` and by nginx (docs/SERVER.md). After
## `wasm` and `constants`, which may rewrite web/tagcloud.wasm and web/src/core/core-constants.js.
web-gzip: wasm constants
	@bash scripts/compress-web.sh web

## Proves the core still compiles as Embedded Swift for wasm32 (no SDK needed).
test-embedded:
	@bash scripts/check-embedded.sh

test-swift: build
	$(SWIFT) test

test-node: build wasm constants
	@bash scripts/run-node-tests.sh

## The release artefacts, named with the version of web/package.json: the npm package
## (dist/glass-tag-cloud-VERSION.tgz, `npm pack` of web/, offline) and the server's archive
## (dist/tagcloud-VERSION-linux-ARCH.tar.gz: static Swift runtime, stripped, with the web/ it
## serves, README, LICENSE, CHANGELOG, deploy/). See scripts/dist.sh.
dist: deps wasm web-gzip
	@bash scripts/dist.sh

test-python: build venv web-gzip dist
	@bash scripts/run-pytest.sh

## A short libFuzzer smoke run of every harness in Fuzz/ (seconds each; see docs/reliability.md).
FUZZ_SMOKE_SECONDS ?= 5
test-fuzz: deps
	@bash scripts/fuzz.sh --seconds $(FUZZ_SMOKE_SECONDS)

## The DocC reference of TagCloudCore and TagCloudWire as one static site,
## .build/docs/GlassTagCloud.doccarchive (serve that directory). Any DocC warning, such as a
## broken symbol link, fails it. See scripts/build-docs.sh.
docs: build
	@bash scripts/build-docs.sh

## `make docs` works: it builds, and the site holds both modules' pages and articles.
DOCS_SITE := .build/docs/GlassTagCloud.doccarchive
test-docs: docs
	@for page in index.html documentation/tagcloudcore/index.html \
	    documentation/tagcloudcore/seedrules/index.html documentation/tagcloudcore/layoutengine/index.html \
	    documentation/tagcloudwire/index.html documentation/tagcloudwire/requesttoresponse/index.html \
	    documentation/tagcloudwire/layoutservice/index.html; do \
	  test -s $(DOCS_SITE)/$$page || { echo "test-docs: $(DOCS_SITE)/$$page is missing" >&2; exit 1; }; \
	done
	@echo "test-docs: the DocC site has both modules"

## Every test: the Python suites in one lane, test-embedded, test-swift, test-node, test-fuzz and
## test-docs one after another in a second lane beside it (2 cores), each logged to
## .build/test-logs/; a summary, and pytest's closing line last (scripts/run-tests.sh).
test: deps
	@bash scripts/run-tests.sh

## The long reliability run: full churn (100,000 cycles) and Autobahn (sections 1-7, 9, 10),
## the server's tests under AddressSanitizer and ThreadSanitizer, every fuzz harness for
## FUZZ_SECONDS each. About 25 minutes; figures in .build/reliability/figures.jsonl.
check-full: deps venv
	@bash scripts/check-full.sh

## Every fuzz harness for FUZZ_SECONDS (default 300) each; crashes land in .build/fuzz/artifacts.
FUZZ_SECONDS ?= 300
fuzz: deps
	@bash scripts/fuzz.sh --seconds $(FUZZ_SECONDS)

## Serves web/ and the demo's ten tags on http://localhost:$(PORT), live layouts at /live.
## Ctrl-C stops it (every WebSocket closed with 1001, exit 0).
run: build wasm web-gzip
	@mkdir -p web
	$(DEBUG_BIN) serve --host 127.0.0.1 --port $(PORT) --web web

## Three `tagcloud serve` instances and nginx in front on http://localhost:$(CLUSTER_PORT)
## (deploy/nginx/, docs/DEPLOY.md). Ctrl-C stops all four and leaves nothing running.
CLUSTER_PORT ?= 8080
cluster: build venv web-gzip
	@PYTHONPATH=Tests/python $(VENV)/bin/python scripts/cluster.py --port $(CLUSTER_PORT) --bin $(DEBUG_BIN)

## The capacity table of docs/DEPLOY.md (bench/py/capacity.py): sessions per worker, RSS per
## session, frames per second per core, round trips through nginx against direct. A few
## minutes; never part of `make test`.
capacity: deps venv web-gzip
	$(SWIFT) build -c release --product tagcloud
	@mkdir -p .build/bench
	cc -O2 -Wall -Wextra -o .build/bench/loadgen bench/c/loadgen.c $(LWS_FLAGS)
	PYTHONPATH=Tests/python $(VENV)/bin/python bench/py/capacity.py $(RELEASE_BIN) .build/bench/loadgen

## `make bench`: the core, its Wasm build, the page and the server beside their peers (Taffy,
## Yoga, Chromium, a C loop, a plain JavaScript loop, CSS glass chips, a bare libwebsockets
## server); writes docs/benchmarks.md and its plots. About 40 minutes; never part of
## `make test`. See bench/README.md.
BENCH_STAMP := $(VENV)/.bench-requirements-installed
bench-venv: $(BENCH_STAMP)
$(BENCH_STAMP): bench/requirements.txt $(VENV_STAMP)
	@$(VENV)/bin/pip install --quiet --disable-pip-version-check -r bench/requirements.txt
	@touch $@

# The bench's C programs run libwebsockets on libev's epoll loop (bench/c/loadgen.c).
LWS_FLAGS = $$(pkg-config --cflags --libs libwebsockets) -lev
bench: deps wasm bench-venv
	$(SWIFT) build -c release --product tagcloud-bench
	$(SWIFT) build -c release --product tagcloud
	@mkdir -p .build/bench
	cc -O2 -Wall -Wextra -o .build/bench/flow bench/c/flow.c
	cc -O2 -Wall -Wextra -o .build/bench/loadgen bench/c/loadgen.c $(LWS_FLAGS)
	cc -O2 -Wall -Wextra -o .build/bench/echo_server bench/c/echo_server.c $(LWS_FLAGS)
	PYTHONPATH=Tests/python $(VENV)/bin/python bench/py/run.py

format:
	swift-format format --in-place --recursive Sources Tests Package.swift

lint:
	swift-format lint --strict --recursive Sources Tests Package.swift

clean:
	rm -rf .build $(VENV)
