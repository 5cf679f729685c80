# make run  - set everything up and run the bot (Discord with DISCORD_TOKEN, else the console table)
# make test - set everything up, lint (ruff), type-check (pyright) and run the whole test suite
# make soak - the SIGKILL-under-load test with many kills (SOAK_KILLS, per database), printing its figures,
#             after make soak-fuzz (the fuzz suites with many examples, from a new seed)
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run

SOAK_KILLS ?= 120

.PHONY: run test lint soak console bench setup setup-run fonts postgres clean catalogues

# What running the bot needs: the bot (with its PostgreSQL driver, for database.backend: postgres)
# and the fonts. No database server: the bot runs on SQLite or on a server the operator names.
setup-run: $(RUN_STAMP) fonts

# What the tests need as well: the test tools and the PostgreSQL server programs.
setup: $(STAMP) fonts postgres

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[postgres]'
	@touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,postgres]'
	@touch $(STAMP) $(RUN_STAMP)

# Fonts for player names in images, from the system: Noto CJK (Japanese, Chinese, Korean), Noto
# core (Arabic, Hebrew, Thai, Devanagari and the other scripts), Noto Color Emoji, and FriBiDi
# for Pillow's Raqm layout (right-to-left names). renderers/common/fontchain.py uses them.
FONT_PACKAGES := fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji libfribidi0
fonts:
	@if ! fc-list 2>/dev/null | grep -q "Noto Sans CJK" || ! fc-list 2>/dev/null | grep -q "Noto Sans Arabic" \
			|| ! fc-list 2>/dev/null | grep -q "Noto Color Emoji" || ! ldconfig -p 2>/dev/null | grep -q libfribidi; then \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		if command -v apt-get >/dev/null 2>&1; then \
			echo "Installing $(FONT_PACKAGES) (fonts for player names in every script, and emoji)"; \
			$$SUDO apt-get install -y -q $(FONT_PACKAGES) >/dev/null 2>&1 || \
			{ $$SUDO apt-get update -q >/dev/null 2>&1 && $$SUDO apt-get install -y -q $(FONT_PACKAGES) >/dev/null; } || \
			echo "warning: could not install $(FONT_PACKAGES); some player names will be drawn as a replacement mark"; \
		else echo "warning: install the Noto Sans CJK, Noto Sans (core) and Noto Color Emoji fonts for player names in images"; fi; \
	fi

# PostgreSQL server binaries from the system: the tests run the store suite on a throwaway
# PostgreSQL server as well as on SQLite (tests/pgserver.py). Nothing is configured or started here.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		if [ "$$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi; \
		if command -v apt-get >/dev/null 2>&1; then \
			echo "Installing postgresql (the tests run the store on PostgreSQL too)"; \
			$$SUDO apt-get install -y -q postgresql >/dev/null 2>&1 || \
			{ $$SUDO apt-get update -q >/dev/null 2>&1 && $$SUDO apt-get install -y -q postgresql >/dev/null; } || \
			echo "warning: could not install postgresql; the PostgreSQL store tests will fail until it is installed"; \
		else echo "warning: install the PostgreSQL server (initdb, pg_ctl) for the PostgreSQL store tests"; fi; \
	fi

# the boardtable command of the package (the same program as python -m bot)
run: setup-run
	$(VENV)/bin/boardtable run

# make console ARGS="--seed 1": the README's example (ARGS goes to boardtable console)
console: setup-run
	$(VENV)/bin/boardtable console $(ARGS)

# Two passes: the tests that run in one process on two workers at once, then the ones that start
# processes or time answers, alone (tests/parallel.py says which). make test ARGS=-x passes options.
test: setup lint
	$(PY) -m pytest -n 2 -m "not serial" $(ARGS)
	$(PY) -m pytest -m serial $(ARGS)

# ruff (pyflakes, pycodestyle errors) and pyright (basic) with the settings in pyproject.toml
lint: setup
	$(VENV)/bin/ruff check --no-cache .
	$(VENV)/bin/pyright --pythonpath $(PY)

# About 15 minutes per database on a quiet 2-core machine; prints kills, moves acknowledged,
# games finished and mismatches after every kill and at the end.
soak: setup
	SOAK_KILLS=$(SOAK_KILLS) $(PY) -m pytest tests/e2e/test_kill_under_load.py -q -s -p no:cacheprovider

# make bench (full figures) | make bench BENCH=--quick | make bench BENCH=--smoke
bench: setup
	$(PY) -m bench $(BENCH)

# After adding or changing player-facing text: new templates go into every catalogue
# (bot/i18n/locale/, games/*/locale/) untranslated, unused ones are dropped; then translate them.
catalogues: setup
	$(PY) -m bot.i18n.catalogues

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis out

# make soak-fuzz: the fuzz suites for longer, from a new seed (FUZZ_SEED=<n> replays a run;
# SOAK_EXAMPLES sets the examples per test). `make soak` runs it too.
SOAK_EXAMPLES ?= 400
.PHONY: soak-fuzz
soak-fuzz: setup
	FUZZ_EXAMPLES=$(SOAK_EXAMPLES) $(PY) -m pytest tests/fuzz tests/e2e/test_fuzz.py
soak: soak-fuzz
