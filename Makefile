# wordtable: the commands a person types. Every target installs what it needs itself.
#   make run [PORT=/dev/ttyACM0]   play (no PORT: the simulated board)
#   make test                      the whole test suite (what CI runs)
#   make bench                     benchmarks, printed and written to BENCHMARKS.md
#   make deploy PORT=/dev/ttyACM0  copy the firmware to a board with mpremote
#   make lint                      ruff, and the board type check of firmware/ and shared/

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?=

.PHONY: setup run test bench deploy lint clean

setup: $(STAMP)

$(STAMP): requirements.txt requirements-stubs.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "wordtable needs Python 3.11 or newer; found " + sys.version.split()[0])'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	rm -rf $(VENV)/mpstubs
	$(BIN)/python -m pip install --quiet --no-deps --target $(VENV)/mpstubs -r requirements-stubs.txt
	touch $@

run: setup
	$(BIN)/wordtable run $(if $(PORT),--port $(PORT))

test: setup
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python -m bench

deploy: setup
	@test -n "$(PORT)" || { echo "make deploy needs the board's port, e.g. make deploy PORT=/dev/ttyACM0"; exit 2; }
	$(BIN)/wordtable board deploy --port $(PORT)

lint: setup
	$(BIN)/ruff check host shared firmware tests bench
	MYPYPATH=$(VENV)/mpstubs $(BIN)/mypy --config-file mypy-board.ini --custom-typeshed-dir $(VENV)/mpstubs firmware shared

clean:
	rm -rf $(VENV) run var .pytest_cache .mypy_cache .ruff_cache .hypothesis
