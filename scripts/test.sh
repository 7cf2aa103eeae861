#!/usr/bin/env bash
# Install what the tests need (a virtual environment with the pinned packages, Debian's chromium for the
# browser tests), check the corpus, and run every test. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
. .venv/bin/activate
pip install -q --disable-pip-version-check -r requirements-dev.txt
# The Python-Markdown extension under its entry point (markdown.markdown(text, extensions=["spelregels"])).
pip install -q --disable-pip-version-check -e .
if [ -f scripts/install_browser.sh ]; then
  bash scripts/install_browser.sh
fi
python app.py check > /dev/null
python -m pytest -q -p no:cacheprovider "$@"
