# Everything is set up by the targets that need it; nothing is installed by hand.
#   make serve   set up, then preview the site at http://127.0.0.1:8000 (make serve DEV_ADDR=127.0.0.1:8001
#                for another address)
#   make test    set up, build the site, and run every test (unit, Playwright in Chromium, and
#                puppeteer-core in Firefox)
#   make bench   set up, build the site, and print the speed figures

VENV := .venv
DEV_ADDR ?= 127.0.0.1:8000
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup bundle browser site test-course serve test bench clean
SHELL := /bin/bash

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	touch $@

build/bundle/ember.js: node_modules/.installed js/build.mjs $(shell find js -type f)
	node js/build.mjs

setup: $(VENV)/.installed bundle

bundle: build/bundle/ember.js

browser: $(VENV)/.installed
	$(PY) tools/chromium.py
	$(PY) -m tools.firefox

site: setup
	$(VENV)/bin/mkdocs build --strict

# The small course the e2e tests of the machinery run on (tests/e2e/pages.py).
test-course: setup
	$(VENV)/bin/mkdocs build --strict -f tests/e2e/course/mkdocs.yml

# esbuild rebuilds the bundle on every change in js/; mkdocs serve rebuilds the site and reloads
# the page, and starts again when site_src/ changes (site_src/preview.py).
serve: setup
	node js/build.mjs --watch & trap 'kill $$! 2>/dev/null' EXIT; $(PY) -m site_src serve --dev-addr $(DEV_ADDR)

test: site test-course browser
	$(PY) -m site_src check
	node --test tests/js/
	$(PY) -m pytest
	node --test tests/firefox/

# Speed figures, each against a baseline measured in the same run; see bench/.
bench: site browser
	$(PY) -m bench

clean:
	rm -rf build
