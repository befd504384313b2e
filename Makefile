# wordtable: the commands a person types. Every target installs what it needs itself.
#   make run [PORT=/dev/ttyACM0] [KIOSK=1]   play in a browser (no PORT: the simulated board)
#   make test                      the whole test suite (what CI runs)
#   make bench                     benchmarks, printed and written to BENCHMARKS.md
#   make firmware                  the board's image: ROMFS image, .mpy files, manifest.py, listing (build/firmware)
#   make deploy PORT=/dev/ttyACM0  copy the firmware to a board with mpremote (ROMFS where the board has it)
#   make lint                      ruff check and ruff format --check, and the board type check of firmware/ and shared/
#   make lexicons                  fetch the word lists again (ENABLE from PyPI, the others from Debian)
#   make screenshots               the page's main screens into docs/screenshots/
#   make hardware                  the RF model's figures (hardware/rf-model.md); the board files, their ERC, DRC and Gerbers

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LEXICONS := $(VENV)/share/wordtable/lexicon-sources/.fetched
PORT ?=
KIOSK ?=
CHROMIUM := /usr/bin/chromium
KICAD_CLI := /usr/bin/kicad-cli
BACKPORTS := /etc/apt/sources.list.d/bookworm-backports.list
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: setup run test bench firmware deploy lint clean lexicons screenshots hardware

setup: $(STAMP) $(LEXICONS)

$(STAMP): requirements.txt requirements-stubs.txt requirements-fonts.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "wordtable needs Python 3.11 or newer; found " + sys.version.split()[0])'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(BIN)/python -m pip install --quiet --no-deps --require-hashes -r requirements-fonts.txt
	rm -rf $(VENV)/mpstubs
	$(BIN)/python -m pip install --quiet --no-deps --target $(VENV)/mpstubs -r requirements-stubs.txt
	touch $@

# Word lists of the built-in lexicons (docs/lexicons.md). Only ENABLE is required; a Debian list that
# cannot be had is reported and skipped, and `make lexicons` tries again.
$(LEXICONS): $(STAMP) host/wordtable/lexicon/catalogue.json
	$(BIN)/python -m wordtable.cli.fetch
	mkdir -p $(dir $@) && touch $@

lexicons: $(STAMP)
	$(BIN)/python -m wordtable.cli.fetch
	mkdir -p $(dir $(LEXICONS)) && touch $(LEXICONS)

run: setup
	$(BIN)/wordtable serve $(if $(PORT),--port $(PORT)) $(if $(KIOSK),--kiosk)

# Debian's Chromium for the page's browser tests, screenshots and benchmark (Playwright drives it and
# downloads no browser of its own). apt-get update only when the package lists do not know it yet, or
# are too old to download it.
$(CHROMIUM):
	@command -v apt-get >/dev/null || { echo "The browser tests need Chromium at $(CHROMIUM) (Debian's chromium package); install it, then run make again." >&2; exit 2; }
	apt-cache show chromium >/dev/null 2>&1 || $(SUDO) apt-get update -q
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends chromium \
	  || { $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends chromium; } \
	  || { echo "Installing Debian's chromium failed (see above); the browser tests need it at $(CHROMIUM)." >&2; exit 2; }

# KiCad 9 from Debian's bookworm-backports for the board files' ERC, DRC and fabrication outputs
# (bookworm's own KiCad 6 has no kicad-cli). No libraries or 3D models: the board files carry their
# own symbols and footprints.
$(KICAD_CLI):
	@command -v apt-get >/dev/null || { echo "The board checks need kicad-cli (KiCad 9) at $(KICAD_CLI); install it, then run make again." >&2; exit 2; }
	if grep -qs '^12' /etc/debian_version; then \
	  { test -f $(BACKPORTS) || grep -rqs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d/ \
	    || { uri=$$(awk '/^URIs:/ {u = $$2} /^Suites:/ && / bookworm( |$$)/ {print u; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null); \
	         test -n "$$uri" || uri=$$(awk '$$1 == "deb" && $$3 == "bookworm" {print $$2; exit}' /etc/apt/sources.list 2>/dev/null); \
	         test -n "$$uri" || { echo "No Debian bookworm archive in apt's sources to take bookworm-backports from; add it, then run make again." >&2; exit 2; }; \
	         echo "deb $$uri bookworm-backports main" | $(SUDO) tee $(BACKPORTS) >/dev/null; }; } \
	  && $(SUDO) apt-get update -q \
	  && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends -t bookworm-backports kicad; \
	else \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends kicad; \
	fi
	@test -x $(KICAD_CLI) || { echo "Installing KiCad failed (see above); the board checks need KiCad 9's $(KICAD_CLI)." >&2; exit 2; }

test: setup $(CHROMIUM) $(KICAD_CLI)
	$(BIN)/python -m pytest -n auto

bench: setup $(CHROMIUM)
	$(BIN)/python -m bench

screenshots: setup $(CHROMIUM)
	$(BIN)/python -m wordtable.cli.screenshots docs/screenshots

# The RF model of a reader channel writes its figures (hardware/README.md, "Antenna switching");
# the prototype's board files are written, checked by KiCad's ERC and DRC (any error fails) and
# their Gerbers and drill file go to build/hardware/ (hardware/boards/README.md).
hardware: setup $(KICAD_CLI)
	$(BIN)/python -m hardware.model hardware/rf-model.md
	$(BIN)/python -m hardware.boards build/hardware

firmware: $(STAMP)
	$(BIN)/wordtable board firmware --out build/firmware

deploy: setup
	@test -n "$(PORT)" || { echo "make deploy needs the board's port, e.g. make deploy PORT=/dev/ttyACM0"; exit 2; }
	$(BIN)/wordtable board deploy --port $(PORT)

lint: setup
	$(BIN)/ruff check host shared firmware tests bench hardware
	$(BIN)/ruff format --check host shared firmware tests bench hardware
	MYPYPATH=$(VENV)/mpstubs $(BIN)/mypy --config-file mypy-board.ini --custom-typeshed-dir $(VENV)/mpstubs firmware shared

clean:
	rm -rf $(VENV) run var build .pytest_cache .mypy_cache .ruff_cache .hypothesis
