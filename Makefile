# Two commands do all the set-up on a fresh machine:
#   make run    installs meeple into .venv and starts a game in the terminal
#   make test   installs meeple with its dev tools and runs every check CI runs
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: install run test lint bench clean

$(BIN)/meeple: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

install: $(BIN)/meeple

run: install
	$(BIN)/meeple play buffet --players 4

lint: install
	$(BIN)/ruff format --check meeple tests benchmarks
	$(BIN)/ruff check meeple tests benchmarks
	$(BIN)/mypy --strict meeple

test: lint
	$(BIN)/pytest meeple tests README.md

bench: install
	$(BIN)/python benchmarks/engines.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
