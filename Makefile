# Two commands do all the set-up on a fresh machine with Python 3.11:
#   make run   - create .venv, install, migrate, load lessons and a demo class, serve on http://127.0.0.1:8000
#   make test  - the same venv, then the whole test suite (DATABASE_URL picks the database)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format static bench

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $(STAMP)

static: $(STAMP)
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py compile_catalogs --verbosity 0

run: static
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_lessons
	DEBUG=$${DEBUG:-true} $(BIN)/python manage.py seed_demo --base-url http://$(HOST):$(PORT)
	DEBUG=$${DEBUG:-true} $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: static
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The load benchmark (PostgreSQL only): DATABASE_URL=postgres://postgres@127.0.0.1:5432/test make bench
bench: $(STAMP)
	$(BIN)/python manage.py bench
