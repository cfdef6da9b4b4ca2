# Two commands do all the set-up on a fresh machine:
#   make run    installs meeple into .venv and starts the game server (open the address it prints)
#   make test   installs meeple with its dev tools, Debian's chromium, postgresql and redis-server,
#               and runs every check CI runs
#   make docs   serves the documentation site (MkDocs) at http://127.0.0.1:8000/ while you edit
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

CHROMIUM := /usr/bin/chromium
# apt-get needs root: use sudo when we are not root and it is there.
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)

.PHONY: install run test lint docs docs-check graph browser services compiler compiled bench clean

$(BIN)/meeple: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

install: $(BIN)/meeple

run: install
	$(BIN)/meeple serve

# The browser tests drive Debian's chromium through Playwright (never a downloaded browser).
browser: $(CHROMIUM)

# A Japanese font and an emoji font too, so that screenshots show text and reactions, not boxes.
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-ipafont-gothic fonts-noto-color-emoji

# The server tests run on SQLite and on a real PostgreSQL and Redis, which the tests start
# themselves in temporary folders (tests/services.py): only the programs are needed, no running
# service.
services:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql; \
	fi
	@if ! command -v redis-server >/dev/null 2>&1 && [ ! -x /usr/bin/redis-server ]; then \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq redis-server; \
	fi

# The opt-in compiled build (mypyc: setup.py's COMPILED) in its own venv, installed as a
# regular package, never editable, so that no .so file sits beside the sources. It needs gcc
# and Python's headers (see compiler). `python benchmarks/rl.py` then prints its figures too.
COMPILED_VENV ?= .venv-compiled

compiled: $(COMPILED_VENV)/bin/meeple

$(COMPILED_VENV)/bin/meeple: pyproject.toml setup.py $(shell find meeple -name '*.py') | compiler
	$(PYTHON) -m venv $(COMPILED_VENV)
	$(COMPILED_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(COMPILED_VENV)/bin/python -m pip install --quiet "setuptools>=77" "mypy>=1.11"
	rm -rf build/mypyc build/lib.* build/temp.*
	MEEPLE_COMPILE=1 $(COMPILED_VENV)/bin/python -m pip install --quiet --no-build-isolation ".[rl]"
	rm -rf build/mypyc build/lib.* build/temp.*
	touch $@

# A C compiler and Python's headers for the compiled build (and its test in make test).
compiler:
	@if ! command -v gcc >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gcc; \
	fi
	@if [ ! -f "$$($(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ]; then \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-dev; \
	fi

lint: install
	$(BIN)/ruff format --check meeple tests benchmarks
	$(BIN)/ruff check meeple tests benchmarks
	$(BIN)/mypy --strict meeple

# The documentation site (mkdocs.yml, docs/): the package picture of docs/architecture.md drawn
# again from the code, then the site served with live reload. docs-check builds it into site/
# (git-ignored) with --strict, as make test does: a broken link, a page missing from the nav or
# a docstring mkdocstrings cannot read fails. (NO_MKDOCS_2_WARNING: Material's banner about
# MkDocs 2 is not about this site.)
MKDOCS := NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs

graph: install
	$(BIN)/python tools/import_graph.py

docs: graph
	$(MKDOCS) serve

docs-check: install
	$(MKDOCS) build --strict --site-dir site

test: lint docs-check browser services compiler
	$(BIN)/pytest -n auto --maxprocesses 4 --dist worksteal --durations=30 meeple tests README.md

bench: install
	$(BIN)/python benchmarks/engines.py
	$(BIN)/python benchmarks/bots.py time
	$(BIN)/python benchmarks/server_load.py
	$(BIN)/python benchmarks/rl.py

clean:
	rm -rf $(VENV) $(COMPILED_VENV) build site .mypy_cache .ruff_cache .pytest_cache .hypothesis
