# Patience — build frame.  `make run`, `make test`; `make help` lists the rest.
#
# Everything runs from a project-local virtualenv (.venv) that is (re)built from
# requirements.lock whenever that file or pyproject.toml changes.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Interpreter used to create .venv: python3.11 if present, else python3.
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3 2>/dev/null)
UV_VERSION := 0.13.9

VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp
UV := $(BIN)/uv

# Paths that ruff looks at (only those that exist, so a missing bench/ is no error).
LINT_PATHS := $(wildcard src tests bench)

# Extra prerequisites of `make test`: the browser and axe-core for the e2e tests
# (each is a no-op when already installed).
TEST_DEPS ?= browser axe
# axe-core (MPL-2.0) for the e2e accessibility checks, installed by npm into ./node_modules.
AXE_VERSION := 4.14.1
AXE := node_modules/axe-core/axe.min.js
# pytest workers (xdist). `make test PYTEST_WORKERS=0` runs in-process. Benchmark fixtures run
# their function once here (--benchmark-disable); real timings come from `make bench`.
PYTEST_WORKERS ?= 2
PYTEST_ARGS ?=

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help venv kernel compiler run test test-pg lint lint-js typecheck pytest fmt bench browser axe lock clean distclean

help:
	@echo "make run        serve the games at http://127.0.0.1:8000 (builds .venv first)"
	@echo "make test       lint + typecheck + pytest"
	@echo "make kernel     compile the solver's hot modules with Cython (apt-get install gcc if it may)"
	@echo "make test-pg    make test against a throwaway PostgreSQL (scripts/with-postgres)"
	@echo "make lint       ruff check + ruff format --check + lint-js"
	@echo "make lint-js    node --check and import-link check of the browser modules"
	@echo "make typecheck  mypy src"
	@echo "make pytest     pytest only (PYTEST_ARGS=..., PYTEST_WORKERS=$(PYTEST_WORKERS))"
	@echo "make fmt        ruff check --fix + ruff format"
	@echo "make bench      python bench/playouts.py"
	@echo "make browser    apt-get install chromium if /usr/bin/chromium is missing"
	@echo "make axe        npm install axe-core (for the e2e accessibility checks)"
	@echo "make lock       re-resolve requirements.lock with uv (UPGRADE=1 to take newest)"
	@echo "make clean      remove caches and build output; distclean also removes .venv"

# ---------------------------------------------------------------- environment

venv: $(STAMP) kernel

# The solver's hot modules (Cython pure-Python mode) compiled in place; cheap when up to date.
# Without a C compiler or Python's headers, Debian's gcc / python3-dev are installed where
# apt-get may run without a password prompt; otherwise the modules run interpreted (the same
# answers, several times slower: docs/SOLVERS.md, "The kernel").
kernel: $(STAMP)
	@$(BIN)/python scripts/build_kernel.py --can-compile || $(MAKE) --no-print-directory compiler
	@nice -n 10 $(BIN)/python scripts/build_kernel.py

compiler:
	@if command -v apt-get >/dev/null && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
	  echo "kernel: installing Debian's gcc and python3-dev to compile the solver kernel"; \
	  { $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -q --no-install-recommends gcc libc6-dev python3-dev; } \
	  || echo "kernel: apt-get failed; the solver kernel runs interpreted"; \
	else echo "kernel: no C compiler here (apt-get install gcc python3-dev)"; fi

$(STAMP): pyproject.toml requirements.lock
	@if [ -z "$(PYTHON)" ]; then echo "error: need python3.11 (or python3) on PATH" >&2; exit 1; fi
	@if [ ! -x $(BIN)/python ]; then \
	  rm -rf $(VENV); \
	  $(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	    echo "error: '$(PYTHON) -m venv' failed; on Debian: apt-get install python3-venv" >&2; exit 1; }; \
	fi
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(UV) pip install --quiet --compile-bytecode --python $(BIN)/python -r requirements.lock
	$(UV) pip install --quiet --compile-bytecode --python $(BIN)/python --no-deps -e .
	@touch $@

# Re-resolve the lock from pyproject.toml (runtime deps + the `dev` extra).
# Existing pins are kept where they still fit unless UPGRADE=1.
lock: $(STAMP)
	@cp requirements.lock $(VENV)/lock.tmp
	$(UV) pip compile pyproject.toml --extra dev --python-version 3.11 \
	  --no-header --no-annotate --quiet $(if $(UPGRADE),--upgrade) -o $(VENV)/lock.tmp
	@grep -v '^[[:space:]]*#' $(VENV)/lock.tmp | sed 's/[[:space:]]*$$//' | grep -v '^$$' > requirements.lock
	@rm -f $(VENV)/lock.tmp
	@echo "requirements.lock: $$(wc -l < requirements.lock) pins"

# ---------------------------------------------------------------- use

run: $(STAMP) kernel
	$(BIN)/patience serve

bench: $(STAMP) kernel
	$(BIN)/python bench/playouts.py

# ---------------------------------------------------------------- checks

test: $(TEST_DEPS) lint typecheck pytest

# The same with the PostgreSQL tests too (PATIENCE_TEST_PG_URL on a cluster made for the run).
test-pg:
	scripts/with-postgres $(MAKE) test

lint: $(STAMP) lint-js
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)

# The browser's ES modules: `node --check` on each, then an import of each so that node links
# the module graph (a missing module or export fails here; running code that needs a browser
# throws other errors, which are ignored). Skipped when node is missing (`make axe` brings it).
JS_MODULES := $(wildcard src/patience/web/static/*.js)
JS_LINK_CHECK := import { pathToFileURL } from "node:url"; \
  for (const f of process.argv.slice(1)) { \
    try { await import(pathToFileURL(f).href); } \
    catch (e) { if (e instanceof SyntaxError || e.code === "ERR_MODULE_NOT_FOUND") { console.error(f + ": " + e.message); process.exitCode = 1; } } \
  } \
  process.exit();

lint-js:
	@if ! command -v node >/dev/null; then echo "lint-js: node not found, JavaScript check skipped"; exit 0; fi; \
	for f in $(JS_MODULES); do node --input-type=module --check < "$$f" || { echo "$$f: syntax error" >&2; exit 1; }; done; \
	node --input-type=module -e '$(JS_LINK_CHECK)' $(JS_MODULES); \
	echo "lint-js: $(words $(JS_MODULES)) modules checked"

typecheck: $(STAMP)
	$(BIN)/mypy src

pytest: $(STAMP) kernel
	$(BIN)/python -m pytest --benchmark-disable \
	  $(if $(filter-out 0,$(PYTEST_WORKERS)),-n $(PYTEST_WORKERS)) $(PYTEST_ARGS)

fmt: $(STAMP)
	$(BIN)/ruff check --fix $(LINT_PATHS)
	$(BIN)/ruff format $(LINT_PATHS)

# Debian's Chromium, for the Playwright e2e tests (launched with executable_path=/usr/bin/chromium;
# Playwright's own browser download cannot work here).
browser:
	@if [ -x /usr/bin/chromium ]; then echo "chromium: $$(/usr/bin/chromium --version 2>/dev/null || echo present)"; \
	else $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; fi

axe: $(AXE)

$(AXE):
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y npm; }
	npm install --no-save --no-package-lock --no-audit --no-fund axe-core@$(AXE_VERSION)

# ---------------------------------------------------------------- cleanup

clean:
	rm -rf build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .benchmarks
	find src -path '*/patience/solver/*' -name '*.so' -delete
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
