# Build and test htmltemplates (GNU make).
#
#   make test                                  # lint, format check, mypy, pytest on Python 3.14,
#                                              # then pytest again with every fast path off,
#                                              # each run on every core (pytest-xdist)
#   make test PY_VERSION=3.15 VENV=.venv-3.15  # the same on 3.15, in its own venv
#
# The venv is created on first use from the interpreter that tools/find-python
# finds (see that script), and re-installed whenever pyproject.toml changes.

PY_VERSION ?= 3.14
VENV ?= .venv

PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
EXTRAS := test,bench,flask,django,starlette,fastapi,quart,i18n,lsp,convert

# Recursively expanded, so find-python runs only when the venv must be created.
BASE_PYTHON = $(shell tools/find-python $(PY_VERSION))

# mypy targets; those not written yet are left out.
MYPY_PATHS = $(wildcard htmltemplates tests/typing bench examples)

.DEFAULT_GOAL := test
.PHONY: test venv version browser lint format format-check typecheck pytest cover demo bench clean \
        demo-quart demo-starlette demo-fastapi demo-django \
        help corpus-record corpus-compare llms fastpaths

help:
	@echo "make test       ruff check, ruff format --check, mypy, pytest (with README/docs examples),"
	@echo "                then pytest again with HTMLTEMPLATES_SLOW_PATHS=1 (every fast path off;"
	@echo "                =NAME,NAME turns off those only; no browser tests), each"
	@echo "                html() of the tests rendered again by stream_html() and html_async()"
	@echo "make lint       ruff check + ruff format --check"
	@echo "make format     ruff format + ruff check --fix"
	@echo "make typecheck  mypy --strict on: $(MYPY_PATHS)"
	@echo "make pytest     pytest only"
	@echo "make cover      pytest under coverage, then the lines of htmltemplates/ not covered"
	@echo "make browser    install Chromium and ChromeDriver for tests/browser/ if missing (root)"
	@echo "make demo       run the example guestbook app (Flask) on http://127.0.0.1:5000"
	@echo "make demo-quart, demo-starlette, demo-fastapi, demo-django"
	@echo "                run that example app: Quart on port 5000, the others on 8000"
	@echo "                (DEMO_PORT=N for another port)"
	@echo "make bench      run the benchmarks (python -m bench)"
	@echo "make llms       write docs/llms.txt again from the README and the docs"
	@echo "make fastpaths  write the table of fast paths into docs/architecture.md again"
	@echo "                (tools/fastpaths search PYTEST ARGS: which fast path makes them fail)"
	@echo "make corpus-record   record every render of the suite in $(CORPUS) (tools/corpus)"
	@echo "make corpus-compare  run the suite again, show each render that differs from $(CORPUS)"
	@echo "make clean      remove the venvs and caches"
	@echo "variables: PY_VERSION=$(PY_VERSION) VENV=$(VENV)"

venv: $(STAMP)

$(PY):
	@py='$(BASE_PYTHON)'; \
	if [ -z "$$py" ]; then echo "make: no Python $(PY_VERSION) found (see tools/find-python above)" >&2; exit 1; fi; \
	echo "creating $(VENV) with $$py"; \
	rm -rf '$(VENV)'; \
	"$$py" -m venv '$(VENV)' || { rm -rf '$(VENV)'; exit 1; }

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --disable-pip-version-check --progress-bar off -e '.[$(EXTRAS)]'
	@touch '$@'

version: $(STAMP)
	@$(PY) -c 'import sys; print("=== Python", sys.version.replace("\n", " "), "at", sys.executable)'

# Chromium and ChromeDriver for the browser tests (tests/browser/): tools/setup-browser prints
# their paths, or installs Debian's chromium and chromium-driver when run as root. Without them
# (no root, not Debian) the browser tests are skipped, except under CI=true, where they fail.
browser:
	@tools/setup-browser || echo "make: no browser: tests/browser/ will be skipped (they fail under CI=true)" >&2

test: version browser
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(if $(MYPY_PATHS),$(VENV)/bin/mypy $(MYPY_PATHS),@echo "mypy: nothing to check yet")
	$(PY) -m htmltemplates check examples docs README.md
	$(PY) -m pytest -n auto --dist loadfile
	@echo "=== again with HTMLTEMPLATES_SLOW_PATHS=1: every fast path off (the table: htmltemplates/_fastpaths.py;"
	@echo "=== HTMLTEMPLATES_SLOW_PATHS=NAME,NAME turns off those only, tools/fastpaths search finds the one that fails),"
	@echo "=== each html() of the tests rendered again by stream_html() and html_async() (tests/support/streamcheck.py),"
	@echo "=== on as many processes as there are cores (pytest-xdist), each file's tests in one"
	HTMLTEMPLATES_SLOW_PATHS=1 PYTHONPATH=tests/support $(PY) -m pytest -q -m "not browser" -p no:cacheprovider -p streamcheck -n auto --dist loadfile

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

format-check: $(STAMP)
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(if $(MYPY_PATHS),$(VENV)/bin/mypy $(MYPY_PATHS),@echo "mypy: nothing to check yet")

pytest: $(STAMP) browser
	$(PY) -m pytest

# The suite under coverage.py (settings in pyproject.toml: the htmltemplates package, lines and
# branches), then a report of the files not fully covered with their missing lines, and the total.
# The data goes to .coverage; `$(PY) -m coverage html` makes htmlcov/ from it.
cover: $(STAMP) browser
	$(PY) -m coverage erase
	$(PY) -m coverage run -m pytest
	$(PY) -m coverage report

# The example apps, on 127.0.0.1 only, each with the server its docs page names; the venv is
# made on first use. The guestbook (examples/guestbook, Flask) keeps its SQLite file in
# instance/. `make demo-django DEMO_PORT=9000` serves on another port.
DEMO_PORT ?= 5000
demo-starlette demo-fastapi demo-django: DEMO_PORT = 8000

demo: $(STAMP)
	@echo "make demo: the guestbook (Flask) on http://127.0.0.1:$(DEMO_PORT)/ (Ctrl-C stops it)"
	$(PY) -m flask --app examples.guestbook run --host 127.0.0.1 --port $(DEMO_PORT)

demo-quart: $(STAMP)
	@echo "make demo-quart: examples/quart_app.py on http://127.0.0.1:$(DEMO_PORT)/ (Ctrl-C stops it)"
	$(PY) examples/quart_app.py --port $(DEMO_PORT)

demo-starlette: $(STAMP)
	@echo "make demo-starlette: examples/starlette_app.py on http://127.0.0.1:$(DEMO_PORT)/ (Ctrl-C stops it)"
	$(VENV)/bin/uvicorn examples.starlette_app:app --host 127.0.0.1 --port $(DEMO_PORT)

demo-fastapi: $(STAMP)
	@echo "make demo-fastapi: examples/fastapi_app.py on http://127.0.0.1:$(DEMO_PORT)/ (Ctrl-C stops it)"
	$(VENV)/bin/uvicorn examples.fastapi_app:app --host 127.0.0.1 --port $(DEMO_PORT)

demo-django: $(STAMP)
	@echo "make demo-django: examples/django_app on http://127.0.0.1:$(DEMO_PORT)/ (Ctrl-C stops it)"
	$(PY) examples/django_app/manage.py runserver 127.0.0.1:$(DEMO_PORT)

bench: $(STAMP)
	$(PY) -m bench

# docs/llms.txt, the reference for coding assistants, generated from the README and the docs
# (htmltemplates/tooling/llms.py); tests/tooling/test_llms.py fails when it is out of date.
llms: $(STAMP)
	$(PY) -m htmltemplates.tooling.llms

# The table of fast paths in docs/architecture.md, generated from htmltemplates/_fastpaths.py;
# tests/runtime/test_fast_path_table.py fails when it is out of date.
fastpaths: $(STAMP)
	VENV=$(VENV) tools/fastpaths write

# The differential corpus (tests/support/corpus.py): every top-level render of the suite, its output or
# its error, so that a refactor can show it changed none (docs/design.md).
CORPUS ?= build/corpus.jsonl.gz

corpus-record: $(STAMP)
	VENV='$(VENV)' tools/corpus record '$(CORPUS)'

corpus-compare: $(STAMP)
	VENV='$(VENV)' tools/corpus compare '$(CORPUS)'

clean:
	rm -rf .venv* '$(VENV)' .pytest_cache .mypy_cache .ruff_cache .hypothesis \
	       .coverage .coverage.* htmlcov build dist *.egg-info
	find . -path './.git' -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
